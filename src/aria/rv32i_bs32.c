/* SPDX-License-Identifier: MIT */
/* ARIA, RV32I assembly (rv32i_bs32.S): table-free and constant time, two
 * blocks per pass as eight 32-bit bit planes, the S-box a tower-field
 * circuit.  Beyond [RV32-KBC], whose ARIA used byte tables.
 *
 * The key schedule is bs32's (same words, computed in C); this file only
 * turns each round key into the eight planes the assembly XORs in, with
 * the cipher's constant linear pieces folded in (see the .S header):
 *   K(r) = F_r(E.k(r) + A(e(r-1))),  K(R+1) = E.k(R+1) + e(R),
 * E the per-byte state basis, F_r the round's input maps on its X1/X2
 * byte lanes (plus their constants), e(r) the S1/S2 output constants of
 * round r in basis E, A the diffusion layer.  Shifts and masks only. */
#include "core/arch.h"
#if KC_ARCH_RV32
#include "core/backend.h"
#include "aria/aria_common.h"

extern const kc_block_backend kc_aria_bs32;

typedef struct aria_bs32_planes {
    uint32_t ek[ARIA_MAX_ROUNDS + 1][8], dk[ARIA_MAX_ROUNDS + 1][8];
    uint32_t rounds;
} aria_bs32_planes;

/* rv32i_bs32.S hard-codes 32-byte round keys (koff + 0..28, 64 per pair). */
_Static_assert(sizeof((aria_bs32_planes *)0)->ek[0] == 32, "rv32i_bs32.S: 32 bytes per round key");

void kc_aria_rv32i_bs32_crypt(const uint32_t (*rk)[8], uint32_t rounds, uint32_t *out,
                              const uint32_t *in, size_t npairs);

/* Byte matrices, GFNI encoding (output bit i = parity(byte 7-i of m AND x)),
 * derived like ct.c's (tests/vectors/aria/derive_ct_constants.py) with the
 * tower element twist W = 0xc0 (multiplication) chosen for the fewest XORs:
 * E = W.T (state basis), IN_X1 = W'.T.A^-1.E^-1, IN_X2 = W'.T.B^-1.E^-1,
 * W' = W^-1 in the tower field. */
#define M_E     0xdcac72a030ea4d17ull
#define M_IN_X1 0x9802727e10a61780ull
#define M_IN_X2 0x9e2bb4ceee4ae863ull
#define C_IN_X1 0x3e   /* W'(T(0x05)) */
#define C_IN_X2 0xbd   /* W'(T(0x2C)) */
#define C_OUT_S1 0x3f  /* E(0x63) */
#define C_OUT_S2 0xd4  /* E(0xE2) */

#define LIN(o, x, m) ARIA_LIN(uint32_t, o, x, m)   /* aria_common.h */

static inline void swapmove(uint32_t *a, uint32_t *b, uint32_t mask, unsigned n)
{
    uint32_t t = ((*a >> n) ^ *b) & mask;
    *b ^= t;
    *a ^= t << n;
}

/* The .S layout: byte p of block k at bit 8 (p % 4) + 4k + p / 4 of plane
 * b; both blocks get the same key. */
static void to_planes(uint32_t r[8], const uint32_t w[4])
{
    for (int i = 0; i < 4; i++) r[i] = r[4 + i] = w[i];
    for (int i = 0; i < 8; i += 2) swapmove(&r[i], &r[i + 1], 0x55555555u, 1);
    for (int i = 0; i < 8; i += 4) {
        swapmove(&r[i], &r[i + 2], 0x33333333u, 2);
        swapmove(&r[i + 1], &r[i + 3], 0x33333333u, 2);
    }
    for (int i = 0; i < 4; i++) swapmove(&r[i], &r[i + 4], 0x0F0F0F0Fu, 4);
}

/* Byte lane t of the planes (byte positions p % 4 == t). */
#define LANE(t) (0xFFu << 8 * (t))

/* Planes of round parity odd's S1/S2 output constants, through A if diffused. */
static void out_consts(uint32_t pl[8], int odd, int diffused)
{
    uint8_t e[16];
    uint32_t w[4];
    for (unsigned p = 0; p < 16; p++) {
        unsigned t = (p + (odd ? 0 : 2)) % 4;
        e[p] = t == 0 ? C_OUT_S1 : t == 1 ? C_OUT_S2 : 0;
    }
    if (diffused) aria_diffuse_bytes(e, e);
    for (int i = 0; i < 4; i++) w[i] = kc_load32_le(e + 4 * i);
    to_planes(pl, w);
}

