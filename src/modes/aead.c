/* SPDX-License-Identifier: MIT */
/* Keyed AEAD objects: a name (core/names.c) resolved to one construction of
 * src/modes/mode_aead.h (GCM, CCM, or an AEAD of the cipher table such as
 * TinyJAMBU), with argument checks, batch and streaming around it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/names.h"
#include "core/objects.h"
#include "core/util.h"
#include "modes/mode_aead.h"
#include "parallel/pool.h"

/* The construction of each AEAD name. */
static const struct { kc_cons_id id; const kc_mode_aead *mode; } constructions[] = {
    { KC_CONS_NONE, &kc_table_aead },
    { KC_CONS_GCM, &kc_gcm_aead },
    { KC_CONS_CCM, &kc_ccm_aead },
};

struct kc_aead {
    const kc_mode_aead *mode;
    kc_cipher *cipher;         /* the keyed block cipher; NULL when mode->init_key keyed ctx */
    void *ctx;                 /* mode's per-key state, in this allocation */
    size_t tag, nonce;
    char backend[2 * KC_NAME_MAX];
};

/* Keys the construction: a block cipher from "<backend>[/<sub>]" then init,
 * or init_key with the whole backend name. */
static kc_status key_mode(kc_aead *a, const kc_name *n, const char *backend, const uint8_t *key, size_t key_len)
{
    const kc_mode_aead *m = a->mode;
    if (m->init_key) return m->init_key(a->ctx, n->cipher, backend, key, key_len);
    char blk[KC_NAME_MAX];
    const char *sub;
    if (kc_backend_split(backend, blk, &sub) != KC_OK) return KC_ERR_UNKNOWN_BACKEND;
    kc_status st = kc_cipher_new(&a->cipher, n->cipher->info.name, blk, key, key_len);
    return st != KC_OK ? st : m->init(a->ctx, a->cipher, sub);
}

kc_status kc_aead_new(kc_aead **out, const char *name, const char *backend,
                      const uint8_t *key, size_t key_len)
{
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    if (!name) return KC_ERR_NULL;
    kc_name n;
    kc_status st = kc_name_expect(name, KC_NAME_AEAD, &n);
    if (st != KC_OK) return st;
    kc_cons_id id = n.cons ? n.cons->id : KC_CONS_NONE;
    const kc_mode_aead *m = NULL;
    for (size_t i = 0; i < sizeof constructions / sizeof constructions[0]; i++)
        if (constructions[i].id == id) m = constructions[i].mode;
    if (!m) return KC_ERR_UNKNOWN_CIPHER;
    void *state;
    kc_aead *a = kc_alloc_with_ctx(sizeof *a, m->state_size, &state);
    if (!a) return KC_ERR_NO_MEMORY;
    a->mode = m;
    a->ctx = state;
    a->tag = m->tag_default;
    a->nonce = m->nonce_default;
    st = key_mode(a, &n, backend, key, key_len);
    if (st != KC_OK) { kc_aead_free(a); return st; }
    const char *cn = a->cipher ? kc_cipher_backend_name(a->cipher) : NULL;
    const char *sn = m->sub_name ? m->sub_name(state) : NULL;
    snprintf(a->backend, sizeof a->backend, "%s%s%s", cn ? cn : "", cn && sn ? "/" : "", sn ? sn : "");
    *out = a;
    return KC_OK;
}

void kc_aead_free(kc_aead *a)
{
    if (!a) return;
    if (a->mode->release) a->mode->release(a->ctx);
    kc_cipher_free(a->cipher);
    kc_free_with_ctx(a, a->ctx, a->mode->state_size);
}

size_t kc_aead_tag_size(const kc_aead *a) { return a ? a->tag : 0; }
size_t kc_aead_nonce_size(const kc_aead *a) { return a ? a->nonce : 0; }
const char *kc_aead_backend_name(const kc_aead *a) { return a ? a->backend : NULL; }

static kc_status check_tag(const kc_aead *a, size_t tag_len) { return a->mode->check_tag(tag_len); }
static kc_status check_nonce(const kc_aead *a, size_t nonce_len) { return a->mode->check_nonce(nonce_len); }

kc_status kc_aead_set_tag_size(kc_aead *a, size_t tag_len)
{
    if (!a) return KC_ERR_NULL;
    kc_status st = check_tag(a, tag_len);
    if (st == KC_OK) a->tag = tag_len;
    return st;
}

