/* SPDX-License-Identifier: MIT */
/* LSH-256 compression on 256-bit registers, one body for lsh256_avx2.c and
 * lsh256_avx512.c: cv_l and cv_r are one register each (eight 32-bit words),
 * so a step is eight lanes at once; the gamma rotations (whole bytes) are one
 * byte shuffle, the word permutation two lane permutes and two 128-bit blends.
 * The includer defines ROT(x, n), the rotation of each 32-bit word by the
 * constant n (29, 1 in even steps, 5, 17 in odd ones), inside its target;
 * and may define PERMUTE2(l, r, x, y), the word permutation in fewer
 * instructions (two-source permutes: one on the critical path, not two). */

typedef struct consts {
    __m256i gamma, perm_l, perm_r, tau;
} consts;

static inline void step(__m256i *l, __m256i *r, __m256i ml, __m256i mr, const uint32_t *sc, int a, int b,
                        const consts *k)
{
    __m256i x = _mm256_xor_si256(*l, ml), y = _mm256_xor_si256(*r, mr);
    x = _mm256_add_epi32(x, y);
    x = _mm256_xor_si256(ROT(x, a), _mm256_loadu_si256((const __m256i *)sc));
    y = _mm256_add_epi32(y, x);
    y = ROT(y, b);
    x = _mm256_add_epi32(x, y);
    y = _mm256_shuffle_epi8(y, k->gamma);
#ifdef PERMUTE2
    PERMUTE2(l, r, x, y);
#else
    x = _mm256_permutevar8x32_epi32(x, k->perm_l);   /* l6 l4 l5 l7 | l2 l0 l1 l3 */
    y = _mm256_permutevar8x32_epi32(y, k->perm_r);   /* r4 r7 r6 r5 | r0 r3 r2 r1 */
    *l = _mm256_permute2x128_si256(x, y, 0x20);
    *r = _mm256_permute2x128_si256(x, y, 0x31);
#endif
}

/* The odd steps' rotations are 5 and 17, the even ones' 29 and 1: constants
 * for the shift instructions, so each parity has its own call. */
#define STEP_EVEN(ml, mr, j) step(&l, &r, ml, mr, kc_lsh256_sc[j], 29, 1, &k)
#define STEP_ODD(ml, mr, j) step(&l, &r, ml, mr, kc_lsh256_sc[j], 5, 17, &k)
#define EXPAND(ml, mr, ol, or) do { \
        ml = _mm256_add_epi32(ol, _mm256_permutevar8x32_epi32(ml, k.tau)); \
        mr = _mm256_add_epi32(or, _mm256_permutevar8x32_epi32(mr, k.tau)); \
    } while (0)

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *cv = state;
    const consts k = {
        /* byte rotations by 0, 1, 2, 3 | 3, 2, 1, 0 bytes of each word */
        .gamma = _mm256_setr_epi8(0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12,
                                  1, 2, 3, 0, 6, 7, 4, 5, 11, 8, 9, 10, 12, 13, 14, 15),
        .perm_l = _mm256_setr_epi32(6, 4, 5, 7, 2, 0, 1, 3),
        .perm_r = _mm256_setr_epi32(4, 7, 6, 5, 0, 3, 2, 1),
        .tau = _mm256_setr_epi32(3, 2, 0, 1, 7, 4, 5, 6),
    };
    __m256i l = _mm256_loadu_si256((const __m256i *)cv), r = _mm256_loadu_si256((const __m256i *)(cv + 8));
    for (; nblocks--; p += 128) {
        __m256i el = _mm256_loadu_si256((const __m256i *)p), er = _mm256_loadu_si256((const __m256i *)(p + 32));
        __m256i ol = _mm256_loadu_si256((const __m256i *)(p + 64)), or = _mm256_loadu_si256((const __m256i *)(p + 96));
        STEP_EVEN(el, er, 0);
        STEP_ODD(ol, or, 1);
        for (int j = 2; j < 26; j += 2) {
            EXPAND(el, er, ol, or);
            STEP_EVEN(el, er, j);
            EXPAND(ol, or, el, er);
            STEP_ODD(ol, or, j + 1);
        }
        EXPAND(el, er, ol, or);
        l = _mm256_xor_si256(l, el);
        r = _mm256_xor_si256(r, er);
    }
    _mm256_storeu_si256((__m256i *)cv, l);
    _mm256_storeu_si256((__m256i *)(cv + 8), r);
}
