/* SPDX-License-Identifier: MIT */
/* Streaming (kc_stream_*) fed in chunks of random sizes against one-shot
 * (kc_mode_*), every mode (ECB, CBC, CTR, CFB, OFB): the same bytes, or the
 * same error.  Each update gets an
 * exact-size buffer of the documented bound (in_len + one block; final: one
 * block) and must not write past what it reports.
 * Input: cipher, backend, mode, flags, direction, key, iv, 8 chunk sizes,
 * then the message. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    const kc_cipher_info *ci = fz_cipher(&in, KC_KIND_BLOCK);
    const char *backend = fz_backend(&in, ci->name);
    kc_mode mode = (kc_mode)(fz_byte(&in) % 5);
    int whole_blocks = mode == KC_MODE_ECB || mode == KC_MODE_CBC;   /* else any length, no padding */
    unsigned flags = whole_blocks && (fz_byte(&in) & 1) ? KC_PAD_PKCS7 : 0;
    int encrypt = fz_byte(&in) & 1;
    uint8_t key[32], iv[32], chunks[8];
    size_t iv_len = mode == KC_MODE_ECB ? 0 : ci->block_bytes, len;
    fz_take(&in, key, ci->key_bytes);
    fz_take(&in, iv, iv_len);
    fz_take(&in, chunks, sizeof chunks);
    const uint8_t *msg = fz_slice(&in, 8192, &len);

    kc_cipher *c;
    FZ_STATUS(kc_cipher_new(&c, ci->name, backend, key, ci->key_bytes), KC_OK);
    size_t bs = kc_cipher_block_size(c);
    size_t cap = kc_mode_output_size(c, mode, flags, encrypt, len), one_len;
    uint8_t *one = fz_out(cap);
    kc_status one_st = (encrypt ? kc_mode_encrypt : kc_mode_decrypt)(c, mode, flags, iv, iv_len,
                                                                    one, cap, &one_len, msg, len);

    kc_stream *s;
    FZ_STATUS(kc_stream_new(&s, c, mode, flags, encrypt, iv, iv_len), KC_OK);
    uint8_t *acc = malloc(len + bs);
    size_t done = 0, got = 0, n;
    for (unsigned k = 0; done < len; k++) {
        size_t piece = chunks[k % 8], left = len - done;
        if (piece > 200) piece = (piece - 200) * 97;  /* now and then a large piece */
        if (!piece && k % 8 == 7) piece = 1;          /* empty updates, but progress */
        if (piece > left) piece = left;
        uint8_t *part = fz_dup(msg + done, piece), *out = fz_out(piece + bs);
        FZ_STATUS(kc_stream_update(s, out, piece + bs, &n, part, piece), KC_OK);
        FZ_CHECK(n <= piece + bs && got + n <= len + bs);
        FZ_CHECK(fz_untouched(out + n, piece + bs - n));
        memcpy(acc + got, out, n);
        got += n;
        done += piece;
        free(out);
        free(part);
    }
    uint8_t *last = fz_out(bs);
    kc_status st = kc_stream_final(s, last, bs, &n);
    FZ_STATUS(st, one_st);
    if (st == KC_OK) {
        FZ_CHECK(n <= bs && fz_untouched(last + n, bs - n));
        memcpy(acc + got, last, n);
        got += n;
        FZ_CHECK(got == one_len && memcmp(acc, one, got) == 0);
        FZ_STATUS(kc_stream_update(s, last, bs, &n, msg, 0), KC_ERR_STATE);   /* closed */
    } else {
        FZ_CHECK(n == 0 && fz_untouched(last, bs));
    }
    kc_stream_free(s);
    free(last);
    free(acc);
    free(one);
    kc_cipher_free(c);
    return 0;
}
