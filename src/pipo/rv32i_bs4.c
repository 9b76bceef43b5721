/* SPDX-License-Identifier: MIT */
/* PIPO, RV32I assembly, four blocks per pass in the byte lanes of 32-bit
 * words (rv32i_bs4.S): the bitsliced S-layer serves four blocks per
 * instruction.  Beyond [RV32-KBC], which did one block at a time.
 * A lone block (as in CBC encryption) goes to the single-block assembly;
 * a tail of 2 or 3 blocks is padded to four on the stack.  Constant time. */
#include "core/arch.h"
#if KC_ARCH_RV32
#include "pipo/pipo_common.h"
#include "pipo/rv32i.h"

typedef struct pipo_bs4_key {
    uint32_t rk[PIPO_MAX_ROUNDS + 1][8];   /* byte i of RK_r in all four lanes */
    uint32_t rounds;                       /* the assembly reads it here */
    pipo_rv32i_key one;                    /* for a lone block */
} pipo_bs4_key;

/* The layout rv32i_bs4.S hard-codes: 32-byte round keys from offset 0, ROUNDS. */
_Static_assert(offsetof(pipo_bs4_key, rk) == 0, "rv32i_bs4.S: round keys at offset 0");
_Static_assert(sizeof((pipo_bs4_key *)0)->rk[0] == 32, "rv32i_bs4.S: 32 bytes per round key");
_Static_assert(offsetof(pipo_bs4_key, rounds) == 576, "rv32i_bs4.S: ROUNDS");

typedef void pipo_bs4_fn(const pipo_bs4_key *k, uint8_t *out, const uint8_t *in, size_t nquads);
pipo_bs4_fn kc_pipo_rv32i_bs4_enc, kc_pipo_rv32i_bs4_dec;

static kc_status bs4_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    pipo_bs4_key *k = ctx;
    pipo_key rk;
    kc_status st = pipo_set_key(&rk, key, key_len, block_len);
    if (st != KC_OK) return st;
    k->rounds = rk.rounds;
    for (unsigned r = 0; r <= rk.rounds; r++)
        for (unsigned i = 0; i < 8; i++) {
            uint32_t b = rk.rk[r][i];      /* shifts: RV32I multiplies in software, data-dependently */
            b |= b << 8;
            k->rk[r][i] = b | b << 16;
        }
    kc_wipe(&rk, sizeof rk);
    return pipo_rv32i_set_key(&k->one, key, key_len);
}

static void run(pipo_bs4_fn *fn, pipo_rv32i_fn *one, const pipo_bs4_key *k, uint8_t *out,
                const uint8_t *in, size_t nblocks)
{
    fn(k, out, in, nblocks / 4);
    size_t done = nblocks & ~(size_t)3, tail = nblocks - done;
    in += PIPO_BLOCK * done;
    out += PIPO_BLOCK * done;
    if (tail == 1) {
        one(&k->one, out, in, 1);
    } else if (tail) {
        uint8_t buf[4 * PIPO_BLOCK] = { 0 };
        memcpy(buf, in, PIPO_BLOCK * tail);
        fn(k, buf, buf, 1);
        memcpy(out, buf, PIPO_BLOCK * tail);
        kc_wipe(buf, sizeof buf);
    }
}

static void bs4_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    run(kc_pipo_rv32i_bs4_enc, kc_pipo_rv32i_enc, ctx, out, in, nblocks);
}

static void bs4_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    run(kc_pipo_rv32i_bs4_dec, kc_pipo_rv32i_dec, ctx, out, in, nblocks);
}

const kc_block_backend kc_pipo_rv32i_bs4 = {
    .head = {
        .name = "rv32i-bs4",
        .summary = "RV32I assembly, 4 blocks in the byte lanes of 32-bit words, bitsliced S-layer",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(pipo_bs4_key),
    },
    .set_key = bs4_set_key,
    .encrypt = bs4_encrypt,
    .decrypt = bs4_decrypt,
};
#endif
