/* SPDX-License-Identifier: MIT */
/* FF1 and FF3-1 ([SP800-38G]): NIST's FF1 samples and the ACVP FF1 and
 * FF3-1 sample sets on every AES backend (the long ACVP values take the
 * multi-word path, the short ones the one-word path), batch against single
 * values with a tweak per value over AES, ARIA and LEA, and every error. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

#define MAX_LEN 512

/* Characters -> digit indices in the alphabet; -1 on a character outside it. */
static long to_digits(const char *s, const char *alphabet, uint16_t *d)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n; i++) {
        const char *c = strchr(alphabet, s[i]);
        if (!c || !s[i]) return -1;
        d[i] = (uint16_t)(c - alphabet);
    }
    return (long)n;
}

static void from_digits(const uint16_t *d, size_t n, const char *alphabet, char *s)
{
    for (size_t i = 0; i < n; i++) s[i] = alphabet[d[i]];
    s[n] = 0;
}

/* One known answer on one backend, both directions, single and batch. */
static void check_answer(const char *cipher, const char *backend, const uint8_t *key, size_t key_len,
                         unsigned radix, const char *alphabet, const uint8_t *tweak, size_t tweak_len,
                         const char *pt, const char *ct, const char *label)
{
    uint16_t p[MAX_LEN], c[MAX_LEN], got[MAX_LEN];
    char text[MAX_LEN + 1];
    long n = to_digits(pt, alphabet, p);
    if (!TL_CHECK(n > 0 && to_digits(ct, alphabet, c) == n, "%s: bad vector", label)) return;
    kc_fpe *f;
    if (!tl_check_status(kc_fpe_new(&f, cipher, backend, key, key_len, radix, (size_t)n, 0), KC_OK,
                         "%s %s new", label, backend)) return;
    tl_check_status(kc_fpe_encrypt(f, got, p, (size_t)n, tweak, tweak_len), KC_OK, "%s enc", label);
    from_digits(got, (size_t)n, alphabet, text);
    TL_CHECK(strcmp(text, ct) == 0, "%s %s %s: encrypt got %s want %s", label, cipher, backend, text, ct);
    tl_check_status(kc_fpe_decrypt(f, got, c, (size_t)n, tweak, tweak_len), KC_OK, "%s dec", label);
    from_digits(got, (size_t)n, alphabet, text);
    TL_CHECK(strcmp(text, pt) == 0, "%s %s %s: decrypt got %s want %s", label, cipher, backend, text, pt);
    tl_check_status(kc_fpe_encrypt_batch(f, got, p, 1, tweak, tweak_len), KC_OK, "%s batch", label);
    from_digits(got, (size_t)n, alphabet, text);
    TL_CHECK(strcmp(text, ct) == 0, "%s %s: batch got %s", label, backend, text);
    kc_fpe_free(f);
}

/* Every backend of the block cipher under an FF name ("ff1-aes-128" -> "aes-128"). */
static const char *block_cipher(const char *ff)
{
    return strncmp(ff, "ff3-1-", 6) == 0 ? ff + 6 : ff + 4;
}

