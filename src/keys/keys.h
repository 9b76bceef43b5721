/* SPDX-License-Identifier: MIT */
/* Internals of the key functions (src/keys/): whether this build has files
 * and processes, and the key-text rule shared by key files, KEK sources and
 * the keyring. */
#ifndef KC_KEYS_H
#define KC_KEYS_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"

/* Files, processes and an OS random source: not on bare metal. */
#if (defined(__unix__) || defined(__APPLE__)) && !defined(KC_NO_OS)
#define KC_KEYS_OS 1
#else
#define KC_KEYS_OS 0
#endif

/* The key in n bytes of buf (a key file's content, a KEK command's output)
 * by the rule of kc_key_load_file: KC_OK, KC_ERR_FORMAT or
 * KC_ERR_OUTPUT_TOO_SMALL with why; key untouched on error. */
kc_status kc_key_parse(const uint8_t *buf, size_t n, uint8_t *key, size_t key_cap, size_t *key_len,
                       const char *what, char *why, size_t why_cap);
/* Hex digit value or -1. */
int kc_hexval(int c);

/* The cipher whose key a name takes: itself, or the block cipher under a
 * mode, MAC, AEAD or FF name; NULL when unknown (kcv.c). */
const kc_cipher_info *kc_key_cipher(const char *name);

/* KEK sources (kek.c): "file:PATH", "env:VAR", "cmd:COMMAND", "pkcs11:URI".
 * Wrap: key under the source's KEK; alg (KC_KEK_ALG_MAX bytes) gets what
 * was done, "kwp-aes-128|192|256" (by the KEK's length) or "pkcs11".
 * Unwrap: the same alg and source.  KC_ERR_KEK (source unusable, with why),
 * KC_ERR_UNWRAP (wrong KEK or damaged), KC_ERR_OUTPUT_TOO_SMALL. */
#define KC_KEK_ALG_MAX 32
kc_status kc_kek_wrap(const char *source, const uint8_t *key, size_t key_len, char alg[KC_KEK_ALG_MAX],
                      uint8_t *out, size_t out_cap, size_t *out_len, char *why, size_t why_cap);
kc_status kc_kek_unwrap(const char *source, const char *alg, const uint8_t *in, size_t in_len,
                        uint8_t *key, size_t key_cap, size_t *key_len, char *why, size_t why_cap);
#endif
