/* SPDX-License-Identifier: MIT */
/* FEA, gfni-avx512: eight blocks per zmm register (one per 64-bit lane),
 * up to four registers in flight.  The S-box is gf2p8affineqb into the AES
 * field and gf2p8affineinvqb; the diffusion layer is eight products by the
 * constants of M, each moved to its place by a lane rotation (vprolq) and
 * summed by vpternlogq (see fea_x86.h for the algebra).  In the rounds the
 * S-box's output map is fused into the products that follow it (eight
 * gf2p8affineinvqb on rotated inputs), and with whole-byte halves the
 * state stays in the AES field, so a round's serial path is two layers of
 * rotate, inverse-affine and XOR tree.  Rotations run beside the GFNI
 * instructions; four registers keep the GFNI pipes busy in batches.  The
 * key schedule runs the plain S-box and diffusion on one lane.  No table
 * look-ups and no data-dependent branches: constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "fea/fea_x86.h"

KC_TARGET_BEGIN("avx512f,avx512bw,gfni")

#define BCAST(q) _mm512_set1_epi64((long long)(q))
#define XOR3(a, b, c) _mm512_ternarylogic_epi64(a, b, c, 0x96)
/* c_m s moved m + 1 bytes up (D) */
#define MULC(s, mat, m) _mm512_gf2p8affine_epi64_epi8(s, BCAST(mat[m]), 0)
#define UP(s, mat, m) ROT(MULC(s, mat, m), m + 1)
/* rotl64 by 8 k bits in each lane */
#define ROT(x, k) ((k) ? _mm512_rol_epi64(x, 8 * (k)) : (x))

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

/* One product of D (or E) with the S-box in front fused into it: the
 * rotation moved to the input, then one gf2p8affineinvqb (fea_x86.h: SD,
 * SE, and SEP = SE then PHI).  This takes an affine step off each S-box's
 * path. */
#define SD(y, m, k) _mm512_gf2p8affineinv_epi64_epi8(ROT(y, k), BCAST(FEA_GFNI_SD[m]), FEA_GFNI_SD_C##m)
#define SE(u, m, k) _mm512_gf2p8affineinv_epi64_epi8(ROT(u, k), BCAST(FEA_GFNI_SE[m]), FEA_GFNI_SE_C##m)
#define SEP(u, m, k) _mm512_gf2p8affineinv_epi64_epi8(ROT(u, k), BCAST(FEA_GFNI_SEP[m]), FEA_GFNI_SEP_C##m)
#define SUM8(T, s) XOR3(XOR3(T(s, 0, 7), T(s, 1, 6), T(s, 2, 5)), XOR3(T(s, 3, 4), T(s, 4, 3), T(s, 5, 2)), \
                        XOR(T(s, 6, 1), T(s, 7, 0)))
#define XOR _mm512_xor_si512

/* h ^ (F(x) & mask), F of section 7 with kb = PHI(bswap(RK_b)):
 * u = D(S(.)) ^ kb in the AES field, then E(S(u)).  PHI_STATE: h, x, w
 * and ka are already phi of theirs (whole-byte halves), and so is the
 * result. */
