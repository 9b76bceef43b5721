/* SPDX-License-Identifier: MIT */
/* Hashes (kc_hash) and HMAC (kc_mac "hmac-<hash>"): NIST's SHA-2 vectors
 * and RFC 4231 (the cryptography_vectors package), Crypto++'s LSH, SHA-2
 * and HMAC TestVectors, every backend against "ref" on random lengths fed
 * in random pieces, and the argument checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

#ifndef KC_PYCA_VECTORS_DIR
#define KC_PYCA_VECTORS_DIR ""
#endif

static const char *const names[] = {
    "sha-224", "sha-256", "sha-384", "sha-512", "sha-512-224", "sha-512-256",
    "lsh-256-224", "lsh-256-256", "lsh-512-224", "lsh-512-256", "lsh-512-384", "lsh-512-512",
};
#define NNAMES (sizeof names / sizeof names[0])

static long checked;

/* digest of msg on every backend this CPU runs, one-shot and streamed in two pieces. */
static void check_digest(const char *name, const uint8_t *msg, size_t len, const uint8_t *want, size_t wlen,
                         const char *label)
{
    uint8_t got[64];
    for (size_t i = 0; i < kc_backend_count(name); i++) {
        kc_backend_info bi;
        if (kc_backend_at(name, i, &bi) != KC_OK || !bi.available) continue;
        memset(got, 0, sizeof got);
        if (!tl_check_status(kc_hash_compute(name, bi.name, msg, len, got, sizeof got), KC_OK, "%s %s", name, label))
            continue;
        tl_check_bytes(got, want, wlen, "%s/%s %s (len %zu)", name, bi.name, label, len);
        kc_hash *h;
        if (kc_hash_new(&h, name, bi.name) != KC_OK) { tl_check(0, "kc_hash_new %s/%s", name, bi.name); continue; }
        size_t cut = len / 3;
        kc_hash_update(h, msg, cut);
        kc_hash_update(h, msg + cut, len - cut);
        memset(got, 0, sizeof got);
        tl_check_status(kc_hash_final(h, got, wlen), KC_OK, "final");
        tl_check_bytes(got, want, wlen, "%s/%s streamed %s", name, bi.name, label);
        kc_hash_free(h);
        checked++;
    }
}

/* ---- NIST CAVP .rsp: Len (bits), Msg, MD ---- */
static void nist_file(const char *name, const char *file)
{
    char path[1024], line[70000];
    snprintf(path, sizeof path, "%s/hashes/SHA2/%s", KC_PYCA_VECTORS_DIR, file);
    FILE *f = fopen(path, "r");
    if (!f) { printf("SKIP: %s not found (pip install cryptography_vectors)\n", path); return; }
    static uint8_t msg[40000];
    uint8_t md[64];
    long bits = -1, mlen = 0, n = 0;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "Len = %ld", &bits) == 1) continue;
        if (strncmp(line, "Msg = ", 6) == 0) mlen = tl_unhex(line + 6, msg, sizeof msg);
        if (strncmp(line, "MD = ", 5) == 0 && bits >= 0 && bits % 8 == 0) {
            long dl = tl_unhex(line + 5, md, sizeof md);
            check_digest(name, msg, (size_t)(bits ? mlen : 0), md, (size_t)dl, file);
            n++;
        }
    }
    fclose(f);
    tl_check(n > 0, "%s: no vectors", file);
}

/* ---- Crypto++ TestVectors ---- */
static long field(const tl_fields *f, const char *key, uint8_t *out, size_t cap)
{
    const char *t = tl_field(f, key);
    if (t && t[0] == '"') {   /* a quoted string */
        const char *e = strrchr(t + 1, '"');
        size_t n = e ? (size_t)(e - t - 1) : 0;
        if (n > cap) return -1;
        memcpy(out, t + 1, n);
        return (long)n;
    }
    return tl_field_bytes(f, key, out, cap);
}

