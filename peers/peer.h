/* SPDX-License-Identifier: MIT */
/* Other libraries as "peers": one adapter per library (openssl.c,
 * cryptopp.cpp, botan.cpp, gcrypt.c) behind this C interface, used by the tests'
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
    const char *name;                    /* "openssl", "cryptopp", "botan", "libgcrypt" (bench records) */
    const char *title;                   /* "OpenSSL", "Crypto++", "Botan", "libgcrypt" (messages) */
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

extern const peer_lib peer_openssl, peer_cryptopp, peer_botan, peer_gcrypt;
/* libgcrypt's GCRYCTL_DISABLE_HWF names that KC_CPU_DISABLE masked, comma-separated ("" none). */
const char *peer_gcrypt_masked(void);
/* Crypto++'s and Botan's CPU feature flags that KC_CPU_DISABLE cleared (at
 * load), comma-separated, "" none. */
const char *peer_cryptopp_masked(void);
const char *peer_botan_masked(void);

/* NULL-terminated list of the adapters built in (peers.c). */
extern const peer_lib *const peer_libs[];
/* The adapter named name ("openssl", ...), or NULL when not built in. */
const peer_lib *peer_find(const char *name);

/* One message, one shot (open, update with final, close): the output
 * length, or -1 when the peer lacks the cipher or fails. */
long peer_oneshot(const peer_lib *p, const char *cipher, kc_mode mode, int encrypt, int pad, const uint8_t *key,
                  size_t key_len, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out);

/* GCM */
/* A library's GCM ([SP800-38D]) over "aes-128", "aria-256", "lea-192",
 * "rc6-128", ... (openssl_gcm.c, cryptopp_gcm.cpp, botan_gcm.cpp, gcrypt.c). */
typedef struct peer_gcm {
    const char *name;                    /* as the peer_lib's name */
    /* A keyed context, or NULL when the library lacks the cipher or the key length. */
    void *(*open)(const char *cipher, const uint8_t *key, size_t key_len);
    /* One message: out gets len bytes of ciphertext, tag tag_len bytes.
     * 0, or 1 when the library refuses the IV or tag length, -1 on failure. */
    int (*seal)(void *h, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len,
                const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len);
    /* 0 when the tag verifies (out holds the plaintext), 1 as above, -1 otherwise. */
    int (*open_msg)(void *h, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len,
                    const uint8_t *in, size_t len, uint8_t *out, const uint8_t *tag, size_t tag_len);
    void (*close)(void *h);
} peer_gcm;
extern const peer_gcm peer_gcm_openssl, peer_gcm_cryptopp, peer_gcm_botan, peer_gcm_gcrypt;
/* The GCM adapter of the library named name, or NULL when not built in (gcm_peers.c). */
const peer_gcm *peer_gcm_find(const char *name);

/* CCM, CMAC, CFB, OFB */
/* A library's CFB (full-block feedback), OFB, CMAC ([SP800-38B]) and CCM
 * ([SP800-38C]) over "aes-128", "aria-256", "lea-192", "rc6-128", ...
 * (openssl_modes.c, cryptopp_modes.cpp, botan_modes.cpp).  Each returns 0, 1 when the
 * library lacks the cipher (or the nonce/tag length), -1 on failure (and a
 * CCM tag that does not verify). */
typedef struct peer_modes {
    const char *name;                    /* as the peer_lib's name */
    /* mode KC_MODE_CFB or KC_MODE_OFB; in[0..len) into out, any len. */
    int (*stream)(const char *cipher, kc_mode mode, int encrypt, const uint8_t *key, size_t key_len,
                  const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out);
    /* The full tag (the cipher's block) of msg into tag. */
    int (*cmac)(const char *cipher, const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len, uint8_t *tag);
    /* encrypt: out gets len bytes of ciphertext then tag_len bytes of tag;
     * decrypt: in is len bytes of ciphertext then the tag, out the plaintext. */
    int (*ccm)(const char *cipher, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *nonce,
               size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len, size_t tag_len,
               uint8_t *out);
} peer_modes;
extern const peer_modes peer_modes_openssl, peer_modes_cryptopp, peer_modes_botan;
/* The adapter of the library named name, or NULL when not built in (modes_peers.c). */
const peer_modes *peer_modes_find(const char *name);

#ifdef __cplusplus
}
#endif
#endif
