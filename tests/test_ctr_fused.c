/* SPDX-License-Identifier: MIT */
/* CTR through every backend (fused kernel or the generic path) against
 * counter blocks built here and encrypted by the same backend's ECB: random
 * keys and counters, counters just below a carry out of 8, 16, 32, 64 bits
 * and the whole block, every length 0..MAX_LEN and a few longer, in place
 * and out of place.  Then multi-buffer CBC encryption (kc_mode_encrypt_batch
 * and kc_cbc_encrypt_multi) against one-message CBC, for every backend. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "modes/multibuffer.h"

#define MAX_LEN 1060         /* every length up to here: a whole 64-block kernel run and a tail */
#define LONG_LEN 5000        /* and some up to here */

static const char *const ciphers[] = {
    "aria-128", "aria-256", "lea-128", "lea-256", "pipo-64-128", "rc6-128", "rc6-256",
    "aes-128", "aes-256", "rijndael-192-128", "rijndael-256-256", "aes-192",
    "seed-128", "hight-64-128", "cham-64-128", "cham-128-128", "cham-128-256",
};

static uint8_t buf_in[LONG_LEN], buf_out[LONG_LEN + 1], buf_want[LONG_LEN], ctrs[LONG_LEN + 32];

/* The keystream from ECB over explicit counter blocks. */
static void reference_ctr(const kc_cipher *c, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t bs = kc_cipher_block_size(c), nb = (len + bs - 1) / bs;
    uint8_t ctr[32];
    memcpy(ctr, iv, bs);
    for (size_t b = 0; b < nb; b++) {
        memcpy(ctrs + b * bs, ctr, bs);
        for (size_t i = bs; i-- > 0 && ++ctr[i] == 0;) {}
    }
    if (nb) kc_cipher_encrypt_blocks(c, ctrs, ctrs, nb * bs);
    for (size_t i = 0; i < len; i++) out[i] = in[i] ^ ctrs[i];
}

/* A random counter, or one whose low `width` bytes are all ones minus a
 * small number (a carry out of them within the message). */
static void make_counter(uint8_t *iv, size_t bs, size_t width)
{
    tl_random_bytes(iv, bs);
    if (!width) return;
    if (width > bs) width = bs;
    memset(iv + bs - width, 0xFF, width);
    iv[bs - 1] = (uint8_t)(0xFF - tl_rand_below(40));
}

static void check_ctr_len(const kc_cipher *c, const char *label, size_t len, size_t width)
{
    size_t bs = kc_cipher_block_size(c), n;
    uint8_t iv[32];
    make_counter(iv, bs, width);
    tl_random_bytes(buf_in, len);
    reference_ctr(c, iv, buf_want, buf_in, len);
    int inplace = (int)tl_rand_below(2);
    uint8_t *out = inplace ? buf_in : buf_out + (len & 1);   /* odd addresses too */
    if (!inplace) out[len] = 0xA5;
    kc_status st = kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, bs, out, len, &n, buf_in, len);
    if (!tl_check_status(st, KC_OK, "%s ctr len %zu", label, len)) return;
    tl_check_bytes(out, buf_want, len, "%s ctr len %zu carry width %zu %s", label, len, width,
                   inplace ? "in place" : "out of place");
    if (!inplace) TL_CHECK(out[len] == 0xA5, "%s ctr len %zu wrote past the end", label, len);
}

static void test_ctr(const kc_cipher *c, const char *label, int full)
{
    static const size_t widths[] = { 0, 1, 2, 4, 8, 12, 16, 24, 32 };
    size_t bs = kc_cipher_block_size(c);
    for (size_t len = 0; len <= MAX_LEN; len += full ? 1 : 1 + tl_rand_below(bs))
        check_ctr_len(c, label, len, widths[tl_rand_below(sizeof widths / sizeof widths[0])]);
    for (size_t w = 0; w < sizeof widths / sizeof widths[0]; w++) {
        if (widths[w] > bs) continue;
        check_ctr_len(c, label, bs * (1 + tl_rand_below(70)), widths[w]);   /* whole blocks across the carry */
        check_ctr_len(c, label, MAX_LEN + tl_rand_below(LONG_LEN - MAX_LEN), widths[w]);
    }
}

/* ---- multi-buffer CBC ---- */

static void one_cbc(const kc_cipher *c, unsigned flags, const uint8_t *iv, uint8_t *out, size_t cap,
                    size_t *out_len, kc_status *st, const uint8_t *in, size_t len)
{
    *st = kc_mode_encrypt(c, KC_MODE_CBC, flags, iv, kc_cipher_block_size(c), out, cap, out_len, in, len);
}

