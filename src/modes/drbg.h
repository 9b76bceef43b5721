/* SPDX-License-Identifier: MIT */
/* DRBG mechanisms ([SP800-90A] Rev. 1).  The front (drbg.c) does what is
 * the same for every mechanism: names, the entropy source, nonce, request
 * and input limits, the reseed counter, prediction resistance.  A
 * mechanism gives its three algorithms (instantiate, reseed, generate) on
 * its own state.  CTR_DRBG is drbg_ctr.c; Hash_DRBG and HMAC_DRBG come as
 * rows of the table in drbg.c over a hash. */
#ifndef KC_DRBG_H
#define KC_DRBG_H
#include "core/names.h"
#include "core/objects.h"

/* An input given in pieces (entropy || nonce || personalization). */
typedef struct kc_drbg_bytes {
    const uint8_t *p;
    size_t n;
} kc_drbg_bytes;

typedef struct kc_drbg_mech {
    kc_cons_id id;
    /* Allocates *state for the named construction (flags: KC_DRBG_NO_DF). */
    kc_status (*init)(void **state, const kc_name *n, const char *backend, unsigned flags);
    void (*free)(void *state);
    size_t (*strength)(const void *state);   /* bytes */
    /* Entropy bytes a (re)seed takes; the largest personalization and
     * additional input (bytes; NULL: as large as the front allows). */
    size_t (*entropy_len)(const void *state);
    size_t (*max_input)(const void *state);
    /* seed: entropy || nonce || personalization (instantiate) or
     * entropy || additional input (reseed), as pieces. */
    void (*instantiate)(void *state, const kc_drbg_bytes *seed, size_t pieces);
    void (*reseed)(void *state, const kc_drbg_bytes *seed, size_t pieces);
    void (*generate)(void *state, uint8_t *out, size_t len, const uint8_t *add, size_t add_len);
    int (*takes_nonce)(const void *state);   /* 0: no nonce (CTR_DRBG without df); NULL: always takes one */
} kc_drbg_mech;

extern const kc_drbg_mech kc_ctr_drbg_mech;
extern const kc_drbg_mech kc_hmac_drbg_mech;   /* drbg_hmac.c */
extern const kc_drbg_mech kc_hash_drbg_mech;   /* drbg_hash.c */

#endif
