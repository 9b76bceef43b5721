/* SPDX-License-Identifier: MIT */
/* HMAC_DRBG ([SP800-90A] Rev. 1, 10.1.2) over a hash of the table:
 * "hmac-drbg-<hash>".  HMAC is computed on the hash engine directly: the
 * key K is outlen bytes, never longer than a block, so K0 is K padded. */
#include <stdlib.h>
#include <string.h>
#include "core/util.h"
#include "modes/drbg.h"
#include "modes/hash.h"

typedef struct hmac_drbg {
    kc_hash_engine inner, outer;   /* keyed with K: after K ^ ipad, K ^ opad */
    kc_hash_engine x;              /* scratch */
    uint8_t v[64];
    size_t outlen;
} hmac_drbg;

static void set_key(hmac_drbg *s, const uint8_t *k)
{
    uint8_t pad[KC_HASH_BLOCK_MAX];
    size_t bs = s->inner.b->block_bytes;
    kc_hash_engine_start(&s->inner);
    s->outer = s->inner;
    memset(pad, 0x36, bs);
    for (size_t i = 0; i < s->outlen; i++) pad[i] ^= k[i];
    kc_hash_engine_update(&s->inner, pad, bs);
    memset(pad, 0x5c, bs);
    for (size_t i = 0; i < s->outlen; i++) pad[i] ^= k[i];
    kc_hash_engine_update(&s->outer, pad, bs);
    kc_wipe(pad, sizeof pad);
}

/* out = HMAC(K, V [|| byte || pieces]); byte < 0: V alone. */
static void mac(hmac_drbg *s, int byte, const kc_drbg_bytes *in, size_t pieces, uint8_t *out)
{
    uint8_t t[64], b = (uint8_t)byte;
    s->x = s->inner;
    kc_hash_engine_update(&s->x, s->v, s->outlen);
    if (byte >= 0) kc_hash_engine_update(&s->x, &b, 1);
    for (size_t i = 0; i < pieces; i++)
        if (in[i].n) kc_hash_engine_update(&s->x, in[i].p, in[i].n);
    kc_hash_engine_final(&s->x, t);
    s->x = s->outer;
    kc_hash_engine_update(&s->x, t, s->outlen);
    kc_hash_engine_final(&s->x, out);
    kc_wipe(t, sizeof t);
    kc_wipe(&s->x, sizeof s->x);
}

/* HMAC_DRBG_Update (10.1.2.2) with provided_data given as pieces. */
static void update(hmac_drbg *s, const kc_drbg_bytes *in, size_t pieces)
{
    uint8_t k[64];
    size_t total = 0;
    for (size_t i = 0; i < pieces; i++) total += in[i].n;
    for (int round = 0; round < (total ? 2 : 1); round++) {
        mac(s, round, in, pieces, k);
        set_key(s, k);
        mac(s, -1, NULL, 0, s->v);
    }
    kc_wipe(k, sizeof k);
}

static kc_status init(void **state, const kc_name *n, const char *backend, unsigned flags)
{
    if (flags & KC_DRBG_NO_DF) return KC_ERR_BAD_MODE;   /* only CTR_DRBG goes without df */
    hmac_drbg *s = calloc(1, sizeof *s);
    if (!s) return KC_ERR_NO_MEMORY;
    kc_status st = kc_hash_engine_open(&s->inner, n->hash, backend);
    if (st != KC_OK) {
        free(s);
        return st;
    }
    s->outlen = n->hash->digest_bytes;
    *state = s;
    return KC_OK;
}

static void drop(void *state)
{
    if (!state) return;
    kc_wipe(state, sizeof(hmac_drbg));
    free(state);
}

static void instantiate(void *state, const kc_drbg_bytes *seed, size_t pieces)
{
    hmac_drbg *s = state;
    uint8_t k[64] = { 0 };
    set_key(s, k);
    memset(s->v, 1, s->outlen);
    update(s, seed, pieces);
}

static void reseed(void *state, const kc_drbg_bytes *seed, size_t pieces) { update(state, seed, pieces); }

static void generate(void *state, uint8_t *out, size_t len, const uint8_t *add, size_t add_len)
{
    hmac_drbg *s = state;
    kc_drbg_bytes a = { add, add_len };
    if (add_len) update(s, &a, 1);
    for (size_t at = 0; at < len; at += s->outlen) {
        mac(s, -1, NULL, 0, s->v);
        memcpy(out + at, s->v, len - at < s->outlen ? len - at : s->outlen);
    }
    update(s, &a, 1);
}

/* SP 800-90A Table 2: 192 bits for the 224-bit outputs, 256 above. */
static size_t strength(const void *state) { return ((const hmac_drbg *)state)->outlen <= 28 ? 24 : 32; }

const kc_drbg_mech kc_hmac_drbg_mech = {
    .id = KC_CONS_HMAC_DRBG,
    .init = init,
    .free = drop,
    .strength = strength,
    .entropy_len = strength,
    .instantiate = instantiate,
    .reseed = reseed,
    .generate = generate,
};
