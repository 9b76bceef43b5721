/* SPDX-License-Identifier: MIT */
/* SP 800-38F key wrapping (KW, KWP) over a keyed 128-bit block cipher: the
 * engine behind kc_key_wrap/kc_key_unwrap, for the keyring to call with a
 * cipher it already holds. */
#ifndef KC_MODES_KW_H
#define KC_MODES_KW_H
#include "kcipher.h"

/* pad 0: KW (RFC 3394), 1: KWP (RFC 5649).  As kc_key_wrap/kc_key_unwrap. */
kc_status kc_kw_wrap(const kc_cipher *kek, int pad, uint8_t *out, size_t out_cap, size_t *out_len,
                     const uint8_t *in, size_t in_len);
kc_status kc_kw_unwrap(const kc_cipher *kek, int pad, uint8_t *out, size_t out_cap, size_t *out_len,
                       const uint8_t *in, size_t in_len);
#endif
