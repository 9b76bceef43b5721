/* SPDX-License-Identifier: MIT */
/* Formats and tokenization on any input: a format spec (named, or any bytes
 * as a spec) is accepted or refused with KC_ERR_FORMAT_SPEC; any value
 * (malformed UTF-8 included) is tokenized or refused with a format code and
 * a position inside it, writing nothing; a token detokenizes to its value,
 * keeps its character count, and the batch agrees with the single call.
 * Input: format choice, cipher choice, flags, tweak length, tweak, then
 * (custom formats) a NUL-terminated spec, then the value. */
#include "fuzz_common.h"

static const char *const formats[] = { "digits", "alnum", "hex", "card", "card-luhn", "kr-rrn", "kr-phone",
                                       "kr-brn", "email", "alphabet=가나다라마바사아자차카타파하;pass=- " };
static const char *const ciphers[] = { "ff1-aes-128", "ff3-1-aria-128", "fea2-128", "ff1-lea-256" };
#define NFORMATS (sizeof formats / sizeof formats[0])

static size_t utf8_chars(const uint8_t *p, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++) c += (p[i] & 0xc0) != 0x80;
    return c;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    unsigned fchoice = fz_byte(&in), cchoice = fz_byte(&in) % 4, flags = fz_byte(&in) & 3;
    size_t tlen;
    const uint8_t *tweak = fz_slice(&in, fz_byte(&in) % 40, &tlen);
    char spec[256];
    const char *format;
    if (fchoice < NFORMATS) {
        format = formats[fchoice];
    } else {                                     /* the spec parser on arbitrary bytes */
        size_t n = 0;
        while (n < sizeof spec - 1 && in.n && *in.p) spec[n++] = (char)fz_byte(&in);
        fz_byte(&in);
        spec[n] = 0;
        format = spec;
    }
    const char *cipher = ciphers[cchoice];
    size_t klen = strstr(cipher, "256") ? 32 : 16;
    static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17 };
    if ((flags & KC_TOKENIZER_RAW_TWEAK) && strncmp(cipher, "ff1", 3)) flags &= ~KC_TOKENIZER_RAW_TWEAK;
    kc_tokenizer *t;
    kc_status st = kc_tokenizer_new(&t, cipher, NULL, key, klen, format, flags);
    if (fchoice < NFORMATS) FZ_STATUS(st, KC_OK);
    else if (st != KC_OK) { FZ_STATUS(st, KC_ERR_FORMAT_SPEC); return 0; }

    size_t vlen;
    const uint8_t *v = fz_slice(&in, 1200, &vlen);
    uint8_t *value = fz_dup(v, vlen);
    size_t cap = vlen * 4, n = 0, m = 0, pos = 0;
    uint8_t *tok = fz_out(cap), *back = fz_out(cap);
    st = kc_tokenize(t, (char *)tok, cap, &n, (const char *)value, vlen, tweak, tlen, &pos);
    if (st != KC_OK) {
        FZ_CHECK(st == KC_ERR_FORMAT || st == KC_ERR_CHECK_DIGIT || st == KC_ERR_DOMAIN_TOO_SMALL ||
                 st == KC_ERR_DOMAIN_TOO_LARGE || st == KC_ERR_TWEAK_LENGTH);
        FZ_CHECK(fz_untouched(tok, cap) && n == 0 && pos <= vlen);
    } else {
        FZ_CHECK(utf8_chars(tok, n) == utf8_chars(value, vlen));
        FZ_STATUS(kc_detokenize(t, (char *)back, cap, &m, (const char *)tok, n, tweak, tlen, &pos), KC_OK);
        FZ_CHECK(m == vlen && memcmp(back, value, vlen) == 0);
    }
    /* The batch of the same value twice agrees with the single call. */
    uint8_t *out2 = fz_out(2 * cap);
    kc_token_row rows[2];
    memset(rows, 0, sizeof rows);
    for (int i = 0; i < 2; i++) {
        rows[i].in = (const char *)value;
        rows[i].in_len = vlen;
        rows[i].tweak = tweak;
        rows[i].tweak_len = tlen;
        rows[i].out = (char *)out2 + i * cap;
        rows[i].out_cap = cap;
    }
    size_t bad;
    kc_status bst = kc_tokenize_batch(t, rows, 2, &bad);
    FZ_STATUS(bst, st);
    for (int i = 0; i < 2 && st == KC_OK; i++)
        FZ_CHECK(rows[i].out_len == n && memcmp(rows[i].out, tok, n) == 0);
    free(out2);
    free(tok);
    free(back);
    free(value);
    kc_tokenizer_free(t);
    return 0;
}
