/* SPDX-License-Identifier: MIT */
/* Rijndael / AES, for every backend through the public API: the FIPS-197
 * examples, the ECB/CBC/CTR records of aes_sp800_38a.txt (SP 800-38A,
 * RFC 3602, RFC 3686, long Crypto++ vectors), Gladman's 192/256-bit-block
 * vectors; then every backend against "table" on random keys and inputs for
 * all nine block/key sizes and 1..70 blocks per call (every tail of the
 * 8-, 16- and 32-block SIMD loops), at odd and even addresses, checking
 * that nothing past the output is written; AES CTR (across the counter's
 * 32-bit carry) and CBC decryption, 1..17 blocks, every backend; long CTR
 * messages from every value of the low counter byte. */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define MAX_MSG 1024          /* the longest AES record is 715 bytes */
#define MAX_BLOCKS 70

/* One known-answer test in one mode, both directions. */
static void check_kat(const char *cipher, const char *backend, kc_mode mode, const uint8_t *key,
                      const uint8_t *iv, const uint8_t *pt, const uint8_t *ct, size_t len,
                      const char *label)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key, info->key_bytes), KC_OK,
                         "%s/%s new (%s)", cipher, backend, label))
        return;
    size_t iv_len = mode == KC_MODE_ECB ? 0 : info->block_bytes, n = 0;
    uint8_t buf[MAX_MSG];
    tl_check_status(kc_mode_encrypt(c, mode, 0, iv_len ? iv : NULL, iv_len, buf, sizeof buf, &n, pt, len),
                    KC_OK, "%s/%s encrypt status (%s)", cipher, backend, label);
    TL_CHECK(n == len, "%s/%s encrypt length %zu (%s)", cipher, backend, n, label);
    tl_check_bytes(buf, ct, len, "%s/%s encrypt (%s)", cipher, backend, label);
    tl_check_status(kc_mode_decrypt(c, mode, 0, iv_len ? iv : NULL, iv_len, buf, sizeof buf, &n, ct, len),
                    KC_OK, "%s/%s decrypt status (%s)", cipher, backend, label);
    TL_CHECK(n == len, "%s/%s decrypt length %zu (%s)", cipher, backend, n, label);
    tl_check_bytes(buf, pt, len, "%s/%s decrypt (%s)", cipher, backend, label);
    if (mode == KC_MODE_ECB) {          /* the raw block interface, in place */
        memcpy(buf, pt, len);
        tl_check_status(kc_cipher_encrypt_blocks(c, buf, buf, len), KC_OK, "%s/%s blocks (%s)", cipher,
                        backend, label);
        tl_check_bytes(buf, ct, len, "%s/%s blocks encrypt in place (%s)", cipher, backend, label);
        kc_cipher_decrypt_blocks(c, buf, buf, len);
        tl_check_bytes(buf, pt, len, "%s/%s blocks decrypt in place (%s)", cipher, backend, label);
    }
    kc_cipher_free(c);
}

static void check_kat_all_backends(const char *cipher, kc_mode mode, const uint8_t *key,
                                   const uint8_t *iv, const uint8_t *pt, const uint8_t *ct,
                                   size_t len, const char *label)
{
    size_t count = kc_backend_count(cipher);
    TL_CHECK(count >= 2, "%s has %zu backends, want ct and table at least", cipher, count);
    for (size_t i = 0; i < count; i++) {
        const char *b = tl_backend_at(cipher, i);
        if (b) check_kat(cipher, b, mode, key, iv, pt, ct, len, label);
    }
}

/* AES vectors run under both names: aes-K and rijndael-128-K. */
static void check_aes_kat(size_t key_len, kc_mode mode, const uint8_t *key, const uint8_t *iv,
                          const uint8_t *pt, const uint8_t *ct, size_t len, const char *label)
{
    char aes[32], rijndael[32];
    snprintf(aes, sizeof aes, "aes-%zu", 8 * key_len);
    snprintf(rijndael, sizeof rijndael, "rijndael-128-%zu", 8 * key_len);
    check_kat_all_backends(aes, mode, key, iv, pt, ct, len, label);
    check_kat_all_backends(rijndael, mode, key, iv, pt, ct, len, label);
}

