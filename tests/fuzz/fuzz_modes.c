/* SPDX-License-Identifier: MIT */
/* One-shot modes (ECB, CBC, CTR, CFB, OFB) with and without PKCS#7 (ECB and
 * CBC), any block cipher and backend:
 * decrypt(encrypt(x)) = x; decrypting arbitrary bytes never writes past
 * out_len (nor out_cap: buffers are exact-size heap blocks for ASan); a
 * failure writes nothing (a padding failure at most zeroes); CTR, CFB and
 * OFB equal their definition in [SP800-38A] built here on the block call.
 * Input: cipher, backend, mode, flags, key, iv, then the message. */
#include "fuzz_common.h"

/* ECB and CBC take whole blocks (or padding); CTR, CFB and OFB any length. */
static int whole_blocks(kc_mode mode) { return mode == KC_MODE_ECB || mode == KC_MODE_CBC; }

/* A padding failure may leave out untouched or zeroed, nothing else. */
static int untouched_or_zero(const uint8_t *p, size_t n)
{
    int zero = 1;
    for (size_t i = 0; i < n; i++) zero &= p[i] == 0;
    return zero || fz_untouched(p, n);
}

/* CTR, CFB (full-block feedback) and OFB one block at a time over
 * kc_cipher_encrypt_blocks: the oracle for the library's fast paths. */
static void reference(const kc_cipher *c, kc_mode mode, const uint8_t *iv, uint8_t *out,
                      const uint8_t *in, size_t len)
{
    size_t bs = kc_cipher_block_size(c);
    uint8_t reg[32], ks[32];
    memcpy(reg, iv, bs);
    for (size_t off = 0; off < len; off += bs) {
        size_t n = len - off < bs ? len - off : bs;
        FZ_STATUS(kc_cipher_encrypt_blocks(c, ks, reg, bs), KC_OK);
        for (size_t i = 0; i < n; i++) out[off + i] = in[off + i] ^ ks[i];
        if (mode == KC_MODE_CTR) {               /* the whole block, big-endian */
            for (size_t i = bs; i-- > 0 && ++reg[i] == 0;) {}
        } else if (mode == KC_MODE_OFB) {
            memcpy(reg, ks, bs);
        } else if (n == bs) {                     /* CFB: the ciphertext block */
            memcpy(reg, out + off, bs);
        }
    }
}

static void round_trip(const kc_cipher *c, kc_mode mode, unsigned flags, const uint8_t *iv, size_t iv_len,
                       const uint8_t *msg, size_t len)
{
    size_t bs = kc_cipher_block_size(c), need = kc_mode_output_size(c, mode, flags, 1, len), n = 99;
    uint8_t *ct = fz_out(need);
    kc_status st = kc_mode_encrypt(c, mode, flags, iv, iv_len, ct, need, &n, msg, len);
    if (whole_blocks(mode) && !(flags & KC_PAD_PKCS7) && len % bs) {
        FZ_STATUS(st, KC_ERR_NOT_BLOCK_MULTIPLE);
        FZ_CHECK(n == 0 && fz_untouched(ct, need));
        free(ct);
        return;
    }
    FZ_STATUS(st, KC_OK);
    FZ_CHECK(n == need);
    if (!whole_blocks(mode)) {
        uint8_t *want = fz_out(len);
        reference(c, mode, iv, want, msg, len);
        FZ_CHECK(memcmp(ct, want, len) == 0);
        free(want);
    }
    if (need) {                                   /* one byte short: refused, nothing written */
        uint8_t *small = fz_out(need - 1);
        FZ_STATUS(kc_mode_encrypt(c, mode, flags, iv, iv_len, small, need - 1, &n, msg, len),
                  KC_ERR_OUTPUT_TOO_SMALL);
        FZ_CHECK(n == 0 && fz_untouched(small, need - 1));
        free(small);
    }
    uint8_t *pt = fz_out(need);                   /* decryption's bound is the input length */
    FZ_STATUS(kc_mode_decrypt(c, mode, flags, iv, iv_len, pt, need, &n, ct, need), KC_OK);
    FZ_CHECK(n == len && memcmp(pt, msg, len) == 0);
    FZ_CHECK(fz_untouched(pt + len, need - len));
    if (!(flags & KC_PAD_PKCS7)) {                /* in place */
        memcpy(pt, msg, len);
        FZ_STATUS(kc_mode_encrypt(c, mode, flags, iv, iv_len, pt, len, &n, pt, len), KC_OK);
        FZ_CHECK(n == len && memcmp(pt, ct, len) == 0);
    }
    free(pt);
    free(ct);
}

