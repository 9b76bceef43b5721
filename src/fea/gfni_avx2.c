/* SPDX-License-Identifier: MIT */
/* FEA, gfni-avx2: gfni-avx512's method (see there and fea_x86.h) on ymm
 * registers, for CPUs with GFNI but no AVX-512 (e.g. Alder Lake): four
 * blocks per register, sixteen in flight.  Byte rotations are vpshufb,
 * sums plain vpxor.  No table look-ups and no data-dependent branches:
 * constant time. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "fea/fea_x86.h"

KC_TARGET_BEGIN("avx2,gfni")

#define BCAST(q) _mm256_set1_epi64x((long long)(q))
#define XOR _mm256_xor_si256
#define MULC(s, mat, m) _mm256_gf2p8affine_epi64_epi8(s, BCAST(mat[m]), 0)
/* c_m s moved m + 1 bytes up (D) by rotl64 */
#define UP(s, mat, m) ROT(MULC(s, mat, m), m + 1)
#define ROT(x, k) ((k) ? _mm256_shuffle_epi8(x, _mm256_set_epi64x(FEA_ROTQ_HI(k), FEA_ROTQ(k), FEA_ROTQ_HI(k), \
                                                                FEA_ROTQ(k))) : (x))
/* Products with the S-box's output map fused in, as in gfni-avx512 (the
 * rotation on the input, then one gf2p8affineinvqb; fea_x86.h SD, SE). */
#define SD(y, m, k) _mm256_gf2p8affineinv_epi64_epi8(ROT(y, k), BCAST(FEA_GFNI_SD[m]), FEA_GFNI_SD_C##m)
#define SE(u, m, k) _mm256_gf2p8affineinv_epi64_epi8(ROT(u, k), BCAST(FEA_GFNI_SE[m]), FEA_GFNI_SE_C##m)

static inline __m256i sbox(__m256i x)
{
    x = _mm256_gf2p8affine_epi64_epi8(x, BCAST(FEA_GFNI_PHI), 0);
    return _mm256_gf2p8affineinv_epi64_epi8(x, BCAST(FEA_GFNI_SINV), 0x62);
}

/* D(s) ^ k = bswap(L(s)) ^ k, with the products by mat. */
static inline __m256i diffuse_d(__m256i s, const uint64_t *mat, __m256i k)
{
    __m256i t0 = XOR(XOR(UP(s, mat, 0), UP(s, mat, 1)), XOR(UP(s, mat, 2), UP(s, mat, 3)));
    __m256i t1 = XOR(XOR(UP(s, mat, 4), UP(s, mat, 5)), XOR(UP(s, mat, 6), MULC(s, mat, 7)));
    return XOR(XOR(t0, t1), k);
}

/* h ^ (F(x) & mask), F of section 7 with kb = PHI(bswap(RK_b)):
 * u = D(S(.)) ^ kb in the AES field, then E(S(u)). */
static inline __m256i feistel(__m256i h, __m256i x, __m256i w, __m256i ka, __m256i kb, __m256i mask)
{
    __m256i y = _mm256_gf2p8affine_epi64_epi8(XOR(XOR(x, w), ka), BCAST(FEA_GFNI_PHI), 0);
    __m256i u = XOR(XOR(XOR(SD(y, 0, 1), SD(y, 1, 2)), XOR(SD(y, 2, 3), SD(y, 3, 4))),
                    XOR(XOR(SD(y, 4, 5), SD(y, 5, 6)), XOR(XOR(SD(y, 6, 7), SD(y, 7, 0)), kb)));
    __m256i v = XOR(XOR(XOR(SE(u, 0, 7), SE(u, 1, 6)), XOR(SE(u, 2, 5), SE(u, 3, 4))),
                    XOR(XOR(SE(u, 4, 3), SE(u, 5, 2)), XOR(SE(u, 6, 1), SE(u, 7, 0))));
    return XOR(h, _mm256_and_si256(v, mask));
}

/* SP on one word, for the key schedule: SP(w) = bswap(D(S(w))). */
static uint64_t sp(uint64_t w)
{
    uint64_t y;
    __m256i v = diffuse_d(sbox(BCAST(w)), FEA_GFNI_MUL, _mm256_setzero_si256());
    _mm_storel_epi64((__m128i *)&y, _mm256_castsi256_si128(v));
    return fea_bswap64(y);
}

/* All rounds on lanes j..j+n-1, n <= 4 G; G is a constant after inlining.
 * Lanes from j + n on are not read (masked loads). */
