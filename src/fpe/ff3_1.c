/* SPDX-License-Identifier: MIT */
/* FF3-1's round function ([SP800-38G] Algorithm 9 with the 56-bit tweak of
 * Rev. 1): P = (W xor [i]^4) || [NUM(REV(B))]^12, y = NUM(REVB(CIPH_REVB(K)
 * (REVB(P)))), where W is the right or left half of the tweak expanded to
 * 64 bits.  The key is reversed once, when the cipher is keyed (ff.c). */
#include <string.h>
#include "fpe/ff.h"
#include "core/util.h"

static kc_status ff3_1_prepare(kc_ff *f)
{
    f->u = (f->len + 1) / 2;
    f->v = f->len / 2;
    f->in_len = 12;
    f->out_len = 16;
    /* maxlen = 2 floor(log_radix(2^96)): each half below 2^96 */
    return kc_ff_pow_bits(f->radix, f->u) <= 96 ? KC_OK : KC_ERR_DOMAIN_TOO_LARGE;
}

static int ff3_1_tweak_ok(size_t tweak_len) { return tweak_len == KC_FF3_1_TWEAK || tweak_len == 0; }

static void ff3_1_begin(const kc_ff *f, const uint8_t *tweaks, size_t stride, size_t t,
                        size_t count, uint8_t *state)
{
    (void)f; (void)tweaks; (void)stride; (void)t; (void)count; (void)state;
}

/* W xor [i]^4 of round i: the right half of the tweak for even rounds, the
 * left for odd.  TL = T[0..27] || 0^4, TR = T[32..55] || T[28..31] || 0^4;
 * tw NULL (tweak length 0) is the all-zero tweak. */
static void round_w(const uint8_t *tw, unsigned round, uint8_t w[4])
{
    static const uint8_t zero[KC_FF3_1_TWEAK];
    if (!tw) tw = zero;
    if (round % 2 == 0) {
        w[0] = tw[4]; w[1] = tw[5]; w[2] = tw[6]; w[3] = (uint8_t)(tw[3] << 4);
    } else {
        w[0] = tw[0]; w[1] = tw[1]; w[2] = tw[2]; w[3] = tw[3] & 0xf0;
    }
    w[3] ^= (uint8_t)round;
}

static void ff3_1_prf(const kc_ff *f, unsigned round, const uint8_t *tweaks, size_t stride, size_t t,
                      const uint8_t *state, const uint8_t *in, uint8_t *out, size_t count, uint8_t *scratch)
{
    (void)state;
    for (size_t k = 0; k < count; k++) {
        uint8_t w[4];
        round_w(t ? tweaks + k * stride : NULL, round, w);
        uint8_t *blk = scratch + 16 * k;     /* REVB(P) */
        for (int i = 0; i < 4; i++) blk[15 - i] = w[i];
        for (int i = 0; i < 12; i++) blk[11 - i] = in[12 * k + i];
    }
    kc_ff_ecb(f, scratch, count);
    for (size_t k = 0; k < count; k++)
        for (int i = 0; i < 16; i++) out[16 * k + i] = scratch[16 * k + 15 - i];
}

/* Halves below 2^64: REVB(P) is B little-endian, four zero bytes, then
 * W reversed; y is the cipher's output read little-endian. */
static int ff3_1_word_prf_ok(const kc_ff *f, size_t t)
{
    (void)f; (void)t;
    return 1;
}

static void ff3_1_word_prf(const kc_ff *f, unsigned round, const uint8_t *tweak, size_t t, const uint8_t *state,
                           const uint64_t *half, uint64_t *y_hi, uint64_t *y_lo, size_t count, uint8_t *scratch)
{
    (void)state;
    uint8_t w[4];
    round_w(t ? tweak : NULL, round, w);
    uint64_t upper = (uint64_t)w[3] << 32 | (uint64_t)w[2] << 40 | (uint64_t)w[1] << 48 | (uint64_t)w[0] << 56;
    for (size_t k = 0; k < count; k++) {
        kc_store64_le(scratch + 16 * k, half[k]);
        kc_store64_le(scratch + 16 * k + 8, upper);
    }
    kc_ff_ecb(f, scratch, count);
    for (size_t k = 0; k < count; k++) {
        y_lo[k] = kc_load64_le(scratch + 16 * k);
        y_hi[k] = kc_load64_le(scratch + 16 * k + 8);
    }
}

const kc_ff_alg kc_ff3_1_alg = {
    .rounds = 8,
    .reverse_key = 1,
    .reverse_digits = 1,
    .max_tweak = KC_FF3_1_TWEAK,
    .tweak_ok = ff3_1_tweak_ok,
    .prepare = ff3_1_prepare,
    .begin = ff3_1_begin,
    .prf = ff3_1_prf,
    .word_prf_ok = ff3_1_word_prf_ok,
    .word_prf = ff3_1_word_prf,
};
