/* SPDX-License-Identifier: MIT */
/* Thread-level parallelism: every parallel path gives byte-identical output
 * to the single-threaded one, for every block cipher's backends, each mode,
 * awkward sizes and several thread counts. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

static const unsigned thread_counts[] = { 2, 3, 7 };
#define NTHREADS (sizeof thread_counts / sizeof thread_counts[0])

static uint8_t *alloc_random(size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    tl_random_bytes(p, n);
    return p;
}

static void modes(const char *name, const char *backend)
{
    const kc_cipher_info *info = kc_cipher_find(name);
    size_t bs = info->block_bytes;
    /* Sizes around the 64 KiB threshold and per-thread split points. */
    size_t sizes[] = { 65536 / bs * bs, 65536 / bs * bs + 3 * bs, 300000 / bs * bs + 5 * bs };
    uint8_t key[32], iv[32];
    tl_random_bytes(key, sizeof key);
    tl_random_bytes(iv, sizeof iv);
    memset(iv + bs - 2, 0xff, 2);                   /* counter carries inside the run */
    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, name, backend, key, info->key_bytes), KC_OK, "%s/%s", name, backend))
        return;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t len = sizes[si];
        uint8_t *pt = alloc_random(len + bs), *want = malloc(len + bs), *got = malloc(len + bs);
        for (int m = 0; m < 3; m++) {
            kc_mode mode = (kc_mode)m;
            size_t iv_len = mode == KC_MODE_ECB ? 0 : bs, in_len = mode == KC_MODE_CTR ? len + 5 : len, n1, n2;
            kc_set_threads(1);
            kc_mode_encrypt(c, mode, 0, iv, iv_len, want, len + bs, &n1, pt, in_len);
            for (size_t t = 0; t < NTHREADS; t++) {
                kc_set_threads(thread_counts[t]);
                memcpy(got, pt, in_len);           /* in place */
                kc_status st = kc_mode_encrypt_mt(c, mode, 0, iv, iv_len, got, len + bs, &n2, got, in_len);
                tl_check(st == KC_OK && n1 == n2, "%s/%s mode %d len %zu threads %u", name, backend, m, in_len, thread_counts[t]);
                tl_check_bytes(got, want, n1, "%s/%s mode %d len %zu threads %u encrypt", name, backend, m, in_len, thread_counts[t]);
                st = kc_mode_decrypt_mt(c, mode, 0, iv, iv_len, got, len + bs, &n2, want, n1);
                tl_check(st == KC_OK && n2 == in_len, "%s/%s mode %d decrypt status", name, backend, m);
                tl_check_bytes(got, pt, in_len, "%s/%s mode %d len %zu threads %u decrypt", name, backend, m, in_len, thread_counts[t]);
            }
        }
        free(pt); free(want); free(got);
    }
    kc_cipher_free(c);
}

/* Large stream updates take the parallel kernels too. */
static void stream(void)
{
    uint8_t key[16] = { 1 }, iv[16] = { 2 };
    size_t len = 3 * 100003, n, total = 0;
    uint8_t *pt = alloc_random(len), *want = malloc(len + 16), *got = malloc(len + 16);
    kc_cipher *c;
    kc_cipher_new(&c, "lea-128", NULL, key, 16);
    kc_set_threads(1);
    kc_mode_decrypt(c, KC_MODE_CBC, 0, iv, 16, want, len + 16, &n, pt, len / 16 * 16);
    kc_set_threads(3);
    kc_stream *s;
    kc_stream_new(&s, c, KC_MODE_CBC, 0, 0, iv, 16);
    for (size_t off = 0; off < len / 16 * 16; off += 100003) {
        size_t chunk = len / 16 * 16 - off < 100003 ? len / 16 * 16 - off : 100003;
        kc_stream_update(s, got + total, len + 16 - total, &n, pt + off, chunk);
        total += n;
    }
    kc_stream_final(s, got + total, 16, &n);
    tl_check(total + n == len / 16 * 16, "stream length");
    tl_check_bytes(got, want, len / 16 * 16, "threaded CBC-decrypt stream");
    kc_stream_free(s);
    kc_cipher_free(c);
    free(pt); free(want); free(got);
}

