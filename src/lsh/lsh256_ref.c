/* SPDX-License-Identifier: MIT */
/* LSH-256 compression (KS X 3262), portable C: adds, rotations and xors
 * only, so constant-time. */
#include "core/util.h"
#include "lsh/lsh.h"

typedef uint32_t word;
#define STEPS 26
#define LOAD kc_load32_le
#define SC kc_lsh256_sc
static const unsigned rot_even[2] = { 29, 1 }, rot_odd[2] = { 5, 17 };
static const unsigned gamma_[8] = { 0, 8, 16, 24, 24, 16, 8, 0 };

#include "lsh/lsh_ref.h"

const kc_hash_backend kc_lsh256_ref = {
    .head = { .name = "ref", .summary = "portable C", .timing = KC_CONSTANT_TIME, .ctx_size = 16 * sizeof(word) },
    KC_LSH256_COMMON,
    .compress = compress,
};
