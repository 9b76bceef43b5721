/* SPDX-License-Identifier: MIT */
/* OFB ([SP800-38A] 6.4): the keystream is E(IV), E(E(IV)), ...; each block
 * needs the one before, so it is serial whatever the backend.  iv holds the
 * last keystream block. */
#include "modes/modes.h"

void kc_ofb_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block;
    for (size_t i = 0; i < nblocks; i++, in += bs, out += bs) {
        c->impl->encrypt(c->ctx, iv, iv, 1);
        for (size_t k = 0; k < bs; k++) out[k] = in[k] ^ iv[k];
    }
}
