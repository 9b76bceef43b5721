/* SPDX-License-Identifier: MIT */
/* CHAM-64/128, CHAM-128/128, CHAM-128/256 (revised, 88/112/120 rounds).
 *
 * No published vector covers the revised round counts, so the round
 * function and key schedule are pinned by the 2017 paper's three vectors
 * and Crypto++'s cham.txt (80/80/96 rounds, as Crypto++ 8.7 computes;
 * its words big-endian, ours little-endian: src/cham/cham_common.h), run
 * through every backend's kernels directly with the old round count.  The
 * revised ciphers are then every backend against "ref" on random keys and
 * inputs through the public API, in ECB and CTR. */
#include <stdio.h>
#include <string.h>
#include "testlib.h"
#include "cham/cham_common.h"
#include "core/arch.h"

#define MAX_BLOCKS 140       /* > 2 x 64 blocks: every tail of the SIMD passes */
#define MAX_MSG 256

extern const kc_block_backend *const kc_cham_backends[];
static const char *const ciphers[3] = { "cham-64-128", "cham-128-128", "cham-128-256" };

/* Crypto++ big-endian words <-> ours (w bits). */
static void swap_words(uint8_t *p, size_t len, unsigned w)
{
    size_t n = w / 8;
    for (size_t i = 0; i + n <= len; i += n)
        for (size_t j = 0; j < n / 2; j++) { uint8_t t = p[i + j]; p[i + j] = p[i + n - 1 - j]; p[i + n - 1 - j] = t; }
}

static const kc_block_backend *backend_named(const char *name)
{
    for (size_t i = 0; kc_cham_backends[i]; i++)
        if (!strcmp(kc_cham_backends[i]->head.name, name)) return kc_cham_backends[i];
    return NULL;
}

/* pt -> ct (n blocks of bs bytes, our byte order) with `rounds` rounds,
 * through every backend this CPU runs, both directions and in place. */
static void check_rounds(const uint8_t *key, size_t key_len, size_t bs, unsigned rounds, const uint8_t *pt,
                         const uint8_t *ct, size_t n, const char *label)
{
    const char *cipher = bs == 8 ? ciphers[0] : key_len == 16 ? ciphers[1] : ciphers[2];
    uint8_t buf[MAX_MSG];
    /* A backend's context: a cham_key first, then what its set_key adds
     * (avx2, ssse3, sse2: the round keys broadcast), the same for the first rounds of
     * every round count; so set_key, then the old round count. */
    static _Alignas(64) uint8_t ctx[16384];
    cham_key *k = (cham_key *)(void *)ctx;
    for (size_t i = 0; i < kc_backend_count(cipher); i++) {
        const char *b = tl_backend_at(cipher, i);
        const kc_block_backend *be = b ? backend_named(b) : NULL;
        if (!b) continue;
        if (!TL_CHECK(be != NULL, "%s: backend %s not in kc_cham_backends", cipher, b)) continue;
        if (!TL_CHECK(be->head.ctx_size <= sizeof ctx && be->set_key(ctx, key, key_len, bs) == KC_OK,
                      "%s/%s: set_key", cipher, b))
            continue;
        k->rounds = rounds;
        be->encrypt(ctx, buf, pt, n);
        tl_check_bytes(buf, ct, n * bs, "%s/%s encrypt (%s)", cipher, b, label);
        be->decrypt(ctx, buf, buf, n);
        tl_check_bytes(buf, pt, n * bs, "%s/%s decrypt in place (%s)", cipher, b, label);
    }
}

/* The 2017 paper's Appendix A, as its words (80, 80, 96 rounds). */
static void paper_vectors(void)
{
    static const struct { size_t bs, kl; unsigned rounds; const char *key, *pt, *ct; } v[3] = {
        { 8, 16, 80, "0100 0302 0504 0706 0908 0b0a 0d0c 0f0e", "1100 3322 5544 7766", "453c 63bc dcfa bf4e" },
        { 16, 16, 80, "03020100 07060504 0b0a0908 0f0e0d0c", "33221100 77665544 bbaa9988 ffeeddcc",
          "c3746034 b55700c5 8d64ec32 489332f7" },
        { 16, 32, 96, "03020100 07060504 0b0a0908 0f0e0d0c f3f2f1f0 f7f6f5f4 fbfaf9f8 fffefdfc",
          "33221100 77665544 bbaa9988 ffeeddcc", "a899c8a0 c929d55c ab670d38 0c4f7ac8" },
    };
    for (int i = 0; i < 3; i++) {
        uint8_t key[32], pt[16], ct[16];
        unsigned w = v[i].bs == 8 ? 16 : 32;
        tl_unhex(v[i].key, key, sizeof key);
        tl_unhex(v[i].pt, pt, sizeof pt);
        tl_unhex(v[i].ct, ct, sizeof ct);
        swap_words(key, v[i].kl, w);   /* the words as printed -> little-endian bytes */
        swap_words(pt, v[i].bs, w);
        swap_words(ct, v[i].bs, w);
        check_rounds(key, v[i].kl, v[i].bs, v[i].rounds, pt, ct, 1, "2017 paper vector");
        if (i == 0) {   /* the byte order: the paper's key and block are 00 01 02 .. and 00 11 22 .. */
            uint8_t want[8] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77 };
            TL_CHECK(key[0] == 0 && key[1] == 1 && key[15] == 15 && !memcmp(pt, want, 8), "paper vector byte order");
        }
    }
}

