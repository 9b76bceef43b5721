/* SPDX-License-Identifier: MIT */
/* Placeholder until the PKCS#11 module lands: every call reports that it is not built. */
#include <stdio.h>
#include "keys/pkcs11.h"

static kc_status not_built(char *why, size_t why_cap)
{
    if (why && why_cap) snprintf(why, why_cap, "PKCS#11 key-encryption keys are not built into this library");
    return KC_ERR_KEK;
}

kc_status kc_pkcs11_wrap(const char *uri, const uint8_t *key, size_t key_len,
                         uint8_t *wrapped, size_t wrapped_cap, size_t *wrapped_len, char *why, size_t why_cap)
{
    (void)uri; (void)key; (void)key_len; (void)wrapped; (void)wrapped_cap; (void)wrapped_len;
    return not_built(why, why_cap);
}

kc_status kc_pkcs11_unwrap(const char *uri, const uint8_t *wrapped, size_t wrapped_len,
                           uint8_t *key, size_t key_cap, size_t *key_len, char *why, size_t why_cap)
{
    (void)uri; (void)wrapped; (void)wrapped_len; (void)key; (void)key_cap; (void)key_len;
    return not_built(why, why_cap);
}
