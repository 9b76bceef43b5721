/* SPDX-License-Identifier: MIT */
/* Hash_DRBG ([SP800-90A] Rev. 1, 10.1.1) over a hash of the table:
 * "hash-drbg-<hash>".  seedlen is 440 bits for outputs up to 256 bits and
 * 888 above (Table 2; the LSH rows follow the same rule by output length). */
#include <stdlib.h>
#include <string.h>
#include "core/util.h"
#include "modes/drbg.h"
#include "modes/hash.h"

#define SEED_MAX 111   /* 888 bits */

typedef struct hash_drbg {
    kc_hash_engine x;
    uint8_t v[SEED_MAX], c[SEED_MAX];
    size_t outlen, seedlen;
    uint64_t counter;   /* reseed_counter: the front counts too, the formula needs it here */
} hash_drbg;

/* a = (a + b) mod 2^(8 seedlen), b of blen bytes right-aligned, big-endian. */
static void addm(uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
    unsigned c = 0;
    for (size_t i = 0; i < alen; i++) {
        c += a[alen - 1 - i] + (i < blen ? b[blen - 1 - i] : 0u);
        a[alen - 1 - i] = (uint8_t)c;
        c >>= 8;
    }
}

/* Hash_df (10.3.1) of [byte ||] [V ||] pieces into seedlen bytes of out. */
static void hash_df(hash_drbg *s, int byte, const uint8_t *v, const kc_drbg_bytes *in, size_t pieces, uint8_t *out)
{
    uint8_t t[64], head[6];
    uint32_t bits = (uint32_t)(8 * s->seedlen);
    head[1] = (uint8_t)(bits >> 24), head[2] = (uint8_t)(bits >> 16);
    head[3] = (uint8_t)(bits >> 8), head[4] = (uint8_t)bits, head[5] = (uint8_t)byte;
    for (size_t at = 0, i = 1; at < s->seedlen; at += s->outlen, i++) {
        head[0] = (uint8_t)i;
        kc_hash_engine_start(&s->x);
        kc_hash_engine_update(&s->x, head, byte >= 0 ? 6 : 5);
        if (v) kc_hash_engine_update(&s->x, v, s->seedlen);
        for (size_t j = 0; j < pieces; j++)
            if (in[j].n) kc_hash_engine_update(&s->x, in[j].p, in[j].n);
        kc_hash_engine_final(&s->x, t);
        memcpy(out + at, t, s->seedlen - at < s->outlen ? s->seedlen - at : s->outlen);
    }
    kc_wipe(t, sizeof t);
}

/* V = seed; C = Hash_df(0x00 || V); reseed_counter = 1 (10.1.1.2 and .3). */
static void seeded(hash_drbg *s, const uint8_t *seed)
{
    memcpy(s->v, seed, s->seedlen);
    hash_df(s, 0, s->v, NULL, 0, s->c);
    s->counter = 1;
}

static void instantiate(void *state, const kc_drbg_bytes *seed, size_t pieces)
{
    hash_drbg *s = state;
    uint8_t m[SEED_MAX];
    hash_df(s, -1, NULL, seed, pieces, m);
    seeded(s, m);
    kc_wipe(m, sizeof m);
}

static void reseed(void *state, const kc_drbg_bytes *seed, size_t pieces)
{
    hash_drbg *s = state;
    uint8_t m[SEED_MAX];
    hash_df(s, 1, s->v, seed, pieces, m);
    seeded(s, m);
    kc_wipe(m, sizeof m);
}

/* out = Hash(byte || V [|| add]) */
static void hash_v(hash_drbg *s, uint8_t byte, const uint8_t *add, size_t add_len, uint8_t *out)
{
    kc_hash_engine_start(&s->x);
    kc_hash_engine_update(&s->x, &byte, 1);
    kc_hash_engine_update(&s->x, s->v, s->seedlen);
    if (add_len) kc_hash_engine_update(&s->x, add, add_len);
    kc_hash_engine_final(&s->x, out);
}

static void generate(void *state, uint8_t *out, size_t len, const uint8_t *add, size_t add_len)
{
    hash_drbg *s = state;
    uint8_t w[64], data[SEED_MAX], one = 1, rc[8];
    if (add_len) {
        hash_v(s, 2, add, add_len, w);
        addm(s->v, s->seedlen, w, s->outlen);
    }
    memcpy(data, s->v, s->seedlen);   /* Hashgen (10.1.1.4) */
    for (size_t at = 0; at < len; at += s->outlen) {
        kc_hash_engine_start(&s->x);
        kc_hash_engine_update(&s->x, data, s->seedlen);
        kc_hash_engine_final(&s->x, w);
        memcpy(out + at, w, len - at < s->outlen ? len - at : s->outlen);
        addm(data, s->seedlen, &one, 1);
    }
    hash_v(s, 3, NULL, 0, w);
    addm(s->v, s->seedlen, w, s->outlen);
    addm(s->v, s->seedlen, s->c, s->seedlen);
    for (int i = 0; i < 8; i++) rc[i] = (uint8_t)(s->counter >> (56 - 8 * i));
    addm(s->v, s->seedlen, rc, 8);
    s->counter++;
    kc_wipe(w, sizeof w);
    kc_wipe(data, sizeof data);
}

static kc_status init(void **state, const kc_name *n, const char *backend, unsigned flags)
{
    if (flags & KC_DRBG_NO_DF) return KC_ERR_BAD_MODE;   /* only CTR_DRBG goes without df */
    hash_drbg *s = calloc(1, sizeof *s);
    if (!s) return KC_ERR_NO_MEMORY;
    kc_status st = kc_hash_engine_open(&s->x, n->hash, backend);
    if (st != KC_OK) {
        free(s);
        return st;
    }
    s->outlen = n->hash->digest_bytes;
    s->seedlen = s->outlen <= 32 ? 55 : 111;
    *state = s;
    return KC_OK;
}

static void drop(void *state)
{
    if (!state) return;
    kc_wipe(state, sizeof(hash_drbg));
    free(state);
}

static size_t strength(const void *state) { return ((const hash_drbg *)state)->outlen <= 28 ? 24 : 32; }

const kc_drbg_mech kc_hash_drbg_mech = {
    .id = KC_CONS_HASH_DRBG,
    .init = init,
    .free = drop,
    .strength = strength,
    .entropy_len = strength,
    .instantiate = instantiate,
    .reseed = reseed,
    .generate = generate,
};
