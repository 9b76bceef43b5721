/* SPDX-License-Identifier: MIT */
/* SHA-256 (FIPS 180-4), one-shot: for deriving public values such as
 * tokenization tweaks from context strings, not for keys. */
#ifndef KC_SHA256_H
#define KC_SHA256_H
#include <stddef.h>
#include <stdint.h>

void kc_sha256(uint8_t digest[32], const void *data, size_t len);

#endif
