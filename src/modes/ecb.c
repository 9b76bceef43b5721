/* SPDX-License-Identifier: MIT */
/* ECB: the backend's multi-block entry point as it is. */
#include "modes/modes.h"

void kc_ecb_run(const kc_cipher *c, int encrypt, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (!nblocks) return;
    (encrypt ? c->impl->encrypt : c->impl->decrypt)(c->ctx, out, in, nblocks);
}
