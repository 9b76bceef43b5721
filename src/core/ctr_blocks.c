/* SPDX-License-Identifier: MIT */
/* CTR over a one-key encrypt function (see ctr_blocks.h): counter blocks a
 * batch at a time, encrypted in one call, XORed into the input. */
#include <string.h>
#include "kcipher.h"   /* kc_wipe */
#include "core/ctr_blocks.h"
#include "core/util.h"

/* counter += 1.  The low 64 bits carry into the rest only on wrap-around. */
void kc_ctr_increment(uint8_t *ctr, size_t bs)
{
    uint64_t low = kc_load64_be(ctr + bs - 8) + 1;
    kc_store64_be(ctr + bs - 8, low);
    for (size_t i = bs - 8; low == 0 && i-- > 0;)
        if (++ctr[i] != 0) break;
}

static void xor_words(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t a, b;
        memcpy(&a, in + i, 8);
        memcpy(&b, ks + i, 8);
        a ^= b;
        memcpy(out + i, &a, 8);
    }
    for (; i < len; i++) out[i] = in[i] ^ ks[i];
}

/* Writes n consecutive counter blocks from ctr into blocks and advances ctr.
 * The prefix above the low 64 bits is rewritten only where it changes (first
 * call, or a carry), so the common case stores one 64-bit word per block. */
static void fill_counters(uint8_t *blocks, size_t n, uint8_t *ctr, size_t bs, int *prefix_valid)
{
    uint64_t low = kc_load64_be(ctr + bs - 8);
    if (low > UINT64_MAX - n) {          /* a carry inside this batch: block by block */
        for (size_t i = 0; i < n; i++) {
            memcpy(blocks + i * bs, ctr, bs);
            kc_ctr_increment(ctr, bs);
        }
        *prefix_valid = 0;
        return;
    }
    if (!*prefix_valid) {
        for (size_t i = 0; i < n; i++) memcpy(blocks + i * bs, ctr, bs - 8);
        *prefix_valid = 1;
    }
    for (size_t i = 0; i < n; i++) kc_store64_be(blocks + i * bs + bs - 8, low + i);
    kc_store64_be(ctr + bs - 8, low + n);
}

void kc_ctr_generic(void (*encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t n),
                    const void *ctx, size_t bs, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t per = KC_CTR_BATCH / bs;
    uint8_t counters[KC_CTR_BATCH], ks[KC_CTR_BATCH];
    int prefix_valid = 0;
    size_t used = (nblocks < per ? nblocks : per) * bs;   /* keystream bytes to wipe */
    while (nblocks) {
        size_t n = nblocks < per ? nblocks : per, len = n * bs;
        fill_counters(counters, n, ctr, bs, &prefix_valid);
        encrypt(ctx, ks, counters, n);
        xor_words(out, in, ks, len);
        in += len; out += len; nblocks -= n;
    }
    kc_wipe(ks, used);   /* counters are public */
}

void kc_ctr_runs(kc_ctr_run_fn *kernel, size_t batch, size_t small,
                 void (*encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t n),
                 const void *ctx, size_t bs, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    uint32_t low = kc_load32_be(ctr + bs - 4);
    while (nblocks > small) {   /* counters are public: branching on them is fine */
        uint64_t room = (uint64_t)UINT32_MAX + 1 - low;   /* blocks before the low word wraps */
        size_t n = nblocks < batch ? nblocks : batch;
        if (n > room) n = (size_t)room;
        for (size_t i = 0; i < n * bs; i += 64) __builtin_prefetch(in + i);   /* the kernel reads it only at its end */
        kernel(ctx, ctr, low, out, in, n);
        low += (uint32_t)n;
        for (size_t i = bs - 4; low == 0 && i-- > 0;)   /* the carry out of the low word */
            if (++ctr[i] != 0) break;
        in += n * bs; out += n * bs; nblocks -= n;
    }
    kc_store32_be(ctr + bs - 4, low);
    if (nblocks) kc_ctr_generic(encrypt, ctx, bs, ctr, out, in, nblocks);
}
