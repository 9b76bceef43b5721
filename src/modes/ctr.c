/* CTR: the whole block is one big-endian counter, as in the NIST and KISA
 * vectors; keystream is produced a batch of blocks at a time. */
#include <string.h>
#include "modes/modes.h"

static void increment(uint8_t *ctr, size_t bs)
{
    unsigned carry = 1;
    for (size_t i = bs; i-- > 0;) {
        carry += ctr[i];
        ctr[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

void kc_ctr_keystream(const kc_cipher *c, uint8_t *ctr, uint8_t *ks)
{
    c->impl->encrypt(c->ctx, ks, ctr, 1);
    increment(ctr, c->block);
}

void kc_ctr_run(const kc_cipher *c, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block, per = KC_MODE_BATCH / bs;
    uint8_t ks[KC_MODE_BATCH];
    while (nblocks) {
        size_t n = nblocks < per ? nblocks : per, len = n * bs;
        for (size_t i = 0; i < n; i++) {
            memcpy(ks + i * bs, ctr, bs);
            increment(ctr, bs);
        }
        c->impl->encrypt(c->ctx, ks, ks, n);
        for (size_t i = 0; i < len; i++) out[i] = in[i] ^ ks[i];
        in += len; out += len; nblocks -= n;
    }
    kc_wipe(ks, sizeof ks);
}
