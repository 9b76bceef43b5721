/* SPDX-License-Identifier: MIT */
/* FEA, table-paper: [FEA-OPT] Sec. 3's "look-up table applied" variant.
 * S-box and diffusion merged into one 256 x 8-byte table (2 KiB):
 * T[x][m] = MROW[m] S[x] in GF(2^8) mod 0x171.  As M[j][k] = MROW[(j + k) % 8],
 * byte j of SP gets T[x_k][(j + k) % 8] from input byte x_k: 64 byte
 * look-ups per SP, one per GF multiplication of the naive code.  The same
 * table as avr_table.c, in RAM.  Secret-indexed loads: not constant time. */
#include "core/arch.h"
#if !KC_ARCH_AVR   /* 2 KiB is all of an ATmega328P's RAM: avr_table.c keeps it in flash */
#include "fea/fea_common.h"

#define ROW(s) { FEA_MUL_M(0, s), FEA_MUL_M(1, s), FEA_MUL_M(2, s), FEA_MUL_M(3, s), \
                 FEA_MUL_M(4, s), FEA_MUL_M(5, s), FEA_MUL_M(6, s), FEA_MUL_M(7, s) },
static const uint8_t T[256][8] = { FEA_SBOX_LIST(ROW) };

static uint64_t sp(uint64_t w)
{
    uint8_t y[8] = { 0 };
    for (unsigned k = 0; k < 8; k++) {
        const uint8_t *row = T[(w >> (56 - 8 * k)) & 0xff];   /* byte k, 0 = most significant */
        for (unsigned j = 0; j < 8; j++) y[j] ^= row[(j + k) & 7];
    }
    return kc_load64_be(y);
}

FEA_SP_ENTRIES(sp)

const kc_fea_backend kc_fea_table_paper = {
    .head = {
        .name = "table-paper",
        .summary = "combined S-box + diffusion table, 256 x 8 bytes = 2 KiB, [FEA-OPT] (not constant time)",
        .cpu = 0,
        .timing = KC_VARIABLE_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
#endif
