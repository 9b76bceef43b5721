/* SPDX-License-Identifier: MIT */
/* Multi-buffer CBC encryption: block j of every chain, XORed with its
 * chaining value, is gathered into a lane buffer, the lanes go through one
 * backend encrypt call (its parallel ECB path), and the results are
 * scattered back.  Chains are serial, so this is the only way to fill the
 * SIMD lanes (the parallelism across messages of [RC6-RIJ]). */
#include <string.h>
#include "modes/modes.h"
#include "modes/multibuffer.h"

void kc_cbc_encrypt_multi(const kc_cipher *c, size_t n, uint8_t *const out[],
                          const uint8_t *const in[], uint8_t *const iv[], size_t nblocks)
{
    size_t bs = c->block, lanes = KC_MODE_BATCH / bs;
    uint8_t buf[KC_MODE_BATCH];   /* chaining values: secret for CBC-MAC */
    size_t used = 0;
    if (n == 1 && out[0]) {   /* one chain: the backend's own (maybe fused) CBC */
        kc_cbc_encrypt_run(c, iv[0], out[0], in[0], nblocks);
        return;
    }
    for (size_t first = 0; first < n; first += lanes) {
        size_t m = n - first < lanes ? n - first : lanes;
        if (m * bs > used) used = m * bs;
        for (size_t j = 0; j < nblocks; j++) {
            size_t off = j * bs;
            for (size_t i = 0; i < m; i++) {
                const uint8_t *p = in[first + i] + off, *v = iv[first + i];
                uint8_t *b = buf + i * bs;
                for (size_t k = 0; k < bs; k += 8) {   /* blocks are 8..32 bytes, multiples of 8 */
                    uint64_t x, y;
                    memcpy(&x, p + k, 8);
                    memcpy(&y, v + k, 8);
                    x ^= y;
                    memcpy(b + k, &x, 8);
                }
            }
            c->impl->encrypt(c->ctx, buf, buf, m);
            for (size_t i = 0; i < m; i++) {
                memcpy(iv[first + i], buf + i * bs, bs);
                if (out[first + i]) memcpy(out[first + i] + off, buf + i * bs, bs);
            }
        }
    }
    kc_wipe(buf, used);
}
