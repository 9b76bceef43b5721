/* SPDX-License-Identifier: MIT */
/* Modes over every block cipher and backend: one-shot and streaming (random
 * chunking, in place) against a plain re-implementation from single-block
 * ECB calls; PKCS#7 edge cases. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

#define MAX_LEN 700

/* Straightforward CBC/CTR from one-block calls: the independent reference. */
static void reference(const kc_cipher *c, kc_mode mode, int encrypt, const uint8_t *iv,
                      uint8_t *out, const uint8_t *in, size_t len)
{
    size_t bs = kc_cipher_block_size(c);
    uint8_t chain[32], tmp[32];
    memcpy(chain, iv, bs);
    for (size_t off = 0; off < len; off += bs) {
        size_t n = len - off < bs ? len - off : bs;
        if (mode == KC_MODE_ECB) {
            (encrypt ? kc_cipher_encrypt_blocks : kc_cipher_decrypt_blocks)(c, out + off, in + off, bs);
        } else if (mode == KC_MODE_CTR) {
            kc_cipher_encrypt_blocks(c, tmp, chain, bs);
            for (size_t i = 0; i < n; i++) out[off + i] = in[off + i] ^ tmp[i];
            for (size_t i = bs; i-- > 0 && ++chain[i] == 0;) {}
        } else if (encrypt) {
            for (size_t i = 0; i < bs; i++) tmp[i] = in[off + i] ^ chain[i];
            kc_cipher_encrypt_blocks(c, out + off, tmp, bs);
            memcpy(chain, out + off, bs);
        } else {
            kc_cipher_decrypt_blocks(c, tmp, in + off, bs);
            for (size_t i = 0; i < bs; i++) tmp[i] ^= chain[i];
            memcpy(chain, in + off, bs);
            memcpy(out + off, tmp, bs);
        }
    }
}

/* Streams in through random chunk sizes; with inplace, each update gets the
 * same buffer for input and output (output may be up to a block longer). */
static kc_status streamed(const kc_cipher *c, kc_mode mode, unsigned flags, int encrypt,
                          const uint8_t *iv, size_t iv_len, const uint8_t *in, size_t len,
                          uint8_t *out, size_t *out_len, int inplace)
{
    kc_stream *s;
    kc_status st = kc_stream_new(&s, c, mode, flags, encrypt, iv, iv_len);
    if (st != KC_OK) return st;
    size_t pos = 0, total = 0, n;
    uint8_t tmp[80 + 32];
    while (pos < len) {
        size_t chunk = 1 + tl_rand_below(len - pos < 80 ? len - pos : 80);
        if (inplace) {
            memcpy(tmp, in + pos, chunk);
            st = kc_stream_update(s, tmp, sizeof tmp, &n, tmp, chunk);
            memcpy(out + total, tmp, n);
        } else {
            st = kc_stream_update(s, out + total, chunk + 32, &n, in + pos, chunk);
        }
        if (st != KC_OK) break;
        total += n;
        pos += chunk;
    }
    if (st == KC_OK) {
        st = kc_stream_final(s, out + total, 32, &n);
        total += n;
    }
    *out_len = total;
    kc_stream_free(s);
    return st;
}

