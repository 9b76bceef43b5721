/* SPDX-License-Identifier: MIT */
/* ARIA: the RFC 5794 example blocks, the KISA ECB/CBC/CTR vectors and the 45
 * KISA known-answer blocks (the last two from files the repository does not
 * carry: tests/vectors/README.md) for every ARIA backend, both directions, through the
 * public API; then every backend against "table" on random keys and
 * multi-block inputs of 1..140 blocks (every tail around the 4-, 32- and
 * 64-block batches of the bitsliced and SIMD backends); CBC encryption and
 * CMAC (the one-block kernels: cbc_encrypt) of every backend against a
 * chain of reference blocks, one-shot and streamed in uneven pieces; CTR
 * of every backend from counters around carries out of each counter byte. */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define MAX_MSG 256          /* the KISA messages are 160 bytes (10 blocks) */
#define MAX_BLOCKS 140       /* > 2 x 64-way, so every tail length of every backend occurs */
#define REFERENCE "table"

static const char *const ciphers[3] = { "aria-128", "aria-192", "aria-256" };

static const char *cipher_for_key(size_t key_len)
{
    return key_len == 16 ? ciphers[0] : key_len == 24 ? ciphers[1] : key_len == 32 ? ciphers[2] : NULL;
}

/* Name of backend i of the cipher, or NULL when this CPU cannot run it. */
static const char *backend_at(const char *cipher, size_t i)
{
    kc_backend_info info;
    if (kc_backend_at(cipher, i, &info) != KC_OK || !info.available) return NULL;
    return info.name;
}

static void list_backends(void)
{
    kc_backend_info info;
    for (size_t i = 0; kc_backend_at(ciphers[0], i, &info) == KC_OK; i++)
        printf("aria backend %s%s%s%s\n", info.name, info.is_default ? " (default)" : "",
               info.constant_time ? "" : " (not constant time)",
               info.available ? "" : " skipped: CPU lacks it");
}

/* One known answer in one mode, both directions, for one backend. */
static void check_kat(const char *cipher, const char *backend, kc_mode mode, const uint8_t *key,
                      const uint8_t *iv, const uint8_t *pt, const uint8_t *ct, size_t len,
                      const char *label)
{
    kc_cipher *c;
    size_t key_len = kc_cipher_find(cipher)->key_bytes, iv_len = mode == KC_MODE_ECB ? 0 : 16, n = 0;
    uint8_t buf[MAX_MSG + 1];
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key, key_len), KC_OK,
                         "%s/%s new (%s)", cipher, backend, label))
        return;
    tl_check_status(kc_mode_encrypt(c, mode, 0, iv_len ? iv : NULL, iv_len, buf, sizeof buf, &n, pt, len),
                    KC_OK, "%s/%s encrypt status (%s)", cipher, backend, label);
    TL_CHECK(n == len, "%s/%s encrypt length %zu (%s)", cipher, backend, n, label);
    tl_check_bytes(buf, ct, len, "%s/%s encrypt (%s)", cipher, backend, label);
    n = 0;
    tl_check_status(kc_mode_decrypt(c, mode, 0, iv_len ? iv : NULL, iv_len, buf, sizeof buf, &n, ct, len),
                    KC_OK, "%s/%s decrypt status (%s)", cipher, backend, label);
    TL_CHECK(n == len, "%s/%s decrypt length %zu (%s)", cipher, backend, n, label);
    tl_check_bytes(buf, pt, len, "%s/%s decrypt (%s)", cipher, backend, label);
    if (mode == KC_MODE_ECB) {          /* the raw block interface, in place and unaligned */
        memcpy(buf + 1, pt, len);
        tl_check_status(kc_cipher_encrypt_blocks(c, buf + 1, buf + 1, len), KC_OK, "blocks status");
        tl_check_bytes(buf + 1, ct, len, "%s/%s blocks encrypt in place (%s)", cipher, backend, label);
        tl_check_status(kc_cipher_decrypt_blocks(c, buf + 1, buf + 1, len), KC_OK, "blocks status");
        tl_check_bytes(buf + 1, pt, len, "%s/%s blocks decrypt in place (%s)", cipher, backend, label);
    }
    kc_cipher_free(c);
}

