/* SPDX-License-Identifier: MIT */
/* HIGHT CTR over a backend's batch kernel, for hight_simd.h and sse2.c:
 * the includer defines BATCH (bytes a kernel call), HIGHT_BATCH_KEY (its
 * key type) and enc_batch(k, out, in, xin) (out = E(in) ^ xin), then
 * includes this.  The whole block is a big-endian 64-bit counter; a short
 * run goes through a zeroed batch on the stack, wiped after. */
#ifndef KC_HIGHT_CTR_H
#define KC_HIGHT_CTR_H

static void hight_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const HIGHT_BATCH_KEY *k = ctx;
    uint64_t c = kc_load64_be(counter);
    uint8_t buf[BATCH];
    while (nblocks) {
        size_t n = nblocks < BATCH / 8 ? nblocks : BATCH / 8;
        for (size_t j = 0; j < n; j++) kc_store64_be(buf + 8 * j, c++);
        if (n == BATCH / 8) {
            enc_batch(k, out, buf, in);
        } else {
            uint8_t x[BATCH];
            memset(x, 0, sizeof x);
            memcpy(x, in, 8 * n);
            enc_batch(k, x, buf, x);
            memcpy(out, x, 8 * n);
            kc_wipe(x, sizeof x);
        }
        in += 8 * n; out += 8 * n; nblocks -= n;
    }
    kc_store64_be(counter, c);
    kc_wipe(buf, sizeof buf);
}

#endif
