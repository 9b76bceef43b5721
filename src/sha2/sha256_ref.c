/* SPDX-License-Identifier: MIT */
/* SHA-256 compression (FIPS 180-4 section 6.2.2), portable C: only adds,
 * rotations and logic, so constant-time. */
#include "core/util.h"
#include "sha2/sha2.h"

static uint32_t ror(uint32_t x, unsigned n) { return x >> n | x << (32 - n); }

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = state;
    for (; nblocks--; p += 64) {
        uint32_t w[64], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
        for (int i = 0; i < 16; i++) w[i] = kc_load32_be(p + 4 * i);
        for (int i = 16; i < 64; i++)
            w[i] = w[i - 16] + (ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3)) + w[i - 7] +
                   (ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10));
        for (int i = 0; i < 64; i++) {
            uint32_t t1 = k + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + kc_sha256_k[i] + w[i];
            uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
            k = g; g = f; f = e; e = d + t1;
            d = c; c = b; b = a; a = t1 + t2;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += k;
        kc_wipe(w, sizeof w);
    }
}

const kc_hash_backend kc_sha256_ref = {
    .head = { .name = "ref", .summary = "portable C", .timing = KC_CONSTANT_TIME, .ctx_size = 32 },
    KC_SHA256_COMMON,
    .compress = compress,
};
