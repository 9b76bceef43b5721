/* SPDX-License-Identifier: MIT */
/* FEA, naive: S-box by table and the diffusion layer by bitwise GF(2^8)
 * shift-and-add multiplication, 64 products per SP -- the serial baseline of
 * [FEA-OPT] Fig. 4.  Branches on data: not constant time. */
#include "fea/fea_common.h"

/* Fig. 4 of the paper: shift-and-add with a branchy reduction. */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t result = 0;
    while (a != 0) {
        if (a & 1) result ^= b;
        uint8_t t = b & 0x80;
        b = (uint8_t)(b << 1);
        if (t) b ^= FEA_POLY;
        a >>= 1;
    }
    return result;
}

static uint64_t sp(uint64_t w)
{
    uint8_t s[8];
    uint64_t y = 0;
    for (int k = 0; k < 8; k++) s[k] = FEA_SBOX[(w >> (56 - 8 * k)) & 0xff];
    for (int j = 0; j < 8; j++) {
        uint8_t v = 0;
        for (int k = 0; k < 8; k++) v ^= gf_mul(FEA_MROW[(j + k) % 8], s[k]);
        y = y << 8 | v;
    }
    return y;
}

FEA_SP_ENTRIES(sp)

const kc_fea_backend kc_fea_naive = {
    .head = {
        .name = "naive",
        .summary = "bitwise GF(2^8) multiply in the diffusion layer (paper's baseline, Fig. 4)",
        .cpu = 0,
        .timing = KC_VARIABLE_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
