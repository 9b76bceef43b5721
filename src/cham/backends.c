/* SPDX-License-Identifier: MIT */
/* cham backends, best first: the registry's default is the first one that
 * is constant-time and runs on this CPU.  Adding a backend = two lines here:
 * its extern declaration and its place in the table. */
#include "core/backend.h"

extern const kc_block_backend kc_cham_ref;
#include "core/arch.h"

const kc_block_backend *const kc_cham_backends[] = {
    &kc_cham_ref,
    NULL
};
