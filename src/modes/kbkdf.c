/* SPDX-License-Identifier: MIT */
/* KBKDF ([SP800-108] Rev. 1): counter, feedback and double-pipeline modes
 * over any kc_mac that takes no nonce (CMAC now, HMAC by name when kc_mac
 * has it).  Each PRF input is put together in one buffer:
 *   [i] || iter || fixed[0..middle) || [i] || fixed[middle..) || [i]
 * with the counter in one of its places and iter = K(i-1) (feedback),
 * A(i) (pipeline) or nothing (counter mode). */
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"

#define MAX_PRF 64   /* bytes of PRF output: HMAC-SHA-512 */

static kc_status check(const kc_kbkdf_params *p, size_t fixed_len)
{
    if (p->mode > KC_KBKDF_DOUBLE_PIPELINE || p->counter > KC_KBKDF_CTR_NONE) return KC_ERR_BAD_MODE;
    if (p->counter == KC_KBKDF_CTR_NONE) return p->mode == KC_KBKDF_COUNTER ? KC_ERR_BAD_MODE : KC_OK;
    if (p->counter_bits % 8 || p->counter_bits < 8 || p->counter_bits > 32) return KC_ERR_BAD_MODE;
    if (p->counter == KC_KBKDF_CTR_MIDDLE_FIXED && (p->mode != KC_KBKDF_COUNTER || p->middle > fixed_len))
        return KC_ERR_BAD_MODE;
    if (p->counter == KC_KBKDF_CTR_BEFORE_ITER && p->mode == KC_KBKDF_COUNTER) return KC_ERR_BAD_MODE;
    return KC_OK;
}

/* The PRF input for block i into msg; returns its length. */
static size_t input(const kc_kbkdf_params *p, uint8_t *msg, uint32_t i, const uint8_t *iter, size_t iter_len,
                    const uint8_t *fixed, size_t fixed_len)
{
    size_t r = p->counter_bits / 8, at = 0, middle = p->counter == KC_KBKDF_CTR_MIDDLE_FIXED ? p->middle
                                                    : p->counter == KC_KBKDF_CTR_AFTER_FIXED ? fixed_len : 0;
    uint8_t ctr[4] = { (uint8_t)(i >> 24), (uint8_t)(i >> 16), (uint8_t)(i >> 8), (uint8_t)i };
    if (p->counter == KC_KBKDF_CTR_BEFORE_ITER) { memcpy(msg, ctr + 4 - r, r); at = r; }
    if (iter_len) memcpy(msg + at, iter, iter_len);
    at += iter_len;
    if (fixed_len) memcpy(msg + at, fixed, middle);
    at += middle;
    if (p->counter <= KC_KBKDF_CTR_MIDDLE_FIXED) { memcpy(msg + at, ctr + 4 - r, r); at += r; }
    if (fixed_len) memcpy(msg + at, fixed + middle, fixed_len - middle);
    return at + fixed_len - middle;
}

kc_status kc_kbkdf(const char *prf, const char *backend, const uint8_t *key, size_t key_len,
                   const kc_kbkdf_params *params, const uint8_t *fixed, size_t fixed_len,
                   uint8_t *out, size_t out_len)
{
    if (!params || (!fixed && fixed_len) || (!out && out_len) || (!params->iv && params->iv_len)) return KC_ERR_NULL;
    kc_status st = check(params, fixed_len);
    if (st != KC_OK) return st;
    kc_mac *m;
    if ((st = kc_mac_new(&m, prf, backend, key, key_len)) != KC_OK) return st;
    uint8_t k[MAX_PRF], a[MAX_PRF];
    size_t h = kc_mac_tag_size(m);
    size_t n = out_len / h + (out_len % h != 0);
    size_t iter_max = params->mode == KC_KBKDF_FEEDBACK && params->iv_len > h ? params->iv_len : h;
    uint64_t limit = params->counter == KC_KBKDF_CTR_NONE ? UINT32_MAX : ((uint64_t)1 << params->counter_bits) - 1;
    uint8_t *msg = NULL;
    if (h > MAX_PRF) st = KC_ERR_WRONG_KIND;
    else if (kc_mac_compute(m, k, h, NULL, 0, NULL, 0) != KC_OK) st = KC_ERR_WRONG_KIND;   /* wants a nonce */
    else if (n > limit) st = KC_ERR_INPUT_TOO_LONG;
    else if (fixed_len > SIZE_MAX - iter_max - 8) st = KC_ERR_INPUT_TOO_LONG;
    else if (!(msg = malloc(iter_max + 4 + fixed_len + 1))) st = KC_ERR_NO_MEMORY;
    const uint8_t *iter = params->iv;
    size_t iter_len = params->mode == KC_KBKDF_FEEDBACK ? params->iv_len : 0;
    if (params->mode == KC_KBKDF_DOUBLE_PIPELINE) {   /* A(0) = the fixed data */
        iter = fixed;
        iter_len = fixed_len;
    }
    for (uint32_t i = 1; st == KC_OK && i <= n; i++) {
        if (params->mode == KC_KBKDF_DOUBLE_PIPELINE) {   /* A(i) = PRF(A(i-1)) */
            kc_mac_compute(m, k, h, NULL, 0, iter, iter_len);
            memcpy(a, k, h);
            iter = a;
            iter_len = h;
        }
        size_t len = input(params, msg, i, iter, iter_len, fixed, fixed_len);
        kc_mac_compute(m, k, h, NULL, 0, msg, len);
        size_t take = out_len - (size_t)(i - 1) * h < h ? out_len - (size_t)(i - 1) * h : h;
        memcpy(out + (size_t)(i - 1) * h, k, take);
        if (params->mode == KC_KBKDF_FEEDBACK) {
            iter = k;
            iter_len = h;
        }
    }
    if (msg) {
        kc_wipe(msg, iter_max + 4 + fixed_len);
        free(msg);
    }
    kc_wipe(k, sizeof k);
    kc_wipe(a, sizeof a);
    kc_mac_free(m);
    return st;
}
