/* SPDX-License-Identifier: MIT */
/* ARIA in constant time over 32-bit words: bitsliced S-boxes, two blocks
 * at a time, for 32-bit CPUs without SIMD (written for RV32I, where the
 * 64-bit words of ct.c cost two registers and multi-instruction shifts).
 *
 * Two blocks (32 bytes) are eight 32-bit words; a transposition turns them
 * into eight bit planes (word b = bit b of all 32 bytes) for the S-box
 * layer and back for key addition and the diffusion layer, which work on
 * plain words.  The S-box layer is aria_bitslice.h's, as in ct.c, on
 * 32-bit planes.  Secret data only meets AND, XOR and fixed shifts. */
#include "core/backend.h"
#include "aria/aria_common.h"

/* After the transposition byte j of word w sits at bit 8j + w of each
 * plane: byte position p % 4 == t is the byte lane t. */
#define ARIA_BS_W uint32_t
#define ARIA_POS(t) (0xFFu << 8 * (t))
#include "aria/aria_bitslice.h"

/* Block k is r[4k..4k+3], little-endian words. */
static inline void add_key(uint32_t r[8], const uint32_t rk[4])
{
    for (int i = 0; i < 4; i++) { r[i] ^= rk[i]; r[4 + i] ^= rk[i]; }
}

/* One round (SL then A), or the last one (SL, no A). */
static inline void round2(uint32_t r[8], const uint32_t rk[4], int odd, int last)
{
    add_key(r, rk);
    transpose(r);
    sub_bytes(r, odd);
    transpose(r);
    if (!last) { aria_diffuse(r); aria_diffuse(r + 4); }
}

/* Encrypts or decrypts (by the key order) 32 bytes. */
static void crypt2(const uint32_t (*rk)[4], unsigned rounds, uint8_t *out, const uint8_t *in)
{
    uint32_t r[8];
    for (int i = 0; i < 8; i++) r[i] = kc_load32_le(in + 4 * i);
    for (unsigned i = 0; i + 2 < rounds; i += 2) {
        round2(r, rk[i], 1, 0);
        round2(r, rk[i + 1], 0, 0);
    }
    round2(r, rk[rounds - 2], 1, 0);
    round2(r, rk[rounds - 1], 0, 1);
    add_key(r, rk[rounds]);
    for (int i = 0; i < 8; i++) kc_store32_le(out + 4 * i, r[i]);
    kc_wipe(r, sizeof r);
}

static void crypt_blocks(const uint32_t (*rk)[4], unsigned rounds, uint8_t *out, const uint8_t *in,
                         size_t n)
{
    for (; n >= 2; n -= 2, in += 32, out += 32) crypt2(rk, rounds, out, in);
    if (n) {
        uint8_t buf[32] = { 0 };
        memcpy(buf, in, 16);
        crypt2(rk, rounds, buf, buf);
        memcpy(out, buf, 16);
        kc_wipe(buf, sizeof buf);
    }
}

/* FO / FE for the key schedule, on one block (the other lane idle). */
static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    uint32_t r[8] = { 0 };
    for (int i = 0; i < 4; i++) r[i] = kc_load32_le(in + 4 * i) ^ kc_load32_le(rk + 4 * i);
    transpose(r);
    sub_bytes(r, odd);
    transpose(r);
    aria_diffuse(r);
    for (int i = 0; i < 4; i++) kc_store32_le(out + 4 * i, r[i]);
    kc_wipe(r, sizeof r);
}

/* The context is an aria_word_keys (rv32i_bs32.c relies on it). */
ARIA_WORD_ENTRIES(key_round, crypt_blocks)

const kc_block_backend kc_aria_bs32 = {
    .head = {
        .name = "bs32",
        .summary = "bitsliced S-boxes over 32-bit words, 2 blocks per pass, constant time (for 32-bit CPUs)",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_word_keys),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
};