/* NIST FF1samples.pdf, samples 1-9. */
static void test_nist_ff1_samples(void)
{
    static const uint8_t key[32] = { 0x2B, 0x7E, 0x15, 0x16, 0x28, 0xAE, 0xD2, 0xA6, 0xAB, 0xF7, 0x15,
                                     0x88, 0x09, 0xCF, 0x4F, 0x3C, 0xEF, 0x43, 0x59, 0xD8, 0xD5, 0x80,
                                     0xAA, 0x4F, 0x7F, 0x03, 0x6D, 0x6F, 0x04, 0xFC, 0x6A, 0x94 };
    static const uint8_t t10[10] = { 0x39, 0x38, 0x37, 0x36, 0x35, 0x34, 0x33, 0x32, 0x31, 0x30 };
    static const uint8_t t11[11] = { 0x37, 0x37, 0x37, 0x37, 0x70, 0x71, 0x72, 0x73, 0x37, 0x37, 0x37 };
    static const char *digits = "0123456789", *base36 = "0123456789abcdefghijklmnopqrstuvwxyz";
    static const struct { const char *cipher; size_t key_len; int tweak; const char *ct; } v[] = {
        { "ff1-aes-128", 16, 0, "2433477484" }, { "ff1-aes-128", 16, 10, "6124200773" },
        { "ff1-aes-128", 16, 11, "a9tv40mll9kdu509eum" },
        { "ff1-aes-192", 24, 0, "2830668132" }, { "ff1-aes-192", 24, 10, "2496655549" },
        { "ff1-aes-192", 24, 11, "xbj3kv35jrawxv32ysr" },
        { "ff1-aes-256", 32, 0, "6657667009" }, { "ff1-aes-256", 32, 10, "1001623463" },
        { "ff1-aes-256", 32, 11, "xs8a0azh2avyalyzuwd" },
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        const char *bc = block_cipher(v[i].cipher), *b;
        char label[32];
        snprintf(label, sizeof label, "FF1 sample %zu", i + 1);
        for (size_t k = 0; (b = tl_backend_at(bc, k)) || k < kc_backend_count(bc); k++) {
            if (!b) continue;
            if (v[i].tweak == 11)
                check_answer(v[i].cipher, b, key, v[i].key_len, 36, base36, t11, 11, "0123456789abcdefghi",
                             v[i].ct, label);
            else
                check_answer(v[i].cipher, b, key, v[i].key_len, 10, digits, v[i].tweak ? t10 : NULL,
                             (size_t)v[i].tweak, "0123456789", v[i].ct, label);
        }
    }
}

/* tests/vectors/ff/acvp_*.tsv: every row on every AES backend. */
static void test_acvp(const char *file)
{
    FILE *fp = fopen(tl_vector_path(file), "r");
    if (!TL_CHECK(fp != NULL, "cannot open %s", tl_vector_path(file))) return;
    char line[1024];
    long rows = 0;
    while (fgets(line, sizeof line, fp)) {
        if (line[0] == '#') continue;
        line[strcspn(line, "\r\n")] = 0;
        char *f[9] = { 0 };
        int nf = 0;
        for (char *s = line, *tab; nf < 9; s = tab + 1) {
            f[nf++] = s;
            if (!(tab = strchr(s, '\t'))) break;
            *tab = 0;
        }
        if (!TL_CHECK(nf == 9 && strlen(f[0]) < 8 && strlen(f[1]) < 12 && strlen(f[2]) < 8,
                      "%s: bad row", file)) continue;
        uint8_t key[32], tweak[32];
        long kl = tl_unhex(f[3], key, sizeof key);
        long tl = strcmp(f[6], "-") ? tl_unhex(f[6], tweak, sizeof tweak) : 0;
        char cipher[48], label[64];   /* the direction is a label: both ways are checked */
        snprintf(cipher, sizeof cipher, "%.8s-aes-%ld", f[0], kl * 8);
        snprintf(label, sizeof label, "%.8s ACVP %.12s %.8s", f[0], f[1], f[2]);
        const char *bc = block_cipher(cipher), *b;
        for (size_t k = 0; k < kc_backend_count(bc); k++)
            if ((b = tl_backend_at(bc, k)))
                check_answer(cipher, b, key, (size_t)kl, (unsigned)atoi(f[4]), f[5], tweak, (size_t)tl, f[7],
                             f[8], label);
        rows++;
    }
    fclose(fp);
    TL_CHECK(rows == 450, "%s: %ld rows", file, rows);
}

/* ff1/ff3_samples.tsv of the shared vectors (not in the repository): the
 * 18 FF3-1 cases of the draft ACVP set (the FF3 rows are for the withdrawn
 * FF3, which kcipher does not implement), and ff1/nist_ff1_samples.tsv. */
