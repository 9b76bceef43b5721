/* SPDX-License-Identifier: MIT */
/* TinyJAMBU backend for AVR: the keyed permutation in assembly with the
 * paper's reverse shifts (avr_rs.S), the mode of tinyjambu_common.h.  The context
 * holds the complemented key words for a whole P1280, so the assembly reads
 * them in sequence without wrapping.  Constant time: no branch or address
 * depends on key or data (AVR has no cache; the loop count depends only on
 * the key length). */
#include "core/arch.h"
#if KC_ARCH_AVR
#include "core/backend.h"
#include "tinyjambu/tinyjambu_common.h"

#define NK_WORDS 40    /* P1280 = 40 updates */

typedef struct avr_rs_key {
    uint32_t nk[NK_WORDS];      /* ~K[i mod words] */
    uint8_t big;                /* 128-step groups of P_b: 8, 9 or 10 */
} avr_rs_key;

void kc_tj_avr_rs_permute(uint32_t s[4], const uint32_t *nk, uint8_t groups);

static void permute(uint32_t s[4], const void *key, uint8_t groups)
{
    kc_tj_avr_rs_permute(s, ((const avr_rs_key *)key)->nk, groups);
}

static kc_status set_key(void *ctx, const uint8_t *key, size_t key_len)
{
    avr_rs_key *k = ctx;
    if (key_len != 16 && key_len != 24 && key_len != 32) return KC_ERR_KEY_LENGTH;
    uint8_t words = (uint8_t)(key_len / 4);
    for (uint8_t i = 0, j = 0; i < NK_WORDS; i++, j = j + 1 == words ? 0 : j + 1)
        k->nk[i] = ~kc_load32_le(key + 4 * j);
    k->big = (uint8_t)(6 + words / 2);
    return KC_OK;
}

static void encrypt(const void *ctx, uint8_t *out, const uint8_t *nonce,
                    const uint8_t *ad, size_t ad_len, const uint8_t *pt, size_t pt_len)
{
    tj_mode_perm p = { permute, ctx, ((const avr_rs_key *)ctx)->big };
    tj_aead_encrypt(&p, out, nonce, ad, ad_len, pt, pt_len);
}

static int decrypt(const void *ctx, uint8_t *out, const uint8_t *nonce,
                   const uint8_t *ad, size_t ad_len, const uint8_t *ct, size_t ct_len)
{
    tj_mode_perm p = { permute, ctx, ((const avr_rs_key *)ctx)->big };
    return tj_aead_decrypt(&p, out, nonce, ad, ad_len, ct, ct_len);
}

const kc_aead_backend kc_tinyjambu_avr_rs = {
    .head = {
        .name = "avr-rs",
        .summary = "AVR assembly permutation with reverse shifts (73 cycles per 32 steps)",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(avr_rs_key),
    },
    .set_key = set_key,
    .encrypt = encrypt,
    .decrypt = decrypt,
};
#endif