static const char *cryptopp_name(const char *n)
{
    static const char *const map[][2] = {
        { "LSH-224", "lsh-256-224" }, { "LSH-256", "lsh-256-256" }, { "LSH-384", "lsh-512-384" },
        { "LSH-512", "lsh-512-512" }, { "LSH-512-256", "lsh-512-256" },
        { "SHA-224", "sha-224" }, { "SHA-256", "sha-256" }, { "SHA-384", "sha-384" }, { "SHA-512", "sha-512" },
        { "HMAC(SHA-224)", "hmac-sha-224" }, { "HMAC(SHA-256)", "hmac-sha-256" },
        { "HMAC(SHA-384)", "hmac-sha-384" }, { "HMAC(SHA-512)", "hmac-sha-512" },
    };
    for (size_t i = 0; n && i < sizeof map / sizeof map[0]; i++)
        if (strcmp(map[i][0], n) == 0) return map[i][1];
    return NULL;
}

static void check_hmac(const char *name, const uint8_t *key, size_t kl, const uint8_t *msg, size_t ml,
                       const uint8_t *want, size_t wl, const char *label)
{
    uint8_t tag[64];
    kc_mac *m;
    if (!tl_check_status(kc_mac_new(&m, name, NULL, key, kl), KC_OK, "%s %s", name, label)) return;
    memset(tag, 0, sizeof tag);
    tl_check_status(kc_mac_compute(m, tag, wl, NULL, 0, msg, ml), KC_OK, "%s compute", name);
    tl_check_bytes(tag, want, wl, "%s %s", name, label);
    tl_check_status(kc_mac_verify(m, want, wl, NULL, 0, msg, ml), KC_OK, "%s verify %s", name, label);
    kc_mac_free(m);
    checked++;
}

static void cryptopp_test(const tl_fields *f, void *arg)
{
    (void)arg;
    static uint8_t msg[1 << 20];
    uint8_t key[512], want[64];
    const char *name = cryptopp_name(tl_field(f, "Name"));
    const char *test = tl_field(f, "Test");
    if (!name || !test || strncmp(test, "Verify", 6) != 0) return;
    long ml = field(f, "Message", msg, sizeof msg);
    if (ml < 0) return;
    if (strncmp(name, "hmac-", 5) == 0) {
        long kl = field(f, "Key", key, sizeof key), wl = field(f, "MAC", want, sizeof want);
        if (kl >= 0 && wl >= 4) check_hmac(name, key, (size_t)kl, msg, (size_t)ml, want, (size_t)wl, "Crypto++");
        return;
    }
    long wl = field(f, "Digest", want, sizeof want);
    if (wl > 0) check_digest(name, msg, (size_t)ml, want, (size_t)wl, "Crypto++");
}

static void cryptopp_file(const char *file)
{
    char rel[128];
    snprintf(rel, sizeof rel, "TestVectors/%s", file);
    const char *path = tl_external_vector(file, rel);
    if (path) tl_check(tl_cryptopp_file(path, cryptopp_test, NULL) > 0, "%s read", file);
}

/* ---- RFC 4231 (cryptography_vectors HMAC/): Key, Msg, MD ---- */
static void rfc4231(int bits)
{
    char path[1024], line[4096], name[32];
    snprintf(path, sizeof path, "%s/HMAC/rfc-4231-sha%d.txt", KC_PYCA_VECTORS_DIR, bits);
    snprintf(name, sizeof name, "hmac-sha-%d", bits);
    FILE *f = fopen(path, "r");
    if (!f) { printf("SKIP: %s not found (pip install cryptography_vectors)\n", path); return; }
    uint8_t key[256], msg[512], md[64];
    long kl = 0, ml = 0, n = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "Key = ", 6) == 0) kl = tl_unhex(line + 6, key, sizeof key);
        if (strncmp(line, "Msg = ", 6) == 0) ml = tl_unhex(line + 6, msg, sizeof msg);
        if (strncmp(line, "MD = ", 5) == 0) {
            long dl = tl_unhex(line + 5, md, sizeof md);
            check_hmac(name, key, (size_t)kl, msg, (size_t)ml, md, (size_t)dl, "RFC 4231");
            n++;
        }
    }
    fclose(f);
    tl_check(n > 0, "%s: no vectors", path);
}

