/* SPDX-License-Identifier: MIT */
/* The hash engine under kc_hash (hash.c) and HMAC (hmac.c): a hash
 * table row, its backend, the chaining state and the partial block. */
#ifndef KC_MODE_HASH_H
#define KC_MODE_HASH_H
#include "core/names.h"

typedef struct kc_hash_engine {
    _Alignas(16) uint8_t state[KC_HASH_STATE_MAX];
    _Alignas(16) uint8_t buf[KC_HASH_BLOCK_MAX];   /* room for the padding's two blocks too */
    const kc_hash_entry *e;
    const kc_hash_backend *b;
    size_t used;           /* bytes in buf */
    uint64_t total;        /* bytes absorbed */
} kc_hash_engine;

/* Resolves backend ("" or NULL: the default; no "/sub") for e, then starts. */
kc_status kc_hash_engine_open(kc_hash_engine *x, const kc_hash_entry *e, const char *backend);
void kc_hash_engine_start(kc_hash_engine *x);
void kc_hash_engine_update(kc_hash_engine *x, const uint8_t *in, size_t len);
/* e->digest_bytes into out; x must be started again after. */
void kc_hash_engine_final(kc_hash_engine *x, uint8_t *out);

#endif
