/* SPDX-License-Identifier: MIT */
/* CHAM, NEON: word-sliced by the de-interleaving loads (vld4q: four
 * CHAM-128 blocks in 32-bit lanes or eight CHAM-64 blocks in 16-bit lanes
 * per set of four registers, word w in register w), two sets in flight;
 * rotations by shift and shift-right-insert, ROL8 of a 16-bit word a
 * vrev16.  See cham_simd.h. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "cham/cham_common.h"

typedef uint32x4_t V;
#define U16(x) vreinterpretq_u16_u32(x)
#define U32(x) vreinterpretq_u32_u16(x)
#define XOR veorq_u32
#define ADD32 vaddq_u32
#define SUB32 vsubq_u32
#define ADD16(a, b) U32(vaddq_u16(U16(a), U16(b)))
#define SUB16(a, b) U32(vsubq_u16(U16(a), U16(b)))
#define ROL32_1(x) vsriq_n_u32(vshlq_n_u32(x, 1), x, 31)
#define ROR32_1(x) vsriq_n_u32(vshlq_n_u32(x, 31), x, 1)
#define ROL32_8(x) vsriq_n_u32(vshlq_n_u32(x, 8), x, 24)
#define ROR32_8(x) vsriq_n_u32(vshlq_n_u32(x, 24), x, 8)
#define ROL16_1(x) U32(vsriq_n_u16(vshlq_n_u16(U16(x), 1), U16(x), 15))
#define ROR16_1(x) U32(vsriq_n_u16(vshlq_n_u16(U16(x), 15), U16(x), 1))
#define SWAP16(x) vreinterpretq_u32_u8(vrev16q_u8(vreinterpretq_u8_u32(x)))
#define BCAST(p) vld1q_dup_u32(p)

#define CHAM_OWN_SLICING
static inline void cham_load(V v[4], const uint8_t *p, int w16)
{
    if (w16) {
        uint16x8x4_t t = vld4q_u16((const uint16_t *)(const void *)p);
        for (unsigned j = 0; j < 4; j++) v[j] = U32(t.val[j]);
    } else {
        uint32x4x4_t t = vld4q_u32((const uint32_t *)(const void *)p);
        for (unsigned j = 0; j < 4; j++) v[j] = t.val[j];
    }
}
static inline void cham_store(uint8_t *p, V v[4], const uint8_t *xin, int w16)
{
    V x[4];
    if (xin) {
        cham_load(x, xin, w16);   /* sliced the same way: XOR before the store */
        for (unsigned j = 0; j < 4; j++) v[j] = XOR(v[j], x[j]);
    }
    if (w16) {
        uint16x8x4_t t = { { U16(v[0]), U16(v[1]), U16(v[2]), U16(v[3]) } };
        vst4q_u16((uint16_t *)(void *)p, t);
    } else {
        uint32x4x4_t t = { { v[0], v[1], v[2], v[3] } };
        vst4q_u32((uint32_t *)(void *)p, t);
    }
}
#include "cham/cham_simd.h"

const kc_block_backend kc_cham_neon = {
    .head = {
        .name = "neon",
        .summary = "NEON, 8 CHAM-128 or 16 CHAM-64 blocks word-sliced (vld4/vst4)",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(cham_key),
    },
    .set_key = cham_set_key,
    .encrypt = cham_simd_encrypt,
    .decrypt = cham_simd_decrypt,
    .cbc_encrypt = kc_cham_cbc_encrypt,
    .ctr = cham_simd_ctr,
};
#endif
