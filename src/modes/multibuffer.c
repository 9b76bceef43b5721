/* SPDX-License-Identifier: MIT */
/* Multi-buffer CBC encryption: lane i of a buffer holds chain i's chaining
 * value; block j of every chain is XORed into its lane, all lanes go
 * through one backend encrypt call (its parallel ECB path), and the lanes,
 * now the ciphertext blocks, are copied out and chain on.  Chains are
 * serial, so this is the way to fill the SIMD lanes (the parallelism across
 * messages of [RC6-RIJ]). */
#include <string.h>
#include "modes/modes.h"
#include "modes/multibuffer.h"

/* 16 bytes as one value (a register where there are vector registers):
 * a lane is read back whole as the backend stored it, which store
 * forwarding handles, where two 8-byte halves of it may stall. */
typedef uint8_t v16 __attribute__((vector_size(16)));

/* m <= KC_MODE_BATCH / bs chains; bs constant after inlining, so the
 * copies and XORs are a few loads and stores. */
static inline __attribute__((always_inline))
void chains(const kc_cipher *c, const size_t bs, size_t m, uint8_t *const out[], const uint8_t *const in[],
            uint8_t *const iv[], size_t nblocks, uint8_t *buf)
{
    for (size_t i = 0; i < m; i++) memcpy(buf + i * bs, iv[i], bs);
    for (size_t j = 0; j < nblocks; j++) {
        size_t off = j * bs;
        for (size_t i = 0; i < m; i++) {
            uint8_t *b = buf + i * bs;
            const uint8_t *p = in[i] + off;
            size_t k = 0;
            for (; k + 16 <= bs; k += 16) {   /* whole 16-byte words: the encrypt call stored b so */
                v16 x, y;
                memcpy(&x, p + k, 16);
                memcpy(&y, b + k, 16);
                x ^= y;
                memcpy(b + k, &x, 16);
            }
            if (k < bs) {
                uint64_t x, y;
                memcpy(&x, p + k, 8);
                memcpy(&y, b + k, 8);
                x ^= y;
                memcpy(b + k, &x, 8);
            }
        }
        c->impl->encrypt(c->ctx, buf, buf, m);
        for (size_t i = 0; i < m; i++)
            if (out[i]) memcpy(out[i] + off, buf + i * bs, bs);
    }
    for (size_t i = 0; i < m; i++) memcpy(iv[i], buf + i * bs, bs);
}

void kc_cbc_encrypt_multi(const kc_cipher *c, size_t n, uint8_t *const out[],
                          const uint8_t *const in[], uint8_t *const iv[], size_t nblocks)
{
    size_t bs = c->block, lanes = KC_MODE_BATCH / bs;
    uint8_t buf[KC_MODE_BATCH];   /* chaining values: secret for CBC-MAC */
    if (n == 1 && out[0]) {   /* one chain: the backend's own (maybe fused) CBC */
        kc_cbc_encrypt_run(c, iv[0], out[0], in[0], nblocks);
        return;
    }
    for (size_t first = 0; first < n; first += lanes) {
        size_t m = n - first < lanes ? n - first : lanes;
        if (m > 1 && c->impl->cbc_encrypt_multi) {   /* the backend's own: chains in registers */
            c->impl->cbc_encrypt_multi(c->ctx, m, out + first, in + first, iv + first, nblocks);
            continue;
        }
        switch (bs) {   /* 8, 16, 24 or 32 */
        case 8: chains(c, 8, m, out + first, in + first, iv + first, nblocks, buf); break;
        case 16: chains(c, 16, m, out + first, in + first, iv + first, nblocks, buf); break;
        case 24: chains(c, 24, m, out + first, in + first, iv + first, nblocks, buf); break;
        default: chains(c, 32, m, out + first, in + first, iv + first, nblocks, buf); break;
        }
    }
    kc_wipe(buf, (n < lanes ? n : lanes) * bs);
}
