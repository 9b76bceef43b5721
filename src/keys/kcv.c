/* SPDX-License-Identifier: MIT */
/* Key check values, as payment HSMs print them: the first 3 bytes of a fixed
 * encryption under the key.  What is encrypted, by cipher kind:
 *  - block ciphers (and the modes, MACs and AEADs built on one: "aes-128-gcm",
 *    "lea-256-cmac"; and FF1/FF3-1 over one: "ff1-aes-256"): the all-zero
 *    block, under the block cipher with the key as given (FF3-1's byte
 *    reversal of the key is not applied, so a key has one KCV wherever it
 *    is used);
 *  - FEA ("fea1-128", "fea2-256", and FEA's FPE of the same names): the
 *    all-zero 128-bit block at n = 128 with the all-zero tweak;
 *  - TinyJAMBU (no block encryption exposed): the tag of the empty message
 *    with empty associated data under the all-zero nonce (a CMAC-style value).
 * Three bytes identify a key among a handful; they do not help find it. */
#include <string.h>
#include "keys/keys.h"

/* The block cipher behind a mode, MAC, AEAD or FF name, into buf. */
static const kc_cipher_info *underlying(const char *name, char *buf, size_t cap)
{
    if (!name) return NULL;
    static const char *const prefixes[] = { "ff1-", "ff3-1-" };
    static const char *const suffixes[] = { "-gcm", "-ccm", "-cmac", "-gmac" };
    const kc_cipher_info *ci = kc_cipher_find(name);
    if (ci) return ci;
    for (size_t i = 0; i < 2; i++)
        if (!strncmp(name, prefixes[i], strlen(prefixes[i]))) return kc_cipher_find(name + strlen(prefixes[i]));
    size_t n = strlen(name);
    for (size_t i = 0; i < 4; i++) {
        size_t s = strlen(suffixes[i]);
        if (n > s && n - s < cap && !strcmp(name + n - s, suffixes[i])) {
            memcpy(buf, name, n - s);
            buf[n - s] = 0;
            ci = kc_cipher_find(buf);
            /* GCM, CCM and GMAC take 16-byte blocks only; CMAC 8 too. */
            return ci && ci->kind == KC_KIND_BLOCK && (ci->block_bytes == 16 || i == 2) ? ci : NULL;
        }
    }
    return NULL;
}

const kc_cipher_info *kc_key_cipher(const char *name)
{
    char buf[64];
    return underlying(name, buf, sizeof buf);
}

kc_status kc_key_check_value(const char *cipher, const uint8_t *key, size_t key_len, uint8_t kcv[KC_KCV_BYTES])
{
    if (!cipher || !kcv || (!key && key_len)) return KC_ERR_NULL;
    char buf[64];
    const kc_cipher_info *ci = underlying(cipher, buf, sizeof buf);
    if (!ci) return KC_ERR_UNKNOWN_CIPHER;
    uint8_t out[32] = { 0 };
    kc_status st;
    if (ci->kind == KC_KIND_BLOCK) {
        kc_cipher *c;
        if ((st = kc_cipher_new(&c, ci->name, NULL, key, key_len)) != KC_OK) return st;
        st = kc_cipher_encrypt_blocks(c, out, out, ci->block_bytes);
        kc_cipher_free(c);
    } else if (ci->kind == KC_KIND_FEA) {
        kc_fea *f;
        if ((st = kc_fea_new(&f, ci->name, NULL, key, key_len, 128)) != KC_OK) return st;
        st = kc_fea_encrypt(f, out, out, 1, NULL, 0);
        kc_fea_free(f);
    } else {
        kc_aead *a;
        uint8_t nonce[32] = { 0 };
        size_t n;
        if ((st = kc_aead_new(&a, ci->name, NULL, key, key_len)) != KC_OK) return st;
        st = kc_aead_encrypt(a, out, sizeof out, &n, nonce, kc_aead_nonce_size(a), NULL, 0, NULL, 0);
        kc_aead_free(a);
    }
    if (st == KC_OK) memcpy(kcv, out, KC_KCV_BYTES);
    kc_wipe(out, sizeof out);
    return st;
}