static void check_kat_all_backends(kc_mode mode, const uint8_t *key, size_t key_len, const uint8_t *iv,
                                   const uint8_t *pt, const uint8_t *ct, size_t len, const char *label)
{
    const char *cipher = cipher_for_key(key_len), *b;
    if (!TL_CHECK(cipher != NULL, "bad key length %zu (%s)", key_len, label)) return;
    size_t count = kc_backend_count(cipher);
    TL_CHECK(count >= 2, "%s has %zu backends, want ct and table at least", cipher, count);
    for (size_t i = 0; i < count; i++)
        if ((b = backend_at(cipher, i)) != NULL) check_kat(cipher, b, mode, key, iv, pt, ct, len, label);
}

/* ---- KISA mode vectors and RFC 5794 blocks (Crypto++ TestVectors file) ---- */

typedef struct { int seen[3]; } tally;   /* per mode */

static void file_vector(const tl_fields *f, void *arg)
{
    tally *t = arg;
    const char *name = tl_field(f, "Name"), *comment = tl_field(f, "Comment");
    uint8_t key[64], iv[16], pt[MAX_MSG], ct[MAX_MSG];
    char label[128];
    if (!TL_CHECK(name && comment, "vector without Name or Comment")) return;
    kc_mode mode = strstr(name, "/CBC") ? KC_MODE_CBC : strstr(name, "/CTR") ? KC_MODE_CTR : KC_MODE_ECB;
    long kl = tl_field_bytes(f, "Key", key, sizeof key);
    long pl = tl_field_bytes(f, "Plaintext", pt, sizeof pt);
    long cl = tl_field_bytes(f, "Ciphertext", ct, sizeof ct);
    long il = mode == KC_MODE_ECB ? 16 : tl_field_bytes(f, "IV", iv, sizeof iv);
    t->seen[mode]++;
    snprintf(label, sizeof label, "%s, %s", name, comment);
    if (!TL_CHECK(pl > 0 && pl % 16 == 0 && cl == pl && il == 16, "malformed vector (%s)", label)) return;
    check_kat_all_backends(mode, key, (size_t)kl, iv, pt, ct, (size_t)pl, label);
}

static void file_vectors(void)
{
    tally t = { { 0 } };
    const char *path = tl_external_vector("aria/aria_kisa_rfc5794.txt", "TestVectors/aria.txt");
    if (!path) return;
    long n = tl_cryptopp_file(path, file_vector, &t);
    TL_CHECK(n == 12, "aria_kisa_rfc5794.txt: %ld vectors, want 12", n);
    TL_CHECK(t.seen[KC_MODE_ECB] == 6 && t.seen[KC_MODE_CBC] == 3 && t.seen[KC_MODE_CTR] == 3,
             "aria_kisa_rfc5794.txt: %d ECB, %d CBC, %d CTR, want 6, 3, 3",
             t.seen[KC_MODE_ECB], t.seen[KC_MODE_CBC], t.seen[KC_MODE_CTR]);
}

/* ---- single blocks: "key plaintext ciphertext" lines ---- */

static void block_line(const uint8_t *key, long kl, const uint8_t *pt, long pl, const uint8_t *ct, long cl,
                       int line, void *arg)
{
    int *count = arg;
    char label[64];
    snprintf(label, sizeof label, "line %d", line);
    if (!TL_CHECK(kl > 0 && cipher_for_key((size_t)kl) && pl == 16 && cl == 16, "malformed %s", label)) return;
    count[kl / 8 - 2]++;
    check_kat_all_backends(KC_MODE_ECB, key, (size_t)kl, NULL, pt, ct, 16, label);
}

