/* SPDX-License-Identifier: MIT */
/* Keyed MAC objects: "<cipher>-cmac" and "<cipher>-gmac" resolved to a mode
 * (src/modes/mode_mac.h) over a keyed block cipher, argument checks around
 * it, constant-time verification, streaming and the batch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/names.h"
#include "core/objects.h"
#include "core/util.h"
#include "modes/mode_mac.h"
#include "parallel/pool.h"

/* The modes the constructions of core/names.c map to. */
static const struct { kc_cons_id id; const kc_mode_mac *mode; } mac_modes[] = {
    { KC_CONS_CMAC, &kc_cmac_mac },
    { KC_CONS_GMAC, &kc_gmac_mac },
    { KC_CONS_HMAC, &kc_hmac_mac },
};

#define STACK_STREAM 1024  /* per-message state that fits on the stack; more is allocated */
#define MAC_MAX 64         /* the longest full tag: HMAC over a 512-bit hash */

struct kc_mac {
    const kc_mode_mac *mode;
    kc_cipher *c;
    void *state;           /* mode->state_size bytes inside this allocation */
    size_t tag_size;       /* the full tag: the cipher's block (HMAC: the digest) */
    char backend[2 * KC_NAME_MAX];
};

struct kc_mac_stream {
    const kc_mac *m;
    int finished;
    void *st;              /* mode->stream_size bytes inside this allocation */
};

/* A MAC over a hash (HMAC): no block cipher, keyed by the mode. */
static kc_status new_over_hash(kc_mac **out, const kc_mode_mac *mode, const kc_name *n, const char *backend,
                               const uint8_t *key, size_t key_len)
{
    void *state;
    kc_mac *m = kc_alloc_with_ctx(sizeof *m, mode->state_size, &state);
    if (!m) return KC_ERR_NO_MEMORY;
    m->mode = mode;
    m->state = state;
    kc_status st = mode->init_key(state, n->hash, backend, key, key_len, &m->tag_size);
    if (st != KC_OK) { kc_mac_free(m); return st; }
    snprintf(m->backend, sizeof m->backend, "%s", mode->sub_name(state));
    *out = m;
    return KC_OK;
}

kc_status kc_mac_new(kc_mac **out, const char *name, const char *backend, const uint8_t *key, size_t key_len)
{
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    if (!name) return KC_ERR_NULL;
    kc_name n;
    char cb[KC_NAME_MAX];
    const char *sub;
    kc_status st = kc_name_expect(name, KC_NAME_MAC, &n);
    if (st != KC_OK) return st;
    const kc_mode_mac *mode = NULL;
    for (size_t i = 0; i < sizeof mac_modes / sizeof mac_modes[0]; i++)
        if (mac_modes[i].id == n.cons->id) mode = mac_modes[i].mode;
    if (!mode) return KC_ERR_UNKNOWN_CIPHER;
    if (mode->init_key) return new_over_hash(out, mode, &n, backend, key, key_len);
    if (kc_backend_split(backend, cb, &sub) != KC_OK) return KC_ERR_UNKNOWN_BACKEND;
    kc_cipher *c;
    if ((st = kc_cipher_new(&c, n.cipher->info.name, cb, key, key_len)) != KC_OK) return st;
    void *state;
    kc_mac *m = kc_alloc_with_ctx(sizeof *m, mode->state_size, &state);
    if (!m) { kc_cipher_free(c); return KC_ERR_NO_MEMORY; }
    m->mode = mode;
    m->c = c;
    m->state = state;
    m->tag_size = c->block;
    if ((st = mode->init(state, c, sub)) != KC_OK) { kc_mac_free(m); return st; }
    const char *sn = mode->sub_name(state);
    snprintf(m->backend, sizeof m->backend, "%s%s%s", kc_cipher_backend_name(c), sn ? "/" : "", sn ? sn : "");
    *out = m;
    return KC_OK;
}

void kc_mac_free(kc_mac *m)
{
    if (!m) return;
    kc_cipher_free(m->c);
    kc_free_with_ctx(m, m->state, m->mode->state_size);
}

size_t kc_mac_tag_size(const kc_mac *m) { return m ? m->tag_size : 0; }
const char *kc_mac_backend_name(const kc_mac *m) { return m ? m->backend : NULL; }

static kc_status check_tag(const kc_mac *m, const uint8_t *tag, size_t tag_len)
{
    if (!tag) return KC_ERR_NULL;
    return tag_len < 4 || tag_len > m->tag_size ? KC_ERR_TAG_LENGTH : KC_OK;
}

static kc_status check_nonce(const kc_mac *m, const uint8_t *nonce, size_t nonce_len)
{
    if (!nonce && nonce_len) return KC_ERR_NULL;
    return m->mode->check_nonce(nonce_len);
}

/* The full tag of one message into full (block bytes). */
static kc_status mac_full(const kc_mac *m, uint8_t *full, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *msg, size_t len)
{
    _Alignas(16) uint8_t local[STACK_STREAM];
    size_t size = m->mode->stream_size;
    void *st = size <= sizeof local ? (void *)local : aligned_alloc(16, (size + 15) & ~(size_t)15);
    if (!st) return KC_ERR_NO_MEMORY;
    memset(st, 0, size);
    kc_status s = m->mode->start(st, m->state, m->c, nonce, nonce_len);
    if (s == KC_OK) s = m->mode->update(st, msg, len);
    if (s == KC_OK) m->mode->final(st, full);
    kc_wipe(st, size);
    if (st != local) free(st);
    return s;
}

