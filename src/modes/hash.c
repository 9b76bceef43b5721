/* SPDX-License-Identifier: MIT */
/* kc_hash: a row of the hash table (core/names.c) on one of its family's
 * backends (src/sha2/, src/lsh/), with the buffering every compression
 * function needs, and the argument checks of the public calls. */
#include <stdlib.h>
#include <string.h>
#include "core/util.h"
#include "modes/hash.h"

kc_status kc_hash_engine_open(kc_hash_engine *x, const kc_hash_entry *e, const char *backend)
{
    char first[KC_NAME_MAX];
    const char *sub;
    const void *impl;
    if (kc_backend_split(backend, first, &sub) != KC_OK || sub) return KC_ERR_UNKNOWN_BACKEND;
    kc_status st = kc_registry_backend(e->family, first, &impl);
    if (st != KC_OK) return st;
    memset(x, 0, sizeof *x);
    x->e = e;
    x->b = impl;
    kc_hash_engine_start(x);
    return KC_OK;
}

void kc_hash_engine_start(kc_hash_engine *x)
{
    x->b->init(x->state, x->e->variant);
    x->used = 0;
    x->total = 0;
}

void kc_hash_engine_update(kc_hash_engine *x, const uint8_t *in, size_t len)
{
    size_t bs = x->b->block_bytes;
    if (!len) return;   /* in may be NULL */
    x->total += len;
    if (x->used) {
        size_t n = bs - x->used < len ? bs - x->used : len;
        memcpy(x->buf + x->used, in, n);
        x->used += n, in += n, len -= n;
        if (x->used < bs) return;
        x->b->compress(x->state, x->buf, 1);
        x->used = 0;
    }
    size_t whole = len / bs;
    if (whole) x->b->compress(x->state, in, whole);
    in += whole * bs, len -= whole * bs;
    if (len) memcpy(x->buf, in, len);
    x->used = len;
}

void kc_hash_engine_final(kc_hash_engine *x, uint8_t *out)
{
    size_t n = x->b->pad(x->buf, x->used, x->total);
    x->b->compress(x->state, x->buf, n);
    x->b->output(x->state, out, x->e->digest_bytes);
    kc_wipe(x->buf, sizeof x->buf);
}

/* ---- the public object ---- */

struct kc_hash {
    kc_hash_engine x;
    int finished;
};

kc_status kc_hash_new(kc_hash **out, const char *name, const char *backend)
{
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    kc_name n;
    kc_status st = kc_name_expect(name, KC_NAME_HASH, &n);
    if (st != KC_OK) return st;
    kc_hash *h = aligned_alloc(16, (sizeof *h + 15) & ~(size_t)15);
    if (!h) return KC_ERR_NO_MEMORY;
    if ((st = kc_hash_engine_open(&h->x, n.hash, backend)) != KC_OK) { free(h); return st; }
    h->finished = 0;
    *out = h;
    return KC_OK;
}

kc_status kc_hash_update(kc_hash *h, const uint8_t *in, size_t in_len)
{
    if (!h || (!in && in_len)) return KC_ERR_NULL;
    if (h->finished) return KC_ERR_STATE;
    kc_hash_engine_update(&h->x, in, in_len);
    return KC_OK;
}

kc_status kc_hash_final(kc_hash *h, uint8_t *out, size_t out_len)
{
    if (!h || !out) return KC_ERR_NULL;
    if (h->finished) return KC_ERR_STATE;
    if (out_len < h->x.e->digest_bytes) return KC_ERR_OUTPUT_TOO_SMALL;
    kc_hash_engine_final(&h->x, out);
    h->finished = 1;
    return KC_OK;
}

kc_status kc_hash_reset(kc_hash *h)
{
    if (!h) return KC_ERR_NULL;
    kc_hash_engine_start(&h->x);
    h->finished = 0;
    return KC_OK;
}

/* The state holds no pointer of its own (the table row and backend are
 * static): a copy is the bytes. */
kc_status kc_hash_dup(kc_hash **out, const kc_hash *h)
{
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    if (!h) return KC_ERR_NULL;
    kc_hash *c = aligned_alloc(16, (sizeof *c + 15) & ~(size_t)15);
    if (!c) return KC_ERR_NO_MEMORY;
    memcpy(c, h, sizeof *c);
    *out = c;
    return KC_OK;
}

void kc_hash_free(kc_hash *h)
{
    if (!h) return;
    kc_wipe(h, sizeof *h);
    free(h);
}

size_t kc_hash_size(const kc_hash *h) { return h ? h->x.e->digest_bytes : 0; }
const char *kc_hash_backend_name(const kc_hash *h) { return h ? h->x.b->head.name : NULL; }

kc_status kc_hash_compute(const char *name, const char *backend, const uint8_t *in, size_t in_len,
                          uint8_t *out, size_t out_len)
{
    kc_name n;
    kc_hash_engine x;
    kc_status st = kc_name_expect(name, KC_NAME_HASH, &n);
    if (st != KC_OK) return st;
    if ((!in && in_len) || !out) return KC_ERR_NULL;
    if (out_len < n.hash->digest_bytes) return KC_ERR_OUTPUT_TOO_SMALL;
    if ((st = kc_hash_engine_open(&x, n.hash, backend)) != KC_OK) return st;
    kc_hash_engine_update(&x, in, in_len);
    kc_hash_engine_final(&x, out);
    kc_wipe(x.state, sizeof x.state);
    return KC_OK;
}