/* A file of single blocks, `want` per key size. */
static void block_file(const char *path, int want)
{
    int count[3] = { 0 };
    if (!path) return;
    tl_kat_lines(path, block_line, count);
    TL_CHECK(count[0] == want && count[1] == want && count[2] == want, "%s: %d/%d/%d tests, want %d each",
             path, count[0], count[1], count[2], want);
}

/* ---- random inputs: every backend against the reference ---- */

static void random_tests(const char *cipher, int cases)
{
    size_t key_len = kc_cipher_find(cipher)->key_bytes, count = kc_backend_count(cipher);
    uint8_t key[32], in[MAX_BLOCKS * 16], enc[MAX_BLOCKS * 16], dec[MAX_BLOCKS * 16];
    uint8_t got[MAX_BLOCKS * 16 + 1];
    for (int t = 0; t < cases; t++) {
        size_t nb = 1 + (size_t)t % MAX_BLOCKS, len = nb * 16;
        kc_cipher *ref, *c;
        tl_random_bytes(key, key_len);
        tl_random_bytes(in, len);
        /* Expected values: the reference backend, one block per call. */
        if (!tl_check_status(kc_cipher_new(&ref, cipher, REFERENCE, key, key_len), KC_OK,
                             "%s/%s new", cipher, REFERENCE))
            return;
        for (size_t j = 0; j < len; j += 16) {
            kc_cipher_encrypt_blocks(ref, enc + j, in + j, 16);
            kc_cipher_decrypt_blocks(ref, dec + j, in + j, 16);
        }
        kc_cipher_free(ref);
        for (size_t i = 0; i < count; i++) {
            const char *b = backend_at(cipher, i);
            if (!b) continue;
            if (!tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
                continue;
            uint8_t *out = got + (t & 1);   /* odd cases: unaligned output */
            kc_cipher_encrypt_blocks(c, out, in, len);
            tl_check_bytes(out, enc, len, "%s/%s: encrypt %zu blocks, case %d", cipher, b, nb, t);
            kc_cipher_decrypt_blocks(c, out, in, len);
            tl_check_bytes(out, dec, len, "%s/%s: decrypt %zu blocks, case %d", cipher, b, nb, t);
            kc_cipher_decrypt_blocks(c, out, enc, len);
            tl_check_bytes(out, in, len, "%s/%s: decrypt(encrypt(x)), %zu blocks, case %d", cipher, b, nb, t);
            kc_cipher_free(c);
        }
    }
}

/* ---- CTR: every backend against counter blocks encrypted by the reference ---- */

#define CTR_BLOCKS 700   /* 21 runs of 32: several changes of counter bytes 0..14 */

/* The counter's low 32 bits start at `low`: runs of 32 blocks aligned on
 * the low byte or across its wrap, over carries into bytes 14..12 and the
 * 32-bit wrap (the vaes-avx2 CTR caches round 1 of bytes 0..14 per run). */
static void ctr_case(const char *cipher, uint32_t low, size_t nb)
{
    static uint8_t in[CTR_BLOCKS * 16], want[CTR_BLOCKS * 16], got[CTR_BLOCKS * 16];
    size_t key_len = kc_cipher_find(cipher)->key_bytes, count = kc_backend_count(cipher), len = nb * 16, n;
    uint8_t key[32], iv[16], ctr[16];
    kc_cipher *ref, *c;
    tl_random_bytes(key, key_len);
    tl_random_bytes(iv, 12);
    for (int i = 0; i < 4; i++) iv[12 + i] = (uint8_t)(low >> (24 - 8 * i));
    tl_random_bytes(in, len);
    if (!tl_check_status(kc_cipher_new(&ref, cipher, REFERENCE, key, key_len), KC_OK, "%s/%s new", cipher,
                         REFERENCE))
        return;
    memcpy(ctr, iv, 16);
    for (size_t b = 0; b < nb; b++) {
        memcpy(want + 16 * b, ctr, 16);
        for (int i = 15; i >= 0 && ++ctr[i] == 0; i--) {}
    }
    kc_cipher_encrypt_blocks(ref, want, want, len);
    kc_cipher_free(ref);
    for (size_t i = 0; i < len; i++) want[i] ^= in[i];
    for (size_t i = 0; i < count; i++) {
        const char *b = backend_at(cipher, i);
        if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
            continue;
        if (tl_check_status(kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, 16, got, len, &n, in, len), KC_OK,
                            "%s/%s ctr", cipher, b))
            tl_check_bytes(got, want, len, "%s/%s: ctr from low word %08x, %zu blocks", cipher, b, (unsigned)low, nb);
        kc_cipher_free(c);
    }
}

