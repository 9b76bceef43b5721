/* SPDX-License-Identifier: MIT */
/* FEA, table-16k: S-box and diffusion merged into eight 256 x 64-bit tables
 * (16 KiB), eight 64-bit look-ups per SP.  Not the paper's variant: [FEA-OPT]
 * Sec. 3 uses one 256 x 8-byte table (2 KiB, 64 byte look-ups per SP; that
 * is table_paper.c); this one trades 8x the memory for 8x fewer loads.
 * Secret-indexed loads: not constant time.
 *
 * T[k][b] holds in byte j (j = 0 most significant) M[j][k] S[b] in GF(2^8)
 * mod 0x171, so SP(w) = XOR_k T[k][byte k of w].  The tables are built at
 * compile time (FEA_SBOX_LIST, FEA_MUL_M).  As M[j][k] = M[j + k][0], T[k]
 * is T[0] rotated left by 8 k bits; one table and seven rotations per SP
 * would be 10% slower on x86-64. */
#include "fea/fea_common.h"

/* M[j][0] s, at byte j of T[0], i.e. at byte j - k of T[k] */
#define BYTE(j, s, k) ((uint64_t)FEA_MUL_M(j, s) << (56 - 8 * (((j) + 8 - (k)) % 8)))
#define ENTRY(s, k) (BYTE(0, s, k) | BYTE(1, s, k) | BYTE(2, s, k) | BYTE(3, s, k) \
                   | BYTE(4, s, k) | BYTE(5, s, k) | BYTE(6, s, k) | BYTE(7, s, k)),
#define E0(s) ENTRY(s, 0)
#define E1(s) ENTRY(s, 1)
#define E2(s) ENTRY(s, 2)
#define E3(s) ENTRY(s, 3)
#define E4(s) ENTRY(s, 4)
#define E5(s) ENTRY(s, 5)
#define E6(s) ENTRY(s, 6)
#define E7(s) ENTRY(s, 7)

static const uint64_t T[8][256] = {
    { FEA_SBOX_LIST(E0) }, { FEA_SBOX_LIST(E1) }, { FEA_SBOX_LIST(E2) }, { FEA_SBOX_LIST(E3) },
    { FEA_SBOX_LIST(E4) }, { FEA_SBOX_LIST(E5) }, { FEA_SBOX_LIST(E6) }, { FEA_SBOX_LIST(E7) }
};

static uint64_t sp(uint64_t w)
{
    return T[0][w >> 56] ^ T[1][(w >> 48) & 0xff] ^ T[2][(w >> 40) & 0xff] ^ T[3][(w >> 32) & 0xff]
         ^ T[4][(w >> 24) & 0xff] ^ T[5][(w >> 16) & 0xff] ^ T[6][(w >> 8) & 0xff] ^ T[7][w & 0xff];
}

FEA_SP_ENTRIES(sp)

const kc_fea_backend kc_fea_table_16k = {
    .head = {
        .name = "table-16k",
        .summary = "combined S-box + diffusion tables, 8 x 256 x 64-bit = 16 KiB, beyond [FEA-OPT] (not constant time)",
        .cpu = 0,
        .timing = KC_VARIABLE_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
