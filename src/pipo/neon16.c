/* SPDX-License-Identifier: MIT */
/* PIPO, NEON: 16 blocks byte-sliced, aligned before the S-layer and back after
 * the R-layer every round ([PIPO-ARM]'s general implementation, Fig. 4): see
 * pipo_neon.h. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#define PIPO_NEON_LANES 16
#include "pipo/pipo_neon.h"

static void pipo_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_neon_run(encrypt_general, ctx, out, in, nblocks);
}

static void pipo_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_neon_run(decrypt_general, ctx, out, in, nblocks);
}

static void pipo_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    pipo_neon_ctr(encrypt_general_ctr, ctx, counter, out, in, nblocks);
}

const kc_block_backend kc_pipo_neon16 = {
    .head = {
        .name = "neon16",
        .summary = "NEON, 16 blocks byte-sliced, realigned ([PIPO-ARM] Table 5) every round",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(pipo_key),
    },
    .set_key = pipo_set_key,
    .encrypt = pipo_encrypt,
    .decrypt = pipo_decrypt,
    .ctr = pipo_ctr,
    .cbc_encrypt = kc_pipo_cbc_encrypt,
};
#endif