kc_status kc_aead_set_nonce_size(kc_aead *a, size_t nonce_len)
{
    if (!a) return KC_ERR_NULL;
    kc_status st = check_nonce(a, nonce_len);
    if (st == KC_OK) a->nonce = nonce_len;
    return st;
}

/* Any overlap at all, including the same start (AD and nonce are read after output starts). */
static int overlaps(const void *a, size_t alen, const void *b, size_t blen)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return alen && blen && x < y + blen && y < x + alen;
}

static kc_status check(const kc_aead *a, const uint8_t *out, size_t out_len,
                       const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                       const uint8_t *in, size_t in_len)
{
    if (!a || !nonce || (!ad && ad_len) || (!in && in_len) || (!out && out_len)) return KC_ERR_NULL;
    kc_status st = check_nonce(a, nonce_len);
    if (st != KC_OK) return st;
    if (kc_bad_overlap(out, out_len, in, in_len) || overlaps(out, out_len, ad, ad_len) ||
        overlaps(out, out_len, nonce, nonce_len))
        return KC_ERR_OVERLAP;
    return KC_OK;
}

/* One message, checked: encrypt writes ciphertext || tag. */
static kc_status run_encrypt(const kc_aead *a, uint8_t *out, const uint8_t *nonce, size_t nonce_len,
                             const uint8_t *ad, size_t ad_len, const uint8_t *pt, size_t pt_len)
{
    return a->mode->encrypt(a->ctx, a->cipher, a->tag, out, nonce, nonce_len, ad, ad_len, pt, pt_len);
}

/* in is ciphertext || tag, in_len >= tag. */
static kc_status run_decrypt(const kc_aead *a, uint8_t *out, const uint8_t *nonce, size_t nonce_len,
                             const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t in_len)
{
    size_t ct_len = in_len - a->tag;
    return a->mode->decrypt(a->ctx, a->cipher, a->tag, out, nonce, nonce_len, ad, ad_len, in, ct_len,
                            in + ct_len);
}

kc_status kc_aead_encrypt(const kc_aead *a, uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *ad, size_t ad_len,
                          const uint8_t *pt, size_t pt_len)
{
    if (!out_len) return KC_ERR_NULL;
    *out_len = 0;
    if (!a) return KC_ERR_NULL;
    if (pt_len > SIZE_MAX - a->tag) return KC_ERR_INPUT_TOO_LONG;
    size_t need = pt_len + a->tag;
    if (out_cap < need) return KC_ERR_OUTPUT_TOO_SMALL;
    kc_status st = check(a, out, need, nonce, nonce_len, ad, ad_len, pt, pt_len);
    if (st != KC_OK) return st;
    st = run_encrypt(a, out, nonce, nonce_len, ad, ad_len, pt, pt_len);
    if (st == KC_OK) *out_len = need;
    return st;
}

kc_status kc_aead_decrypt(const kc_aead *a, uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *ad, size_t ad_len,
                          const uint8_t *in, size_t in_len)
{
    if (!out_len) return KC_ERR_NULL;
    *out_len = 0;
    if (!a) return KC_ERR_NULL;
    size_t tag = a->tag;
    if (in && in_len < tag) return KC_ERR_INPUT_TOO_SHORT;
    size_t need = in_len >= tag ? in_len - tag : 0;
    if (out_cap < need) return KC_ERR_OUTPUT_TOO_SMALL;
    kc_status st = check(a, out, need, nonce, nonce_len, ad, ad_len, in, in_len);
    if (st != KC_OK) return st;
    if (!in) return KC_ERR_INPUT_TOO_SHORT;
    st = run_decrypt(a, out, nonce, nonce_len, ad, ad_len, in, in_len);
    if (st == KC_OK) *out_len = need;
    return st;
}

typedef struct aead_batch {
    const kc_aead *a;
    kc_aead_msg *msgs;
    int encrypt;
} aead_batch;

/* One message through the single-message entry point. */
static void one_message(const kc_aead *a, kc_aead_msg *m, int encrypt)
{
    if (encrypt) {
        m->status = run_encrypt(a, m->out, m->nonce, a->nonce, m->ad, m->ad_len, m->in, m->in_len);
        if (m->status == KC_OK) m->out_len = m->in_len + a->tag;
    } else {
        m->status = run_decrypt(a, m->out, m->nonce, a->nonce, m->ad, m->ad_len, m->in, m->in_len);
        if (m->status == KC_OK) m->out_len = m->in_len - a->tag;
    }
}

