/* SPDX-License-Identifier: MIT */
/* FEA on AVR with the combined S-box + diffusion table in flash: the
 * paper's "look-up table applied" variant ([FEA-OPT]
 * Table 8), which it could not fit in the ATmega328P's 2 KiB of RAM.
 * Because the matrix is circulant (M[j][k] = MROW[(j + k) % 8]), the eight
 * 256-entry tables of products MROW[m] x S(x) are one 256 x 8-byte table
 * (2 KiB, PROGMEM): byte j of SP gets T[x_k][(j + k) % 8] from each input
 * byte x_k.  64 lpm loads per SP.  Secret-indexed loads: not constant time
 * (AVR has no cache, but the table index is still the secret; the backend is
 * labelled like every table backend). */
#include "core/arch.h"
#if KC_ARCH_AVR
#include <string.h>
#include <avr/pgmspace.h>
#include "fea/fea_common.h"

/* FEA_AVR_T[x][m] = MROW[m] x S(x) in GF(2^8) mod 0x171, built at compile
 * time (fea_common.h); the same table as table_paper.c, kept in flash. */
#define ROW(s) { FEA_MUL_M(0, s), FEA_MUL_M(1, s), FEA_MUL_M(2, s), FEA_MUL_M(3, s), \
                 FEA_MUL_M(4, s), FEA_MUL_M(5, s), FEA_MUL_M(6, s), FEA_MUL_M(7, s) },
static const uint8_t FEA_AVR_T[256][8] PROGMEM = { FEA_SBOX_LIST(ROW) };

/* Byte k of a word is in[7 - k] on little-endian AVR (byte 0 = MSB). */
static uint64_t sp(uint64_t w)
{
    uint8_t in[8], y[8] = { 0 };
    memcpy(in, &w, 8);
    for (uint8_t k = 0; k < 8; k++) {
        const uint8_t *row = FEA_AVR_T[in[7 - k]];
        for (uint8_t m = 0; m < 8; m++) y[7 - ((m - k) & 7)] ^= pgm_read_byte(row + m);
    }
    memcpy(&w, y, 8);
    return w;
}

FEA_SP_ENTRIES(sp)

const kc_fea_backend kc_fea_avr_table = {
    .head = {
        .name = "avr-table",
        .summary = "AVR: combined S-box + diffusion table, 256 x 8 bytes in flash (not constant time)",
        .cpu = 0,
        .timing = KC_VARIABLE_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
#endif
