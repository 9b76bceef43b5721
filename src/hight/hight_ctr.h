/* SPDX-License-Identifier: MIT */
/* HIGHT CTR over a backend's batch kernel, for hight_simd.h and sse2.c:
 * the includer defines BATCH (bytes a kernel call), HIGHT_BATCH_KEY (its
 * key type) and enc_batch(k, out, in, xin) (out = E(in) ^ xin), then
 * includes this.  The whole block is a big-endian 64-bit counter; a short
 * run goes through a zeroed batch on the stack, wiped after.  An includer
 * that builds the counter blocks in registers defines HIGHT_CTR_BATCH(k,
 * out, in, c), defined after this (out = E(c, c + 1, ...) ^ in, a full
 * batch): full batches then skip the stores and loads of buf. */
#ifndef KC_HIGHT_CTR_H
#define KC_HIGHT_CTR_H

#ifdef HIGHT_CTR_BATCH
static void HIGHT_CTR_BATCH(const HIGHT_BATCH_KEY *k, uint8_t *out, const uint8_t *in, uint64_t c);
#endif

static void hight_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const HIGHT_BATCH_KEY *k = ctx;
    uint64_t c = kc_load64_be(counter);
    uint8_t buf[BATCH];
    while (nblocks) {
        size_t n = nblocks < BATCH / 8 ? nblocks : BATCH / 8;
#ifdef HIGHT_CTR_BATCH
        if (n == BATCH / 8) {
            HIGHT_CTR_BATCH(k, out, in, c);
            c += BATCH / 8;
            in += BATCH; out += BATCH; nblocks -= n;
            continue;
        }
#endif
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