/* The construction's batch entry point; 0 when it has none. */
static int run_batch(const kc_aead *a, kc_aead_msg *msgs, size_t n, int encrypt)
{
    void (*run)(const void *, const kc_cipher *, size_t, size_t, kc_aead_msg *, size_t) =
        encrypt ? a->mode->encrypt_batch : a->mode->decrypt_batch;
    if (!run) return 0;
    run(a->ctx, a->cipher, a->tag, a->nonce, msgs, n);
    return 1;
}

/* A thread's share: runs of valid messages go to the batch entry point
 * together (SIMD backends fill their lanes), or one by one. */
static void aead_share(void *arg, size_t first, size_t n)
{
    const aead_batch *b = arg;
    for (size_t i = first; i < first + n;) {
        if (b->msgs[i].status != KC_OK) { i++; continue; }
        size_t k = i;
        while (k < first + n && b->msgs[k].status == KC_OK) k++;
        if (!run_batch(b->a, b->msgs + i, k - i, b->encrypt))
            for (size_t j = i; j < k; j++) one_message(b->a, &b->msgs[j], b->encrypt);
        i = k;
    }
}

/* Checks every message, then spreads the valid ones across threads. */
static kc_status batch(const kc_aead *a, kc_aead_msg *msgs, size_t count, int encrypt)
{
    if (!a || (!msgs && count)) return KC_ERR_NULL;
    size_t tag = a->tag, bytes = 0;
    for (size_t i = 0; i < count; i++) {
        kc_aead_msg *m = &msgs[i];
        size_t need = encrypt ? m->in_len + tag : m->in_len >= tag ? m->in_len - tag : 0;
        m->out_len = 0;
        m->status = encrypt && m->in_len > SIZE_MAX - tag ? KC_ERR_INPUT_TOO_LONG
                  : !encrypt && m->in_len < tag ? KC_ERR_INPUT_TOO_SHORT
                  : m->out_cap < need ? KC_ERR_OUTPUT_TOO_SMALL
                  : check(a, m->out, need, m->nonce, a->nonce, m->ad, m->ad_len, m->in, m->in_len);
        bytes += m->in_len + m->ad_len;
    }
    aead_batch b = { a, msgs, encrypt };
    kc_parallel_shares(count, bytes, aead_share, &b);
    for (size_t i = 0; i < count; i++)
        if (msgs[i].status != KC_OK) return msgs[i].status;
    return KC_OK;
}

kc_status kc_aead_encrypt_batch(const kc_aead *a, kc_aead_msg *msgs, size_t count)
{
    return batch(a, msgs, count, 1);
}

kc_status kc_aead_decrypt_batch(const kc_aead *a, kc_aead_msg *msgs, size_t count)
{
    return batch(a, msgs, count, 0);
}

/* ---- streaming --------------------------------------------------------- */

enum { S_AD, S_DATA, S_DONE };

struct kc_aead_stream {
    const kc_aead *a;
    int encrypt, phase;
    unsigned flags;
    uint8_t *held;            /* verified release: plaintext held until the tag checks */
    size_t held_len, held_cap;
    uint64_t data_len;
    void *st;                 /* the mode's stream state, 16-byte aligned, in this allocation */
};

kc_status kc_aead_stream_new(kc_aead_stream **out, const kc_aead *a, int encrypt, unsigned flags,
                             const uint8_t *nonce, size_t nonce_len)
{
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    if (!a || (!nonce && nonce_len)) return KC_ERR_NULL;
    if (!a->mode->stream_start || (flags & ~KC_AEAD_RELEASE_UNVERIFIED)) return KC_ERR_BAD_MODE;
    kc_status st = check_nonce(a, nonce_len);
    if (st != KC_OK) return st;
    void *ms;
    kc_aead_stream *s = kc_alloc_with_ctx(sizeof *s, a->mode->stream_size, &ms);
    if (!s) return KC_ERR_NO_MEMORY;
    s->a = a;
    s->encrypt = encrypt != 0;
    s->flags = flags;
    s->st = ms;
    st = a->mode->stream_start(ms, a->ctx, a->cipher, nonce, nonce_len);
    if (st != KC_OK) { kc_aead_stream_free(s); return st; }
    *out = s;
    return KC_OK;
}

void kc_aead_stream_free(kc_aead_stream *s)
{
    if (!s) return;
    if (s->held) { kc_wipe(s->held, s->held_cap); free(s->held); }
    kc_free_with_ctx(s, s->st, s->a->mode->stream_size);
}

