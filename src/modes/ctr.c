/* SPDX-License-Identifier: MIT */
/* CTR: the whole block is one big-endian counter, as in the NIST and KISA
 * vectors; keystream is produced a batch of blocks at a time. */
#include <string.h>
#include "core/ctr_blocks.h"
#include "modes/modes.h"

void kc_ctr_keystream(const kc_cipher *c, uint8_t *ctr, uint8_t *ks)
{
    c->impl->encrypt(c->ctx, ks, ctr, 1);
    kc_ctr_increment(ctr, c->block);
}

void kc_ctr_run(const kc_cipher *c, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (c->impl->ctr) {
        if (nblocks) c->impl->ctr(c->ctx, ctr, out, in, nblocks);
        return;
    }
    kc_ctr_generic(c->impl->encrypt, c->ctx, c->block, ctr, out, in, nblocks);
}
