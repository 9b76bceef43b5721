/* SPDX-License-Identifier: MIT */
/* FF1's PRF ([SP800-38G] Algorithm 7, steps 5-6.iv): a CBC-MAC of
 * P || Q under the block cipher, Q = T || 0^pad || [i] || [NUM(B)]^b,
 * extended to d bytes in counter fashion.  P and the whole 16-byte blocks
 * of the tweak are the same in every round: begin() MACs them once, so a
 * round with a tweak under 16 - b bytes costs one block per value. */
#include <string.h>
#include "fpe/ff.h"
#include "core/util.h"

static kc_status ff1_prepare(kc_ff *f)
{
    f->u = f->len / 2;
    f->v = f->len - f->u;
    size_t b = (kc_ff_pow_bits(f->radix, f->v) + 7) / 8;
    f->in_len = b;
    f->out_len = 4 * ((b + 3) / 4) + 4;
    return KC_OK;
}

static int ff1_tweak_ok(size_t tweak_len) { return tweak_len <= KC_FF1_MAX_TWEAK; }

static void ff1_begin(const kc_ff *f, const uint8_t *tweaks, size_t stride, size_t t,
                      size_t count, uint8_t *state)
{
    uint8_t p[16] = { 1, 2, 1, (uint8_t)(f->radix >> 16), (uint8_t)(f->radix >> 8), (uint8_t)f->radix,
                      10, (uint8_t)f->u,
                      (uint8_t)(f->len >> 24), (uint8_t)(f->len >> 16), (uint8_t)(f->len >> 8), (uint8_t)f->len,
                      (uint8_t)(t >> 24), (uint8_t)(t >> 16), (uint8_t)(t >> 8), (uint8_t)t };
    kc_ff_ecb(f, p, 1);
    size_t distinct = stride ? count : 1;      /* one tweak for all: MAC it once */
    for (size_t k = 0; k < distinct; k++) memcpy(state + 16 * k, p, 16);
    for (size_t j = 0; j < t / 16; j++) {
        for (size_t k = 0; k < distinct; k++)
            for (int i = 0; i < 16; i++) state[16 * k + i] ^= tweaks[k * stride + 16 * j + i];
        kc_ff_ecb(f, state, distinct);
    }
    for (size_t k = distinct; k < count; k++) memcpy(state + 16 * k, state, 16);
}

static void ff1_prf(const kc_ff *f, unsigned round, const uint8_t *tweaks, size_t stride, size_t t,
                    const uint8_t *state, const uint8_t *in, uint8_t *out, size_t count, uint8_t *scratch)
{
    size_t b = f->in_len, d = f->out_len, done = t / 16 * 16, rest = t - done;
    size_t pad = (16 - (t + b + 1) % 16) % 16;
    size_t cols = (rest + pad + 1 + b) / 16;
    /* The rest of Q, column-major: block j of every value is contiguous.
     * Q's tail is T[done..t) || 0^pad || [round] || in. */
    size_t tail = cols * 16, head = rest + pad;
    if (cols == 1 && !stride) {   /* the common case: one block, the same up to the half */
        uint8_t q[16] = { 0 };
        memcpy(q, tweaks + done, rest);
        q[head] = (uint8_t)round;
        for (int i = 0; i < 16; i++) q[i] ^= state[i];
        for (size_t k = 0; k < count; k++) {
            uint8_t *blk = scratch + 16 * k;
            memcpy(blk, q, 16);
            for (size_t i = 0; i < b; i++) blk[16 - b + i] ^= in[k * b + i];
        }
    } else for (size_t k = 0; k < count; k++) {
        const uint8_t *tw = tweaks + k * stride + done, *b_in = in + k * b;
        for (size_t i = 0; i < tail; i++) {
            uint8_t byte = i < rest ? tw[i] : i < head ? 0 : i == head ? (uint8_t)round : b_in[i - head - 1];
            scratch[(i / 16 * count + k) * 16 + i % 16] = byte;
        }
        for (int i = 0; i < 16; i++) scratch[16 * k + i] ^= state[16 * k + i];
    }
    /* CBC down the columns: each XORs in the previous column's output. */
    for (size_t j = 0; j < cols; j++) {
        uint8_t *col = scratch + j * count * 16;
        if (j) {
            const uint8_t *prev = col - count * 16;
            for (size_t i = 0; i < count * 16; i++) col[i] ^= prev[i];
        }
        kc_ff_ecb(f, col, count);
    }
    const uint8_t *r = scratch + (cols - 1) * count * 16;
    if (d <= 16) {
        for (size_t k = 0; k < count; k++) memcpy(out + k * d, r + 16 * k, d);
        return;
    }
    /* d > 16 (long values, one at a time): S = R || E(R ^ [1]) || E(R ^ [2]) ... */
    size_t blocks = (d + 15) / 16;
    uint8_t s[16 * ((KC_FF_MAX_LEN * 2 + 31) / 16)];
    memcpy(s, r, 16);
    for (size_t j = 1; j < blocks; j++) {
        memcpy(s + 16 * j, r, 16);
        for (int i = 0; i < 4; i++) s[16 * j + 15 - i] ^= (uint8_t)(j >> (8 * i));
    }
    kc_ff_ecb(f, s + 16, blocks - 1);
    memcpy(out, s, d);
    kc_wipe(s, sizeof s);
}

/* The common case in words: Q is one block (the tweak's tail, the round,
 * B in its last b <= 8 bytes) and y is R's first d = 8 or 12 bytes. */
static int ff1_word_prf_ok(const kc_ff *f, size_t t)
{
    return f->in_len <= 8 && t % 16 + 1 + f->in_len <= 16;
}

static void ff1_word_prf(const kc_ff *f, unsigned round, const uint8_t *tweak, size_t t, const uint8_t *state,
                         const uint64_t *half, uint64_t *y_hi, uint64_t *y_lo, size_t count, uint8_t *scratch)
{
    size_t done = t / 16 * 16, rest = t - done, b = f->in_len;
    uint8_t q[16] = { 0 };
    memcpy(q, tweak + done, rest);
    q[16 - b - 1] = (uint8_t)round;
    for (int i = 0; i < 16; i++) q[i] ^= state[i];
    uint64_t hi = kc_load64_be(q), lo = kc_load64_be(q + 8);
    for (size_t k = 0; k < count; k++) {
        kc_store64_be(scratch + 16 * k, hi);
        kc_store64_be(scratch + 16 * k + 8, lo ^ half[k]);
    }
    kc_ff_ecb(f, scratch, count);
    for (size_t k = 0; k < count; k++) {
        uint64_t r0 = kc_load64_be(scratch + 16 * k), r1 = kc_load64_be(scratch + 16 * k + 8);
        if (f->out_len == 8) {
            y_hi[k] = 0;
            y_lo[k] = r0;
        } else {
            y_hi[k] = r0 >> 32;
            y_lo[k] = r0 << 32 | r1 >> 32;
        }
    }
}

const kc_ff_alg kc_ff1_alg = {
    .rounds = 10,
    .max_tweak = KC_FF1_MAX_TWEAK,
    .tweak_ok = ff1_tweak_ok,
    .prepare = ff1_prepare,
    .begin = ff1_begin,
    .prf = ff1_prf,
    .word_prf_ok = ff1_word_prf_ok,
    .word_prf = ff1_word_prf,
};