typedef struct { int seen[3][2]; } cpp_tally;   /* [cipher][ECB, CTR] */

static void cpp_vector(const tl_fields *f, void *arg)
{
    cpp_tally *tally = arg;
    const char *comment = tl_field(f, "Comment");
    uint8_t key[32], iv[16], pt[MAX_MSG], ct[MAX_MSG], ctr[MAX_MSG];
    char label[96];
    if (!TL_CHECK(comment != NULL, "cham.txt vector without Comment")) return;
    int ctr_mode = strstr(comment, "/CTR") != NULL;
    size_t bs = strstr(comment, "CHAM-64") ? 8 : 16;
    long kl = tl_field_bytes(f, "Key", key, sizeof key);
    long pl = tl_field_bytes(f, "Plaintext", pt, sizeof pt);
    long cl = tl_field_bytes(f, "Ciphertext", ct, sizeof ct);
    long il = ctr_mode ? tl_field_bytes(f, "IV", iv, sizeof iv) : (long)bs;
    int c = bs == 8 ? 0 : kl == 16 ? 1 : 2;
    int n = tally->seen[c][ctr_mode]++;
    unsigned w = bs == 8 ? 16 : 32, rounds = c == 2 ? 96 : 80;
    snprintf(label, sizeof label, "Crypto++ %s #%d", comment, n + 1);
    if (!TL_CHECK((kl == 16 || kl == 32) && pl > 0 && pl % (long)bs == 0 && cl == pl && il == (long)bs,
                  "malformed vector (%s)", label))
        return;
    swap_words(key, (size_t)kl, w);
    if (ctr_mode) {   /* the keystream: our encryption of Crypto++'s counter blocks (big-endian over the IV) */
        for (long off = 0; off < pl; off += (long)bs) {
            memcpy(ctr + off, iv, bs);
            for (size_t i = bs; i-- > 0 && ++iv[i] == 0;) {}
        }
        for (long i = 0; i < pl; i++) ct[i] ^= pt[i];   /* ct := keystream */
        memcpy(pt, ctr, (size_t)pl);
    }
    swap_words(pt, (size_t)pl, w);
    swap_words(ct, (size_t)pl, w);
    check_rounds(key, (size_t)kl, bs, rounds, pt, ct, (size_t)pl / bs, label);
}

static void cryptopp_vectors(void)
{
    cpp_tally tally = { { { 0 } } };
    const char *path = tl_external_vector("cham/cham.txt", "TestVectors/cham.txt");
    if (!path) return;
    long n = tl_cryptopp_file(path, cpp_vector, &tally);
    TL_CHECK(n == 60, "cham.txt: %ld vectors, want 60", n);
    for (int c = 0; c < 3; c++)
        for (int m = 0; m < 2; m++)
            TL_CHECK(tally.seen[c][m] == 10, "cham.txt: %d vectors for %s %s, want 10", tally.seen[c][m], ciphers[c],
                     m ? "CTR" : "ECB");
}

/* The revised round counts and the names' sizes. */
static void api_checks(void)
{
    static const size_t kl[3] = { 16, 16, 32 }, bl[3] = { 8, 16, 16 };
    static const unsigned rounds[3] = { 88, 112, 120 };
    for (int i = 0; i < 3; i++) {
        const kc_cipher_info *info = kc_cipher_find(ciphers[i]);
        if (!TL_CHECK(info != NULL, "%s missing", ciphers[i])) continue;
        TL_CHECK(info->key_bytes == kl[i] && info->block_bytes == bl[i], "%s: sizes", ciphers[i]);
        TL_CHECK(cham_rounds(kl[i], bl[i]) == rounds[i], "%s: %u rounds", ciphers[i], rounds[i]);
    }
#if KC_ARCH_X86
    /* The xmm backends of the classes without AVX2 (the loops here test
     * whatever is registered: make sure they are). */
    TL_CHECK(backend_named("ssse3") && backend_named("sse2"), "x86: the ssse3 and sse2 backends are registered");
#endif
}

/* CTR through the public API against one-block "ref" encryptions of the
 * counter (the whole block, big-endian); one case in three starts just
 * below the wrap. */
