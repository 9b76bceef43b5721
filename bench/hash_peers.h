/* SPDX-License-Identifier: MIT */
/* The peers of bench/hash.c: a hash or HMAC (name as kcipher spells it:
 * "sha-256", "lsh-256-256", "hmac-sha-256") made once, keyed for HMAC,
 * then run on whole messages.  NULL-terminated list, the ones built in. */
#ifndef KC_BENCH_HASH_PEERS_H
#define KC_BENCH_HASH_PEERS_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_hash_peer {
    const char *lib, *api;
    void *(*open)(const char *name, const uint8_t *key, size_t key_len);   /* NULL: not this peer's */
    void (*run)(void *h, const uint8_t *in, size_t len, uint8_t *out);
    void (*close)(void *h);
} bench_hash_peer;

extern const bench_hash_peer *const bench_hash_peers[];
#ifdef KC_BENCH_HASH_CRYPTOPP
extern const bench_hash_peer bench_hash_cryptopp;
#endif

#ifdef __cplusplus
}
#endif
#endif
