/* SPDX-License-Identifier: MIT */
/* GHASH on AArch64 NEON without PMULL (cores without the Crypto
 * Extensions): the pmull backend's arithmetic (ghash/pmull.c: reflected
 * 128-bit integers, key H * x^-1, eight blocks against H^8..H^1 with
 * Karatsuba, one reduction by x^127 + x^126 + x^121), with each 64x64
 * carry-less multiply made of eight 8x8 PMULLs (vmull_p8), the technique
 * of Camara, Gouvea, Lopez and Dahab (CT-RSA 2015).
 *
 * For a = a_7..a_0 and b = b_7..b_0 (bytes), pmull(a, b) gives the eight
 * products a_i b_i, 16 bits each, in place.  With rot(x, k) the bytes of x
 * rotated so that byte i is x_(i+k mod 8), P_k = pmull(rot(a, k), b) ^
 * pmull(a, rot(b, k)) (k = 1..3) holds in lane i the pairs at distance k,
 * which belong k bytes higher, and for i >= 8 - k the pairs at distance
 * 8 - k, which belong 8 - k bytes lower; P_4 = pmull(a, rot(b, 4)) holds
 * both pairs at distance 4 the same way.  These shifts are linear, so the
 * P_k of a whole batch are summed first and shifted once (fold()).  The
 * key's rotations are precomputed.  Constant time: no table, no branch on
 * data. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include "core/util.h"
#include "ghash/ghash.h"

typedef struct neon_key {
    uint8x16_t h[8][5];   /* H^(8-i) * x^-1 (lane 0 the low half), each half rotated by r bytes */
    uint8x8_t m[8][5];    /* its halves XORed (Karatsuba's middle), rotated by r bytes */
} neon_key;

/* The five sums of one 64x64 product (or of a batch of them). */
typedef struct { uint8x16_t p[5]; } sums;

static uint8x16_t pm(uint8x8_t a, uint8x8_t b)
{
    return vreinterpretq_u8_p16(vmull_p8(vreinterpret_p8_u8(a), vreinterpret_p8_u8(b)));
}

static uint8x16_t pm_hi(uint8x16_t a, uint8x16_t b)
{
    return vreinterpretq_u8_p16(vmull_high_p8(vreinterpretq_p8_u8(a), vreinterpretq_p8_u8(b)));
}

/* Each 8-byte half rotated by k bytes. */
static uint8x16_t rot(uint8x16_t x, int k)
{
    static const uint8_t idx[4][16] = {
        { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
        { 1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8 },
        { 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9 },
        { 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10 },
    };
    if (k == 4) return vreinterpretq_u8_u32(vrev64q_u32(vreinterpretq_u32_u8(x)));
    return vqtbl1q_u8(x, vld1q_u8(idx[k]));
}

static void zero(sums *s)
{
    for (int k = 0; k < 5; k++) s->p[k] = vdupq_n_u8(0);
}

/* One block x (XORed with y when it is the first) times key power i, into
 * the sums of the low, middle and high products. */
static inline __attribute__((always_inline)) void mul_add(sums *lo, sums *mid, sums *hi, uint8x16_t x,
                                                         const neon_key *key, int i)
{
    const uint8x16_t *h = key->h[i];
    const uint8x8_t *m = key->m[i];
    uint8x8_t xl = vget_low_u8(x), xm = veor_u8(xl, vget_high_u8(x));
    lo->p[0] = veorq_u8(lo->p[0], pm(xl, vget_low_u8(h[0])));
    hi->p[0] = veorq_u8(hi->p[0], pm_hi(x, h[0]));
    mid->p[0] = veorq_u8(mid->p[0], pm(xm, m[0]));
    for (int k = 1; k < 4; k++) {
        uint8x16_t xr = rot(x, k);
        uint8x8_t xrl = vget_low_u8(xr), xrm = veor_u8(xrl, vget_high_u8(xr));
        lo->p[k] = veorq_u8(lo->p[k], veorq_u8(pm(xrl, vget_low_u8(h[0])), pm(xl, vget_low_u8(h[k]))));
        hi->p[k] = veorq_u8(hi->p[k], veorq_u8(pm_hi(xr, h[0]), pm_hi(x, h[k])));
        mid->p[k] = veorq_u8(mid->p[k], veorq_u8(pm(xrm, m[0]), pm(xm, m[k])));
    }
    lo->p[4] = veorq_u8(lo->p[4], pm(xl, vget_low_u8(h[4])));
    hi->p[4] = veorq_u8(hi->p[4], pm_hi(x, h[4]));
    mid->p[4] = veorq_u8(mid->p[4], pm(xm, m[4]));
}

/* The 128-bit product from its sums: lanes 0..7-k of P_k (below the top
 * 2k bytes) go k bytes up, lanes 8-k..7 go 8-k bytes down. */
#define FOLD(r, p, k) do { \
        uint8x16_t t_ = vandq_u8(p, vextq_u8(z, ones, 2 * (k))); \
        r = veorq_u8(r, veorq_u8(vextq_u8(z, veorq_u8(p, t_), 16 - (k)), vextq_u8(t_, z, 8 - (k)))); \
    } while (0)

