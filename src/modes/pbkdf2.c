/* SPDX-License-Identifier: MIT */
/* PBKDF2 ([SP800-132], RFC 8018 5.2) over HMAC through kc_mac:
 *   T_i = U_1 ^ ... ^ U_c,  U_1 = PRF(P, S || INT(i)),  U_j = PRF(P, U_{j-1}). */
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"

#define MAX_PRF 64   /* HMAC-SHA-512 */

kc_status kc_pbkdf2(const char *prf, const char *backend, const uint8_t *pw, size_t pw_len,
                    const uint8_t *salt, size_t salt_len, uint32_t iterations, uint8_t *out, size_t out_len)
{
    if (!prf || (!pw && pw_len) || (!salt && salt_len) || !out) return KC_ERR_NULL;
    if (strncmp(prf, "hmac-", 5) != 0) return KC_ERR_WRONG_KIND;   /* the PRF of SP 800-132 is HMAC */
    if (iterations == 0) return KC_ERR_ITERATIONS;
    if (out_len == 0) return KC_ERR_OUTPUT_TOO_SMALL;
    if (salt_len > SIZE_MAX - 4) return KC_ERR_INPUT_TOO_LONG;
    kc_mac *m;
    kc_status st = kc_mac_new(&m, prf, backend, pw, pw_len);
    if (st != KC_OK) return st;
    size_t h = kc_mac_tag_size(m);
    uint64_t blocks = out_len / h + (out_len % h != 0);
    uint8_t u[MAX_PRF], t[MAX_PRF], *msg = NULL;
    if (h > MAX_PRF) st = KC_ERR_WRONG_KIND;
    else if (blocks > UINT32_MAX) st = KC_ERR_INPUT_TOO_LONG;
    else if (!(msg = malloc(salt_len + 4))) st = KC_ERR_NO_MEMORY;
    if (st == KC_OK && salt_len) memcpy(msg, salt, salt_len);
    for (uint32_t i = 1; st == KC_OK && i <= blocks; i++) {
        msg[salt_len] = (uint8_t)(i >> 24), msg[salt_len + 1] = (uint8_t)(i >> 16);
        msg[salt_len + 2] = (uint8_t)(i >> 8), msg[salt_len + 3] = (uint8_t)i;
        st = kc_mac_compute(m, u, h, NULL, 0, msg, salt_len + 4);
        memcpy(t, u, h);
        for (uint32_t j = 1; st == KC_OK && j < iterations; j++) {
            st = kc_mac_compute(m, u, h, NULL, 0, u, h);
            for (size_t k = 0; k < h; k++) t[k] ^= u[k];
        }
        size_t at = (size_t)(i - 1) * h;
        if (st == KC_OK) memcpy(out + at, t, out_len - at < h ? out_len - at : h);
    }
    if (st != KC_OK && msg) kc_wipe(out, out_len);   /* only a failing HMAC after blocks were written */
    if (msg) {
        kc_wipe(msg, salt_len + 4);
        free(msg);
    }
    kc_wipe(u, sizeof u);
    kc_wipe(t, sizeof t);
    kc_mac_free(m);
    return st;
}