/* FIPS-197 Appendix B and C.1-C.3. */
static void fips197(void)
{
    static const char *const v[4][4] = {
        { "B", "2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
          "3925841d02dc09fbdc118597196a0b32" },
        { "C.1", "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
          "69c4e0d86a7b0430d8cdb78070b4c55a" },
        { "C.2", "000102030405060708090a0b0c0d0e0f1011121314151617", "00112233445566778899aabbccddeeff",
          "dda97ca4864cdfe06eaf70a0ec0d7191" },
        { "C.3", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
          "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089" },
    };
    for (int i = 0; i < 4; i++) {
        uint8_t key[32], pt[16], ct[16];
        char label[32];
        long kl = tl_unhex(v[i][1], key, sizeof key);
        tl_unhex(v[i][2], pt, sizeof pt);
        tl_unhex(v[i][3], ct, sizeof ct);
        snprintf(label, sizeof label, "FIPS-197 %s", v[i][0]);
        check_aes_kat((size_t)kl, KC_MODE_ECB, key, NULL, pt, ct, 16, label);
    }
}

/* ---- aes_sp800_38a.txt (Crypto++ TestVectors) ---- */

typedef struct { int run[3], skipped; } sp_tally;

/* tl_field_bytes, plus Crypto++'s quoted ASCII values ("Single block msg"). */
static long field_bytes(const tl_fields *f, const char *name, uint8_t *out, size_t cap)
{
    const char *v = tl_field(f, name);
    size_t n = v ? strlen(v) : 0;
    if (n < 2 || v[0] != '"' || v[n - 1] != '"') return tl_field_bytes(f, name, out, cap);
    if (n - 2 > cap) return -1;
    memcpy(out, v + 1, n - 2);
    return (long)(n - 2);
}

static void sp_vector(const tl_fields *f, void *arg)
{
    sp_tally *tally = arg;
    const char *name = tl_field(f, "Name"), *comment = tl_field(f, "Comment");
    if (!TL_CHECK(name != NULL, "aes_sp800_38a.txt: record without Name")) return;
    kc_mode mode;
    if (strcmp(name, "AES/ECB") == 0) mode = KC_MODE_ECB;
    else if (strcmp(name, "AES/CBC") == 0) mode = KC_MODE_CBC;
    else if (strcmp(name, "AES/CTR") == 0) mode = KC_MODE_CTR;
    else { tally->skipped++; return; }    /* CFB, OFB, XTS: not kcipher modes */

    static uint8_t key[64], iv[16], pt[MAX_MSG], ct[MAX_MSG];
    long kl = field_bytes(f, "Key", key, sizeof key);
    long pl = field_bytes(f, "Plaintext", pt, sizeof pt);
    long cl = field_bytes(f, "Ciphertext", ct, sizeof ct);
    long il = mode == KC_MODE_ECB ? 16 : field_bytes(f, "IV", iv, sizeof iv);
    int n = ++tally->run[mode];
    char label[160];
    snprintf(label, sizeof label, "%s #%d %s", name, n, comment ? comment : "");
    if (!TL_CHECK((kl == 16 || kl == 24 || kl == 32) && pl > 0 && cl == pl && il == 16 &&
                  (mode == KC_MODE_CTR || pl % 16 == 0), "malformed record (%s)", label))
        return;
    check_aes_kat((size_t)kl, mode, key, iv, pt, ct, (size_t)pl, label);
}

static void sp800_38a(void)
{
    sp_tally tally = { { 0, 0, 0 }, 0 };
    const char *path = tl_external_vector("aes/aes_sp800_38a.txt", "TestVectors/aes.txt");
    if (!path) return;
    long n = tl_cryptopp_file(path, sp_vector, &tally);
    TL_CHECK(n == 44, "aes_sp800_38a.txt: %ld records, want 44", n);
    /* ECB: 3 SP 800-38A + 1 long; CBC: 3 + 4 RFC 3602 + 1 long; CTR: 3 + 9 RFC 3686 + 1 long. */
    TL_CHECK(tally.run[KC_MODE_ECB] == 4 && tally.run[KC_MODE_CBC] == 8 && tally.run[KC_MODE_CTR] == 13,
             "aes_sp800_38a.txt: ran ECB %d CBC %d CTR %d, want 4, 8, 13", tally.run[KC_MODE_ECB],
             tally.run[KC_MODE_CBC], tally.run[KC_MODE_CTR]);
    printf("aes_sp800_38a.txt: %d ECB, %d CBC, %d CTR records run; %d CFB/OFB/XTS skipped\n",
           tally.run[KC_MODE_ECB], tally.run[KC_MODE_CBC], tally.run[KC_MODE_CTR], tally.skipped);
}

/* ---- Gladman's 192/256-bit-block vectors ---- */