/* ---- every backend against ref, random lengths in random pieces ---- */
static void against_ref(void)
{
    static uint8_t msg[3000];
    uint8_t want[64], got[64];
    for (size_t k = 0; k < NNAMES; k++) {
        const char *name = names[k];
        for (size_t i = 0; i < kc_backend_count(name); i++) {
            kc_backend_info bi;
            if (kc_backend_at(name, i, &bi) != KC_OK) continue;
            if (!bi.available) { printf("  %s/%s: not on this CPU, skipped\n", name, bi.name); continue; }
            kc_hash *h;
            if (!tl_check_status(kc_hash_new(&h, name, bi.name), KC_OK, "%s/%s", name, bi.name)) continue;
            for (int c = 0; c < 150; c++) {
                size_t len = c < 20 ? (size_t)c * 64 + (size_t)(c & 1) : tl_rand_below(sizeof msg);
                tl_random_bytes(msg, len);
                kc_hash_compute(name, "ref", msg, len, want, sizeof want);
                for (size_t off = 0; off < len;) {
                    size_t n = tl_rand_below(len - off + 1);
                    if (c & 1) n = n > 300 ? 300 : n;
                    kc_hash_update(h, msg + off, n);
                    off += n;
                }
                memset(got, 0, sizeof got);
                kc_hash_final(h, got, sizeof got);
                tl_check_bytes(got, want, kc_hash_size(h), "%s/%s against ref, len %zu", name, bi.name, len);
                kc_hash_reset(h);
            }
            kc_hash_free(h);
        }
    }
}

static void api(void)
{
    kc_hash *h;
    uint8_t out[64], small[27];
    tl_check_status(kc_hash_new(&h, "sha-3", NULL), KC_ERR_UNKNOWN_CIPHER, "unknown hash");
    tl_check_status(kc_hash_new(&h, "aes-128", NULL), KC_ERR_WRONG_KIND, "a cipher is no hash");
    tl_check_status(kc_hash_new(&h, "hmac-sha-256", NULL), KC_ERR_WRONG_KIND, "HMAC is no hash");
    tl_check_status(kc_hash_new(&h, "sha-256", "nope"), KC_ERR_UNKNOWN_BACKEND, "unknown backend");
    tl_check_status(kc_hash_new(&h, "sha-256", "ref/x"), KC_ERR_UNKNOWN_BACKEND, "no sub-backend");
    tl_check_status(kc_hash_new(NULL, "sha-256", NULL), KC_ERR_NULL, "NULL out");
    tl_check_status(kc_hash_new(&h, NULL, NULL), KC_ERR_NULL, "NULL name");
    if (!tl_check_status(kc_hash_new(&h, "lsh-256", NULL), KC_OK, "alias lsh-256")) return;
    tl_check(kc_hash_size(h) == 32, "lsh-256 size");
    tl_check_status(kc_hash_update(h, NULL, 1), KC_ERR_NULL, "NULL input");
    tl_check_status(kc_hash_update(h, NULL, 0), KC_OK, "empty input");
    memset(small, 0xaa, sizeof small);
    tl_check_status(kc_hash_final(h, small, sizeof small), KC_ERR_OUTPUT_TOO_SMALL, "short output");
    tl_check(small[0] == 0xaa, "nothing written on a short output");
    tl_check_status(kc_hash_final(h, out, sizeof out), KC_OK, "final");
    tl_check_status(kc_hash_update(h, out, 1), KC_ERR_STATE, "update after final");
    tl_check_status(kc_hash_final(h, out, sizeof out), KC_ERR_STATE, "final after final");
    tl_check_status(kc_hash_reset(h), KC_OK, "reset");
    tl_check_status(kc_hash_update(h, out, 1), KC_OK, "update after reset");
    kc_hash_free(h);
    kc_hash_free(NULL);
    tl_check_status(kc_hash_compute("sha-512", NULL, out, 1, small, sizeof small), KC_ERR_OUTPUT_TOO_SMALL,
                    "one-shot short output");
    kc_mac *m;
    tl_check_status(kc_mac_new(&m, "hmac-sha-3", NULL, out, 16), KC_ERR_UNKNOWN_CIPHER, "hmac over no hash");
    tl_check_status(kc_mac_new(&m, "hmac-sha256", "nope", out, 16), KC_ERR_UNKNOWN_BACKEND, "hmac backend");
    if (tl_check_status(kc_mac_new(&m, "hmac-lsh256", NULL, NULL, 0), KC_OK, "compact name, empty key")) {
        tl_check(kc_mac_tag_size(m) == 32, "hmac-lsh256 tag size");
        tl_check_status(kc_mac_compute(m, out, 32, out, 12, out, 1), KC_ERR_NONCE_LENGTH, "HMAC takes no nonce");
        tl_check_status(kc_mac_compute(m, out, 33, NULL, 0, out, 1), KC_ERR_TAG_LENGTH, "tag too long");
        kc_mac_free(m);
    }
}

