/* SPDX-License-Identifier: MIT */
/* seed backends, best first: the registry's default is the first one that
 * is constant-time and runs on this CPU.  Adding a backend = two lines
 * here: its extern declaration and its place in the table. */
#include "core/backend.h"
#include "core/arch.h"

extern const kc_block_backend kc_seed_ct, kc_seed_table;

const kc_block_backend *const kc_seed_backends[] = {
    &kc_seed_ct,
    &kc_seed_table,
    NULL
};