static void one_cipher(const char *name, const char *backend)
{
    const kc_cipher_info *info = kc_cipher_find(name);
    uint8_t key[32], iv[32], pt[MAX_LEN], ct[MAX_LEN + 32], ref[MAX_LEN + 32], back[MAX_LEN + 32];
    size_t bs = info->block_bytes;
    tl_random_bytes(key, sizeof key);
    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, name, backend, key, info->key_bytes), KC_OK, "%s/%s new", name, backend))
        return;
    for (int round = 0; round < 12; round++) {
        kc_mode mode = (kc_mode)(round % 3);
        size_t len = tl_rand_below(MAX_LEN / bs) * bs;
        if (mode == KC_MODE_CTR) len += tl_rand_below(bs);
        size_t iv_len = mode == KC_MODE_ECB ? 0 : bs, n;
        tl_random_bytes(pt, len);
        tl_random_bytes(iv, sizeof iv);
        reference(c, mode, 1, iv, ref, pt, len);
        kc_status st = kc_mode_encrypt(c, mode, 0, iv, iv_len, ct, sizeof ct, &n, pt, len);
        tl_check(st == KC_OK && n == len, "%s/%s mode %d encrypt status", name, backend, mode);
        tl_check_bytes(ct, ref, len, "%s/%s mode %d len %zu one-shot vs reference", name, backend, mode, len);
        st = streamed(c, mode, 0, 1, iv, iv_len, pt, len, back, &n, round & 1);
        tl_check(st == KC_OK && n == len, "%s/%s mode %d stream status %s", name, backend, mode, kc_status_name(st));
        tl_check_bytes(back, ref, len, "%s/%s mode %d len %zu stream vs reference", name, backend, mode, len);
        reference(c, mode, 0, iv, ref, ct, len);
        tl_check_bytes(ref, pt, len, "%s/%s mode %d reference decrypt", name, backend, mode);
        memcpy(back, ct, len);                       /* one-shot decrypt in place */
        st = kc_mode_decrypt(c, mode, 0, iv, iv_len, back, sizeof back, &n, back, len);
        tl_check(st == KC_OK && n == len, "%s/%s mode %d decrypt status", name, backend, mode);
        tl_check_bytes(back, pt, len, "%s/%s mode %d decrypt in place", name, backend, mode);

        if (mode == KC_MODE_CTR) continue;           /* padding: ECB and CBC */
        size_t plen = tl_rand_below(MAX_LEN - bs);
        tl_random_bytes(pt, plen);
        st = kc_mode_encrypt(c, mode, KC_PAD_PKCS7, iv, iv_len, ct, sizeof ct, &n, pt, plen);
        size_t clen = n;
        tl_check(st == KC_OK && clen == plen - plen % bs + bs, "%s/%s pad length", name, backend);
        reference(c, mode, 0, iv, ref, ct, clen);
        tl_check_bytes(ref, pt, plen, "%s/%s padded data", name, backend);
        tl_check(ref[clen - 1] == bs - plen % bs && ref[plen] == ref[clen - 1], "%s/%s pad bytes", name, backend);
        st = kc_mode_decrypt(c, mode, KC_PAD_PKCS7, iv, iv_len, back, clen, &n, ct, clen);
        tl_check(st == KC_OK && n == plen && memcmp(back, pt, plen) == 0, "%s/%s unpad", name, backend);
        st = streamed(c, mode, KC_PAD_PKCS7, 0, iv, iv_len, ct, clen, back, &n, round & 2);
        tl_check(st == KC_OK && n == plen && memcmp(back, pt, plen) == 0, "%s/%s stream unpad", name, backend);
        st = streamed(c, mode, KC_PAD_PKCS7, 1, iv, iv_len, pt, plen, back, &n, 1);
        tl_check(st == KC_OK && n == clen && memcmp(back, ct, clen) == 0, "%s/%s in-place stream pad", name, backend);
    }
    kc_cipher_free(c);
}

/* Fused CTR kernels generate counters in registers: counters just below a
 * carry out of the low 32 and 64 bits and below the wrap of the whole
 * block, with the carry landing anywhere in a SIMD pass or in either of the
 * generic path's first two batches (up to 300 blocks); one-shot, in place and
 * streamed.  CBC encryption (register-chained kernels) over 1..70 blocks. */
