/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b reference backend: portable C, one block at a time.
 * Constant time where 32-bit multiplies and variable rotates are (x86, ARM,
 * RISC-V with M and a barrel shifter); not on AVR, where a rotate by a
 * data-dependent amount is a loop. */
#include "core/backend.h"
#include "rc6/rc6_common.h"

/* The rounds on one block held in x[0..3]. */
static inline __attribute__((always_inline)) void rc6_rounds(const uint32_t *s, uint32_t x[4])
{
    uint32_t a = x[0], b = x[1], c = x[2], d = x[3];
    b += s[0];
    d += s[1];
    for (unsigned i = 1; i <= RC6_ROUNDS; i++) {
        uint32_t t = rc6_f(b), u = rc6_f(d);
        uint32_t na = kc_rol32(a ^ t, u) + s[2 * i];
        c = kc_rol32(c ^ u, t) + s[2 * i + 1];
        a = b; b = c; c = d; d = na;        /* (A, B, C, D) = (B, C, D, A) */
    }
    x[0] = a + s[2 * RC6_ROUNDS + 2];
    x[1] = b;
    x[2] = c + s[2 * RC6_ROUNDS + 3];
    x[3] = d;
}

static void rc6_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint32_t *s = ((const rc6_key *)ctx)->s;
    for (; nblocks; nblocks--, in += 16, out += 16) {
        uint32_t x[4];
        for (unsigned j = 0; j < 4; j++) x[j] = kc_load32_le(in + 4 * j);
        rc6_rounds(s, x);
        for (unsigned j = 0; j < 4; j++) kc_store32_le(out + 4 * j, x[j]);
    }
}

/* CBC encryption for every RC6 backend: serial, so one block at a time,
 * the chaining value in registers (the SIMD backends' encrypt would take
 * a lone block here through a call). */
void kc_rc6_cbc_encrypt(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint32_t *s = ((const rc6_key *)ctx)->s;
    uint32_t x[4];
    for (unsigned j = 0; j < 4; j++) x[j] = kc_load32_le(iv + 4 * j);
    for (; nblocks; nblocks--, in += 16, out += 16) {
        for (unsigned j = 0; j < 4; j++) x[j] ^= kc_load32_le(in + 4 * j);
        rc6_rounds(s, x);
        for (unsigned j = 0; j < 4; j++) kc_store32_le(out + 4 * j, x[j]);
    }
    for (unsigned j = 0; j < 4; j++) kc_store32_le(iv + 4 * j, x[j]);
    kc_wipe(x, sizeof x);
}

static void rc6_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const uint32_t *s = ((const rc6_key *)ctx)->s;
    for (; nblocks; nblocks--, in += 16, out += 16) {
        uint32_t a = kc_load32_le(in), b = kc_load32_le(in + 4);
        uint32_t c = kc_load32_le(in + 8), d = kc_load32_le(in + 12);
        c -= s[2 * RC6_ROUNDS + 3];
        a -= s[2 * RC6_ROUNDS + 2];
        for (unsigned i = RC6_ROUNDS; i >= 1; i--) {
            uint32_t x = d;                     /* (A, B, C, D) = (D, A, B, C) */
            d = c; c = b; b = a; a = x;
            uint32_t u = rc6_f(d), t = rc6_f(b);
            c = kc_ror32(c - s[2 * i + 1], t) ^ u;
            a = kc_ror32(a - s[2 * i], u) ^ t;
        }
        d -= s[1];
        b -= s[0];
        kc_store32_le(out, a); kc_store32_le(out + 4, b);
        kc_store32_le(out + 8, c); kc_store32_le(out + 12, d);
    }
}

const kc_block_backend kc_rc6_ref = {
    .head = {
        .name = "ref",
        .summary = "portable C, one block at a time",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(rc6_key),
    },
    .set_key = rc6_set_key_ctx,
    .encrypt = rc6_encrypt,
    .decrypt = rc6_decrypt,
    .cbc_encrypt = kc_rc6_cbc_encrypt,
};