static void test_shared_samples(void)
{
    static const struct { const char *file; int fields, mode, key, radix, alphabet, tweak, pt, ct; } files[] = {
        { "ff1/ff3_samples.tsv", 11, 0, 4, 5, 6, 7, 8, 9 },
        { "ff1/nist_ff1_samples.tsv", 8, -1, 2, 3, 4, 5, 6, 7 },
    };
    for (size_t fi = 0; fi < 2; fi++) {
        const char *path = tl_external_vector(files[fi].file, NULL);
        if (!path) continue;
        FILE *fp = fopen(path, "r");
        if (!TL_CHECK(fp != NULL, "cannot open %s", path)) continue;
        char line[2048];
        long rows = 0;
        fgets(line, sizeof line, fp);                    /* the header */
        while (fgets(line, sizeof line, fp)) {
            line[strcspn(line, "\r\n")] = 0;
            char *f[12] = { 0 };
            int nf = 0;
            for (char *q = line, *tab; nf < 12; q = tab + 1) {
                f[nf++] = q;
                if (!(tab = strchr(q, '\t'))) break;
                *tab = 0;
            }
            if (!TL_CHECK(nf == files[fi].fields, "%s: %d fields", files[fi].file, nf)) continue;
            if (files[fi].mode >= 0 && strcmp(f[files[fi].mode], "FF3-1")) continue;
            uint8_t key[32], tweak[32];
            long kl = tl_unhex(f[files[fi].key], key, sizeof key);
            long tl = tl_unhex(f[files[fi].tweak], tweak, sizeof tweak);
            char cipher[32], label[64];
            snprintf(cipher, sizeof cipher, "%s-aes-%ld", files[fi].mode >= 0 ? "ff3-1" : "ff1", kl * 8);
            snprintf(label, sizeof label, "%s row %ld", files[fi].file, rows + 1);
            const char *bc = block_cipher(cipher), *b;
            for (size_t k = 0; k < kc_backend_count(bc); k++)
                if ((b = tl_backend_at(bc, k)))
                    check_answer(cipher, b, key, (size_t)kl, (unsigned)atoi(f[files[fi].radix]), f[files[fi].alphabet],
                                 tweak, tl > 0 ? (size_t)tl : 0, f[files[fi].pt], f[files[fi].ct], label);
            rows++;
        }
        fclose(fp);
        TL_CHECK(rows == (fi == 0 ? 18 : 9), "%s: %ld rows", files[fi].file, rows);
    }
}

/* Batch with a tweak per value = one value at a time, over every cipher
 * family, on lengths that take both arithmetic paths. */
static void test_batch_matches_single(void)
{
    static const char *names[] = { "ff1-aes-128", "ff1-aria-256", "ff1-lea-192",
                                   "ff3-1-aes-256", "ff3-1-aria-128", "ff3-1-lea-128" };
    static const struct { unsigned radix; size_t len; } shapes[] = {
        { 10, 16 }, { 10, 7 }, { 10, 19 }, { 10, 40 }, { 36, 12 }, { 2, 30 }, { 65536, 3 }, { 26, 30 },
        { 10, 57 },
    };
    enum { COUNT = 150 };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            unsigned radix = shapes[s].radix;
            size_t len = shapes[s].len, klen = kc_cipher_find(block_cipher(names[i]))->key_bytes;
            int ff3 = names[i][2] == '3';
            uint8_t key[32];
            tl_random_bytes(key, klen);
            kc_fpe *f;
            kc_status st = kc_fpe_new(&f, names[i], NULL, key, klen, radix, len, 0);
            if (ff3 && len > 2 * (radix == 10 ? 28u : radix == 26 ? 20u : radix == 2 ? 96u : 12u)) {
                tl_check_status(st, KC_ERR_DOMAIN_TOO_LARGE, "%s radix %u len %zu", names[i], radix, len);
                continue;
            }
            if (!tl_check_status(st, KC_OK, "%s radix %u len %zu new", names[i], radix, len)) continue;
            size_t tlen = ff3 ? 7 : 1 + tl_rand_below(40);
            uint16_t *in = malloc(COUNT * len * 2), *out = malloc(COUNT * len * 2), *one = malloc(len * 2);
            uint8_t *tweaks = malloc(COUNT * tlen);
            for (size_t k = 0; k < COUNT * len; k++) in[k] = (uint16_t)tl_rand_below(radix);
            tl_random_bytes(tweaks, COUNT * tlen);
            tl_check_status(kc_fpe_encrypt_tweaks(f, out, in, COUNT, tweaks, tlen), KC_OK, "tweaks enc");
            int same = 1, back = 1;
            for (size_t k = 0; k < COUNT; k++) {
                kc_fpe_encrypt(f, one, in + k * len, len, tweaks + k * tlen, tlen);
                same &= memcmp(one, out + k * len, len * 2) == 0;
            }
            TL_CHECK(same, "%s radix %u len %zu: batch with tweaks differs from single", names[i], radix, len);
            tl_check_status(kc_fpe_decrypt_tweaks(f, out, out, COUNT, tweaks, tlen), KC_OK, "tweaks dec");
            back = memcmp(out, in, COUNT * len * 2) == 0;
            TL_CHECK(back, "%s radix %u len %zu: decrypt(encrypt(x)) != x", names[i], radix, len);
            /* One tweak for all: the batch equals the per-value form with that tweak repeated. */
            for (size_t k = 1; k < COUNT; k++) memcpy(tweaks + k * tlen, tweaks, tlen);
            uint16_t *out2 = malloc(COUNT * len * 2);
            kc_fpe_encrypt_batch(f, out, in, COUNT, tweaks, tlen);
            kc_fpe_encrypt_tweaks(f, out2, in, COUNT, tweaks, tlen);
            TL_CHECK(memcmp(out, out2, COUNT * len * 2) == 0, "%s: shared tweak batch differs", names[i]);
            free(in); free(out); free(out2); free(one); free(tweaks);
            kc_fpe_free(f);
        }
}