static uint64x2_t fold(const sums *s)
{
    const uint8x16_t z = vdupq_n_u8(0), ones = vdupq_n_u8(0xff);
    uint8x16_t r = s->p[0];
    FOLD(r, s->p[1], 1);
    FOLD(r, s->p[2], 2);
    FOLD(r, s->p[3], 3);
    FOLD(r, s->p[4], 4);
    return vreinterpretq_u64_u8(r);
}

/* The 128-bit carry-less product of each lane by x^63 + x^62 + x^57 (the
 * pmull backend's constant 0xc2 << 56), as shifts: low and high halves. */
static uint64x2_t poly_lo(uint64x2_t v) { return veorq_u64(veorq_u64(vshlq_n_u64(v, 57), vshlq_n_u64(v, 62)), vshlq_n_u64(v, 63)); }
static uint64x2_t poly_hi(uint64x2_t v) { return veorq_u64(veorq_u64(vshrq_n_u64(v, 7), vshrq_n_u64(v, 2)), vshrq_n_u64(v, 1)); }

/* hi:lo with Karatsuba's uncorrected middle term, reduced as ghash_arm.h
 * does, the products by 0xc2 << 56 written as shifts. */
static uint64x2_t reduce(uint64x2_t lo, uint64x2_t mid, uint64x2_t hi)
{
    const uint64x2_t z = vdupq_n_u64(0);
    mid = veorq_u64(mid, veorq_u64(lo, hi));
    lo = veorq_u64(lo, vextq_u64(z, mid, 1));
    hi = veorq_u64(hi, vextq_u64(mid, z, 1));
    lo = veorq_u64(lo, vzip1q_u64(poly_hi(lo), poly_lo(lo)));    /* swap(lo.lane0 * c) */
    return veorq_u64(hi, veorq_u64(lo, vzip2q_u64(poly_lo(lo), poly_hi(lo))));   /* lo.lane1 * c */
}

static uint64x2_t product(const sums *lo, const sums *mid, const sums *hi)
{
    return reduce(fold(lo), fold(mid), fold(hi));
}

static uint8x16_t load(const uint8_t *p)
{
    uint8x16_t x = vrev64q_u8(vld1q_u8(p));
    return vextq_u8(x, x, 8);
}

static void store(uint8_t *p, uint64x2_t v)
{
    uint8x16_t x = vreinterpretq_u8_u64(v);
    vst1q_u8(p, vrev64q_u8(vextq_u8(x, x, 8)));
}

static void set_power(neon_key *k, int i, uint64x2_t p)
{
    uint8x16_t x = vreinterpretq_u8_u64(p);
    for (int r = 0; r < 5; r++) {
        k->h[i][r] = r ? rot(x, r) : x;
        k->m[i][r] = veor_u8(vget_low_u8(k->h[i][r]), vget_high_u8(k->h[i][r]));
    }
}

static void neon_init(void *key, const uint8_t h[16])
{
    neon_key *k = key;
    uint64_t hi = kc_load64_be(h), lo = kc_load64_be(h + 8), carry = 0 - (hi >> 63);
    hi = (hi << 1 | lo >> 63) ^ (carry & 0xc200000000000000u);   /* H * x^-1 */
    lo = lo << 1 ^ (carry & 1);
    uint64x2_t p = vcombine_u64(vcreate_u64(lo), vcreate_u64(hi));
    set_power(k, 7, p);
    for (int i = 6; i >= 0; i--) {
        sums l, m, u;
        zero(&l); zero(&m); zero(&u);
        mul_add(&l, &m, &u, vreinterpretq_u8_u64(p), k, 7);
        p = product(&l, &m, &u);
        set_power(k, i, p);
    }
}

/* n (1..8) blocks at p absorbed into y against H^n..H^1, one reduction. */
static inline __attribute__((always_inline)) uint64x2_t absorb(const neon_key *k, uint64x2_t y, const uint8_t *p, int n)
{
    sums lo, mid, hi;
    zero(&lo); zero(&mid); zero(&hi);
    for (int j = n - 1; j >= 0; j--) {
        uint8x16_t x = load(p + 16 * j);
        if (j == 0) x = veorq_u8(x, vreinterpretq_u8_u64(y));
        mul_add(&lo, &mid, &hi, x, k, 8 - n + j);
    }
    return product(&lo, &mid, &hi);
}

static void neon_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    const neon_key *k = key;
    uint64x2_t acc = vreinterpretq_u64_u8(load(y));
    for (; nblocks >= 8; nblocks -= 8, in += 128) acc = absorb(k, acc, in, 8);
    switch (nblocks) {      /* the count is public */
    case 7: acc = absorb(k, acc, in, 7); break;
    case 6: acc = absorb(k, acc, in, 6); break;
    case 5: acc = absorb(k, acc, in, 5); break;
    case 4: acc = absorb(k, acc, in, 4); break;
    case 3: acc = absorb(k, acc, in, 3); break;
    case 2: acc = absorb(k, acc, in, 2); break;
    case 1: acc = absorb(k, acc, in, 1); break;
    default: break;
    }
    store(y, acc);
}

const kc_ghash_backend kc_ghash_neon = {
    { "neon", "AArch64 NEON without PMULL: 64x64 products from 8x8 PMULL (Camara et al.), 8 blocks per reduction",
      KC_CPU_NEON, KC_CONSTANT_TIME, sizeof(neon_key) },
    neon_init, neon_update
};
#endif