static kc_status check_call(const kc_mac *m, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                            size_t nonce_len, const uint8_t *msg, size_t len)
{
    if (!m || (!msg && len)) return KC_ERR_NULL;
    kc_status st = check_tag(m, tag, tag_len);
    return st != KC_OK ? st : check_nonce(m, nonce, nonce_len);
}

kc_status kc_mac_compute(const kc_mac *m, uint8_t *tag, size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *msg, size_t msg_len)
{
    uint8_t full[MAC_MAX];
    kc_status st = check_call(m, tag, tag_len, nonce, nonce_len, msg, msg_len);
    if (st == KC_OK) st = mac_full(m, full, nonce, nonce_len, msg, msg_len);
    if (st == KC_OK) memcpy(tag, full, tag_len);
    kc_wipe(full, sizeof full);
    return st;
}

/* Constant time in the tag's bytes; only the verdict is public. */
static kc_status compare(const uint8_t *full, const uint8_t *tag, size_t tag_len)
{
    int bad = kc_ct_compare(full, tag, tag_len);
    kc_ct_declassify(&bad, sizeof bad);
    return bad ? KC_ERR_AUTH : KC_OK;
}

kc_status kc_mac_verify(const kc_mac *m, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
                        size_t nonce_len, const uint8_t *msg, size_t msg_len)
{
    uint8_t full[MAC_MAX];
    kc_status st = check_call(m, tag, tag_len, nonce, nonce_len, msg, msg_len);
    if (st == KC_OK) st = mac_full(m, full, nonce, nonce_len, msg, msg_len);
    if (st == KC_OK) st = compare(full, tag, tag_len);
    kc_wipe(full, sizeof full);
    return st;
}

/* ---- streaming ---- */

kc_status kc_mac_stream_new(kc_mac_stream **out, const kc_mac *m, const uint8_t *nonce, size_t nonce_len)
{
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    if (!m) return KC_ERR_NULL;
    kc_status st = check_nonce(m, nonce, nonce_len);
    if (st != KC_OK) return st;
    void *ctx;
    kc_mac_stream *s = kc_alloc_with_ctx(sizeof *s, m->mode->stream_size, &ctx);
    if (!s) return KC_ERR_NO_MEMORY;
    s->m = m;
    s->st = ctx;
    if ((st = m->mode->start(ctx, m->state, m->c, nonce, nonce_len)) != KC_OK) { kc_mac_stream_free(s); return st; }
    *out = s;
    return KC_OK;
}

kc_status kc_mac_stream_update(kc_mac_stream *s, const uint8_t *in, size_t in_len)
{
    if (!s || (!in && in_len)) return KC_ERR_NULL;
    if (s->finished) return KC_ERR_STATE;
    return s->m->mode->update(s->st, in, in_len);
}

/* Ends the stream: the full tag into full. */
static kc_status stream_end(kc_mac_stream *s, uint8_t *full, const uint8_t *tag, size_t tag_len)
{
    if (!s) return KC_ERR_NULL;
    if (s->finished) return KC_ERR_STATE;
    kc_status st = check_tag(s->m, tag, tag_len);
    if (st != KC_OK) return st;
    s->m->mode->final(s->st, full);
    s->finished = 1;
    return KC_OK;
}

kc_status kc_mac_stream_final(kc_mac_stream *s, uint8_t *tag, size_t tag_len)
{
    uint8_t full[MAC_MAX];
    kc_status st = stream_end(s, full, tag, tag_len);
    if (st == KC_OK) memcpy(tag, full, tag_len);
    kc_wipe(full, sizeof full);
    return st;
}

kc_status kc_mac_stream_verify(kc_mac_stream *s, const uint8_t *tag, size_t tag_len)
{
    uint8_t full[MAC_MAX];
    kc_status st = stream_end(s, full, tag, tag_len);
    if (st == KC_OK) st = compare(full, tag, tag_len);
    kc_wipe(full, sizeof full);
    return st;
}

void kc_mac_stream_free(kc_mac_stream *s)
{
    if (s) kc_free_with_ctx(s, s->st, s->m->mode->stream_size);
}

/* ---- batch ---- */

typedef struct mac_batch {
    const kc_mac *m;
    kc_mac_msg *msgs;
} mac_batch;

/* A thread's share: runs of valid messages go to the mode's batch entry
 * point together (lanes across messages), or one by one. */
static void mac_share(void *arg, size_t first, size_t n)
{
    const mac_batch *b = arg;
    const kc_mac *m = b->m;
    for (size_t i = first; i < first + n;) {
        if (b->msgs[i].status != KC_OK) { i++; continue; }
        size_t k = i;
        while (k < first + n && b->msgs[k].status == KC_OK) k++;
        if (m->mode->batch) {
            m->mode->batch(m->state, m->c, b->msgs + i, k - i);
        } else {
            for (size_t j = i; j < k; j++) {
                kc_mac_msg *g = &b->msgs[j];
                g->status = kc_mac_compute(m, g->tag, g->tag_len, g->nonce, g->nonce_len, g->in, g->in_len);
            }
        }
        i = k;
    }
}

kc_status kc_mac_compute_batch(const kc_mac *m, kc_mac_msg *msgs, size_t count)
{
    if (!m || (!msgs && count)) return KC_ERR_NULL;
    size_t bytes = 0;
    for (size_t i = 0; i < count; i++) {
        kc_mac_msg *g = &msgs[i];
        g->status = check_call(m, g->tag, g->tag_len, g->nonce, g->nonce_len, g->in, g->in_len);
        bytes += g->in_len;
    }
    mac_batch b = { m, msgs };
    kc_parallel_shares(count, bytes, mac_share, &b);
    for (size_t i = 0; i < count; i++)
        if (msgs[i].status != KC_OK) return msgs[i].status;
    return KC_OK;
}
