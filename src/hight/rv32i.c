/* SPDX-License-Identifier: MIT */
/* HIGHT, RV32I assembly (rv32i.S): the eight state bytes in eight
 * registers, F0/F1 as shifts of the byte taken twice.  The key schedule of
 * hight_common.h.  Constant time. */
#include "core/arch.h"
#if KC_ARCH_RV32
#include "core/backend.h"
#include "hight/hight_common.h"

/* The layout rv32i.S hard-codes: wk[8], then sk[128]. */
_Static_assert(offsetof(hight_key, wk) == 0 && offsetof(hight_key, sk) == 8, "rv32i.S: hight_key layout");

void kc_hight_rv32i_enc(const hight_key *k, uint8_t *out, const uint8_t *in, size_t nblocks);
void kc_hight_rv32i_dec(const hight_key *k, uint8_t *out, const uint8_t *in, size_t nblocks);

static void hight_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_hight_rv32i_enc(ctx, out, in, nblocks);
}

static void hight_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_hight_rv32i_dec(ctx, out, in, nblocks);
}

const kc_block_backend kc_hight_rv32i = {
    .head = {
        .name = "rv32i",
        .summary = "RV32I assembly, state in eight registers",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(hight_key),
    },
    .set_key = hight_set_key,
    .encrypt = hight_encrypt,
    .decrypt = hight_decrypt,
};
#endif
