/* SPDX-License-Identifier: MIT */
/* PIPO, AVX-512: 64 blocks byte-sliced in zmm registers, realigned every round
 * ([PIPO-ARM]'s "general" implementation, Fig. 4): see pipo_x86.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#define PIPO_WIDTH 512
#include "pipo/pipo_x86.h"

PIPO_BATCHES(encrypt_realign)
PIPO_CTR_BATCHES(encrypt_realign)
PIPO_BATCHES(decrypt_realign)

static void pipo_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_x86_run(encrypt_realign_g, encrypt_realign_1, ctx, out, in, nblocks);
}

static void pipo_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_x86_run(decrypt_realign_g, decrypt_realign_1, ctx, out, in, nblocks);
}

static void pipo_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_x86_ctr(encrypt_realign_ctrg, encrypt_realign_ctr1, ctx, counter, out, in, nblocks);
}

const kc_block_backend kc_pipo_avx512 = {
    .head = {
        .name = "avx512",
        .summary = "AVX-512BW + GFNI, 64 blocks byte-sliced, transposed and back every round",
        .cpu = KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_GFNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(pipo_key),
    },
    .set_key = pipo_set_key,
    .encrypt = pipo_encrypt,
    .decrypt = pipo_decrypt,
    .ctr = pipo_ctr,
    .cbc_encrypt = kc_pipo_cbc_encrypt,
};
KC_TARGET_END
#endif
