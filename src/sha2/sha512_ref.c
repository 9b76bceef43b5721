/* SPDX-License-Identifier: MIT */
/* SHA-512 compression (FIPS 180-4 section 6.4.2), portable C: only adds,
 * rotations and logic, so constant-time. */
#include "core/util.h"
#include "sha2/sha2.h"

static uint64_t ror(uint64_t x, unsigned n) { return x >> n | x << (64 - n); }

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint64_t *h = state;
    for (; nblocks--; p += 128) {
        uint64_t w[80], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
        for (int i = 0; i < 16; i++) w[i] = kc_load64_be(p + 8 * i);
        for (int i = 16; i < 80; i++)
            w[i] = w[i - 16] + (ror(w[i - 15], 1) ^ ror(w[i - 15], 8) ^ (w[i - 15] >> 7)) + w[i - 7] +
                   (ror(w[i - 2], 19) ^ ror(w[i - 2], 61) ^ (w[i - 2] >> 6));
        for (int i = 0; i < 80; i++) {
            uint64_t t1 = k + (ror(e, 14) ^ ror(e, 18) ^ ror(e, 41)) + ((e & f) ^ (~e & g)) + kc_sha512_k[i] + w[i];
            uint64_t t2 = (ror(a, 28) ^ ror(a, 34) ^ ror(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
            k = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
        kc_wipe(w, sizeof w);
    }
}

const kc_hash_backend kc_sha512_ref = {
    .head = { .name = "ref", .summary = "portable C", .timing = KC_CONSTANT_TIME, .ctx_size = 64 },
    KC_SHA512_COMMON,
    .compress = compress,
};
