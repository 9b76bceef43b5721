/* FEA, table: S-box and diffusion merged into eight 256 x 64-bit tables
 * (16 KiB), eight look-ups per SP -- the paper's "look-up table applied"
 * variant.  Secret-indexed loads: not constant time. */
#include "fea/fea_common.h"
#include "fea/table_data.h"

static uint64_t sp(uint64_t w)
{
    return FEA_T[0][w >> 56] ^ FEA_T[1][(w >> 48) & 0xff] ^ FEA_T[2][(w >> 40) & 0xff]
         ^ FEA_T[3][(w >> 32) & 0xff] ^ FEA_T[4][(w >> 24) & 0xff] ^ FEA_T[5][(w >> 16) & 0xff]
         ^ FEA_T[6][(w >> 8) & 0xff] ^ FEA_T[7][w & 0xff];
}

static kc_status set_key(void *ctx, int variant, const uint8_t *key, size_t key_len, unsigned n_bits)
{
    return fea_expand_key(ctx, variant, key, key_len, n_bits, sp);
}

static void encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride)
{
    fea_crypt(ctx, out, in, count, tweak, tweak_stride, 0, sp);
}

static void decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride)
{
    fea_crypt(ctx, out, in, count, tweak, tweak_stride, 1, sp);
}

const kc_fea_backend kc_fea_table = {
    { "table", "combined S-box + diffusion tables, 8 x 256 x 64-bit (not constant time)",
      0, 0, sizeof(fea_ctx) },
    set_key, encrypt, decrypt
};
