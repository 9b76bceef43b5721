/* SPDX-License-Identifier: MIT */
/* CHAM, RV32I assembly (rv32i.S): the round keys in registers, the state
 * in four; CHAM-64's 16-bit words each twice in a 32-bit register.  The key
 * schedule is the shared C one.  ARX only: constant time. */
#include "core/arch.h"
#if KC_ARCH_RV32
#include <string.h>
#include "core/backend.h"
#include "cham/cham_common.h"

/* The layout rv32i.S hard-codes. */
_Static_assert(offsetof(cham_key, rk) == 0, "rv32i.S: cham_key starts with the round keys");
_Static_assert(offsetof(cham_key, rounds) == 960, "rv32i.S: ROUNDS_OFFSET");
_Static_assert(offsetof(cham_key, w) == 964, "rv32i.S: W_OFFSET");

typedef void cham_asm_fn(const cham_key *k, uint8_t *out, const uint8_t *in, size_t nblocks);
cham_asm_fn kc_cham_rv32i_enc, kc_cham_rv32i_dec;

/* The assembly moves whole words: unaligned buffers go through an aligned copy. */
static void run(cham_asm_fn *fn, const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const size_t bs = ((const cham_key *)ctx)->w / 2;
    if ((((uintptr_t)out | (uintptr_t)in) & 3) == 0) {
        fn(ctx, out, in, nblocks);
        return;
    }
    uint32_t buf[16];
    while (nblocks) {
        size_t n = nblocks < 64 / bs ? nblocks : 64 / bs;
        memcpy(buf, in, bs * n);
        fn(ctx, (uint8_t *)buf, (const uint8_t *)buf, n);
        memcpy(out, buf, bs * n);
        in += bs * n; out += bs * n; nblocks -= n;
    }
    kc_wipe(buf, sizeof buf);
}

static void cham_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    run(kc_cham_rv32i_enc, ctx, out, in, nblocks);
}

static void cham_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    run(kc_cham_rv32i_dec, ctx, out, in, nblocks);
}

const kc_block_backend kc_cham_rv32i = {
    .head = {
        .name = "rv32i",
        .summary = "RV32I assembly, round keys in 16 registers",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(cham_key),
    },
    .set_key = cham_set_key,
    .encrypt = cham_encrypt,
    .decrypt = cham_decrypt,
};
#endif
