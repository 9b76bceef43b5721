/* SPDX-License-Identifier: MIT */
/* The block loop of the word-sliced SIMD backends (LEA, RC6): full batches
 * through the backend's batch kernel, then the tail.  A kernel that masks
 * its loads and stores takes the tail in place; otherwise the tail is
 * padded with zeros on the stack.  A lone block goes to the one-block
 * backend (the reference code), which is faster for it. */
#ifndef KC_SIMD_BLOCKS_H
#define KC_SIMD_BLOCKS_H
#include <string.h>
#include "core/backend.h"

#define KC_SIMD_MAX_BATCH 64   /* blocks per kernel call, at most */

/* n = 2..batch blocks of 16 bytes (exactly batch unless the kernel masks). */
typedef void kc_batch_fn(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int enc);

/* Inlined so that kernel is a direct call the compiler can specialise for
 * n = batch. */
static inline __attribute__((always_inline))
void kc_simd_blocks(kc_batch_fn *kernel, size_t batch, int masked, const kc_block_backend *one,
                    const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    for (; nblocks >= batch; nblocks -= batch, in += 16 * batch, out += 16 * batch)
        kernel(ctx, out, in, batch, enc);
    if (nblocks > 1 && masked) {
        kernel(ctx, out, in, nblocks, enc);
    } else if (nblocks > 1) {
        uint8_t buf[16 * KC_SIMD_MAX_BATCH];
        memset(buf, 0, 16 * batch);
        memcpy(buf, in, 16 * nblocks);
        kernel(ctx, buf, buf, nblocks, enc);
        memcpy(out, buf, 16 * nblocks);
        kc_wipe(buf, 16 * batch);
    } else if (nblocks) {
        (enc ? one->encrypt : one->decrypt)(ctx, out, in, 1);
    }
}

#endif
