/* CTR: the whole block is one big-endian counter, as in the NIST and KISA
 * vectors; keystream is produced a batch of blocks at a time. */
#include <string.h>
#include "core/util.h"
#include "modes/modes.h"

/* counter += 1.  The low 64 bits carry into the rest only on wrap-around. */
static void increment(uint8_t *ctr, size_t bs)
{
    uint64_t low = kc_load64_be(ctr + bs - 8) + 1;
    kc_store64_be(ctr + bs - 8, low);
    for (size_t i = bs - 8; low == 0 && i-- > 0;)
        if (++ctr[i] != 0) break;
}

void kc_ctr_keystream(const kc_cipher *c, uint8_t *ctr, uint8_t *ks)
{
    c->impl->encrypt(c->ctx, ks, ctr, 1);
    increment(ctr, c->block);
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

void kc_ctr_run(const kc_cipher *c, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (c->impl->ctr) {
        if (nblocks) c->impl->ctr(c->ctx, ctr, out, in, nblocks);
        return;
    }
    size_t bs = c->block, per = KC_MODE_BATCH / bs;
    uint8_t ks[KC_MODE_BATCH];
    while (nblocks) {
        size_t n = nblocks < per ? nblocks : per, len = n * bs;
        for (size_t i = 0; i < n; i++) {
            memcpy(ks + i * bs, ctr, bs);
            increment(ctr, bs);
        }
        c->impl->encrypt(c->ctx, ks, ks, n);
        xor_words(out, in, ks, len);
        in += len; out += len; nblocks -= n;
    }
    kc_wipe(ks, sizeof ks);
}
