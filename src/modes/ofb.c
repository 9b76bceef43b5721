/* SPDX-License-Identifier: MIT */
/* OFB ([SP800-38A] 6.4): the keystream is E(IV), E(E(IV)), ...; each block
 * needs the one before, so it is serial whatever the backend.  iv holds the
 * last keystream block. */
#include <string.h>
#include "modes/modes.h"

void kc_ofb_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block;
    if (c->impl->cbc_encrypt && nblocks > 1) {
        /* The keystream is CBC encryption of zeros from IV: the backend's
         * CBC chain (one block in registers at a time) makes it. */
        size_t per = KC_MODE_BATCH / bs;
        uint8_t ks[KC_MODE_BATCH];
        while (nblocks) {
            size_t n = nblocks < per ? nblocks : per, len = n * bs;
            memset(ks, 0, len);
            c->impl->cbc_encrypt(c->ctx, iv, ks, ks, n);
            for (size_t k = 0; k < len; k++) out[k] = in[k] ^ ks[k];
            in += len; out += len; nblocks -= n;
        }
        kc_wipe(ks, sizeof ks);
        return;
    }
    for (size_t i = 0; i < nblocks; i++, in += bs, out += bs) {
        c->impl->encrypt(c->ctx, iv, iv, 1);
        for (size_t k = 0; k < bs; k++) out[k] = in[k] ^ iv[k];
    }
}
