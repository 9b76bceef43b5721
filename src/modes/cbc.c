/* SPDX-License-Identifier: MIT */
/* CBC.  Encryption is inherently serial; decryption batches. */
#include <string.h>
#include "modes/modes.h"

static void xor_into(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) dst[i] = a[i] ^ b[i];
}

/* The previous ciphertext block is read where it was written, so the
 * chaining value goes through memory once per block. */
void kc_cbc_encrypt_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block;
    if (!nblocks) return;
    if (c->impl->cbc_encrypt) { c->impl->cbc_encrypt(c->ctx, iv, out, in, nblocks); return; }
    const uint8_t *prev = iv;
    for (size_t i = 0; i < nblocks; i++, in += bs, out += bs) {
        xor_into(out, in, prev, bs);
        c->impl->encrypt(c->ctx, out, out, 1);
        prev = out;
    }
    memcpy(iv, prev, bs);
}

void kc_cbc_decrypt_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block, per = KC_MODE_BATCH / bs;
    uint8_t saved[KC_MODE_BATCH];   /* ciphertext of the batch: out may be in */
    while (nblocks) {
        size_t n = nblocks < per ? nblocks : per, len = n * bs;
        memcpy(saved, in, len);
        c->impl->decrypt(c->ctx, out, saved, n);
        xor_into(out, out, iv, bs);
        xor_into(out + bs, out + bs, saved, len - bs);
        memcpy(iv, saved + len - bs, bs);
        in += len; out += len; nblocks -= n;
    }
}
