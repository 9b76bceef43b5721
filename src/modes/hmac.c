/* SPDX-License-Identifier: MIT */
/* HMAC (RFC 2104, FIPS 198-1) over every hash of the table: "hmac-<hash>".
 * The key's inner and outer blocks are compressed once, at kc_mac_new;
 * each message starts from copies of those states. */
#include <string.h>
#include "core/util.h"
#include "modes/hash.h"
#include "modes/mode_mac.h"

typedef struct hmac_key {
    kc_hash_engine inner, outer;   /* after K ^ ipad, K ^ opad */
} hmac_key;

typedef struct hmac_stream {
    const hmac_key *k;
    kc_hash_engine x;
} hmac_stream;

static kc_status hmac_check_nonce(size_t nonce_len) { return nonce_len ? KC_ERR_NONCE_LENGTH : KC_OK; }

static kc_status hmac_init_key(void *state, const kc_hash_entry *h, const char *backend, const uint8_t *key,
                               size_t key_len, size_t *tag_size)
{
    hmac_key *k = state;
    uint8_t k0[KC_HASH_BLOCK_MAX] = { 0 }, pad[KC_HASH_BLOCK_MAX];
    if (!key && key_len) return KC_ERR_NULL;
    kc_status st = kc_hash_engine_open(&k->inner, h, backend);
    if (st != KC_OK) return st;
    size_t bs = k->inner.b->block_bytes;
    if (key_len > bs) {   /* a long key is hashed first */
        kc_hash_engine_update(&k->inner, key, key_len);
        kc_hash_engine_final(&k->inner, k0);
        kc_hash_engine_start(&k->inner);
    } else if (key_len) {
        memcpy(k0, key, key_len);
    }
    k->outer = k->inner;
    for (size_t i = 0; i < bs; i++) pad[i] = k0[i] ^ 0x36;
    kc_hash_engine_update(&k->inner, pad, bs);
    for (size_t i = 0; i < bs; i++) pad[i] = k0[i] ^ 0x5c;
    kc_hash_engine_update(&k->outer, pad, bs);
    kc_wipe(k0, sizeof k0);
    kc_wipe(pad, sizeof pad);
    *tag_size = h->digest_bytes;
    return KC_OK;
}

static kc_status hmac_init(void *state, const kc_cipher *c, const char *sub)
{
    (void)state, (void)c, (void)sub;
    return KC_ERR_BAD_MODE;   /* HMAC is keyed by init_key, never over a block cipher */
}

static const char *hmac_sub_name(const void *state)
{
    return ((const hmac_key *)state)->inner.b->head.name;
}

static kc_status hmac_start(void *st, const void *state, const kc_cipher *c, const uint8_t *nonce, size_t nonce_len)
{
    (void)c, (void)nonce, (void)nonce_len;
    hmac_stream *s = st;
    s->k = state;
    s->x = s->k->inner;
    return KC_OK;
}

static kc_status hmac_update(void *st, const uint8_t *in, size_t len)
{
    kc_hash_engine_update(&((hmac_stream *)st)->x, in, len);
    return KC_OK;
}

static void hmac_final(void *st, uint8_t *tag)
{
    hmac_stream *s = st;
    uint8_t inner[64];
    kc_hash_engine_final(&s->x, inner);
    s->x = s->k->outer;
    kc_hash_engine_update(&s->x, inner, s->k->inner.e->digest_bytes);
    kc_hash_engine_final(&s->x, tag);
    kc_wipe(inner, sizeof inner);
}

const kc_mode_mac kc_hmac_mac = {
    .suffix = "hmac",
    .state_size = sizeof(hmac_key),
    .stream_size = sizeof(hmac_stream),
    .check_nonce = hmac_check_nonce,
    .init = hmac_init,
    .init_key = hmac_init_key,
    .sub_name = hmac_sub_name,
    .start = hmac_start,
    .update = hmac_update,
    .final = hmac_final,
};