static void convert(uint32_t (*pl)[8], const uint32_t (*k)[4], unsigned rounds)
{
    uint32_t c[2][8], f[2][8], x[8], y[8], a[8], b[8];
    out_consts(c[0], 0, 1);          /* after an even round */
    out_consts(c[1], 1, 1);          /* after an odd round */
    out_consts(f[0], 0, 0);          /* after the last round (even) */
    for (unsigned r = 1; r <= rounds + 1; r++) {
        int odd = r % 2;
        uint32_t x1 = LANE(odd ? 2 : 0), x2 = LANE(odd ? 3 : 1);
        to_planes(x, k[r - 1]);
        LIN(y, x, M_E);
        for (int i = 0; i < 8; i++)
            y[i] ^= r == 1 ? 0 : r <= rounds ? c[!odd][i] : f[0][i];
        if (r > rounds) {
            memcpy(pl[r - 1], y, sizeof y);
            break;
        }
        LIN(a, y, M_IN_X1);
        LIN(b, y, M_IN_X2);
        for (int i = 0; i < 8; i++)
            pl[r - 1][i] = (y[i] & ~(x1 | x2)) ^ ((a[i] ^ (0 - (uint32_t)(C_IN_X1 >> i & 1))) & x1)
                         ^ ((b[i] ^ (0 - (uint32_t)(C_IN_X2 >> i & 1))) & x2);
    }
    kc_wipe(x, sizeof x); kc_wipe(y, sizeof y); kc_wipe(a, sizeof a); kc_wipe(b, sizeof b);
}

static kc_status bs32_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    aria_bs32_planes *k = ctx;
    aria_word_keys w;   /* bs32's key schedule: its context is an aria_word_keys (bs32.c) */
    if (kc_aria_bs32.head.ctx_size != sizeof w) return KC_ERR_BACKEND_UNAVAILABLE;
    kc_status st = kc_aria_bs32.set_key(&w, key, key_len, block_len);
    if (st != KC_OK) return st;
    k->rounds = w.rounds;
    convert(k->ek, (const uint32_t (*)[4])w.ek, w.rounds);
    convert(k->dk, (const uint32_t (*)[4])w.dk, w.rounds);
    kc_wipe(&w, sizeof w);
    return KC_OK;
}

/* The assembly wants whole pairs of 4-byte aligned blocks; the rest goes
 * through an aligned buffer. */
static void run(const uint32_t (*rk)[8], uint32_t rounds, uint8_t *out, const uint8_t *in, size_t n)
{
    uint32_t buf[8];
    if ((((uintptr_t)in | (uintptr_t)out) & 3) == 0) {
        kc_aria_rv32i_bs32_crypt(rk, rounds, (uint32_t *)(void *)out, (const uint32_t *)(const void *)in, n / 2);
        in += 32 * (n / 2); out += 32 * (n / 2); n %= 2;
    }
    for (; n; n -= n >= 2 ? 2 : 1, in += 32, out += 32) {
        size_t len = n >= 2 ? 32 : 16;
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, len);
        kc_aria_rv32i_bs32_crypt(rk, rounds, buf, buf, 1);
        memcpy(out, buf, len);
    }
    kc_wipe(buf, sizeof buf);
}

static void bs32_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aria_bs32_planes *k = ctx;
    run((const uint32_t (*)[8])k->ek, k->rounds, out, in, nblocks);
}

static void bs32_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aria_bs32_planes *k = ctx;
    run((const uint32_t (*)[8])k->dk, k->rounds, out, in, nblocks);
}

const kc_block_backend kc_aria_rv32i_bs32 = {
    .head = {
        .name = "rv32i-bs32",
        .summary = "RV32I assembly, bitsliced S-boxes over 32-bit words, 2 blocks per pass, constant time",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_bs32_planes),
    },
    .set_key = bs32_set_key,
    .encrypt = bs32_encrypt,
    .decrypt = bs32_decrypt,
};
#endif
