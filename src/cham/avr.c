/* SPDX-License-Identifier: MIT */
/* CHAM backend for 8-bit AVR: the rounds in assembly, one block at a time,
 * CHAM-64 in avr.S, CHAM-128 in avr128.S.  The key schedule of
 * cham_common.h.  Constant time: no branch or
 * address depends on key or data (AVR has no cache). */
#include "core/arch.h"
#if KC_ARCH_AVR
#include "core/backend.h"
#include "cham/cham_common.h"

void kc_cham_avr_encrypt(uint8_t out[8], const uint8_t in[8], const cham_key *k, uint8_t rounds);
void kc_cham_avr_decrypt(uint8_t out[8], const uint8_t in[8], const cham_key *k, uint8_t rounds);
void kc_cham_avr_encrypt128(uint8_t out[16], const uint8_t in[16], const cham_key *k, uint8_t rounds);
void kc_cham_avr_decrypt128(uint8_t out[16], const uint8_t in[16], const cham_key *k, uint8_t rounds);

/* avr.S reads rk[j] at Z + 4j with ldd (displacements up to 63). */
_Static_assert(offsetof(cham_key, rk) == 0 && sizeof((cham_key *)0)->rk[0] == 4, "avr.S: rk layout");

static void avr_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const cham_key *k = ctx;
    if (k->w == 32) {
        for (; nblocks; nblocks--, in += 16, out += 16) kc_cham_avr_encrypt128(out, in, k, (uint8_t)k->rounds);
        return;
    }
    for (; nblocks; nblocks--, in += 8, out += 8) kc_cham_avr_encrypt(out, in, k, (uint8_t)k->rounds);
}

static void avr_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const cham_key *k = ctx;
    if (k->w == 32) {
        for (; nblocks; nblocks--, in += 16, out += 16) kc_cham_avr_decrypt128(out, in, k, (uint8_t)k->rounds);
        return;
    }
    for (; nblocks; nblocks--, in += 8, out += 8) kc_cham_avr_decrypt(out, in, k, (uint8_t)k->rounds);
}

const kc_block_backend kc_cham_avr = {
    .head = {
        .name = "avr",
        .summary = "AVR assembly, state in 8 (CHAM-64) or 16 (CHAM-128) registers",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(cham_key),
    },
    .set_key = cham_set_key,
    .encrypt = avr_encrypt,
    .decrypt = avr_decrypt,
};
#endif
