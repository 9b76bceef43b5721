/* SPDX-License-Identifier: MIT */
/* Key wrapping with a key-encryption key held in a PKCS#11 token: the KEK never
 * leaves the token.  The module is loaded with dlopen (no link-time dependency).
 *
 * uri: an RFC 7512 PKCS#11 URI naming the KEK, e.g.
 *   pkcs11:token=kcipher;object=kek?module-path=/usr/lib/softhsm/libsofthsm2.so&pin-source=file:/run/pin
 * (pin-value=1234 is accepted too; without a PIN the session is not logged in).
 * The wrapping is CKM_AES_KEY_WRAP_PAD (SP 800-38F KWP) done by the token.
 * why (why_cap bytes, may be NULL) receives a one-line reason on failure:
 * KC_ERR_KEK (module, token, PIN or object not usable), KC_ERR_UNWRAP (the token
 * refused the wrapped key), KC_ERR_OUTPUT_TOO_SMALL, KC_ERR_FORMAT_SPEC (bad URI). */
#ifndef KC_KEYS_PKCS11_H
#define KC_KEYS_PKCS11_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"

kc_status kc_pkcs11_wrap(const char *uri, const uint8_t *key, size_t key_len,
                         uint8_t *wrapped, size_t wrapped_cap, size_t *wrapped_len,
                         char *why, size_t why_cap);
kc_status kc_pkcs11_unwrap(const char *uri, const uint8_t *wrapped, size_t wrapped_len,
                           uint8_t *key, size_t key_cap, size_t *key_len,
                           char *why, size_t why_cap);
#endif
