/* SPDX-License-Identifier: MIT */
/* HIGHT backend for 8-bit AVR: the rounds in assembly (avr.S), one block
 * at a time in place; the key schedule of hight_common.h.  Constant time:
 * no branch or address depends on key or data (AVR has no cache). */
#include "core/arch.h"
#if KC_ARCH_AVR
#include <string.h>
#include "core/backend.h"
#include "hight/hight_common.h"

void kc_hight_avr_encrypt(uint8_t blk[8], const hight_key *k);
void kc_hight_avr_decrypt(uint8_t blk[8], const hight_key *k);

static void avr_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (; nblocks; nblocks--, in += 8, out += 8) {
        memmove(out, in, 8);
        kc_hight_avr_encrypt(out, ctx);
    }
}

static void avr_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    for (; nblocks; nblocks--, in += 8, out += 8) {
        memmove(out, in, 8);
        kc_hight_avr_decrypt(out, ctx);
    }
}

const kc_block_backend kc_hight_avr = {
    .head = {
        .name = "avr",
        .summary = "AVR assembly, state in eight registers",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(hight_key),
    },
    .set_key = hight_set_key,
    .encrypt = avr_encrypt,
    .decrypt = avr_decrypt,
};
#endif