/* The per-value tweak form is the same API for FEA (cycle walking gathers
 * the tweaks of the values it walks again). */
static void test_fea_tweaks(void)
{
    static const char *names[] = { "fea1-128", "fea2-256" };
    enum { COUNT = 300, LEN = 16 };
    for (size_t i = 0; i < 2; i++) {
        uint8_t key[32];
        size_t klen = kc_cipher_find(names[i])->key_bytes;
        tl_random_bytes(key, klen);
        kc_fpe *f;
        if (!tl_check_status(kc_fpe_new(&f, names[i], NULL, key, klen, 10, LEN, 0), KC_OK, "%s", names[i]))
            continue;
        size_t tlen = kc_fpe_tweak_size(f);
        static uint16_t in[COUNT * LEN], out[COUNT * LEN], one[LEN];
        static uint8_t tweaks[COUNT * 16];
        for (size_t k = 0; k < COUNT * LEN; k++) in[k] = (uint16_t)tl_rand_below(10);
        tl_random_bytes(tweaks, sizeof tweaks);
        if (names[i][3] == '1')   /* FEA-1: a (128 - n)-bit tweak */
            for (size_t k = 0; k < COUNT; k++) tweaks[k * tlen] &= (uint8_t)(0xff >> (tlen * 8 - (128 - kc_fpe_bits(f))));
        tl_check_status(kc_fpe_encrypt_tweaks(f, out, in, COUNT, tweaks, tlen), KC_OK, "%s tweaks", names[i]);
        int same = 1;
        for (size_t k = 0; k < COUNT; k++) {
            kc_fpe_encrypt(f, one, in + k * LEN, LEN, tweaks + k * tlen, tlen);
            same &= memcmp(one, out + k * LEN, sizeof one) == 0;
        }
        TL_CHECK(same, "%s: per-value tweaks differ from single values", names[i]);
        kc_fpe_decrypt_tweaks(f, out, out, COUNT, tweaks, tlen);
        TL_CHECK(memcmp(out, in, sizeof in) == 0, "%s: per-value tweaks do not decrypt", names[i]);
        if (names[i][3] == '1') {
            tweaks[5 * tlen] |= 0x80;
            tl_check_status(kc_fpe_encrypt_tweaks(f, out, in, COUNT, tweaks, tlen), KC_ERR_VALUE_OUT_OF_DOMAIN,
                            "FEA-1 tweak of value 5 too wide");
        }
        kc_fpe_free(f);
    }
}