/* Arbitrary bytes as ciphertext. */
static void decrypt_any(const kc_cipher *c, kc_mode mode, unsigned flags, const uint8_t *iv, size_t iv_len,
                        const uint8_t *in, size_t len)
{
    size_t bs = kc_cipher_block_size(c), cap = kc_mode_output_size(c, mode, flags, 0, len), n = 99;
    uint8_t *out = fz_out(cap);
    kc_status st = kc_mode_decrypt(c, mode, flags, iv, iv_len, out, cap, &n, in, len);
    if (whole_blocks(mode) && len % bs) {
        FZ_STATUS(st, KC_ERR_NOT_BLOCK_MULTIPLE);
        FZ_CHECK(n == 0 && fz_untouched(out, cap));
    } else if (st == KC_ERR_BAD_PADDING) {
        FZ_CHECK(flags & KC_PAD_PKCS7);
        FZ_CHECK(n == 0 && untouched_or_zero(out, cap));
    } else {
        FZ_STATUS(st, KC_OK);
        FZ_CHECK(n <= cap && fz_untouched(out + n, cap - n));
        FZ_CHECK(!(flags & KC_PAD_PKCS7) ? n == len : n + bs >= len && n < len);
    }
    if (st == KC_OK && (flags & KC_PAD_PKCS7)) {
        /* The same bytes unpadded: the padded result is its prefix, and an
         * exact-size buffer suffices. */
        uint8_t *raw = fz_out(len), *exact = fz_out(n);
        size_t m;
        FZ_STATUS(kc_mode_decrypt(c, mode, 0, iv, iv_len, raw, len, &m, in, len), KC_OK);
        FZ_CHECK(m == len && memcmp(raw, out, n) == 0);
        size_t pad = raw[len - 1];
        FZ_CHECK(pad >= 1 && pad <= bs && n == len - pad);
        for (size_t i = n; i < len; i++) FZ_CHECK(raw[i] == pad);
        FZ_STATUS(kc_mode_decrypt(c, mode, flags, iv, iv_len, exact, n, &m, in, len), KC_OK);
        FZ_CHECK(m == n && memcmp(exact, out, n) == 0);
        if (n) {
            uint8_t *small = fz_out(n - 1);
            FZ_STATUS(kc_mode_decrypt(c, mode, flags, iv, iv_len, small, n - 1, &m, in, len),
                      KC_ERR_OUTPUT_TOO_SMALL);
            FZ_CHECK(m == 0 && fz_untouched(small, n - 1));
            free(small);
        }
        free(exact);
        free(raw);
    }
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    const kc_cipher_info *ci = fz_cipher(&in, KC_KIND_BLOCK);
    const char *backend = fz_backend(&in, ci->name);
    kc_mode mode = (kc_mode)(fz_byte(&in) % 5);
    unsigned flags = whole_blocks(mode) && (fz_byte(&in) & 1) ? KC_PAD_PKCS7 : 0;
    uint8_t key[32], iv[32];
    size_t iv_len = mode == KC_MODE_ECB ? 0 : ci->block_bytes, len;
    fz_take(&in, key, ci->key_bytes);
    fz_take(&in, iv, iv_len);
    const uint8_t *rest = fz_slice(&in, 4096, &len);
    uint8_t *msg = fz_dup(rest, len);             /* exact size: over-reads are caught too */
    uint8_t *ivp = iv_len ? fz_dup(iv, iv_len) : NULL;

    kc_cipher *c;
    FZ_STATUS(kc_cipher_new(&c, ci->name, backend, key, ci->key_bytes), KC_OK);
    round_trip(c, mode, flags, ivp, iv_len, msg, len);
    decrypt_any(c, mode, flags, ivp, iv_len, msg, len);
    kc_cipher_free(c);
    free(ivp);
    free(msg);
    return 0;
}