/* kc_hash_dup: the copy goes on from where the original was, independently of it. */
static void dup(void)
{
    static uint8_t msg[2000];
    uint8_t want[64], got[64], got2[64];
    for (size_t k = 0; k < NNAMES; k++) {
        kc_hash *h, *d;
        if (!tl_check_status(kc_hash_new(&h, names[k], NULL), KC_OK, "%s", names[k])) continue;
        for (int c = 0; c < 20; c++) {
            size_t len = tl_rand_below(sizeof msg), cut = tl_rand_below(len + 1);
            tl_random_bytes(msg, len);
            kc_hash_compute(names[k], "ref", msg, len, want, sizeof want);
            kc_hash_reset(h);
            kc_hash_update(h, msg, cut);
            if (!tl_check_status(kc_hash_dup(&d, h), KC_OK, "%s dup", names[k])) break;
            kc_hash_update(h, msg + cut, len - cut);
            kc_hash_final(h, got, sizeof got);              /* the original finished first: d unmoved */
            kc_hash_update(d, msg + cut, len - cut);
            kc_hash_final(d, got2, sizeof got2);
            tl_check_bytes(got, want, kc_hash_size(h), "%s original after dup, len %zu cut %zu", names[k], len, cut);
            tl_check_bytes(got2, want, kc_hash_size(d), "%s copy, len %zu cut %zu", names[k], len, cut);
            tl_check(!strcmp(kc_hash_backend_name(d), kc_hash_backend_name(h)), "%s copy's backend", names[k]);
            kc_hash_free(d);
        }
        if (tl_check_status(kc_hash_dup(&d, h), KC_OK, "%s dup of a finished hash", names[k])) {
            tl_check_status(kc_hash_final(d, got, sizeof got), KC_ERR_STATE, "%s copy of a finished hash", names[k]);
            kc_hash_free(d);
        }
        kc_hash_free(h);
    }
    static int sentinel;
    kc_hash *d = (kc_hash *)(void *)&sentinel;                 /* any non-NULL: dup must clear it */
    tl_check_status(kc_hash_dup(&d, NULL), KC_ERR_NULL, "dup of NULL");
    tl_check(d == NULL, "dup of NULL leaves NULL");
    tl_check_status(kc_hash_dup(NULL, NULL), KC_ERR_NULL, "dup into NULL");
}