static void fused_kernels(const char *name, const char *backend)
{
    enum { BLOCKS = 300, CBC_BLOCKS = 70 };
    const kc_cipher_info *info = kc_cipher_find(name);
    size_t bs = info->block_bytes, n;
    uint8_t key[32], iv[32], pt[BLOCKS * 32], ct[BLOCKS * 32], ref[BLOCKS * 32];
    tl_random_bytes(key, sizeof key);
    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, name, backend, key, info->key_bytes), KC_OK, "%s/%s new", name, backend))
        return;
    static const size_t carry_bytes[] = { 4, 8, 32 };   /* 32: the whole block */
    for (size_t w = 0; w < 3; w++) {
        for (int t = 0; t < 6; t++) {
            size_t ones = carry_bytes[w] < bs ? carry_bytes[w] : bs;
            size_t len = (1 + tl_rand_below(BLOCKS - 1)) * bs - (t & 1 ? tl_rand_below(bs) : 0);
            tl_random_bytes(iv, bs);
            memset(iv + bs - ones, 0xff, ones);
            iv[bs - 1] = (uint8_t)(0xff - tl_rand_below(len / bs + 2));   /* the carry within the message */
            if (ones < bs && t < 2) iv[bs - ones - 1] = 0xff;              /* and a carry chain beyond */
            tl_random_bytes(pt, len);
            reference(c, KC_MODE_CTR, 1, iv, ref, pt, len);
            kc_status st = kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, bs, ct, sizeof ct, &n, pt, len);
            tl_check(st == KC_OK && n == len, "%s/%s ctr carry %zu status", name, backend, ones);
            tl_check_bytes(ct, ref, len, "%s/%s ctr carry over %zu bytes, len %zu", name, backend, ones, len);
            memcpy(ct, pt, len);
            kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, bs, ct, sizeof ct, &n, ct, len);
            tl_check_bytes(ct, ref, len, "%s/%s ctr carry over %zu bytes in place", name, backend, ones);
            st = streamed(c, KC_MODE_CTR, 0, 1, iv, bs, pt, len, ct, &n, t & 2);
            tl_check(st == KC_OK && n == len, "%s/%s ctr carry stream status", name, backend);
            tl_check_bytes(ct, ref, len, "%s/%s ctr carry over %zu bytes streamed", name, backend, ones);
        }
    }
    for (size_t blocks = 1; blocks <= CBC_BLOCKS; blocks++) {
        size_t len = blocks * bs;
        tl_random_bytes(iv, bs);
        tl_random_bytes(pt, len);
        reference(c, KC_MODE_CBC, 1, iv, ref, pt, len);
        kc_status st = kc_mode_encrypt(c, KC_MODE_CBC, 0, iv, bs, ct, sizeof ct, &n, pt, len);
        tl_check(st == KC_OK && n == len, "%s/%s cbc %zu blocks status", name, backend, blocks);
        tl_check_bytes(ct, ref, len, "%s/%s cbc encrypt %zu blocks", name, backend, blocks);
        memcpy(ct, pt, len);
        kc_mode_encrypt(c, KC_MODE_CBC, 0, iv, bs, ct, sizeof ct, &n, ct, len);
        tl_check_bytes(ct, ref, len, "%s/%s cbc encrypt %zu blocks in place", name, backend, blocks);
    }
    kc_cipher_free(c);
}

/* Padding that must be refused, with nothing written. */
static void bad_padding(void)
{
    uint8_t key[16] = {0}, block[16], out[32], pattern[32];
    kc_cipher *c;
    kc_cipher_new(&c, "aes-128", NULL, key, 16);
    static const uint8_t bad_tails[][3] = { {0, 0, 0}, {17, 17, 17}, {3, 2, 3}, {2, 9, 2} };
    for (size_t t = 0; t < 4; t++) {
        memset(block, 5, sizeof block);
        memcpy(block + 13, bad_tails[t], 3);
        uint8_t ct[16];
        kc_cipher_encrypt_blocks(c, ct, block, 16);
        memset(out, 0xa5, sizeof out);
        memcpy(pattern, out, sizeof out);
        size_t n = 99;
        tl_check_status(kc_mode_decrypt(c, KC_MODE_ECB, KC_PAD_PKCS7, NULL, 0, out, sizeof out, &n, ct, 16),
                        KC_ERR_BAD_PADDING, "bad pad %zu", t);
        tl_check(n == 0 && memcmp(out, pattern, sizeof out) == 0, "bad pad %zu left output untouched", t);
        kc_stream *s;
        kc_stream_new(&s, c, KC_MODE_ECB, KC_PAD_PKCS7, 0, NULL, 0);
        kc_stream_update(s, out, sizeof out, &n, ct, 16);
        tl_check(n == 0, "stream holds back the last block");
        tl_check_status(kc_stream_final(s, out, sizeof out, &n), KC_ERR_BAD_PADDING, "stream bad pad %zu", t);
        kc_stream_free(s);
    }
    /* A full block of padding (16 x 0x10) is valid and yields nothing. */
    memset(block, 16, 16);
    uint8_t ct[16];
    size_t n;
    kc_cipher_encrypt_blocks(c, ct, block, 16);
    tl_check_status(kc_mode_decrypt(c, KC_MODE_ECB, KC_PAD_PKCS7, NULL, 0, out, 0, &n, ct, 16), KC_OK, "full pad block");
    tl_check(n == 0, "full pad block is empty");
    kc_cipher_free(c);
}

int main(void)
{
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *info = kc_cipher_at(i);
        if (info->kind != KC_KIND_BLOCK) continue;
        kc_backend_info b;
        for (size_t k = 0; kc_backend_at(info->name, k, &b) == KC_OK; k++)
            if (b.available) {
                one_cipher(info->name, b.name);
                fused_kernels(info->name, b.name);
            }
    }
    bad_padding();
    return tl_finish("test_modes");
}
