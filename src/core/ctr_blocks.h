/* SPDX-License-Identifier: MIT */
/* CTR over any one-key block encrypt function: the mode layer's CTR for
 * backends without a fused kernel, and the fallback of backends that fuse
 * only some block sizes.  It lives here, below both, so that backends need
 * nothing from src/modes.  The whole block is one big-endian counter. */
#ifndef KC_CTR_BLOCKS_H
#define KC_CTR_BLOCKS_H
#include <stddef.h>
#include <stdint.h>
#include "core/util.h"

#define KC_CTR_BATCH 2048   /* bytes of counter blocks per encrypt call: 128 AES blocks, the widest SIMD pass and more */

/* XORs the keystream of nblocks bs-byte blocks from ctr into in; ctr is
 * advanced in place.  out == in is allowed. */
void kc_ctr_generic(void (*encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t n),
                    const void *ctx, size_t bs, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);

/* Fused CTR kernels run on a run of n = 1..batch blocks whose counters
 * differ only in their last 32-bit word (big-endian): the counter blocks
 * are ctr with that word replaced by low, low + 1, ..., low + n - 1 (no
 * wrap), which the kernel builds in registers.  low comes in a register,
 * not through ctr: a 16-byte load of a counter just stored 4 bytes at a
 * time would stall on store forwarding at every call. */
typedef void kc_ctr_run_fn(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in,
                           size_t n);

/* CTR through such a kernel: runs of up to batch blocks cut where the low
 * word wraps (the carry goes into the bytes above here); a last `small`
 * blocks or fewer go through kc_ctr_generic with encrypt (the backend's
 * one-block path is faster for them).  ctr is advanced in place; its last
 * word in memory is stale while kernels run (they get it as low). */
void kc_ctr_runs(kc_ctr_run_fn *kernel, size_t batch, size_t small,
                 void (*encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t n),
                 const void *ctx, size_t bs, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks);

/* The fused CTR kernels of the 32-bit word ciphers (LEA, CHAM-128), which
 * make their counter blocks in the word-sliced layout: within a run that
 * does not wrap the counter's low 32 bits, words X0..X2 are the same in
 * every block (x012, the counter's first 12 bytes as little-endian words)
 * and only X3, from the big-endian low word, differs.  A kernel XORs the
 * keystream of n = 1..batch blocks from low into in. */
typedef void kc_ctr_words_fn(const void *ctx, const uint32_t x012[3], uint32_t low, uint8_t *out,
                             const uint8_t *in, size_t n);

/* CTR through such a kernel: runs that do not wrap the low word, the carry
 * into the words above between them; counter advanced in place. */
static inline void kc_ctr_word_runs(kc_ctr_words_fn *kernel, size_t batch, const void *ctx, uint8_t *counter,
                                    uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint32_t w[4], x012[3];   /* w: the counter as big-endian words */
    for (unsigned i = 0; i < 4; i++) w[i] = kc_load32_be(counter + 4 * i);
    while (nblocks) {
        uint64_t room = (1ull << 32) - w[3];          /* blocks before the low word wraps */
        size_t run = nblocks < room ? nblocks : (size_t)room;
        for (unsigned i = 0; i < 3; i++) x012[i] = kc_load32_le(counter + 4 * i);
        for (size_t done = 0; done < run; done += batch) {
            size_t n = run - done < batch ? run - done : batch;
            kernel(ctx, x012, w[3] + (uint32_t)done, out + 16 * done, in + 16 * done, n);
        }
        w[3] += (uint32_t)run;
        for (int i = 2; w[3] == 0 && i >= 0 && ++w[i] == 0; i--) {}   /* carry on a wrap */
        for (unsigned i = 0; i < 4; i++) kc_store32_be(counter + 4 * i, w[i]);
        out += 16 * run; in += 16 * run; nblocks -= run;
    }
}

/* counter += 1 over bs bytes. */
void kc_ctr_increment(uint8_t *ctr, size_t bs);

#endif
