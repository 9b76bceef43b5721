/* SPDX-License-Identifier: MIT */
/* Other libraries as "peers": one adapter per library (openssl.c,
 * cryptopp.cpp, botan.cpp) behind this C interface, used by the tests'
 * differential checks (tests/peer_check.c) and the benchmark (bench/peers.c).
 * Never linked into libkcipher or the CLI's own code. */
#ifndef KC_PEER_H
#define KC_PEER_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct peer_lib {
    const char *name;                    /* "openssl", "cryptopp", "botan" (bench records) */
    const char *title;                   /* "OpenSSL", "Crypto++", "Botan" (messages) */
    const char *api;                     /* what is called, e.g. "EVP" */
    const char *(*version)(void);
    /* A keyed context for cipher ("aes-128", "aria-256", "lea-192", "rc6-128")
     * in one mode (ECB, CBC, CTR: the whole 16-byte IV a big-endian counter)
     * and direction, with PKCS#7 when pad (ECB, CBC); NULL when the library
     * lacks it or refuses the key (it says why on stderr only for errors). */
    void *(*open)(const char *cipher, kc_mode mode, int encrypt, int pad, const uint8_t *key, size_t key_len,
                  const uint8_t *iv);
    /* in[0..len) into out (room for len + 16; out may not overlap in),
     * continuing the chain or counter of the previous call.  Without final, len
     * is a multiple of 16 (any length in CTR).  final ends the message: the
     * padding is added or checked and removed.  Returns the bytes written, or
     * -1 when the library fails (e.g. bad padding). */
    long (*update)(void *h, uint8_t *out, const uint8_t *in, size_t len, int final);
    void (*close)(void *h);
} peer_lib;

extern const peer_lib peer_openssl, peer_cryptopp, peer_botan;

/* NULL-terminated list of the adapters built in (peers.c). */
extern const peer_lib *const peer_libs[];
/* The adapter named name ("openssl", ...), or NULL when not built in. */
const peer_lib *peer_find(const char *name);

/* One message, one shot (open, update with final, close): the output
 * length, or -1 when the peer lacks the cipher or fails. */
long peer_oneshot(const peer_lib *p, const char *cipher, kc_mode mode, int encrypt, int pad, const uint8_t *key,
                  size_t key_len, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out);

#ifdef __cplusplus
}
#endif
#endif