static void test_batch(const kc_cipher *c, const char *label, size_t count, unsigned flags)
{
    size_t bs = kc_cipher_block_size(c), stride = 700 + 32;
    uint8_t *in = malloc(count * stride), *out = malloc(count * stride), *want = malloc(count * stride);
    uint8_t *ivs = malloc(count * bs);
    kc_msg *m = calloc(count, sizeof *m);
    size_t *want_len = calloc(count, sizeof *want_len);
    kc_status *want_st = calloc(count, sizeof *want_st);
    if (!in || !out || !want || !ivs || !m || !want_len || !want_st) { TL_CHECK(0, "out of memory"); goto done; }
    tl_random_bytes(in, count * stride);
    tl_random_bytes(ivs, count * bs);
    int equal = tl_rand_below(3) == 0;   /* sometimes all of one length */
    size_t common = tl_rand_below(700);
    for (size_t i = 0; i < count; i++) {
        size_t len = equal ? common : tl_rand_below(700);
        if (!(flags & KC_PAD_PKCS7) && tl_rand_below(8)) len -= len % bs;   /* mostly whole blocks */
        m[i].iv = ivs + i * bs;
        m[i].in = in + i * stride;
        m[i].in_len = len;
        m[i].out = tl_rand_below(4) ? out + i * stride : (uint8_t *)m[i].in;   /* some in place */
        m[i].out_cap = stride;
        if (tl_rand_below(20) == 0) m[i].out_cap = len / 2;   /* too small: that message fails alone */
        one_cbc(c, flags, m[i].iv, want + i * stride, m[i].out_cap, &want_len[i], &want_st[i], m[i].in, len);
    }
    kc_status st = kc_mode_encrypt_batch(c, KC_MODE_CBC, flags, m, count);
    kc_status first = KC_OK;
    for (size_t i = 0; i < count; i++) {
        if (first == KC_OK) first = want_st[i];
        if (!tl_check_status(m[i].status, want_st[i], "%s batch %zu msg %zu status", label, count, i)) continue;
        if (want_st[i] != KC_OK) continue;
        TL_CHECK(m[i].out_len == want_len[i], "%s batch %zu msg %zu length", label, count, i);
        tl_check_bytes(m[i].out, want + i * stride, want_len[i], "%s batch %zu msg %zu (len %zu, pad %u)",
                       label, count, i, m[i].in_len, flags);
    }
    tl_check_status(st, first, "%s batch %zu return", label, count);

    /* kc_cbc_encrypt_multi directly: equal lengths, discarded output (CBC-MAC) */
    size_t nb = 1 + tl_rand_below(20);
    uint8_t **outs = calloc(count, sizeof *outs), **ivv = calloc(count, sizeof *ivv);
    const uint8_t **ins = calloc(count, sizeof *ins);
    if (!outs || !ivv || !ins) { TL_CHECK(0, "out of memory"); goto done2; }
    tl_random_bytes(ivs, count * bs);
    for (size_t i = 0; i < count; i++) {
        size_t n;
        ins[i] = in + i * stride;
        ivv[i] = ivs + i * bs;
        kc_mode_encrypt(c, KC_MODE_CBC, 0, ivv[i], bs, want + i * stride, stride, &n, ins[i], nb * bs);
    }
    kc_cbc_encrypt_multi(c, count, outs, ins, ivv, nb);
    for (size_t i = 0; i < count; i++)
        tl_check_bytes(ivv[i], want + i * stride + (nb - 1) * bs, bs, "%s multi %zu mac %zu", label, count, i);
done2:
    free(outs); free(ivv); free(ins);
done:
    free(in); free(out); free(want); free(ivs); free(m); free(want_len); free(want_st);
}

int main(void)
{
    static const size_t counts[] = { 1, 2, 3, 15, 16, 17, 33, 100 };
    uint8_t key[32];
    for (size_t ci = 0; ci < sizeof ciphers / sizeof ciphers[0]; ci++) {
        const kc_cipher_info *info = kc_cipher_find(ciphers[ci]);
        if (!TL_CHECK(info != NULL, "cipher %s", ciphers[ci])) continue;
        for (size_t b = 0; b < kc_backend_count(ciphers[ci]); b++) {
            const char *be = tl_backend_at(ciphers[ci], b);
            if (!be) continue;
            kc_cipher *c;
            char label[96];
            snprintf(label, sizeof label, "%s/%s", ciphers[ci], be);
            tl_random_bytes(key, info->key_bytes);
            if (!tl_check_status(kc_cipher_new(&c, ciphers[ci], be, key, info->key_bytes), KC_OK, "%s", label))
                continue;
            test_ctr(c, label, ci == 0 || ci == 2 || ci == 4 || ci == 5 || ci == 7);
            for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++)
                test_batch(c, label, counts[k], tl_rand_below(2) ? KC_PAD_PKCS7 : 0);
            kc_cipher_free(c);
        }
    }
    return tl_finish("ctr_fused");
}
