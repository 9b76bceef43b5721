/* SPDX-License-Identifier: MIT */
/* CHAM reference backend: portable C, one block at a time, both word
 * sizes.  ARX only: constant time everywhere. */
#include "core/backend.h"
#include "cham/cham_common.h"
#include "core/arch.h"

/* Four rounds from round i on (a, b, c, d) = (X0, X1, X2, X3): even, odd,
 * even, odd; the word rotation is a renaming, so the state comes back in
 * (a, b, c, d).  W is 16 or 32, M its mask. */
#define ROUNDS4(T, ROL, a, b, c, d) do { \
    a = ROL((T)((a ^ i) + (ROL(b, 1) ^ rk[i])), 8); i++; \
    b = ROL((T)((b ^ i) + (ROL(c, 8) ^ rk[i])), 1); i++; \
    c = ROL((T)((c ^ i) + (ROL(d, 1) ^ rk[i])), 8); i++; \
    d = ROL((T)((d ^ i) + (ROL(a, 8) ^ rk[i])), 1); i++; } while (0)
/* Its inverse, from round i - 1 down. */
#define UNROUNDS4(T, ROR, ROL, a, b, c, d) do { \
    i--; d = (T)((T)(ROR(d, 1) - (ROL(a, 8) ^ rk[i])) ^ i); \
    i--; c = (T)((T)(ROR(c, 8) - (ROL(d, 1) ^ rk[i])) ^ i); \
    i--; b = (T)((T)(ROR(b, 1) - (ROL(c, 8) ^ rk[i])) ^ i); \
    i--; a = (T)((T)(ROR(a, 8) - (ROL(b, 1) ^ rk[i])) ^ i); } while (0)

#define ROL16(x, n) cham_rol16((uint16_t)(x), n)
#define ROR16(x, n) cham_rol16((uint16_t)(x), 16 - (n))

static void cham_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const cham_key *k = ctx;
    const uint32_t *rk = k->rk;
    if (k->w == 16) {
        for (; nblocks; nblocks--, in += 8, out += 8) {
            uint16_t a = cham_load16(in), b = cham_load16(in + 2), c = cham_load16(in + 4), d = cham_load16(in + 6);
            for (uint32_t i = 0; i < k->rounds;) ROUNDS4(uint16_t, ROL16, a, b, c, d);
            cham_store16(out, a); cham_store16(out + 2, b); cham_store16(out + 4, c); cham_store16(out + 6, d);
        }
        return;
    }
    for (; nblocks; nblocks--, in += 16, out += 16) {
        uint32_t a = kc_load32_le(in), b = kc_load32_le(in + 4), c = kc_load32_le(in + 8), d = kc_load32_le(in + 12);
        for (uint32_t i = 0; i < k->rounds;) ROUNDS4(uint32_t, kc_rol32, a, b, c, d);
        kc_store32_le(out, a); kc_store32_le(out + 4, b); kc_store32_le(out + 8, c); kc_store32_le(out + 12, d);
    }
}

static void cham_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const cham_key *k = ctx;
    const uint32_t *rk = k->rk;
    if (k->w == 16) {
        for (; nblocks; nblocks--, in += 8, out += 8) {
            uint16_t a = cham_load16(in), b = cham_load16(in + 2), c = cham_load16(in + 4), d = cham_load16(in + 6);
            for (uint32_t i = k->rounds; i;) UNROUNDS4(uint16_t, ROR16, ROL16, a, b, c, d);
            cham_store16(out, a); cham_store16(out + 2, b); cham_store16(out + 4, c); cham_store16(out + 6, d);
        }
        return;
    }
    for (; nblocks; nblocks--, in += 16, out += 16) {
        uint32_t a = kc_load32_le(in), b = kc_load32_le(in + 4), c = kc_load32_le(in + 8), d = kc_load32_le(in + 12);
        for (uint32_t i = k->rounds; i;) UNROUNDS4(uint32_t, kc_ror32, kc_rol32, a, b, c, d);
        kc_store32_le(out, a); kc_store32_le(out + 4, b); kc_store32_le(out + 8, c); kc_store32_le(out + 12, d);
    }
}

/* CBC encryption (and so CMAC): one block at a time by nature, so this
 * loop, not a SIMD batch, sets its speed.  The chaining value stays in
 * registers, and with the round count a constant (88, 112, 120) the round
 * loop unrolls and the round numbers become immediates. */
#if KC_ARCH_X86 || KC_ARCH_AARCH64
#define CHAM_UNROLL _Pragma("GCC unroll 32")
#else
#define CHAM_UNROLL   /* small cores: code size first */
#endif
#define CBC_LOOP(T, ROL, LOAD, STORE, WB, R) do { \
    T a = LOAD(iv), b = LOAD(iv + WB), c = LOAD(iv + 2 * WB), d = LOAD(iv + 3 * WB); \
    for (; nblocks; nblocks--, in += 4 * WB, out += 4 * WB) { \
        a ^= LOAD(in); b ^= LOAD(in + WB); c ^= LOAD(in + 2 * WB); d ^= LOAD(in + 3 * WB); \
        CHAM_UNROLL for (uint32_t i = 0; i < (R);) ROUNDS4(T, ROL, a, b, c, d); \
        STORE(out, a); STORE(out + WB, b); STORE(out + 2 * WB, c); STORE(out + 3 * WB, d); \
    } \
    STORE(iv, a); STORE(iv + WB, b); STORE(iv + 2 * WB, c); STORE(iv + 3 * WB, d); } while (0)

static inline __attribute__((always_inline)) void cbc16(const uint32_t *rk, unsigned rounds, uint8_t *iv,
                                                        uint8_t *out, const uint8_t *in, size_t nblocks)
{
    CBC_LOOP(uint16_t, ROL16, cham_load16, cham_store16, 2, rounds);
}

static inline __attribute__((always_inline)) void cbc32(const uint32_t *rk, unsigned rounds, uint8_t *iv,
                                                        uint8_t *out, const uint8_t *in, size_t nblocks)
{
    CBC_LOOP(uint32_t, kc_rol32, kc_load32_le, kc_store32_le, 4, rounds);
}

void kc_cham_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const cham_key *k = ctx;
#if KC_ARCH_X86 || KC_ARCH_AARCH64
    if (k->w == 16 && k->rounds == 88) { cbc16(k->rk, 88, iv, out, in, nblocks); return; }
    if (k->w == 32 && k->rounds == 112) { cbc32(k->rk, 112, iv, out, in, nblocks); return; }
    if (k->w == 32 && k->rounds == 120) { cbc32(k->rk, 120, iv, out, in, nblocks); return; }
#endif
    /* small cores, and the tests' other round counts */
    if (k->w == 16) cbc16(k->rk, k->rounds, iv, out, in, nblocks);
    else cbc32(k->rk, k->rounds, iv, out, in, nblocks);
}

const kc_block_backend kc_cham_ref = {
    .head = {
        .name = "ref",
        .summary = "portable C, one block at a time",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(cham_key),
    },
    .set_key = cham_set_key,
    .encrypt = cham_encrypt,
    .decrypt = cham_decrypt,
    .cbc_encrypt = kc_cham_cbc_encrypt,
};
