/* SPDX-License-Identifier: MIT */
/* GHASH ([SP800-38D] 6.4): Y <- (Y xor X_i) * H in GF(2^128), blocks and Y
 * in the standard's byte order.  One file per technique, listed best first
 * in src/ghash/backends.c like a cipher family's backends; GCM and GMAC take
 * the first available constant-time one unless a name is given. */
#ifndef KC_GHASH_H
#define KC_GHASH_H
#include "core/backend.h"

#define KC_GHASH_KEY_MAX 1024   /* bytes of precomputed key, e.g. H^1..H^16 with helpers */

typedef struct kc_ghash_backend {
    kc_backend_head head;     /* ctx_size <= KC_GHASH_KEY_MAX */
    /* Precomputes from H = E_K(0^128) into key (ctx_size bytes, 16-byte aligned). */
    void (*init)(void *key, const uint8_t h[16]);
    /* Absorbs nblocks whole 16-byte blocks into y. */
    void (*update)(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks);
} kc_ghash_backend;

/* NULL-terminated, best first. */
extern const kc_ghash_backend *const kc_ghash_backends[];

/* The named backend (NULL or "": the best available constant-time one), or
 * NULL with *st KC_ERR_UNKNOWN_BACKEND / KC_ERR_BACKEND_UNAVAILABLE. */
const kc_ghash_backend *kc_ghash_find(const char *name, kc_status *st);

#endif
