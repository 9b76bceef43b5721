/* SPDX-License-Identifier: MIT */
/* LEA, RV32I assembly (rv32i.S): the paper's four word registers, rotations
 * from sll/srl/or.  The key schedule is the shared C one.  ARX only:
 * constant time. */
#include "core/arch.h"
#if KC_ARCH_RV32
#include <string.h>
#include "core/backend.h"
#include "lea/lea_common.h"

/* The layout rv32i.S hard-codes: ROUNDS_OFFSET, 24-byte round keys. */
_Static_assert(offsetof(lea_key, rk) == 0, "rv32i.S: lea_key starts with the round keys");
_Static_assert(sizeof((lea_key *)0)->rk[0] == 24, "rv32i.S: 6 words per round key (96 bytes per 4 rounds)");
_Static_assert(offsetof(lea_key, rounds) == 768, "rv32i.S: ROUNDS_OFFSET");

typedef void lea_asm_fn(const lea_key *k, uint8_t *out, const uint8_t *in, size_t nblocks);
lea_asm_fn kc_lea_rv32i_enc, kc_lea_rv32i_dec;

/* The assembly moves whole words: unaligned buffers go through an aligned copy. */
static void run(lea_asm_fn *fn, const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if ((((uintptr_t)out | (uintptr_t)in) & 3) == 0) {
        fn(ctx, out, in, nblocks);
        return;
    }
    uint32_t buf[16];
    while (nblocks) {
        size_t n = nblocks < 4 ? nblocks : 4;
        memcpy(buf, in, 16 * n);
        fn(ctx, (uint8_t *)buf, (const uint8_t *)buf, n);
        memcpy(out, buf, 16 * n);
        in += 16 * n; out += 16 * n; nblocks -= n;
    }
    kc_wipe(buf, sizeof buf);
}

static void lea_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    run(kc_lea_rv32i_enc, ctx, out, in, nblocks);
}

static void lea_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    run(kc_lea_rv32i_dec, ctx, out, in, nblocks);
}

const kc_block_backend kc_lea_rv32i = {
    .head = {
        .name = "rv32i",
        .summary = "RV32I assembly, 4 state registers ([RV32-KBC] schedule)",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(lea_key),
    },
    .set_key = lea_set_key,
    .encrypt = lea_encrypt,
    .decrypt = lea_decrypt,
};
#endif
