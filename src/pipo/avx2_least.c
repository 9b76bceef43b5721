/* SPDX-License-Identifier: MIT */
/* PIPO, AVX2: 32 blocks byte-sliced in ymm registers with least alignment
 * ([PIPO-ARM] Fig. 6): one transpose per batch, round keys pre-arranged per
 * slice in set_key; see pipo_x86.h. */
#include "core/arch.h"
#if KC_ARCH_X86
#define PIPO_WIDTH 256
#include "pipo/pipo_x86.h"

PIPO_BATCHES(encrypt_least)
PIPO_CTR_BATCHES(encrypt_least)
PIPO_BATCHES(decrypt_least)

static void pipo_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_x86_run(encrypt_least_g, encrypt_least_1, ctx, out, in, nblocks);
}

static void pipo_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_x86_run(decrypt_least_g, decrypt_least_1, ctx, out, in, nblocks);
}

static void pipo_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_x86_ctr(encrypt_least_ctrg, encrypt_least_ctr1, ctx, counter, out, in, nblocks);
}

const kc_block_backend kc_pipo_avx2_least = {
    .head = {
        .name = "avx2-least",
        .summary = "AVX2, 32 blocks byte-sliced, one transpose per batch (least alignment)",
        .cpu = KC_CPU_AVX2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(pipo_sliced_key),
    },
    .set_key = pipo_sliced_set_key,
    .encrypt = pipo_encrypt,
    .decrypt = pipo_decrypt,
    .ctr = pipo_ctr,
    .cbc_encrypt = pipo_sliced_cbc,
};
KC_TARGET_END
#endif