static void gladman(void)
{
    const char *path = tl_external_vector("rijndael/rijndael_gladman.tsv", NULL);
    if (!path) return;
    FILE *fp = fopen(path, "r");
    if (!TL_CHECK(fp != NULL, "cannot open %s", path)) return;
    char line[512], key_hex[80], pt_hex[80], ct_hex[80];
    int rows = 0;
    unsigned block_bits, key_bits;
    while (fgets(line, sizeof line, fp)) {
        if (sscanf(line, "%u %u %79s %79s %79s", &block_bits, &key_bits, key_hex, pt_hex, ct_hex) != 5)
            continue;                       /* the header */
        uint8_t key[32], pt[32], ct[32];
        char cipher[32], label[64];
        long kl = tl_unhex(key_hex, key, sizeof key), pl = tl_unhex(pt_hex, pt, sizeof pt);
        long cl = tl_unhex(ct_hex, ct, sizeof ct);
        snprintf(cipher, sizeof cipher, "rijndael-%u-%u", block_bits, key_bits);
        snprintf(label, sizeof label, "Gladman row %d", ++rows);
        const kc_cipher_info *info = kc_cipher_find(cipher);
        if (!TL_CHECK(info && kl == (long)info->key_bytes && pl == (long)info->block_bytes && cl == pl,
                      "malformed row (%s, %s)", label, cipher))
            continue;
        check_kat_all_backends(cipher, KC_MODE_ECB, key, NULL, pt, ct, (size_t)pl, label);
    }
    fclose(fp);
    TL_CHECK(rows == 6, "rijndael_gladman.tsv: %d rows, want 6", rows);
}

/* CTR and CBC decryption through every backend against "table"'s ECB, for
 * 1..MODE_BLOCKS blocks (every tail of the 4- and 8-block passes and of the
 * fused CTR runs): counters whose low 32-bit word wraps inside the message
 * (the carry crossing into byte 11) or stays clear of it. */
/* want = CTR of pt (nb blocks) from iv by the reference cipher: E(counter) ^ pt,
 * the whole block a big-endian counter. */
static void ctr_reference(kc_cipher *ref, uint8_t *want, const uint8_t *pt, const uint8_t iv[16], size_t nb)
{
    uint8_t ctr[16];
    memcpy(ctr, iv, 16);
    for (size_t b = 0; b < nb; b++) {
        kc_cipher_encrypt_blocks(ref, want + 16 * b, ctr, 16);
        for (size_t i = 0; i < 16; i++) want[16 * b + i] ^= pt[16 * b + i];
        for (size_t i = 16; i-- > 0 && ++ctr[i] == 0;) {}
    }
}

#define MODE_BLOCKS 17
static void modes_vs_table(const char *cipher)
{
    size_t kl = kc_cipher_find(cipher)->key_bytes, n;
    uint8_t key[32], iv[16], pt[16 * MODE_BLOCKS], want[16 * MODE_BLOCKS], got[16 * MODE_BLOCKS];
    for (size_t nb = 1; nb <= MODE_BLOCKS; nb++)
        for (int carry = 0; carry < 2; carry++) {
            size_t len = 16 * nb;
            kc_cipher *ref, *c;
            tl_random_bytes(key, kl);
            tl_random_bytes(iv, 16);
            tl_random_bytes(pt, len);
            if (carry) {
                memset(iv + 12, 0xff, 4);
                iv[15] = (uint8_t)(0xff - tl_rand_below(nb));
            }
            if (!tl_check_status(kc_cipher_new(&ref, cipher, "table", key, kl), KC_OK, "%s/table new", cipher))
                return;
            ctr_reference(ref, want, pt, iv, nb);
            uint8_t cbc[16 * MODE_BLOCKS];       /* CBC decryption: D(c_i) ^ c_{i-1} */
            kc_cipher_decrypt_blocks(ref, cbc, pt, len);
            for (size_t i = 0; i < len; i++) cbc[i] ^= i < 16 ? iv[i] : pt[i - 16];
            kc_cipher_free(ref);
            for (size_t i = 0; i < kc_backend_count(cipher); i++) {
                const char *b = tl_backend_at(cipher, i);
                if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, kl), KC_OK, "%s/%s new", cipher, b))
                    continue;
                memset(got, 0, sizeof got);
                kc_status st = kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, 16, got, sizeof got, &n, pt, len);
                TL_CHECK(st == KC_OK && n == len, "%s/%s ctr %zu blocks status", cipher, b, nb);
                tl_check_bytes(got, want, len, "%s/%s ctr %zu blocks (carry %d)", cipher, b, nb, carry);
                st = kc_mode_decrypt(c, KC_MODE_CBC, 0, iv, 16, got, sizeof got, &n, pt, len);
                TL_CHECK(st == KC_OK && n == len, "%s/%s cbc decrypt %zu blocks status", cipher, b, nb);
                tl_check_bytes(got, cbc, len, "%s/%s cbc decrypt %zu blocks", cipher, b, nb);
                kc_cipher_free(c);
            }
        }
}

