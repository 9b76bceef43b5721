/* SPDX-License-Identifier: MIT */
/* Whole-block mode kernels over a keyed cipher.  iv is the chaining value
 * (CBC) or counter block (CTR) and is advanced in place.  out == in is
 * allowed.  They batch blocks through the backend's multi-block entry point
 * so SIMD backends run at full width. */
#ifndef KC_MODES_H
#define KC_MODES_H
#include "core/objects.h"

#define KC_MODE_BATCH 2048  /* bytes per batch: 128 AES blocks, the widest SIMD pass and more */

void kc_ecb_run(const kc_cipher *c, int encrypt, uint8_t *out, const uint8_t *in, size_t nblocks);
void kc_cbc_encrypt_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void kc_cbc_decrypt_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void kc_ctr_run(const kc_cipher *c, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
/* Next keystream block into ks, advancing the counter. */
void kc_ctr_keystream(const kc_cipher *c, uint8_t *ctr, uint8_t *ks);
/* CFB (full-block feedback) and OFB; iv is the feedback block, advanced in
 * place.  kc_cfb_decrypt_par splits large inputs across the thread pool. */
void kc_cfb_encrypt_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void kc_cfb_decrypt_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void kc_cfb_decrypt_par(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
void kc_ofb_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
/* CTR, CFB and OFB take any length and no padding. */
static inline int kc_mode_is_stream(kc_mode m) { return m == KC_MODE_CTR || m == KC_MODE_CFB || m == KC_MODE_OFB; }

/* The bulk kernels a one-shot call or a stream runs whole blocks through:
 * the serial ones above, or the parallel ones (bulk.c) that
 * split large inputs across the thread pool with identical results. */
typedef struct kc_mode_kernels {
    void (*ecb)(const kc_cipher *c, int encrypt, uint8_t *out, const uint8_t *in, size_t nblocks);
    void (*cbc_decrypt)(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
    void (*ctr)(const kc_cipher *c, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);
} kc_mode_kernels;
extern const kc_mode_kernels kc_serial_kernels, kc_parallel_kernels;

/* PKCS#7: pads the len < block bytes of in into one block; checks and strips. */
void kc_pkcs7_pad(uint8_t *block, const uint8_t *in, size_t len, size_t bs);
/* Returns the unpadded length of the final block, or -1 (constant time in the data). */
int kc_pkcs7_unpad_len(const uint8_t *block, size_t bs);

#endif
