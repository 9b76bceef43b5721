/* SPDX-License-Identifier: MIT */
/* PIPO, NEON: 16 blocks byte-sliced with least alignment ([PIPO-ARM]
 * section 3.5, Fig. 6): one alignment per batch, round keys pre-arranged
 * per slice in set_key; see pipo_neon.h. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#define PIPO_NEON_LANES 16
#include "pipo/pipo_neon.h"

static void pipo_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_neon_run(encrypt_least, ctx, out, in, nblocks);
}

static void pipo_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_neon_run(decrypt_least, ctx, out, in, nblocks);
}

static void pipo_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_neon_ctr(encrypt_least_ctr, ctx, counter, out, in, nblocks);
}

const kc_block_backend kc_pipo_neon16_least = {
    .head = {
        .name = "neon16-least",
        .summary = "NEON, 16 blocks byte-sliced, one alignment per batch (least alignment)",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(pipo_neon_key),
    },
    .set_key = pipo_neon_set_key,
    .encrypt = pipo_encrypt,
    .decrypt = pipo_decrypt,
    .ctr = pipo_ctr,
    .cbc_encrypt = pipo_neon_cbc,
};
#endif
