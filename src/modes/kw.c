/* SPDX-License-Identifier: MIT */
/* Key wrapping, NIST SP 800-38F: KW (the W function with ICV1 A6A6A6A6A6A6A6A6,
 * RFC 3394) and KWP (ICV2 A65959A6 || 32-bit length, zero padding to a
 * semiblock, one block encryption for 8 bytes or less, RFC 5649).  The
 * standard names AES; the same construction runs over any 128-bit block
 * cipher here ("kwp-aria-256", "kw-lea-128": not NIST-approved).
 * Unwrapping works in a scratch copy and writes out only when the
 * integrity check passes. */
#include <stdlib.h>
#include <string.h>
#include "core/util.h"
#include "modes/kw.h"

static const uint8_t icv1[8] = { 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6 };
static const uint8_t icv2[4] = { 0xa6, 0x59, 0x59, 0xa6 };

/* W: buf = A || R[1..n], n >= 2 semiblocks, in place. */
static void w_fwd(const kc_cipher *c, uint8_t *buf, size_t n)
{
    uint8_t b[16];
    for (uint64_t j = 0; j < 6; j++)
        for (size_t i = 1; i <= n; i++) {
            memcpy(b, buf, 8);
            memcpy(b + 8, buf + 8 * i, 8);
            kc_cipher_encrypt_blocks(c, b, b, 16);
            kc_store64_be(buf, kc_load64_be(b) ^ (n * j + i));
            memcpy(buf + 8 * i, b + 8, 8);
        }
    kc_wipe(b, sizeof b);
}

/* W^-1, in place. */
static void w_inv(const kc_cipher *c, uint8_t *buf, size_t n)
{
    uint8_t b[16];
    for (uint64_t j = 6; j-- > 0;)
        for (size_t i = n; i >= 1; i--) {
            kc_store64_be(b, kc_load64_be(buf) ^ (n * j + i));
            memcpy(b + 8, buf + 8 * i, 8);
            kc_cipher_decrypt_blocks(c, b, b, 16);
            memcpy(buf, b, 8);
            memcpy(buf + 8 * i, b + 8, 8);
        }
    kc_wipe(b, sizeof b);
}

kc_status kc_kw_wrap(const kc_cipher *kek, int pad, uint8_t *out, size_t out_cap, size_t *out_len,
                     const uint8_t *in, size_t in_len)
{
    if (!kek || !out || !out_len || (!in && in_len)) return KC_ERR_NULL;
    if (kc_cipher_block_size(kek) != 16) return KC_ERR_WRONG_KIND;
    size_t padded = (in_len + 7) & ~(size_t)7;
    if (pad ? in_len == 0 : in_len < 16) return KC_ERR_INPUT_TOO_SHORT;
    if (!pad && in_len % 8) return KC_ERR_NOT_BLOCK_MULTIPLE;
#if SIZE_MAX > 0xffffffffu
    if (pad && in_len > 0xffffffffu) return KC_ERR_INPUT_TOO_LONG;
#endif
    if (padded < in_len || out_cap < padded + 8 || padded + 8 < padded) return KC_ERR_OUTPUT_TOO_SMALL;
    memmove(out + 8, in, in_len);          /* any overlap: the one read of in */
    memset(out + 8 + in_len, 0, padded - in_len);
    if (!pad) memcpy(out, icv1, 8);
    else {
        memcpy(out, icv2, 4);
        kc_store32_be(out + 4, (uint32_t)in_len);
    }
    if (padded == 8) kc_cipher_encrypt_blocks(kek, out, out, 16);   /* KWP, one semiblock */
    else w_fwd(kek, out, padded / 8);
    *out_len = padded + 8;
    return KC_OK;
}

kc_status kc_kw_unwrap(const kc_cipher *kek, int pad, uint8_t *out, size_t out_cap, size_t *out_len,
                       const uint8_t *in, size_t in_len)
{
    if (!kek || !out || !out_len || !in) return KC_ERR_NULL;
    if (kc_cipher_block_size(kek) != 16) return KC_ERR_WRONG_KIND;
    if (in_len % 8) return KC_ERR_NOT_BLOCK_MULTIPLE;
    if (in_len < (pad ? 16u : 24u)) return KC_ERR_INPUT_TOO_SHORT;
    if (out_cap < in_len - 8) return KC_ERR_OUTPUT_TOO_SMALL;
    uint8_t *buf = malloc(in_len);
    if (!buf) return KC_ERR_NO_MEMORY;
    memcpy(buf, in, in_len);
    size_t n = in_len / 8 - 1, len = in_len - 8;
    if (n == 1) kc_cipher_decrypt_blocks(kek, buf, buf, 16);
    else w_inv(kek, buf, n);
    unsigned bad;
    if (!pad) bad = (unsigned)kc_ct_compare(buf, icv1, 8) & 1u;
    else {
        /* ICV2, 8(n-1) < MLI <= 8n, and the padding zero. */
        uint32_t mli = kc_load32_be(buf + 4);
        bad = (unsigned)kc_ct_compare(buf, icv2, 4) & 1u;
        bad |= (mli <= 8 * (n - 1)) | (mli > 8 * n);
        uint8_t z = 0;
        for (size_t i = 0; i < 8 && !bad; i++) z |= (uint8_t)((8 + mli + i < in_len) ? buf[8 + mli + i] : 0);
        bad |= z != 0;
        if (!bad) len = mli;
    }
    kc_ct_declassify(&bad, sizeof bad);
    if (!bad) memcpy(out, buf + 8, len);
    kc_wipe(buf, in_len);
    free(buf);
    if (bad) return KC_ERR_UNWRAP;
    *out_len = len;
    return KC_OK;
}

/* "kw-<cipher>" or "kwp-<cipher>" -> pad and the block cipher's name. */
static kc_status parse_name(const char *name, int *pad, const char **cipher)
{
    if (!name) return KC_ERR_NULL;
    if (!strncmp(name, "kwp-", 4)) { *pad = 1; *cipher = name + 4; }
    else if (!strncmp(name, "kw-", 3)) { *pad = 0; *cipher = name + 3; }
    else return KC_ERR_UNKNOWN_CIPHER;
    const kc_cipher_info *ci = kc_cipher_find(*cipher);
    if (!ci) return KC_ERR_UNKNOWN_CIPHER;
    return ci->kind == KC_KIND_BLOCK && ci->block_bytes == 16 ? KC_OK : KC_ERR_WRONG_KIND;
}

static kc_status one_shot(int wrap, const char *name, const uint8_t *kek, size_t kek_len,
                          uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in, size_t in_len)
{
    int pad;
    const char *cipher;
    kc_status st = parse_name(name, &pad, &cipher);
    if (st != KC_OK) return st;
    kc_cipher *c;
    if ((st = kc_cipher_new(&c, cipher, NULL, kek, kek_len)) != KC_OK) return st;
    st = wrap ? kc_kw_wrap(c, pad, out, out_cap, out_len, in, in_len)
              : kc_kw_unwrap(c, pad, out, out_cap, out_len, in, in_len);
    kc_cipher_free(c);
    return st;
}

kc_status kc_key_wrap(const char *name, const uint8_t *kek, size_t kek_len,
                      uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in, size_t in_len)
{
    return one_shot(1, name, kek, kek_len, out, out_cap, out_len, in, in_len);
}

kc_status kc_key_unwrap(const char *name, const uint8_t *kek, size_t kek_len,
                        uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in, size_t in_len)
{
    return one_shot(0, name, kek, kek_len, out, out_cap, out_len, in, in_len);
}