/* Few long CBC messages (fewer than threads x 32) are split into small
 * groups, one per thread: each still equals one call. */
static void mode_batch_few(void)
{
    enum { COUNT = 7, LEN = 40000 };
    uint8_t key[16], ivs[COUNT][16];
    static uint8_t in[COUNT][LEN], out[COUNT][LEN + 16], one[LEN + 16];
    kc_msg m[COUNT];
    tl_random_bytes(key, sizeof key);
    kc_cipher *c;
    kc_cipher_new(&c, "aes-128", NULL, key, 16);
    for (size_t i = 0; i < COUNT; i++) {
        tl_random_bytes(ivs[i], 16);
        tl_random_bytes(in[i], LEN);
        m[i] = (kc_msg){ ivs[i], in[i], LEN - 16 * i - (i & 1) * 7, out[i], sizeof out[i], 0, KC_ERR_STATE };
    }
    for (unsigned threads = 2; threads <= 4; threads++) {
        kc_set_threads(threads);
        tl_check_status(kc_mode_encrypt_batch(c, KC_MODE_CBC, KC_PAD_PKCS7, m, COUNT), KC_OK, "CBC batch, few messages");
        for (size_t i = 0; i < COUNT; i++) {
            size_t n;
            kc_mode_encrypt(c, KC_MODE_CBC, KC_PAD_PKCS7, ivs[i], 16, one, sizeof one, &n, in[i], m[i].in_len);
            tl_check(m[i].status == KC_OK && m[i].out_len == n, "few: %u threads, message %zu length", threads, i);
            tl_check_bytes(out[i], one, n, "few: %u threads, message %zu", threads, i);
        }
    }
    kc_cipher_free(c);
}

/* Many CBC messages at once equal one call each. */
static void mode_batch(void)
{
    enum { COUNT = 301 };
    uint8_t key[24], ivs[COUNT][16];
    static uint8_t in[COUNT][700], out[COUNT][720], one[720];
    kc_msg m[COUNT];
    tl_random_bytes(key, sizeof key);
    kc_cipher *c;
    kc_cipher_new(&c, "aria-192", NULL, key, 24);
    for (size_t i = 0; i < COUNT; i++) {
        tl_random_bytes(ivs[i], 16);
        tl_random_bytes(in[i], sizeof in[i]);
        m[i] = (kc_msg){ ivs[i], in[i], tl_rand_below(701), out[i], sizeof out[i], 0, KC_ERR_STATE };
    }
    kc_set_threads(4);
    tl_check_status(kc_mode_encrypt_batch(c, KC_MODE_CBC, KC_PAD_PKCS7, m, COUNT), KC_OK, "CBC batch");
    for (size_t i = 0; i < COUNT; i++) {
        size_t n;
        kc_mode_encrypt(c, KC_MODE_CBC, KC_PAD_PKCS7, ivs[i], 16, one, sizeof one, &n, in[i], m[i].in_len);
        tl_check(m[i].status == KC_OK && m[i].out_len == n, "batch message %zu length", i);
        tl_check_bytes(out[i], one, n, "batch message %zu", i);
    }
    for (size_t i = 0; i < COUNT; i++)                /* decrypt the ciphertexts back in place */
        m[i] = (kc_msg){ ivs[i], out[i], m[i].out_len, out[i], sizeof out[i], 0, KC_ERR_STATE };
    m[9].in_len = 5;                                  /* not a whole block */
    tl_check_status(kc_mode_decrypt_batch(c, KC_MODE_CBC, KC_PAD_PKCS7, m, COUNT), KC_ERR_NOT_BLOCK_MULTIPLE, "first failure");
    tl_check_status(m[9].status, KC_ERR_NOT_BLOCK_MULTIPLE, "failed message");
    for (size_t i = 10; i < COUNT; i += 29)
        tl_check(m[i].status == KC_OK && m[i].out_len <= 700 && memcmp(out[i], in[i], m[i].out_len) == 0,
                 "other messages go on: %zu", i);
    kc_cipher_free(c);
}