/* HMAC streamed equals one-shot, every hash, keys around the block size. */
static void hmac_stream(void)
{
    uint8_t key[300], msg[700], a[64], b[64];
    static const size_t keylens[] = { 0, 1, 32, 64, 65, 128, 129, 256, 257, 300 };
    for (size_t k = 0; k < NNAMES; k++) {
        char name[64];
        snprintf(name, sizeof name, "hmac-%s", names[k]);
        for (size_t j = 0; j < sizeof keylens / sizeof keylens[0]; j++) {
            kc_mac *m;
            kc_mac_stream *s;
            size_t ml = tl_rand_below(sizeof msg);
            tl_random_bytes(key, sizeof key);
            tl_random_bytes(msg, ml);
            if (!tl_check_status(kc_mac_new(&m, name, NULL, key, keylens[j]), KC_OK, "%s", name)) continue;
            size_t t = kc_mac_tag_size(m);
            kc_mac_compute(m, a, t, NULL, 0, msg, ml);
            kc_mac_stream_new(&s, m, NULL, 0);
            kc_mac_stream_update(s, msg, ml / 2);
            kc_mac_stream_update(s, msg + ml / 2, ml - ml / 2);
            kc_mac_stream_final(s, b, t);
            tl_check_bytes(b, a, t, "%s streamed, key %zu", name, keylens[j]);
            kc_mac_stream_free(s);
            kc_mac_free(m);
        }
    }
}

/* One kc_hash_batch call on backend be against "ref" one message at a time
 * (msgs[j] NULL with lens[j] 0 is the empty message); what names the case. */
static void check_batch(const char *name, const char *be, size_t ds, const uint8_t *const msgs[],
                        const size_t lens[], size_t n, const char *what)
{
    static uint8_t out[64 * 64];
    uint8_t want[64];
    memset(out, 0, sizeof out);
    if (!tl_check_status(kc_hash_batch(name, be, msgs, lens, n, out, sizeof out), KC_OK, "%s/%s %s: status",
                         name, be, what))
        return;
    for (size_t j = 0; j < n; j++) {
        kc_hash_compute(name, "ref", msgs[j], lens[j], want, sizeof want);
        tl_check_bytes(out + j * ds, want, ds, "%s/%s %s, message %zu (len %zu)", name, be, what, j, lens[j]);
    }
}

/* kc_hash_batch equals one message at a time, every hash and backend:
 * counts below, at and above the SIMD lanes (8, 16), random lengths with
 * empty messages and ones much longer than the others among them. */
static void batch(void)
{
    enum { MAXN = 37 };
    static uint8_t msg[MAXN][2100], out[MAXN * 64];
    const uint8_t *ptrs[MAXN];
    size_t lens[MAXN];
    static const size_t counts[] = { 0, 1, 7, 8, 9, 16, 17, MAXN };
    for (size_t k = 0; k < NNAMES; k++) {
        const char *name = names[k];
        kc_hash *h;
        if (kc_hash_new(&h, name, NULL) != KC_OK) continue;
        size_t ds = kc_hash_size(h);
        kc_hash_free(h);
        for (size_t i = 0; i < kc_backend_count(name); i++) {
            kc_backend_info bi;
            if (kc_backend_at(name, i, &bi) != KC_OK || !bi.available) continue;
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
                size_t n = counts[c];
                for (size_t j = 0; j < n; j++) {
                    lens[j] = tl_rand_below(4) == 0 ? tl_rand_below(3) * 128 : tl_rand_below(j % 5 ? 400 : 2100);
                    tl_random_bytes(msg[j], lens[j]);
                    ptrs[j] = lens[j] || j % 2 ? msg[j] : NULL;
                }
                char what[32];
                snprintf(what, sizeof what, "batch of %zu", n);
                check_batch(name, bi.name, ds, ptrs, lens, n, what);
            }
        }
    }
    memset(out, 0xaa, sizeof out);
    ptrs[0] = msg[0], ptrs[1] = NULL, lens[0] = 5, lens[1] = 1;
    tl_check_status(kc_hash_batch("lsh-256", NULL, ptrs, lens, 2, out, sizeof out), KC_ERR_NULL, "batch NULL message");
    tl_check_status(kc_hash_batch("lsh-256", NULL, NULL, lens, 2, out, sizeof out), KC_ERR_NULL, "batch NULL msgs");
    tl_check_status(kc_hash_batch("lsh-256", NULL, ptrs, lens, 1, out, 31), KC_ERR_OUTPUT_TOO_SMALL, "batch short out");
    tl_check_status(kc_hash_batch("aes-128", NULL, ptrs, lens, 1, out, 64), KC_ERR_WRONG_KIND, "batch of a cipher");
    tl_check_status(kc_hash_batch("lsh-256", "nope", ptrs, lens, 1, out, 64), KC_ERR_UNKNOWN_BACKEND, "batch backend");
    tl_check(out[0] == 0xaa && out[63] == 0xaa, "batch: nothing written on error");
    tl_check_status(kc_hash_batch("lsh-256", NULL, NULL, NULL, 0, NULL, 0), KC_OK, "empty batch");
}

