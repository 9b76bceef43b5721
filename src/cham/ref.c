/* SPDX-License-Identifier: MIT */
/* CHAM reference backend: portable C, one block at a time, both word
 * sizes.  ARX only: constant time everywhere. */
#include "core/backend.h"
#include "cham/cham_common.h"

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
};
