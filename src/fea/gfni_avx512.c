/* FEA, gfni-avx512: eight blocks per zmm register (one per 64-bit lane),
 * up to four registers in flight.  The S-box is two instructions
 * (gf2p8affineqb into the AES field, gf2p8affineinvqb with the output
 * affine map); the diffusion layer is eight gf2p8affineqb products by the
 * constants of M, each moved to its place by a byte shuffle and summed by
 * vpternlogq (see fea_x86.h for the algebra).  The zmm GFNI instructions
 * share one port, so a single register's round waits on its eight products
 * in turn; four registers keep that port busy, and the shuffles (vpshufb,
 * not vprolq) go to the other one.  The key schedule runs the same code on
 * one lane.  No table look-ups and no data-dependent branches: constant
 * time. */
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include "fea/fea_x86.h"

#pragma GCC target("avx512f,avx512bw,gfni")

#define BCAST(q) _mm512_set1_epi64((long long)(q))
#define XOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)
/* c_m s moved m + 1 bytes up (D), or 7 - m bytes up (E) */
#define MULC(s, mat, m) _mm512_gf2p8affine_epi64_epi8(s, BCAST(mat[m]), 0)
#define UP(s, mat, m) ROT(MULC(s, mat, m), m + 1)
#define DOWN(s, mat, m) ROT(MULC(s, mat, m), 7 - m)
/* rotl64 by 8 k bits in each lane */
#define ROT(x, k) _mm512_shuffle_epi8(x, _mm512_set4_epi64(FEA_ROTQ_HI(k), FEA_ROTQ(k), FEA_ROTQ_HI(k), FEA_ROTQ(k)))

static inline __m512i sbox(__m512i x)
{
    x = _mm512_gf2p8affine_epi64_epi8(x, BCAST(FEA_GFNI_PHI), 0);
    return _mm512_gf2p8affineinv_epi64_epi8(x, BCAST(FEA_GFNI_SINV), 0x62);
}

/* D(s) ^ k = bswap(L(s)) ^ k, with the products by mat. */
static inline __m512i diffuse_d(__m512i s, const uint64_t *mat, __m512i k)
{
    return XOR3(XOR3(UP(s, mat, 0), UP(s, mat, 1), UP(s, mat, 2)),
                XOR3(UP(s, mat, 3), UP(s, mat, 4), UP(s, mat, 5)),
                XOR3(UP(s, mat, 6), MULC(s, mat, 7), k));
}

/* E(u) = L(bswap(u)). */
static inline __m512i diffuse_e(__m512i u)
{
    const uint64_t *mat = FEA_GFNI_MUL;
    return XOR3(XOR3(DOWN(u, mat, 0), DOWN(u, mat, 1), DOWN(u, mat, 2)),
                XOR3(DOWN(u, mat, 3), DOWN(u, mat, 4), DOWN(u, mat, 5)),
                _mm512_xor_si512(DOWN(u, mat, 6), MULC(u, mat, 7)));
}

/* h ^ (F(x) & mask), F of section 7 with kb = PHI(bswap(RK_b)). */
static inline __m512i feistel(__m512i h, __m512i x, __m512i w, __m512i ka, __m512i kb, __m512i mask)
{
    __m512i u = diffuse_d(sbox(XOR3(x, w, ka)), FEA_GFNI_PHIMUL, kb);
    u = _mm512_gf2p8affineinv_epi64_epi8(u, BCAST(FEA_GFNI_SINV), 0x62);
    return _mm512_ternarylogic_epi64(h, diffuse_e(u), mask, 0x78);   /* h ^ (u & mask) */
}

/* SP on one word, for the key schedule: SP(w) = bswap(D(S(w))). */
static uint64_t sp(uint64_t w)
{
    uint64_t y;
    __m512i v = diffuse_d(sbox(BCAST(w)), FEA_GFNI_MUL, _mm512_setzero_si512());
    _mm_storel_epi64((__m128i *)&y, _mm512_castsi512_si128(v));
    return fea_bswap64(y);
}

/* All rounds on lanes 0..m-1, m <= 8 G; G is a constant after inlining,
 * so the groups live in registers and interleave.  Lanes from m on are
 * not read (masked loads). */
static inline __attribute__((always_inline))
void rounds_g(const fea_ctx *c, fea_lanes *l, size_t m, int decrypt, int G)
{
    unsigned r = c->rounds, na = (c->n + 1) / 2, nb = c->n / 2, period = c->variant == 2 ? 3 : 2;
    __m512i a[4], b[4], w0[4], w1[4], w2[4];
    __m512i mask_a = BCAST(~UINT64_C(0) << (64 - na)), mask_b = BCAST(~UINT64_C(0) << (64 - nb));
    _Pragma("GCC unroll 4") for (int g = 0; g < G; g++) {
        __mmask8 k = m - 8 * g >= 8 ? 0xff : (__mmask8)((1u << (m - 8 * g)) - 1);
        a[g] = _mm512_maskz_load_epi64(k, l->a + 8 * g);
        b[g] = _mm512_maskz_load_epi64(k, l->b + 8 * g);
        w0[g] = _mm512_maskz_load_epi64(k, l->w[0] + 8 * g);
        w1[g] = _mm512_maskz_load_epi64(k, l->w[1] + 8 * g);
        w2[g] = _mm512_maskz_load_epi64(k, l->w[2] + 8 * g);
    }
    unsigned i = decrypt ? r : 1, t = i % period;
    for (unsigned k = 0; k < r; k++) {
        __m512i ka = BCAST(c->rk[i - 1][0]);
        __m512i kb = _mm512_gf2p8affine_epi64_epi8(BCAST(fea_bswap64(c->rk[i - 1][1])), BCAST(FEA_GFNI_PHI), 0);
        _Pragma("GCC unroll 4") for (int g = 0; g < G; g++) {
            __m512i w = t == 0 ? w0[g] : t == 1 ? w1[g] : w2[g];
            if (i % 2) a[g] = feistel(a[g], b[g], w, ka, kb, mask_a);
            else b[g] = feistel(b[g], a[g], w, ka, kb, mask_b);
        }
        if (decrypt) { i--; t = t ? t - 1 : period - 1; }
        else { i++; t = t + 1 == period ? 0 : t + 1; }
    }
    _Pragma("GCC unroll 4") for (int g = 0; g < G; g++) {
        _mm512_store_si512(l->a + 8 * g, a[g]);
        _mm512_store_si512(l->b + 8 * g, b[g]);
    }
}

static void rounds(const fea_ctx *c, fea_lanes *l, size_t m, int decrypt)
{
    if (m > 24) rounds_g(c, l, m, decrypt, 4);
    else if (m > 16) rounds_g(c, l, m, decrypt, 3);
    else if (m > 8) rounds_g(c, l, m, decrypt, 2);
    else rounds_g(c, l, m, decrypt, 1);
}

FEA_LANES_ENTRIES(sp, rounds)

const kc_fea_backend kc_fea_gfni_avx512 = {
    { "gfni-avx512", "constant time: GFNI S-box (gf2p8affineinvqb) and diffusion, 8 blocks per zmm, 32 in flight",
      KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_GFNI, 1, sizeof(fea_ctx) },
    set_key, encrypt, decrypt
};
#endif
