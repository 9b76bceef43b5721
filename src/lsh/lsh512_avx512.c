/* SPDX-License-Identifier: MIT */
/* LSH-512 compression on AVX-512: cv_l and cv_r are one register each
 * (eight 64-bit words); rotations are VPROLQ/VPROLVQ, the word permutation
 * two two-source permutes (VPERMT2Q), the message's tau one permute. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <immintrin.h>
#include "lsh/lsh.h"

KC_TARGET_BEGIN("avx512f")

static inline void step(__m512i *l, __m512i *r, __m512i ml, __m512i mr, const uint64_t *sc, int even,
                        const __m512i *k)
{
    __m512i x = _mm512_xor_si512(*l, ml), y = _mm512_xor_si512(*r, mr);
    x = _mm512_add_epi64(x, y);
    x = even ? _mm512_rol_epi64(x, 23) : _mm512_rol_epi64(x, 7);
    x = _mm512_xor_si512(x, _mm512_loadu_si512(sc));
    y = _mm512_add_epi64(y, x);
    y = even ? _mm512_rol_epi64(y, 59) : _mm512_rol_epi64(y, 3);
    x = _mm512_add_epi64(x, y);
    y = _mm512_rolv_epi64(y, k[0]);
    *l = _mm512_permutex2var_epi64(x, k[1], y);
    *r = _mm512_permutex2var_epi64(x, k[2], y);
}

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint64_t *cv = state;
    const __m512i k[4] = {
        _mm512_setr_epi64(0, 16, 32, 48, 8, 24, 40, 56),     /* gamma */
        _mm512_setr_epi64(6, 4, 5, 7, 12, 15, 14, 13),       /* new cv_l from (cv_l, cv_r) */
        _mm512_setr_epi64(2, 0, 1, 3, 8, 11, 10, 9),         /* new cv_r */
        _mm512_setr_epi64(3, 2, 0, 1, 7, 4, 5, 6),           /* tau */
    };
    __m512i l = _mm512_loadu_si512(cv), r = _mm512_loadu_si512(cv + 8);
    for (; nblocks--; p += 256) {
        __m512i el = _mm512_loadu_si512(p), er = _mm512_loadu_si512(p + 64);
        __m512i ol = _mm512_loadu_si512(p + 128), or = _mm512_loadu_si512(p + 192);
        step(&l, &r, el, er, kc_lsh512_sc[0], 1, k);
        step(&l, &r, ol, or, kc_lsh512_sc[1], 0, k);
        for (int j = 2; j < 28; j += 2) {
            el = _mm512_add_epi64(ol, _mm512_permutexvar_epi64(k[3], el));
            er = _mm512_add_epi64(or, _mm512_permutexvar_epi64(k[3], er));
            step(&l, &r, el, er, kc_lsh512_sc[j], 1, k);
            ol = _mm512_add_epi64(el, _mm512_permutexvar_epi64(k[3], ol));
            or = _mm512_add_epi64(er, _mm512_permutexvar_epi64(k[3], or));
            step(&l, &r, ol, or, kc_lsh512_sc[j + 1], 0, k);
        }
        el = _mm512_add_epi64(ol, _mm512_permutexvar_epi64(k[3], el));
        er = _mm512_add_epi64(or, _mm512_permutexvar_epi64(k[3], er));
        l = _mm512_xor_si512(l, el);
        r = _mm512_xor_si512(r, er);
    }
    _mm512_storeu_si512(cv, l);
    _mm512_storeu_si512(cv + 8, r);
}

/* 8 messages side by side (lsh_lanes.h). */
typedef __m512i V;
#define LANES 8
#define VLOAD(p) _mm512_load_si512(p)
#define VSTORE(p, x) _mm512_store_si512(p, x)
#define ADD _mm512_add_epi64
#define XOR _mm512_xor_si512
#define SET1(x) _mm512_set1_epi64((long long)(x))
#define ROT(x, n) _mm512_rolv_epi64(x, _mm512_set1_epi64(n))
#define GB(x, k) ROT(x, 8 * (k))
#define LSH_LANE_WORD 64
#include "lsh/lsh_lanes.h"

KC_TARGET_END

const kc_hash_backend kc_lsh512_avx512 = {
    .head = { .name = "avx512", .summary = "AVX-512: cv_l, cv_r in one register each, VPROLQ",
              .cpu = KC_CPU_AVX512F, .timing = KC_CONSTANT_TIME, .ctx_size = 128 },
    KC_LSH512_COMMON,
    .compress = compress,
    .lanes = 8,
    .compress_lanes = compress_lanes,
};
#endif
