/* SPDX-License-Identifier: MIT */
/* FPE with any radix, length and flags: kc_fpe_new refuses exactly the
 * documented cases with the documented codes; encryption, decryption, the
 * batch and string forms agree with each other, round-trip, and write
 * nothing on error.
 * Input: cipher, backend, key, radix, length, flags, tweak, digit mode,
 * batch count, then digits (two bytes each). */
#include "fuzz_common.h"

#define MAX_VALUES 4

/* What kc_fpe_new must say, from radix^len computed here in 128 bits. */
static kc_status expected_new(unsigned radix, size_t len, unsigned flags)
{
    if (radix < 2 || radix > 65535) return KC_ERR_RADIX;
    unsigned __int128 d = 1;
    for (size_t i = 0; i < len; i++) {
        if (d > ~(unsigned __int128)0 / radix) return KC_ERR_DOMAIN_TOO_LARGE;
        d *= radix;
    }
    if (d < (flags & KC_FPE_ALLOW_SMALL_DOMAIN ? 256u : KC_FPE_MIN_DOMAIN)) return KC_ERR_DOMAIN_TOO_SMALL;
    return KC_OK;
}

/* The tweak's verdict: wrong length, or (FEA-1) a value of 128 - n bits or more. */
static kc_status tweak_status(const kc_fpe *p, int fea1, const uint8_t *tweak, size_t tweak_len)
{
    size_t size = kc_fpe_tweak_size(p);
    unsigned width = 128 - kc_fpe_bits(p);
    if (tweak_len && tweak_len != size) return KC_ERR_TWEAK_LENGTH;
    if (fea1 && tweak_len && width % 8 && tweak[0] >> width % 8) return KC_ERR_VALUE_OUT_OF_DOMAIN;
    return KC_OK;
}

static kc_status digits_status(const uint16_t *d, size_t n, unsigned radix)
{
    for (size_t i = 0; i < n; i++)
        if (d[i] >= radix) return KC_ERR_DIGIT;
    return KC_OK;
}

