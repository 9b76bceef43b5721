/* SPDX-License-Identifier: MIT */
/* Multi-buffer CBC encryption: independent chains side by side, so the
 * serial mode gets the backend's parallel ECB speed (for batches of
 * messages and for CMAC/CBC-MAC batches). */
#ifndef KC_MULTIBUFFER_H
#define KC_MULTIBUFFER_H
#include <stddef.h>
#include <stdint.h>
#include "core/objects.h"

/* n independent CBC encryptions side by side, nblocks blocks each, so the
 * backend's parallel ECB path fills its lanes: chain i reads in[i], writes
 * out[i] (out[i] may be NULL: output discarded, for CBC-MAC/CMAC) and
 * advances iv[i] (one block) in place.  in[i] == out[i] allowed. */
void kc_cbc_encrypt_multi(const kc_cipher *c, size_t n, uint8_t *const out[],
                          const uint8_t *const in[], uint8_t *const iv[], size_t nblocks);

#endif
