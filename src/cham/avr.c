/* SPDX-License-Identifier: MIT */
/* CHAM backend for 8-bit AVR: CHAM-64's rounds in assembly (avr.S), one
 * block at a time; CHAM-128's 32-bit words go to the portable C
 * (ref.c).  The key schedule of cham_common.h.  Constant time: no branch or
 * address depends on key or data (AVR has no cache). */
#include "core/arch.h"
#if KC_ARCH_AVR
#include "core/backend.h"
#include "cham/cham_common.h"

void kc_cham_avr_encrypt(uint8_t out[8], const uint8_t in[8], const cham_key *k, uint8_t rounds);
void kc_cham_avr_decrypt(uint8_t out[8], const uint8_t in[8], const cham_key *k, uint8_t rounds);
extern const kc_block_backend kc_cham_ref;

/* avr.S reads rk[j] at Z + 4j with ldd (displacements up to 63). */
_Static_assert(offsetof(cham_key, rk) == 0 && sizeof((cham_key *)0)->rk[0] == 4, "avr.S: rk layout");

static void avr_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const cham_key *k = ctx;
    if (k->w != 16) {
        kc_cham_ref.encrypt(ctx, out, in, nblocks);
        return;
    }
    for (; nblocks; nblocks--, in += 8, out += 8) kc_cham_avr_encrypt(out, in, k, (uint8_t)k->rounds);
}

static void avr_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const cham_key *k = ctx;
    if (k->w != 16) {
        kc_cham_ref.decrypt(ctx, out, in, nblocks);
        return;
    }
    for (; nblocks; nblocks--, in += 8, out += 8) kc_cham_avr_decrypt(out, in, k, (uint8_t)k->rounds);
}

const kc_block_backend kc_cham_avr = {
    .head = {
        .name = "avr",
        .summary = "AVR assembly for CHAM-64 (state in eight registers); CHAM-128 in C",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(cham_key),
    },
    .set_key = cham_set_key,
    .encrypt = avr_encrypt,
    .decrypt = avr_decrypt,
};
#endif