/* ---- many messages: kc_hash_batch ---- */

#define LANES_MAX 16

/* One lane of a multi-message backend: its message, what of it is left
 * to compress (the whole blocks, then the padded tail in buf). */
typedef struct lane {
    size_t msg;
    const uint8_t *p;
    size_t blocks;      /* left in this phase */
    int tail;           /* the phase: 0 the message's blocks, 1 buf */
    _Alignas(32) uint8_t state[KC_HASH_STATE_MAX];
    _Alignas(32) uint8_t buf[KC_HASH_BLOCK_MAX];
} lane;

static void lane_start(const kc_hash_engine *x, lane *l, size_t msg, const uint8_t *p, size_t len)
{
    l->msg = msg;
    l->p = p;
    l->blocks = len / x->b->block_bytes;
    l->tail = 0;
    x->b->init(l->state, x->e->variant);
}

/* Past the message's blocks: its padded tail from buf. */
static void lane_tail(const kc_hash_engine *x, lane *l, const uint8_t *msg, size_t len)
{
    size_t bs = x->b->block_bytes, rest = len % bs;
    if (rest) memcpy(l->buf, msg + len - rest, rest);
    l->blocks = x->b->pad(l->buf, rest, len);
    l->p = l->buf;
    l->tail = 1;
}

/* The backend's lanes all busy while there are messages to start; the
 * lanes still running at the end are finished one by one. */
static void batch_lanes(const kc_hash_engine *x, const uint8_t *const msgs[], const size_t lens[], size_t count,
                        uint8_t *out)
{
    size_t nl = x->b->lanes, next = 0, ds = x->e->digest_bytes;
    lane ls[LANES_MAX];
    void *states[LANES_MAX];
    const uint8_t *ptrs[LANES_MAX];
    for (size_t i = 0; i < nl; i++, next++) {
        lane_start(x, &ls[i], next, msgs[next], lens[next]);
        states[i] = ls[i].state;
    }
    for (;;) {
        /* a lane out of blocks moves on: to its tail, or to the next message */
        int starved = 0;
        for (size_t i = 0; i < nl; i++) {
            lane *l = &ls[i];
            while (!l->blocks && !starved) {
                if (!l->tail) { lane_tail(x, l, msgs[l->msg], lens[l->msg]); continue; }
                x->b->output(l->state, out + l->msg * ds, ds);
                if (next == count) { starved = 1; l->msg = SIZE_MAX; break; }
                lane_start(x, l, next, msgs[next], lens[next]);
                next++;
            }
        }
        if (starved) break;
        size_t n = SIZE_MAX;
        for (size_t i = 0; i < nl; i++) {
            if (ls[i].blocks < n) n = ls[i].blocks;
            ptrs[i] = ls[i].p;
        }
        x->b->compress_lanes(states, ptrs, n);
        for (size_t i = 0; i < nl; i++) {
            ls[i].p += n * x->b->block_bytes;
            ls[i].blocks -= n;
        }
    }
    /* the rest, one lane at a time */
    for (size_t i = 0; i < nl; i++) {
        lane *l = &ls[i];
        if (l->msg == SIZE_MAX) continue;
        for (;;) {
            if (l->blocks) x->b->compress(l->state, l->p, l->blocks);
            l->blocks = 0;
            if (l->tail) break;
            lane_tail(x, l, msgs[l->msg], lens[l->msg]);
        }
        x->b->output(l->state, out + l->msg * ds, ds);
    }
    kc_wipe(ls, sizeof ls);
}

kc_status kc_hash_batch(const char *name, const char *backend, const uint8_t *const msgs[], const size_t lens[],
                        size_t count, uint8_t *out, size_t out_len)
{
    kc_name n;
    kc_hash_engine x;
    kc_status st = kc_name_expect(name, KC_NAME_HASH, &n);
    if (st != KC_OK) return st;
    if ((!msgs || !lens || !out) && count) return KC_ERR_NULL;
    for (size_t i = 0; i < count; i++)
        if (!msgs[i] && lens[i]) return KC_ERR_NULL;
    if (out_len / n.hash->digest_bytes < count) return KC_ERR_OUTPUT_TOO_SMALL;
    if ((st = kc_hash_engine_open(&x, n.hash, backend)) != KC_OK) return st;
    if (x.b->lanes > 1 && x.b->lanes <= LANES_MAX && count >= x.b->lanes) {
        batch_lanes(&x, msgs, lens, count, out);
    } else {
        for (size_t i = 0; i < count; i++) {
            kc_hash_engine_start(&x);
            kc_hash_engine_update(&x, msgs[i], lens[i]);
            kc_hash_engine_final(&x, out + i * n.hash->digest_bytes);
        }
    }
    kc_wipe(x.state, sizeof x.state);
    return KC_OK;
}