static void check_digits(const kc_fpe *p, unsigned radix, size_t len, const uint16_t *in, size_t count,
                         const uint8_t *tweak, size_t tweak_len, kc_status tw)
{
    size_t bytes = count * len * sizeof *in;
    uint16_t *ct = (uint16_t *)fz_out(bytes), *back = (uint16_t *)fz_out(bytes);
    uint16_t *one = (uint16_t *)fz_out(len * sizeof *in);
    kc_status want = tw != KC_ERR_TWEAK_LENGTH && digits_status(in, count * len, radix) != KC_OK
                   ? KC_ERR_DIGIT : tw;
    FZ_STATUS(kc_fpe_encrypt_batch(p, ct, in, count, tweak, tweak_len), want);
    if (want != KC_OK) {
        FZ_CHECK(fz_untouched((uint8_t *)ct, bytes));
    } else {
        FZ_CHECK(digits_status(ct, count * len, radix) == KC_OK);
        FZ_STATUS(kc_fpe_decrypt_batch(p, back, ct, count, tweak, tweak_len), KC_OK);
        FZ_CHECK(memcmp(back, in, bytes) == 0);
    }
    for (size_t v = 0; v < count; v++) {            /* single calls agree with the batch */
        const uint16_t *x = in + v * len;
        kc_status w1 = tw != KC_ERR_TWEAK_LENGTH && digits_status(x, len, radix) != KC_OK ? KC_ERR_DIGIT : tw;
        memset(one, FZ_FILL, len * sizeof *in);
        FZ_STATUS(kc_fpe_encrypt(p, one, x, len, tweak, tweak_len), w1);
        if (w1 != KC_OK) { FZ_CHECK(fz_untouched((uint8_t *)one, len * sizeof *in)); continue; }
        if (want == KC_OK) FZ_CHECK(memcmp(one, ct + v * len, len * sizeof *in) == 0);
        memcpy(ct + v * len, one, len * sizeof *in);
        FZ_STATUS(kc_fpe_decrypt(p, one, one, len, tweak, tweak_len), KC_OK);   /* in place */
        FZ_CHECK(memcmp(one, x, len * sizeof *in) == 0);
        if (len > 1) {
            FZ_STATUS(kc_fpe_encrypt(p, one, x, len - 1, tweak, tweak_len), KC_ERR_LENGTH_MISMATCH);
        }
        if (radix <= 36) {                           /* the string form */
            static const char alphabet[] = "0123456789abcdefghijklmnopqrstuvwxyz";
            char *s = (char *)fz_out(len + 1), *out = (char *)fz_out(len + 1);
            for (size_t i = 0; i < len; i++) s[i] = alphabet[x[i]];
            s[len] = 0;
            FZ_STATUS(kc_fpe_encrypt_str(p, out, s, tweak, tweak_len), KC_OK);
            for (size_t i = 0; i < len; i++) FZ_CHECK(out[i] == alphabet[ct[v * len + i]]);
            FZ_CHECK(out[len] == 0);
            FZ_STATUS(kc_fpe_decrypt_str(p, out, out, tweak, tweak_len), KC_OK);
            FZ_CHECK(strcmp(out, s) == 0);
            for (size_t i = 0; i < len; i++)         /* upper case is refused, not folded */
                if (s[i] >= 'a') {
                    s[i] = (char)(s[i] - 'a' + 'A');
                    memset(out, FZ_FILL, len + 1);
                    FZ_STATUS(kc_fpe_encrypt_str(p, out, s, tweak, tweak_len), KC_ERR_DIGIT);
                    FZ_CHECK(fz_untouched((const uint8_t *)out, len + 1));
                    break;
                }
            free(out);
            free(s);
        }
    }
    free(one);
    free(back);
    free(ct);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    const kc_cipher_info *ci = fz_cipher(&in, KC_KIND_FEA);
    const char *backend = fz_backend(&in, ci->name);
    uint8_t key[32], tweak_buf[24];
    fz_take(&in, key, ci->key_bytes);
    unsigned sel = fz_byte(&in);
    unsigned radix = sel & 0x80 ? fz_u16(&in) : 2 + fz_byte(&in) % 35;   /* often the string radixes */
    if (sel & 0x40) radix = radix * 4 + (sel & 3);                        /* now and then out of range */
    size_t len = fz_byte(&in) % 140;
    unsigned flags = fz_byte(&in) & KC_FPE_ALLOW_SMALL_DOMAIN;
    size_t tweak_len = fz_byte(&in) % 20;
    fz_take(&in, tweak_buf, sizeof tweak_buf);
    unsigned digit_mode = fz_byte(&in), count = 1 + fz_byte(&in) % MAX_VALUES;

    kc_fpe *p = NULL;
    kc_status want = expected_new(radix, len, flags);
    kc_status st = kc_fpe_new(&p, ci->name, backend, key, ci->key_bytes, radix, len, flags);
    FZ_STATUS(st, want);
    if (st != KC_OK) { FZ_CHECK(p == NULL); return 0; }
    int fea1 = strncmp(ci->name, "fea1", 4) == 0;
    if (digit_mode & 1) tweak_len = kc_fpe_tweak_size(p);                 /* mostly the right length */
    uint8_t *tweak = tweak_len ? fz_dup(tweak_buf, tweak_len) : NULL;
    kc_status tw = tweak_status(p, fea1, tweak, tweak_len);

    uint16_t *digits = (uint16_t *)fz_out(count * len * sizeof *digits);
    for (size_t i = 0; i < count * len; i++) {
        unsigned d = fz_u16(&in);
        digits[i] = (uint16_t)(digit_mode & 2 ? d : d % radix);          /* valid, or anything */
    }
    check_digits(p, radix, len, digits, count, tweak, tweak_len, tw);
    free(digits);
    free(tweak);
    kc_fpe_free(p);
    return 0;
}
