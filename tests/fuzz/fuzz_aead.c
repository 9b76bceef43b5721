/* SPDX-License-Identifier: MIT */
/* TinyJAMBU on every backend: decrypting arbitrary bytes fails cleanly (a
 * failed tag writes nothing), encryption matches the reference backend and
 * round-trips, a flipped bit is caught, and the batch calls give each
 * message the single call's verdict and bytes.
 * Input: cipher, backend, key, nonce, AD length, AD, batch shape, data. */
#include "fuzz_common.h"

#define MAX_MSGS 20   /* more than the widest SIMD batch (16 lanes) */

static void decrypt_any(const kc_aead *a, const uint8_t *nonce, const uint8_t *ad, size_t ad_len,
                        const uint8_t *in, size_t len)
{
    size_t tag = kc_aead_tag_size(a), n = 99, cap = len >= tag ? len - tag : 0;
    uint8_t *out = fz_out(cap);
    kc_status st = kc_aead_decrypt(a, out, cap, &n, nonce, 12, ad, ad_len, in, len);
    if (len < tag) FZ_STATUS(st, KC_ERR_INPUT_TOO_SHORT);
    else if (st != KC_OK) FZ_STATUS(st, KC_ERR_AUTH);
    if (st != KC_OK) FZ_CHECK(n == 0 && fz_untouched(out, cap));
    else FZ_CHECK(n == cap);
    free(out);
}

/* Encrypts msg, checks it against ref, decrypts it, then with one bit flipped. */
static void round_trip(const kc_aead *a, const kc_aead *ref, const uint8_t *nonce, const uint8_t *ad,
                       size_t ad_len, const uint8_t *msg, size_t len, unsigned flip)
{
    size_t tag = kc_aead_tag_size(a), n;
    uint8_t *ct = fz_out(len + tag), *want = fz_out(len + tag), *pt = fz_out(len);
    FZ_STATUS(kc_aead_encrypt(a, ct, len + tag, &n, nonce, 12, ad, ad_len, msg, len), KC_OK);
    FZ_CHECK(n == len + tag);
    FZ_STATUS(kc_aead_encrypt(ref, want, len + tag, &n, nonce, 12, ad, ad_len, msg, len), KC_OK);
    FZ_CHECK(memcmp(ct, want, len + tag) == 0);
    FZ_STATUS(kc_aead_decrypt(a, pt, len, &n, nonce, 12, ad, ad_len, ct, len + tag), KC_OK);
    FZ_CHECK(n == len && memcmp(pt, msg, len) == 0);
    ct[flip / 8 % (len + tag)] ^= (uint8_t)(1u << flip % 8);
    memset(pt, FZ_FILL, len);
    FZ_STATUS(kc_aead_decrypt(a, pt, len, &n, nonce, 12, ad, ad_len, ct, len + tag), KC_ERR_AUTH);
    FZ_CHECK(n == 0 && fz_untouched(pt, len));
    free(pt);
    free(want);
    free(ct);
}

/* count messages cut from data, each encrypted by the batch call and by the
 * single call; then decrypted in one batch with some of them forged. */
static void batch(const kc_aead *a, const uint8_t *nonce, const uint8_t *ad, size_t ad_len,
                  const uint8_t *data, size_t len, unsigned count, unsigned forge)
{
    size_t tag = kc_aead_tag_size(a), n;
    kc_aead_msg m[MAX_MSGS];
    uint8_t *ct[MAX_MSGS], *pt[MAX_MSGS];
    const uint8_t *orig[MAX_MSGS];
    uint8_t nonces[MAX_MSGS][12];
    size_t off = 0;
    for (unsigned i = 0; i < count; i++) {
        size_t piece = i + 1 == count ? len - off : (len - off) / 2 * (i % 3) / 2;
        memcpy(nonces[i], nonce, 12);
        nonces[i][0] ^= (uint8_t)i;
        ct[i] = fz_out(piece + tag);
        orig[i] = data + off;
        m[i] = (kc_aead_msg){ nonces[i], ad, ad_len % (i + 1), data + off, piece, ct[i], piece + tag, 0, KC_ERR_STATE };
        off += piece;
    }
    FZ_STATUS(kc_aead_encrypt_batch(a, m, count), KC_OK);
    for (unsigned i = 0; i < count; i++) {
        uint8_t *one = fz_out(m[i].in_len + tag);
        FZ_STATUS(m[i].status, KC_OK);
        FZ_CHECK(m[i].out_len == m[i].in_len + tag);
        FZ_STATUS(kc_aead_encrypt(a, one, m[i].in_len + tag, &n, m[i].nonce, 12, ad, m[i].ad_len,
                                  m[i].in, m[i].in_len), KC_OK);
        FZ_CHECK(memcmp(one, ct[i], n) == 0);
        free(one);
    }
    kc_status first = KC_OK;
    for (unsigned i = 0; i < count; i++) {
        size_t piece = m[i].in_len;
        if (forge >> i & 1) {
            ct[i][((forge >> 8) + 7 * i) % (piece + tag)] ^= 0x80;
            if (first == KC_OK) first = KC_ERR_AUTH;
        }
        pt[i] = fz_out(piece);
        m[i] = (kc_aead_msg){ nonces[i], ad, ad_len % (i + 1), ct[i], piece + tag, pt[i], piece, 0, KC_ERR_STATE };
    }
    FZ_STATUS(kc_aead_decrypt_batch(a, m, count), first);
    for (unsigned i = 0; i < count; i++) {
        size_t piece = m[i].in_len - tag;
        if (forge >> i & 1) {
            FZ_STATUS(m[i].status, KC_ERR_AUTH);
            FZ_CHECK(m[i].out_len == 0 && fz_untouched(pt[i], piece));
        } else {
            FZ_STATUS(m[i].status, KC_OK);
            FZ_CHECK(m[i].out_len == piece && memcmp(pt[i], orig[i], piece) == 0);
        }
        free(pt[i]);
        free(ct[i]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    const kc_cipher_info *ci = fz_cipher(&in, KC_KIND_AEAD);
    const char *backend = fz_backend(&in, ci->name);
    uint8_t key[32], nonce_buf[12];
    size_t ad_len, len;
    fz_take(&in, key, ci->key_bytes);
    fz_take(&in, nonce_buf, sizeof nonce_buf);
    const uint8_t *ad_in = fz_slice(&in, fz_byte(&in), &ad_len);
    unsigned count = 1 + fz_byte(&in) % MAX_MSGS, forge = fz_u16(&in), flip = fz_u16(&in);
    const uint8_t *rest = fz_slice(&in, 4096, &len);
    uint8_t *nonce = fz_dup(nonce_buf, 12), *ad = fz_dup(ad_in, ad_len), *msg = fz_dup(rest, len);

    kc_aead *a, *ref;
    FZ_STATUS(kc_aead_new(&a, ci->name, backend, key, ci->key_bytes), KC_OK);
    FZ_STATUS(kc_aead_new(&ref, ci->name, "ref", key, ci->key_bytes), KC_OK);
    decrypt_any(a, nonce, ad, ad_len, msg, len);
    round_trip(a, ref, nonce, ad, ad_len, msg, len, flip);
    batch(a, nonce, ad, ad_len, msg, len, count, forge);
    kc_aead_free(ref);
    kc_aead_free(a);
    free(msg);
    free(ad);
    free(nonce);
    return 0;
}