kc_status kc_aead_stream_ad(kc_aead_stream *s, const uint8_t *ad, size_t ad_len)
{
    if (!s || (!ad && ad_len)) return KC_ERR_NULL;
    if (s->phase != S_AD) return KC_ERR_STATE;
    if (ad_len) s->a->mode->stream_ad(s->st, ad, ad_len);
    return KC_OK;
}

/* Room for len more held bytes; the old buffer is wiped, not left in the heap. */
static kc_status hold(kc_aead_stream *s, size_t len)
{
    if (len > SIZE_MAX / 2 - s->held_len) return KC_ERR_INPUT_TOO_LONG;
    if (s->held_len + len <= s->held_cap) return KC_OK;
    size_t cap = s->held_cap ? s->held_cap : 4096;
    while (cap < s->held_len + len) cap *= 2;
    uint8_t *p = malloc(cap);
    if (!p) return KC_ERR_NO_MEMORY;
    if (s->held) {
        memcpy(p, s->held, s->held_len);
        kc_wipe(s->held, s->held_cap);
        free(s->held);
    }
    s->held = p;
    s->held_cap = cap;
    return KC_OK;
}

kc_status kc_aead_stream_update(kc_aead_stream *s, uint8_t *out, size_t out_cap, size_t *out_len,
                                const uint8_t *in, size_t in_len)
{
    if (out_len) *out_len = 0;
    if (!s || !out_len || (!in && in_len)) return KC_ERR_NULL;
    if (s->phase == S_DONE) return KC_ERR_STATE;
    int direct = s->encrypt || (s->flags & KC_AEAD_RELEASE_UNVERIFIED);
    if (direct) {
        if (out_cap < in_len) return KC_ERR_OUTPUT_TOO_SMALL;
        if (!out && in_len) return KC_ERR_NULL;
        if (kc_bad_overlap(out, in_len, in, in_len)) return KC_ERR_OVERLAP;
    }
    uint64_t max = s->a->mode->stream_max;
    if (max && (uint64_t)in_len > max - s->data_len) return KC_ERR_INPUT_TOO_LONG;
    s->phase = S_DATA;
    if (!in_len) return KC_OK;
    s->data_len += in_len;
    kc_status st;
    if (direct) {
        st = s->a->mode->stream_data(s->st, s->encrypt, out, in, in_len);
        if (st == KC_OK) *out_len = in_len;
        return st;
    }
    /* Decrypted in place in the held buffer: the mode hashes a chunk before it overwrites it. */
    st = hold(s, in_len);
    if (st != KC_OK) return st;
    uint8_t *p = s->held + s->held_len;
    memcpy(p, in, in_len);
    st = s->a->mode->stream_data(s->st, 0, p, p, in_len);
    if (st == KC_OK) s->held_len += in_len;
    else kc_wipe(p, in_len);
    return st;
}

kc_status kc_aead_stream_tag(kc_aead_stream *s, uint8_t *tag, size_t tag_len)
{
    if (!s || !tag) return KC_ERR_NULL;
    if (!s->encrypt || s->phase == S_DONE) return KC_ERR_STATE;
    if (tag_len != s->a->tag) return KC_ERR_TAG_LENGTH;
    uint8_t full[16];
    s->a->mode->stream_tag(s->st, full);
    memcpy(tag, full, tag_len);
    kc_wipe(full, sizeof full);
    s->phase = S_DONE;
    return KC_OK;
}

kc_status kc_aead_stream_verify(kc_aead_stream *s, uint8_t *out, size_t out_cap, size_t *out_len,
                                const uint8_t *tag, size_t tag_len)
{
    if (out_len) *out_len = 0;
    if (!s || !out_len || !tag) return KC_ERR_NULL;
    if (s->encrypt || s->phase == S_DONE) return KC_ERR_STATE;
    if (tag_len != s->a->tag) return KC_ERR_TAG_LENGTH;
    if (out_cap < s->held_len) return KC_ERR_OUTPUT_TOO_SMALL;
    if (!out && s->held_len) return KC_ERR_NULL;
    if (overlaps(out, s->held_len, tag, tag_len)) return KC_ERR_OVERLAP;
    uint8_t full[16];
    s->a->mode->stream_tag(s->st, full);
    int bad = kc_ct_compare(full, tag, tag_len);
    kc_wipe(full, sizeof full);
    kc_ct_declassify(&bad, sizeof bad);
    s->phase = S_DONE;
    if (bad) return KC_ERR_AUTH;
    if (s->held_len) memcpy(out, s->held, s->held_len);
    *out_len = s->held_len;
    return KC_OK;
}
