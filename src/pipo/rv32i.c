/* SPDX-License-Identifier: MIT */
/* PIPO, RV32I assembly (rv32i.S) after [RV32-KBC]:
 * eight byte registers, bitsliced S-layer, masked byte rotations, and the
 * key schedule fused into encryption, so the "schedule" here only keeps the
 * master key.  Bitwise operations and fixed shifts only: constant time. */
#include "core/arch.h"
#if KC_ARCH_RV32
#include "pipo/rv32i.h"

/* The layout rv32i.S hard-codes (pipo_rv32i_key in rv32i.h). */
_Static_assert(offsetof(pipo_rv32i_key, key) == 0, "rv32i.S: master key at offset 0");
_Static_assert(offsetof(pipo_rv32i_key, rounds) == 32, "rv32i.S: ROUNDS");
_Static_assert(offsetof(pipo_rv32i_key, key_mask) == 36, "rv32i.S: KEY_MASK");

static kc_status pipo_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    (void)block_len;
    return pipo_rv32i_set_key(ctx, key, key_len);
}

static void pipo_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_pipo_rv32i_enc(ctx, out, in, nblocks);
}

static void pipo_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_pipo_rv32i_dec(ctx, out, in, nblocks);
}

const kc_block_backend kc_pipo_rv32i = {
    .head = {
        .name = "rv32i",
        .summary = "RV32I assembly, 8 byte registers, fused key schedule ([RV32-KBC])",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(pipo_rv32i_key),
    },
    .set_key = pipo_set_key,
    .encrypt = pipo_encrypt,
    .decrypt = pipo_decrypt,
};
#endif
