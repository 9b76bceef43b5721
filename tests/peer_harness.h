/* SPDX-License-Identifier: MIT */
/* Differential tests against an independent library (a "peer"): random keys,
 * IVs and messages in ECB, CBC, CTR (the whole 16-byte block a big-endian
 * counter, carries forced) and ECB/CBC with PKCS#7, through kc_mode_* for
 * every backend; the peer must produce our ciphertext and decrypt it, and
 * the block interface must match the peer's ECB.  A test program is
 *     return peer_run("peer_lea_cryptopp", "Crypto++", ciphers, 400, peer_cryptopp);
 * linked with the peer's adapter (peer_openssl.c, peer_cryptopp.cpp, peer_botan.cpp). */
#ifndef KC_PEER_HARNESS_H
#define KC_PEER_HARNESS_H
#include "testlib.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One message for the peer; the block size is 16. */
typedef struct peer_job {
    const char *name;       /* the cipher's common name: "aes-192" also for rijndael-128-192 */
    kc_mode mode;
    int pad;                /* PKCS#7 (ECB and CBC only) */
    int encrypt;
    const uint8_t *key;
    size_t key_len;
    const uint8_t *iv;      /* 16 bytes; not used in ECB */
} peer_job;

/* The peer's answer for in[0..len) in out (room for len + 16 bytes): the
 * output length, or -1 when the peer refuses (it says why on stderr). */
typedef long peer_fn(const peer_job *job, const uint8_t *in, size_t len, uint8_t *out);

peer_fn peer_openssl, peer_cryptopp, peer_botan;

/* `cases` random cases for every backend of every cipher of the NULL-terminated
 * list; returns tl_finish(suite). */
int peer_run(const char *suite, const char *peer, const char *const *ciphers, int cases, peer_fn *fn);

#ifdef __cplusplus
}
#endif
#endif