static void ctr_tests(const char *cipher)
{
    static const uint32_t lows[] = { 0, 0x20, 0x13, 0xE0, 0xE1, 0xFF, 0xFFE0, 0xFFC7, 0xFFFFE0, 0xFFFF05,
                                     0xFFFFFFE0, 0xFFFFFE10, 0xFFFFFC21, 0x7FFFFF00 };
    for (size_t i = 0; i < sizeof lows / sizeof lows[0]; i++) ctr_case(cipher, lows[i], CTR_BLOCKS);
    for (int t = 0; t < 20; t++)
        ctr_case(cipher, (uint32_t)tl_rand_below(0x10000) << (t % 3 * 8), 1 + tl_rand_below(CTR_BLOCKS));
}

#define CHAIN_BLOCKS 300   /* CBC and CMAC: > 2 x KC_MODE_BATCH (2048 bytes), CMAC's chunks */

/* The backend the registry should pick: the first constant-time one this CPU runs. */
static const char *first_constant_time(const char *cipher)
{
    kc_backend_info info;
    for (size_t i = 0; kc_backend_at(cipher, i, &info) == KC_OK; i++)
        if (info.constant_time && info.available) return info.name;
    return NULL;
}

/* Name look-ups, the default backend and key-length errors. */
static void api_checks(void)
{
    uint8_t key[32] = { 0 };
    kc_cipher *c;
    for (int i = 0; i < 3; i++) {
        const char *name = ciphers[i];
        const kc_cipher_info *info = kc_cipher_find(name);
        if (!TL_CHECK(info != NULL, "%s unknown", name)) continue;
        TL_CHECK(info->key_bytes == 16 + 8 * (size_t)i && info->block_bytes == 16
                 && info->kind == KC_KIND_BLOCK, "%s info", name);
        tl_check_status(kc_cipher_new(&c, name, NULL, key, 20), KC_ERR_KEY_LENGTH, "%s, 20-byte key", name);
        tl_check_status(kc_cipher_new(&c, name, "no-such", key, info->key_bytes), KC_ERR_UNKNOWN_BACKEND,
                        "%s, unknown backend", name);
        if (tl_check_status(kc_cipher_new(&c, name, NULL, key, info->key_bytes), KC_OK, "%s default", name)) {
            const char *want = first_constant_time(name);
            TL_CHECK(want && strcmp(kc_cipher_backend_name(c), want) == 0,
                     "%s default backend is %s, want %s", name, kc_cipher_backend_name(c), want ? want : "?");
            kc_cipher_free(c);
        }
    }
    kc_backend_info info;
    for (size_t i = 0; kc_backend_at(ciphers[0], i, &info) == KC_OK; i++)
        TL_CHECK(strcmp(info.name, "table") != 0 || !info.constant_time, "table claims constant time");
}

int main(void)
{
    list_backends();
    api_checks();
    file_vectors();
    block_file(tl_vector_path("aria/rfc5794_examples.txt"), 1);
    block_file(tl_external_vector("aria/aria_kisa_kat.dat", "TestData/aria.dat"), 15);
    for (int i = 0; i < 3; i++) random_tests(ciphers[i], 1000);
    for (int i = 0; i < 3; i++) ctr_tests(ciphers[i]);
    for (int i = 0; i < 3; i++) tl_differential_cbc_cmac(ciphers[i], REFERENCE, 60, CHAIN_BLOCKS);
    return tl_finish("test_aria");
}