/* Long CTR messages from every value of the counter's low byte, so that
 * runs start at each offset in and out of 8-block groups and cross the
 * low byte's wrap (sse2 caches round 1 per 256 counters) and, every other
 * start, the 32-bit carry; lengths give every tail mod 8.  Against table. */
#define LONG_BLOCKS 300
static void ctr_long_runs(const char *cipher)
{
    size_t kl = kc_cipher_find(cipher)->key_bytes, n;
    static uint8_t pt[16 * LONG_BLOCKS], want[16 * LONG_BLOCKS], got[16 * LONG_BLOCKS];
    uint8_t key[32], iv[16];
    for (unsigned start = 0; start < 256; start++) {
        size_t nb = LONG_BLOCKS - 40 + (start * 7) % 41, len = 16 * nb;
        kc_cipher *ref, *c;
        tl_random_bytes(key, kl);
        tl_random_bytes(iv, 16);
        tl_random_bytes(pt, len);
        if (start & 1) memset(iv + 12, 0xff, 3);
        iv[15] = (uint8_t)start;
        if (!tl_check_status(kc_cipher_new(&ref, cipher, "table", key, kl), KC_OK, "%s/table new", cipher))
            return;
        ctr_reference(ref, want, pt, iv, nb);
        kc_cipher_free(ref);
        for (size_t i = 0; i < kc_backend_count(cipher); i++) {
            const char *b = tl_backend_at(cipher, i);
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, kl), KC_OK, "%s/%s new", cipher, b))
                continue;
            memset(got, 0, sizeof got);
            kc_status st = kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, 16, got, sizeof got, &n, pt, len);
            TL_CHECK(st == KC_OK && n == len, "%s/%s ctr %zu blocks from %u status", cipher, b, nb, start);
            tl_check_bytes(got, want, len, "%s/%s ctr %zu blocks from low byte %u", cipher, b, nb, start);
            kc_cipher_free(c);
        }
    }
}

/* The default backend must be constant-time; wrong key lengths are refused. */
static void defaults(const char *cipher)
{
    kc_backend_info info;
    int defaults = 0;
    for (size_t i = 0; kc_backend_at(cipher, i, &info) == KC_OK; i++)
        if (info.is_default) {
            defaults++;
            TL_CHECK(info.constant_time, "%s: default backend %s is not constant-time", cipher, info.name);
        }
    TL_CHECK(defaults == 1, "%s: %d default backends", cipher, defaults);
    uint8_t key[33] = { 0 };
    kc_cipher *c;
    size_t kl = kc_cipher_find(cipher)->key_bytes;
    tl_check_status(kc_cipher_new(&c, cipher, NULL, key, kl + 1), KC_ERR_KEY_LENGTH, "%s long key", cipher);
    if (tl_check_status(kc_cipher_new(&c, cipher, NULL, key, kl), KC_OK, "%s default new", cipher)) {
        TL_CHECK(kc_cipher_block_size(c) == kc_cipher_find(cipher)->block_bytes, "%s block size", cipher);
        kc_cipher_free(c);
    }
}

int main(void)
{
    static const unsigned sizes[3] = { 128, 192, 256 };
    char cipher[32];
    tl_list_backends("aes-128");
    fips197();
    sp800_38a();
    gladman();
    for (int b = 0; b < 3; b++)
        for (int k = 0; k < 3; k++) {
            snprintf(cipher, sizeof cipher, "rijndael-%u-%u", sizes[b], sizes[k]);
            defaults(cipher);
            tl_differential_blocks(cipher, "table", 6 * 17, 17);   /* 12 keys for 1..17 blocks, */
            tl_differential_blocks(cipher, "table", 6 * MAX_BLOCKS, MAX_BLOCKS);   /* 6 for more */
        }
    for (int k = 0; k < 3; k++) {
        snprintf(cipher, sizeof cipher, "aes-%u", sizes[k]);
        defaults(cipher);
        modes_vs_table(cipher);
        ctr_long_runs(cipher);
    }
    return tl_finish("test_rijndael");
}