static void ctr_tests(const char *cipher, int cases)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    const size_t bs = info->block_bytes, key_len = info->key_bytes, count = kc_backend_count(cipher);
    uint8_t key[32], iv[16], ctr[16], ks[16];
    static uint8_t in[MAX_BLOCKS * 16], want[MAX_BLOCKS * 16], got[MAX_BLOCKS * 16];
    for (int t = 0; t < cases; t++) {
        size_t nb = 1 + (size_t)t % MAX_BLOCKS, len = bs * nb - (t / MAX_BLOCKS) % bs, n;
        tl_random_bytes(key, key_len);
        tl_random_bytes(in, len);
        tl_random_bytes(iv, bs);
        if (t % 3 == 0) memset(iv, 0xFF, bs - 1 - tl_rand_below(bs / 2));
        kc_cipher *ref;
        if (!tl_check_status(kc_cipher_new(&ref, cipher, "ref", key, key_len), KC_OK, "%s/ref new", cipher)) return;
        memcpy(ctr, iv, bs);
        for (size_t off = 0; off < len; off += bs) {
            kc_cipher_encrypt_blocks(ref, ks, ctr, bs);
            for (size_t i = off; i < len && i < off + bs; i++) want[i] = in[i] ^ ks[i - off];
            for (size_t i = bs; i-- > 0 && ++ctr[i] == 0;) {}
        }
        kc_cipher_free(ref);
        for (size_t i = 0; i < count; i++) {
            const char *b = tl_backend_at(cipher, i);
            kc_cipher *c;
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
                continue;
            kc_status st = kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, bs, got, sizeof got, &n, in, len);
            if (tl_check(st == KC_OK && n == len, "%s/%s CTR %zu bytes: status", cipher, b, len))
                tl_check_bytes(got, want, len, "%s/%s CTR %zu bytes, case %d", cipher, b, len, t);
            kc_cipher_free(c);
        }
    }
}

/* CTR across the carries from the counter's low 32 bits into the words
 * above (the SIMD kernels take X0..X2 as common to a run that does not wrap
 * the low word), and across the wrap of the whole block, in runs that end
 * mid-batch and at every offset of the wrap within a batch. */
static void ctr_wrap_tests(const char *cipher)
{
    static const char *const ivs[] = {
        "000102030405060708090a0bfffffff5", "0001020304050607ffffffffffffffe9", "fffffffffffffffffffffffffffffffd",
        "000102030405060708090a0bffffffc1", "00010203040506070809fffffffffff0",
    };
    const kc_cipher_info *info = kc_cipher_find(cipher);
    const size_t bs = info->block_bytes, key_len = info->key_bytes, count = kc_backend_count(cipher);
    uint8_t key[32], iv[16], ctr[16], ks[16];
    static uint8_t in[MAX_BLOCKS * 16], want[MAX_BLOCKS * 16], got[MAX_BLOCKS * 16];
    for (size_t v = 0; v < sizeof ivs / sizeof *ivs; v++) {
        for (size_t nb = 1 + v; nb <= MAX_BLOCKS; nb += 7 + 4 * v) {
            size_t len = nb * bs, n;
            kc_cipher *ref;
            tl_unhex(ivs[v], iv, sizeof iv);
            memmove(iv, iv + 16 - bs, bs);   /* CHAM-64: the last 8 bytes */
            tl_random_bytes(key, key_len);
            tl_random_bytes(in, len);
            if (!tl_check_status(kc_cipher_new(&ref, cipher, "ref", key, key_len), KC_OK, "%s/ref new", cipher)) return;
            memcpy(ctr, iv, bs);
            for (size_t off = 0; off < len; off += bs) {
                kc_cipher_encrypt_blocks(ref, ks, ctr, bs);
                for (size_t i = 0; i < bs; i++) want[off + i] = in[off + i] ^ ks[i];
                for (size_t i = bs; i-- > 0 && ++ctr[i] == 0;) {}
            }
            kc_cipher_free(ref);
            for (size_t i = 0; i < count; i++) {
                const char *b = tl_backend_at(cipher, i);
                kc_cipher *c;
                if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
                    continue;
                kc_status st = kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, bs, got, sizeof got, &n, in, len);
                if (tl_check(st == KC_OK && n == len, "%s/%s CTR wrap %zu blocks: status", cipher, b, nb))
                    tl_check_bytes(got, want, len, "%s/%s CTR from %s, %zu blocks", cipher, b, ivs[v], nb);
                kc_cipher_free(c);
            }
        }
    }
}

int main(void)
{
    for (int i = 0; i < 3; i++) tl_list_backends(ciphers[i]);
    api_checks();
    paper_vectors();
    cryptopp_vectors();
    for (int i = 0; i < 3; i++) {
        tl_differential_blocks(ciphers[i], "ref", 600, MAX_BLOCKS);
        ctr_tests(ciphers[i], 2 * MAX_BLOCKS);
        ctr_wrap_tests(ciphers[i]);
        tl_differential_cbc_cmac(ciphers[i], "ref", 2 * MAX_BLOCKS, MAX_BLOCKS);
    }
    return tl_finish("test_cham");
}
