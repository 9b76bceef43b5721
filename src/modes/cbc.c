/* CBC.  Encryption is inherently serial; decryption batches. */
#include <string.h>
#include "modes/modes.h"

static void xor_into(uint8_t *dst, const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) dst[i] = a[i] ^ b[i];
}

void kc_cbc_encrypt_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block;
    for (size_t i = 0; i < nblocks; i++, in += bs, out += bs) {
        xor_into(iv, iv, in, bs);
        c->impl->encrypt(c->ctx, out, iv, 1);
        memcpy(iv, out, bs);
    }
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