static void fpe_batch(void)
{
    enum { COUNT = 20000, LEN = 16 };
    static uint16_t in[COUNT * LEN], got[COUNT * LEN], one[LEN];
    uint8_t key[16] = { 3 }, tweak[16] = { 4 };
    kc_fpe *p;
    kc_fpe_new(&p, "fea2-128", NULL, key, 16, 10, LEN, 0);
    for (size_t i = 0; i < COUNT * LEN; i++) in[i] = (uint16_t)tl_rand_below(10);
    kc_set_threads(2);
    tl_check_status(kc_fpe_encrypt_batch(p, got, in, COUNT, tweak, 16), KC_OK, "fpe batch");
    for (size_t i = 0; i < COUNT; i += 97) {
        kc_fpe_encrypt(p, one, in + i * LEN, LEN, tweak, 16);
        tl_check(memcmp(one, got + i * LEN, sizeof one) == 0, "fpe batch value %zu", i);
    }
    tl_check_status(kc_fpe_decrypt_batch(p, got, got, COUNT, tweak, 16), KC_OK, "fpe batch decrypt");
    tl_check(memcmp(got, in, sizeof in) == 0, "fpe batch round trip");
    in[5 * LEN + 3] = 10;
    memset(got, 0, sizeof got);
    tl_check_status(kc_fpe_encrypt_batch(p, got, in, COUNT, tweak, 16), KC_ERR_DIGIT, "bad digit in value 5");
    tl_check(got[0] == 0 && got[COUNT * LEN - 1] == 0, "nothing written");
    kc_fpe_free(p);
}

static void aead_batch(void)
{
    enum { COUNT = 64, LEN = 1024 };
    static uint8_t pt[COUNT][LEN], ct[COUNT][LEN + 8], one[LEN + 8], nonces[COUNT][12];
    uint8_t key[16] = { 5 };
    kc_aead_msg m[COUNT];
    kc_aead *a;
    kc_aead_new(&a, "tinyjambu-128", NULL, key, 16);
    for (size_t i = 0; i < COUNT; i++) {
        tl_random_bytes(pt[i], LEN);
        tl_random_bytes(nonces[i], 12);
        m[i] = (kc_aead_msg){ nonces[i], NULL, 0, pt[i], LEN - i, ct[i], LEN + 8, 0, KC_OK };
    }
    kc_set_threads(3);
    tl_check_status(kc_aead_encrypt_batch(a, m, COUNT), KC_OK, "aead batch");
    for (size_t i = 0; i < COUNT; i++) {
        size_t n;
        kc_aead_encrypt(a, one, sizeof one, &n, nonces[i], 12, NULL, 0, pt[i], LEN - i);
        tl_check_bytes(ct[i], one, n, "aead batch message %zu", i);
    }
    kc_aead_free(a);
}

int main(void)
{
    tl_check_status(kc_set_threads(257), KC_ERR_THREADS, "at most 256 threads");
    tl_check(kc_set_threads(0) == KC_OK && kc_threads() >= 1, "default thread count");
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *info = kc_cipher_at(i);
        if (info->kind != KC_KIND_BLOCK || strncmp(info->name, "rijndael-128", 12) == 0) continue;
        kc_backend_info b;
        for (size_t k = 0; kc_backend_at(info->name, k, &b) == KC_OK; k++)
            if (b.available && b.is_default) modes(info->name, b.name);
    }
    stream();
    mode_batch();
    mode_batch_few();
    fpe_batch();
    aead_batch();
    kc_set_threads(0);
    return tl_finish("test_parallel");
}