/* kc_hash_batch on ragged batches, every hash and backend: the lengths
 * around each block size (64, 128, 256: 0, 1, block - 1, block, block + 1)
 * and many blocks, rotated through the lanes so that each lane sees each
 * length and is the first or the last to finish; counts below, at, between
 * and above the SIMD lanes (NEON: 2, 4; AVX2: 4, 8; AVX-512: 8, 16). */
static void batch_ragged(void)
{
    static const size_t lengths[] = { 0, 1, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1000, 2049 };
    enum { NL = sizeof lengths / sizeof lengths[0], MAXN = 17 };
    static const size_t counts[] = { 2, 3, 4, 5, 7, 8, 9, 13, 16, MAXN };
    static uint8_t buf[2049 + MAXN];
    const uint8_t *ptrs[MAXN];
    size_t lens[MAXN];
    tl_random_bytes(buf, sizeof buf);
    for (size_t k = 0; k < NNAMES; k++) {
        const char *name = names[k];
        kc_hash *h;
        if (kc_hash_new(&h, name, NULL) != KC_OK) continue;
        size_t ds = kc_hash_size(h);
        kc_hash_free(h);
        for (size_t i = 0; i < kc_backend_count(name); i++) {
            kc_backend_info bi;
            if (kc_backend_at(name, i, &bi) != KC_OK || !bi.available) continue;
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
                size_t n = counts[c];
                for (size_t s = 0; s < NL; s++) {
                    /* message j: len bytes from buf + j (unaligned, each its own) */
                    for (size_t j = 0; j < n; j++) {
                        lens[j] = lengths[(s + 5 * j) % NL];
                        ptrs[j] = lens[j] || j % 2 ? buf + j : NULL;
                    }
                    char what[48];
                    snprintf(what, sizeof what, "ragged batch of %zu (shift %zu)", n, s);
                    check_batch(name, bi.name, ds, ptrs, lens, n, what);
                }
            }
        }
    }
}

int main(void)
{
    static const char *const nist[][2] = {
        { "sha-224", "SHA224" }, { "sha-256", "SHA256" }, { "sha-384", "SHA384" }, { "sha-512", "SHA512" },
        { "sha-512-224", "SHA512_224" }, { "sha-512-256", "SHA512_256" },
    };
    for (size_t i = 0; i < NNAMES; i++) tl_list_backends(names[i]);
    for (size_t i = 0; i < sizeof nist / sizeof nist[0]; i++) {
        char f[64];
        snprintf(f, sizeof f, "%sShortMsg.rsp", nist[i][1]);
        nist_file(nist[i][0], f);
        snprintf(f, sizeof f, "%sLongMsg.rsp", nist[i][1]);
        nist_file(nist[i][0], f);
    }
    rfc4231(224), rfc4231(256), rfc4231(384), rfc4231(512);
    cryptopp_file("lsh256.txt");
    cryptopp_file("lsh512.txt");
    cryptopp_file("lsh512_256.txt");
    cryptopp_file("sha2.txt");
    cryptopp_file("hmac.txt");
    printf("%ld vectors checked\n", checked);
    against_ref();
    api();
    dup();
    hmac_stream();
    batch();
    batch_ragged();
    return tl_finish("hash");
}
