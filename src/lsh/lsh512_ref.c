/* SPDX-License-Identifier: MIT */
/* LSH-512 compression (KS X 3262), portable C: adds, rotations and xors
 * only, so constant-time. */
#include "core/util.h"
#include "lsh/lsh.h"

typedef uint64_t word;
#define STEPS 28
#define LOAD kc_load64_le
#define SC kc_lsh512_sc
static const unsigned rot_even[2] = { 23, 59 }, rot_odd[2] = { 7, 3 };
static const unsigned gamma_[8] = { 0, 16, 32, 48, 8, 24, 40, 56 };

#include "lsh/lsh_ref.h"

const kc_hash_backend kc_lsh512_ref = {
    .head = { .name = "ref", .summary = "portable C", .timing = KC_CONSTANT_TIME, .ctx_size = 16 * sizeof(word) },
    KC_LSH512_COMMON,
    .compress = compress,
};
