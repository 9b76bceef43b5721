/* SPDX-License-Identifier: MIT */
/* ARIA in constant time: bitsliced S-boxes, four blocks at a time.
 *
 * Four blocks (64 bytes) are loaded as eight 64-bit words and transposed so
 * that word b holds bit b of all 64 bytes (a "bit plane"); the S-box layer
 * on the planes is aria_bitslice.h's.  Key addition and the diffusion layer
 * work on plain 32-bit words between two transpositions.  Secret data only
 * meets AND, XOR and fixed shifts: no secret branches or memory indices. */
#include "core/backend.h"
#include "aria/aria_common.h"

/* Byte positions p with p % 4 == t, in every block.  After the transposition
 * byte p of block k sits at bit 8(p % 8) + 2k + p / 8 of each plane. */
#define ARIA_BS_W uint64_t
#define ARIA_POS(t) (0x000000FF000000FFull << 8 * (t))
#include "aria/aria_bitslice.h"

/* ---- four blocks in eight words ---- */

/* Block k is r[2k] (bytes 0..7, little-endian) and r[2k+1] (bytes 8..15). */
static void diffuse(uint64_t r[8])
{
    for (int k = 0; k < 8; k += 2) {
        uint32_t t[4] = { (uint32_t)r[k], (uint32_t)(r[k] >> 32),
                          (uint32_t)r[k + 1], (uint32_t)(r[k + 1] >> 32) };
        aria_diffuse(t);
        r[k] = (uint64_t)t[1] << 32 | t[0];
        r[k + 1] = (uint64_t)t[3] << 32 | t[2];
    }
}

static inline void add_key(uint64_t r[8], const uint32_t rk[4])
{
    uint64_t lo = (uint64_t)rk[1] << 32 | rk[0], hi = (uint64_t)rk[3] << 32 | rk[2];
    for (int k = 0; k < 8; k += 2) { r[k] ^= lo; r[k + 1] ^= hi; }
}

static inline uint64_t load64_le(const uint8_t *p)
{
    return (uint64_t)kc_load32_le(p + 4) << 32 | kc_load32_le(p);
}

static inline void store64_le(uint8_t *p, uint64_t v)
{
    kc_store32_le(p, (uint32_t)v);
    kc_store32_le(p + 4, (uint32_t)(v >> 32));
}

/* Encrypts or decrypts (by the key order) 64 bytes. */
static void crypt4(const uint32_t (*rk)[4], unsigned rounds, uint8_t *out, const uint8_t *in)
{
    uint64_t r[8];
    for (int i = 0; i < 8; i++) r[i] = load64_le(in + 8 * i);
    for (unsigned i = 0; i < rounds; i++) {
        add_key(r, rk[i]);
        transpose(r);
        sub_bytes(r, i % 2 == 0);   /* round i + 1 */
        transpose(r);
        if (i + 1 < rounds) diffuse(r);
    }
    add_key(r, rk[rounds]);
    for (int i = 0; i < 8; i++) store64_le(out + 8 * i, r[i]);
    kc_wipe(r, sizeof r);
}

static void crypt_blocks(const uint32_t (*rk)[4], unsigned rounds, uint8_t *out, const uint8_t *in,
                         size_t n)
{
    for (; n >= 4; n -= 4, in += 64, out += 64) crypt4(rk, rounds, out, in);
    if (n) {
        uint8_t buf[64] = { 0 };
        memcpy(buf, in, 16 * n);
        crypt4(rk, rounds, buf, buf);
        memcpy(out, buf, 16 * n);
        kc_wipe(buf, sizeof buf);
    }
}

/* FO / FE for the key schedule, on one block (the other three lanes idle). */
static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    uint64_t r[8] = { load64_le(in) ^ load64_le(rk), load64_le(in + 8) ^ load64_le(rk + 8) };
    transpose(r);
    sub_bytes(r, odd);
    transpose(r);
    diffuse(r);
    store64_le(out, r[0]);
    store64_le(out + 8, r[1]);
    kc_wipe(r, sizeof r);
}

ARIA_WORD_ENTRIES(key_round, crypt_blocks)

const kc_block_backend kc_aria_ct = {
    .head = {
        .name = "ct",
        .summary = "bitsliced S-boxes (GF(2^8) inversion circuit), 4 blocks per pass, constant time",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_word_keys),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
};
