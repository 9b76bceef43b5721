/* SPDX-License-Identifier: MIT */
/* LSH (KS X 3262): what the backends of LSH-256 (32-bit words, 128-byte
 * blocks, 26 steps) and LSH-512 (64-bit words, 256-byte blocks, 28 steps)
 * share.  State: the chaining value, 16 native words, cv_l then cv_r.
 * Variants: the output bits. */
#ifndef KC_LSH_H
#define KC_LSH_H
#include "core/backend.h"

extern const uint32_t kc_lsh256_sc[26][8];
extern const uint64_t kc_lsh512_sc[28][8];

void kc_lsh256_init(void *state, unsigned variant);
size_t kc_lsh256_pad(uint8_t *buf, size_t len, uint64_t total);
void kc_lsh256_output(const void *state, uint8_t *out, size_t out_len);
void kc_lsh512_init(void *state, unsigned variant);
size_t kc_lsh512_pad(uint8_t *buf, size_t len, uint64_t total);
void kc_lsh512_output(const void *state, uint8_t *out, size_t out_len);

#define KC_LSH256_COMMON \
    .block_bytes = 128, .init = kc_lsh256_init, .pad = kc_lsh256_pad, .output = kc_lsh256_output
#define KC_LSH512_COMMON \
    .block_bytes = 256, .init = kc_lsh512_init, .pad = kc_lsh512_pad, .output = kc_lsh512_output

#endif