static inline __attribute__((always_inline))
void rounds_g(const fea_ctx *c, fea_lanes *l, size_t j, size_t n, int decrypt, int G)
{
    unsigned r = c->rounds, na = (c->n + 1) / 2, nb = c->n / 2, period = c->variant == 2 ? 3 : 2;
    __m256i a[4], b[4], w0[4], w1[4], w2[4];
    __m256i mask_a = BCAST(~UINT64_C(0) << ((64 - na) & 63)),   /* & 63: as fea_split */
            mask_b = BCAST(~UINT64_C(0) << ((64 - nb) & 63));
#define LOAD(p) _mm256_maskload_epi64((const long long *)(p), k)
    _Pragma("GCC unroll 4") for (int g = 0; g < G; g++) {
        __m256i k = _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(n - 4 * g)), _mm256_setr_epi64x(0, 1, 2, 3));
        a[g] = LOAD(l->a + j + 4 * g);
        b[g] = LOAD(l->b + j + 4 * g);
        w0[g] = LOAD(l->w[0] + j + 4 * g);
        w1[g] = LOAD(l->w[1] + j + 4 * g);
        w2[g] = LOAD(l->w[2] + j + 4 * g);
    }
#undef LOAD
    unsigned i = decrypt ? r : 1, t = i % period;
    for (unsigned k = 0; k < r; k++) {
        __m256i ka = BCAST(c->rk[i - 1][0]);
        __m256i kb = _mm256_gf2p8affine_epi64_epi8(BCAST(fea_bswap64(c->rk[i - 1][1])), BCAST(FEA_GFNI_PHI), 0);
        _Pragma("GCC unroll 4") for (int g = 0; g < G; g++) {
            __m256i w = t == 0 ? w0[g] : t == 1 ? w1[g] : w2[g];
            if (i % 2) a[g] = feistel(a[g], b[g], w, ka, kb, mask_a);
            else b[g] = feistel(b[g], a[g], w, ka, kb, mask_b);
        }
        if (decrypt) { i--; t = t ? t - 1 : period - 1; }
        else { i++; t = t + 1 == period ? 0 : t + 1; }
    }
    _Pragma("GCC unroll 4") for (int g = 0; g < G; g++) {
        _mm256_store_si256((__m256i *)(l->a + j + 4 * g), a[g]);
        _mm256_store_si256((__m256i *)(l->b + j + 4 * g), b[g]);
    }
}

static void rounds(const fea_ctx *c, fea_lanes *l, size_t m, int decrypt)
{
    for (size_t j = 0; j < m; j += 16) {   /* four registers at a time */
        size_t n = m - j < 16 ? m - j : 16;
        if (n > 8) rounds_g(c, l, j, n, decrypt, 4);
        else if (n > 4) rounds_g(c, l, j, n, decrypt, 2);
        else rounds_g(c, l, j, n, decrypt, 1);
    }
}

FEA_LANES_ENTRIES(sp, rounds)

/* n <= 64 (public): the byte-sliced rounds (gfni_sliced_avx2.c), on the
 * same CPU features; its context begins with the same fea_ctx. */
extern const kc_fea_backend kc_fea_gfni_sliced_avx2;
#define SLICED(n) ((n) <= 64)

static kc_status set_key_n(void *ctx, int variant, const uint8_t *key, size_t key_len, unsigned n_bits)
{
    return SLICED(n_bits) ? kc_fea_gfni_sliced_avx2.set_key(ctx, variant, key, key_len, n_bits)
                          : set_key(ctx, variant, key, key_len, n_bits);
}

static void encrypt_n(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                      const uint8_t *tweak, size_t tweak_stride)
{
    (SLICED(((const fea_ctx *)ctx)->n) ? kc_fea_gfni_sliced_avx2.encrypt : encrypt)(ctx, out, in, count, tweak,
                                                                                    tweak_stride);
}

static void decrypt_n(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                      const uint8_t *tweak, size_t tweak_stride)
{
    (SLICED(((const fea_ctx *)ctx)->n) ? kc_fea_gfni_sliced_avx2.decrypt : decrypt)(ctx, out, in, count, tweak,
                                                                                    tweak_stride);
}

const kc_fea_backend kc_fea_gfni_avx2 = {
    .head = {
        .name = "gfni-avx2",
        .summary = "constant time: GFNI S-box and diffusion on ymm, 4 blocks per register, 16 in flight; "
                   "n <= 64: byte-sliced, 32 blocks per ymm",
        .cpu = KC_CPU_AVX2 | KC_CPU_GFNI,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(fea_aesni_ctx),   /* >= sizeof(fea_ctx), for either */
    },
    .set_key = set_key_n,
    .encrypt = encrypt_n,
    .decrypt = decrypt_n,
};
KC_TARGET_END
#endif
