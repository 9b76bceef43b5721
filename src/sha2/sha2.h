/* SPDX-License-Identifier: MIT */
/* SHA-2 (FIPS 180-4): what the backends of the two compression functions
 * share.  States: SHA-256 eight uint32_t, SHA-512 eight uint64_t (the
 * chaining value H, native words).  Variants: the output bits (224/256 on
 * SHA-256; 384, 512, 224 and 256 on SHA-512, the last two SHA-512/t). */
#ifndef KC_SHA2_H
#define KC_SHA2_H
#include "core/backend.h"

extern const uint32_t kc_sha256_k[64];
extern const uint64_t kc_sha512_k[80];

void kc_sha256_init(void *state, unsigned variant);
size_t kc_sha256_pad(uint8_t *buf, size_t len, uint64_t total);
void kc_sha256_output(const void *state, uint8_t *out, size_t out_len);
void kc_sha512_init(void *state, unsigned variant);
size_t kc_sha512_pad(uint8_t *buf, size_t len, uint64_t total);
void kc_sha512_output(const void *state, uint8_t *out, size_t out_len);

/* The fields every SHA-256 / SHA-512 backend descriptor has. */
#define KC_SHA256_COMMON \
    .block_bytes = 64, .init = kc_sha256_init, .pad = kc_sha256_pad, .output = kc_sha256_output
#define KC_SHA512_COMMON \
    .block_bytes = 128, .init = kc_sha512_init, .pad = kc_sha512_pad, .output = kc_sha512_output

#endif