static void test_errors(void)
{
    uint8_t key[32] = { 0 }, tweak[300] = { 0 };
    uint16_t d[20] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0 }, out[20];
    kc_fpe *f;
    tl_check_status(kc_fpe_new(&f, "ff1-aes-128", NULL, key, 16, 1, 10, 0), KC_ERR_RADIX, "radix 1");
    tl_check_status(kc_fpe_new(&f, "ff1-aes-128", NULL, key, 16, 65537, 10, 0), KC_ERR_RADIX, "radix 65537");
    tl_check_status(kc_fpe_new(&f, "ff1-aes-128", NULL, key, 16, 10, 5, 0), KC_ERR_DOMAIN_TOO_SMALL, "10^5");
    tl_check_status(kc_fpe_new(&f, "ff1-aes-128", NULL, key, 16, 10, 513, 0), KC_ERR_DOMAIN_TOO_LARGE, "513");
    tl_check_status(kc_fpe_new(&f, "ff3-1-aes-128", NULL, key, 16, 10, 57, 0), KC_ERR_DOMAIN_TOO_LARGE,
                    "FF3-1 radix 10 len 57");
    tl_check_status(kc_fpe_new(&f, "ff1-aes-128", NULL, key, 24, 10, 10, 0), KC_ERR_KEY_LENGTH, "key 24");
    tl_check_status(kc_fpe_new(&f, "ff1-rc6-128", NULL, key, 16, 10, 10, 0), KC_ERR_UNKNOWN_CIPHER, "rc6");
    tl_check_status(kc_fpe_new(&f, "ff1-aes-128", "nope", key, 16, 10, 10, 0), KC_ERR_UNKNOWN_BACKEND,
                    "backend");
    tl_check_status(kc_fpe_new(&f, "ff1-aes-128", NULL, key, 16, 10, 3, KC_FPE_ALLOW_SMALL_DOMAIN), KC_OK,
                    "10^3 allowed");
    kc_fpe_free(f);
    tl_check_status(kc_fpe_new(&f, "ff1-aes-128", NULL, key, 16, 10, 10, 0), KC_OK, "new");
    TL_CHECK(kc_fpe_tweak_size(f) == 256, "FF1 tweak size %zu", kc_fpe_tweak_size(f));
    memset(out, 0xab, sizeof out);
    tl_check_status(kc_fpe_encrypt(f, out, d, 10, tweak, 257), KC_ERR_TWEAK_LENGTH, "tweak 257");
    tl_check_status(kc_fpe_encrypt(f, out, d, 9, NULL, 0), KC_ERR_LENGTH_MISMATCH, "len 9");
    d[3] = 10;
    tl_check_status(kc_fpe_encrypt(f, out, d, 10, NULL, 0), KC_ERR_DIGIT, "digit 10");
    tl_check_status(kc_fpe_encrypt_batch(f, out, d, 2, NULL, 0), KC_ERR_DIGIT, "batch digit 10");
    d[3] = 4;
    TL_CHECK(out[0] == 0xabab && out[19] == 0xabab, "output written on error");
    tl_check_status(kc_fpe_encrypt(f, out, d, 10, tweak, 256), KC_OK, "tweak 256");
    kc_fpe_free(f);
    tl_check_status(kc_fpe_new(&f, "ff3-1-lea-256", NULL, key, 32, 10, 10, 0), KC_OK, "FF3-1 new");
    TL_CHECK(kc_fpe_tweak_size(f) == 7, "FF3-1 tweak size %zu", kc_fpe_tweak_size(f));
    tl_check_status(kc_fpe_encrypt(f, out, d, 10, tweak, 8), KC_ERR_TWEAK_LENGTH, "FF3-1 tweak 8");
    tl_check_status(kc_fpe_encrypt(f, out, d, 10, tweak, 0), KC_OK, "FF3-1 tweak 0");
    uint16_t zero_tweak[10];
    tl_check_status(kc_fpe_encrypt(f, zero_tweak, d, 10, tweak, 7), KC_OK, "FF3-1 zero tweak");
    TL_CHECK(memcmp(out, zero_tweak, sizeof zero_tweak) == 0, "FF3-1: empty tweak != zero tweak");
    kc_fpe_free(f);
}

int main(void)
{
    tl_seed(0x4646);
    test_nist_ff1_samples();
    test_acvp("ff/acvp_ff1.tsv");
    test_acvp("ff/acvp_ff3_1.tsv");
    test_shared_samples();
    test_batch_matches_single();
    test_fea_tweaks();
    test_errors();
    return tl_finish("ff");
}