static inline __attribute__((always_inline))
__m512i feistel(__m512i h, __m512i x, __m512i w, __m512i ka, __m512i kb, __m512i mask, int PHI_STATE)
{
    __m512i y = XOR3(x, w, ka);
    if (!PHI_STATE) y = _mm512_gf2p8affine_epi64_epi8(y, BCAST(FEA_GFNI_PHI), 0);
    __m512i u = XOR3(XOR3(SD(y, 0, 1), SD(y, 1, 2), SD(y, 2, 3)), XOR3(SD(y, 3, 4), SD(y, 4, 5), SD(y, 5, 6)),
                     XOR3(SD(y, 6, 7), SD(y, 7, 0), kb));
    __m512i v = PHI_STATE ? SUM8(SEP, u) : SUM8(SE, u);
    return _mm512_ternarylogic_epi64(h, v, mask, 0x78);   /* h ^ (v & mask) */
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
 * not read (masked loads).  PHI_STATE (whole-byte halves, n % 16 == 0):
 * the halves and tweak words go through PHI once at the start and back at
 * the end instead of once per round (masks of whole bytes commute with a
 * bytewise map; partial bytes would not). */
static inline __attribute__((always_inline))
void rounds_g(const fea_ctx *c, fea_lanes *l, size_t m, int decrypt, int G, int PHI_STATE)
{
    unsigned r = c->rounds, na = (c->n + 1) / 2, nb = c->n / 2, period = c->variant == 2 ? 3 : 2;
    __m512i a[4], b[4], w0[4], w1[4], w2[4], phi = BCAST(FEA_GFNI_PHI);
    __m512i mask_a = BCAST(~UINT64_C(0) << ((64 - na) & 63)),   /* & 63: as fea_split */
            mask_b = BCAST(~UINT64_C(0) << ((64 - nb) & 63));
#define TO_STATE(x) (PHI_STATE ? _mm512_gf2p8affine_epi64_epi8(x, phi, 0) : (x))
    _Pragma("GCC unroll 4") for (int g = 0; g < G; g++) {
        __mmask8 k = m - 8 * g >= 8 ? 0xff : (__mmask8)((1u << (m - 8 * g)) - 1);
        a[g] = TO_STATE(_mm512_maskz_load_epi64(k, l->a + 8 * g));
        b[g] = TO_STATE(_mm512_maskz_load_epi64(k, l->b + 8 * g));
        w0[g] = TO_STATE(_mm512_maskz_load_epi64(k, l->w[0] + 8 * g));
        w1[g] = TO_STATE(_mm512_maskz_load_epi64(k, l->w[1] + 8 * g));
        w2[g] = TO_STATE(_mm512_maskz_load_epi64(k, l->w[2] + 8 * g));
    }
    unsigned i = decrypt ? r : 1, t = i % period;
    for (unsigned k = 0; k < r; k++) {
        __m512i ka = TO_STATE(BCAST(c->rk[i - 1][0]));
        __m512i kb = _mm512_gf2p8affine_epi64_epi8(BCAST(fea_bswap64(c->rk[i - 1][1])), phi, 0);
        _Pragma("GCC unroll 4") for (int g = 0; g < G; g++) {
            __m512i w = t == 0 ? w0[g] : t == 1 ? w1[g] : w2[g];
            if (i % 2) a[g] = feistel(a[g], b[g], w, ka, kb, mask_a, PHI_STATE);
            else b[g] = feistel(b[g], a[g], w, ka, kb, mask_b, PHI_STATE);
        }
        if (decrypt) { i--; t = t ? t - 1 : period - 1; }
        else { i++; t = t + 1 == period ? 0 : t + 1; }
    }
#undef TO_STATE
    _Pragma("GCC unroll 4") for (int g = 0; g < G; g++) {
        if (PHI_STATE) {
            a[g] = _mm512_gf2p8affine_epi64_epi8(a[g], BCAST(FEA_GFNI_PHIINV), 0);
            b[g] = _mm512_gf2p8affine_epi64_epi8(b[g], BCAST(FEA_GFNI_PHIINV), 0);
        }
        _mm512_store_si512(l->a + 8 * g, a[g]);
        _mm512_store_si512(l->b + 8 * g, b[g]);
    }
}

static inline __attribute__((always_inline))
void rounds_p(const fea_ctx *c, fea_lanes *l, size_t m, int decrypt, int PHI_STATE)
{
    if (m > 24) rounds_g(c, l, m, decrypt, 4, PHI_STATE);
    else if (m > 16) rounds_g(c, l, m, decrypt, 3, PHI_STATE);
    else if (m > 8) rounds_g(c, l, m, decrypt, 2, PHI_STATE);
    else rounds_g(c, l, m, decrypt, 1, PHI_STATE);
}

static void rounds(const fea_ctx *c, fea_lanes *l, size_t m, int decrypt)
{
    if (c->n % 16 == 0) rounds_p(c, l, m, decrypt, 1);   /* public: the block length */
    else rounds_p(c, l, m, decrypt, 0);
}

FEA_LANES_ENTRIES(sp, rounds)

const kc_fea_backend kc_fea_gfni_avx512 = {
    .head = {
        .name = "gfni-avx512",
        .summary = "constant time: GFNI S-box (gf2p8affineinvqb) and diffusion, 8 blocks per zmm, "
                   "32 in flight",
        .cpu = KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_GFNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(fea_ctx),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
KC_TARGET_END
#endif
