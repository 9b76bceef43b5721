/* SPDX-License-Identifier: MIT */
#include "testlib.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

unsigned long tl_passed, tl_failed;
static unsigned long missing_vectors;

static void report(const char *fmt, va_list ap)
{
    fprintf(stderr, "FAIL: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int tl_check(int ok, const char *fmt, ...)
{
    if (ok) { tl_passed++; return 1; }
    tl_failed++;
    va_list ap;
    va_start(ap, fmt);
    report(fmt, ap);
    va_end(ap);
    return 0;
}

int tl_check_bytes(const uint8_t *got, const uint8_t *want, size_t len, const char *fmt, ...)
{
    if (len == 0 || memcmp(got, want, len) == 0) { tl_passed++; return 1; }
    tl_failed++;
    va_list ap;
    va_start(ap, fmt);
    report(fmt, ap);
    va_end(ap);
    char *h = malloc(2 * len + 1);
    if (h) {
        tl_hex(h, got, len);  fprintf(stderr, "  got  %s\n", h);
        tl_hex(h, want, len); fprintf(stderr, "  want %s\n", h);
        free(h);
    }
    return 0;
}

int tl_check_status(kc_status got, kc_status want, const char *fmt, ...)
{
    if (got == want) { tl_passed++; return 1; }
    tl_failed++;
    va_list ap;
    va_start(ap, fmt);
    report(fmt, ap);
    va_end(ap);
    fprintf(stderr, "  got %s, want %s\n", kc_status_name(got), kc_status_name(want));
    return 0;
}

int tl_finish(const char *suite)
{
    printf("%s: %lu passed, %lu failed\n", suite, tl_passed, tl_failed);
    if (tl_failed) return 1;
    if (missing_vectors) {
        printf("%s: SKIPPED: %lu vector file(s) not found (see SKIP lines above)\n", suite, missing_vectors);
        return 77;
    }
    return tl_passed ? 0 : 1;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    return (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
}

long tl_unhex(const char *s, uint8_t *out, size_t cap)
{
    size_t n = 0;
    int hi = -1;
    for (; *s; s++) {
        if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { s++; continue; }
        int v = hexval((unsigned char)*s);
        if (v < 0) continue;
        if (hi < 0) { hi = v; continue; }
        if (n >= cap) return -1;
        out[n++] = (uint8_t)(hi << 4 | v);
        hi = -1;
    }
    return hi < 0 ? (long)n : -1;
}

void tl_hex(char *out, const uint8_t *in, size_t len)
{
    static const char d[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) { out[2 * i] = d[in[i] >> 4]; out[2 * i + 1] = d[in[i] & 15]; }
    out[2 * len] = 0;
}

const char *tl_vector_path(const char *relative)
{
    static char buf[4096];
    snprintf(buf, sizeof buf, "%s/%s", KC_VECTORS_DIR, relative);
    return buf;
}

static const char *dir_or(const char *env, const char *fallback)
{
    const char *v = getenv(env);   /* NULL on bare metal: the build's default */
    return v && *v ? v : fallback;
}

static int readable(const char *path)
{
    FILE *fp = fopen(path, "r");
    if (fp) fclose(fp);
    return fp != NULL;
}

const char *tl_external_vector(const char *shared, const char *package)
{
    static char buf[4096];
    const char *sdir = dir_or("KC_VECTORS_EXTRA", KC_SHARED_VECTORS_DIR);
    const char *pdir = dir_or("KC_CRYPTOPP_DATA", KC_CRYPTOPP_DATA_DIR);
    snprintf(buf, sizeof buf, "%s/%s", sdir, shared);
    if (readable(buf)) return buf;
    if (package) {
        snprintf(buf, sizeof buf, "%s/%s", pdir, package);
        if (readable(buf)) return buf;
    }
    missing_vectors++;
    printf("SKIP: vector file %s not found in %s (the shared vectors folder beside the checkout, "
           "or set KC_VECTORS_EXTRA)", shared, sdir);
    if (package) printf(", nor %s in %s (apt install libcrypto++-utils, or set KC_CRYPTOPP_DATA)", package, pdir);
    printf("; its checks are skipped\n");
    return NULL;
}

static uint64_t rng[4];

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void tl_seed(uint64_t seed)
{
    for (int i = 0; i < 4; i++) rng[i] = splitmix(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t tl_rand(void)
{
    if (!(rng[0] | rng[1] | rng[2] | rng[3])) {
        const char *env = getenv("KC_TEST_SEED");
        tl_seed(env ? strtoull(env, NULL, 0) : 20261122u);
    }
    uint64_t r = rotl(rng[1] * 5, 7) * 9, t = rng[1] << 17;
    rng[2] ^= rng[0]; rng[3] ^= rng[1]; rng[1] ^= rng[2]; rng[0] ^= rng[3];
    rng[2] ^= t; rng[3] = rotl(rng[3], 45);
    return r;
}

void tl_random_bytes(uint8_t *out, size_t len)
{
    for (size_t i = 0; i < len; i++) out[i] = (uint8_t)tl_rand();
}

size_t tl_rand_below(size_t bound) { return bound ? (size_t)(tl_rand() % bound) : 0; }

/* ---- every backend of a block cipher ---- */

const char *tl_backend_at(const char *cipher, size_t i)
{
    kc_backend_info info;
    if (kc_backend_at(cipher, i, &info) != KC_OK || !info.available) return NULL;
    return info.name;
}

void tl_list_backends(const char *cipher)
{
    kc_backend_info info;
    for (size_t i = 0; kc_backend_at(cipher, i, &info) == KC_OK; i++)
        printf("%s backend %s%s%s\n", cipher, info.name, info.is_default ? " (default)" : "",
               info.available ? "" : " skipped: CPU lacks it");
}

const char *tl_cipher_for_key(const char *family, size_t key_len)
{
    char name[64];
    snprintf(name, sizeof name, "%s-%zu", family, 8 * key_len);
    const kc_cipher_info *info = kc_cipher_find(name);
    return info && info->kind == KC_KIND_BLOCK && info->key_bytes == key_len ? info->name : NULL;
}

static void kat_one(const char *cipher, const char *b, kc_mode mode, const uint8_t *key,
                    const uint8_t *iv, const uint8_t *pt, const uint8_t *ct, size_t len,
                    const char *label, uint8_t *buf)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, cipher, b, key, info->key_bytes), KC_OK, "%s/%s new (%s)",
                         cipher, b, label))
        return;
    size_t iv_len = mode == KC_MODE_ECB ? 0 : info->block_bytes, n = 0;
    const uint8_t *v = iv_len ? iv : NULL;
    tl_check_status(kc_mode_encrypt(c, mode, 0, v, iv_len, buf, len, &n, pt, len), KC_OK,
                    "%s/%s encrypt status (%s)", cipher, b, label);
    TL_CHECK(n == len, "%s/%s encrypt length %zu (%s)", cipher, b, n, label);
    tl_check_bytes(buf, ct, len, "%s/%s encrypt (%s)", cipher, b, label);
    tl_check_status(kc_mode_decrypt(c, mode, 0, v, iv_len, buf, len, &n, ct, len), KC_OK,
                    "%s/%s decrypt status (%s)", cipher, b, label);
    TL_CHECK(n == len, "%s/%s decrypt length %zu (%s)", cipher, b, n, label);
    tl_check_bytes(buf, pt, len, "%s/%s decrypt (%s)", cipher, b, label);
    if (mode == KC_MODE_ECB) {          /* the raw block interface, in place */
        memcpy(buf, pt, len);
        tl_check_status(kc_cipher_encrypt_blocks(c, buf, buf, len), KC_OK, "%s/%s blocks (%s)", cipher, b,
                        label);
        tl_check_bytes(buf, ct, len, "%s/%s blocks encrypt in place (%s)", cipher, b, label);
        kc_cipher_decrypt_blocks(c, buf, buf, len);
        tl_check_bytes(buf, pt, len, "%s/%s blocks decrypt in place (%s)", cipher, b, label);
    }
    kc_cipher_free(c);
}

void tl_check_kat(const char *cipher, kc_mode mode, const uint8_t *key, const uint8_t *iv,
                  const uint8_t *pt, const uint8_t *ct, size_t len, const char *label)
{
    if (!TL_CHECK(cipher && kc_cipher_find(cipher), "no such cipher (%s)", label)) return;
    size_t count = kc_backend_count(cipher);
    uint8_t *buf = malloc(len + 1);
    TL_CHECK(count > 0, "%s has no backends", cipher);
    if (!buf) { tl_check(0, "no memory (%s)", label); return; }
    for (size_t i = 0; i < count; i++) {
        const char *b = tl_backend_at(cipher, i);
        if (b) kat_one(cipher, b, mode, key, iv, pt, ct, len, label, buf);
    }
    free(buf);
}

#define GUARD 64              /* bytes after the longest output that must stay untouched too */

/* One case: every backend against the reference's enc = E(in), dec = D(in). */
static void differential_case(const char *cipher, const uint8_t *key, size_t kl, const uint8_t *in,
                              const uint8_t *enc, const uint8_t *dec, size_t len, size_t nb,
                              uint8_t *got, size_t room, int t)
{
    for (size_t i = 0; i < kc_backend_count(cipher); i++) {
        const char *b = tl_backend_at(cipher, i);
        kc_cipher *c;
        if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, kl), KC_OK, "%s/%s new", cipher, b))
            continue;
        memset(got, 0xa5, room);
        kc_cipher_encrypt_blocks(c, got, in, len);
        tl_check_bytes(got, enc, len, "%s/%s: encrypt %zu blocks, case %d", cipher, b, nb, t);
        kc_cipher_decrypt_blocks(c, got, got, len);
        tl_check_bytes(got, in, len, "%s/%s: decrypt(encrypt(x)) in place, %zu blocks, case %d", cipher, b,
                       nb, t);
        kc_cipher_decrypt_blocks(c, got, in, len);
        tl_check_bytes(got, dec, len, "%s/%s: decrypt %zu blocks, case %d", cipher, b, nb, t);
        size_t spill = len;
        while (spill < room && got[spill] == 0xa5) spill++;
        TL_CHECK(spill == room, "%s/%s: %zu blocks wrote past the output, case %d", cipher, b, nb, t);
        kc_cipher_free(c);
    }
}

void tl_differential_blocks(const char *cipher, const char *reference, int cases, size_t max_blocks)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    if (!TL_CHECK(info && info->block_bytes && max_blocks, "%s: not a block cipher", cipher)) return;
    size_t kl = info->key_bytes, bs = info->block_bytes, cap = max_blocks * bs, room = cap + 1 + GUARD;
    uint8_t *key = malloc(kl + 3 * cap + 1 + room);
    if (!key) { tl_check(0, "%s: no memory", cipher); return; }
    uint8_t *in = key + kl, *enc = in + cap + 1, *dec = enc + cap, *got = dec + cap;
    for (int t = 0; t < cases; t++) {
        /* Counts cycle; the alignment alternates along a cycle and between cycles. */
        size_t nb = 1 + (size_t)t % max_blocks, len = nb * bs;
        size_t odd = (nb - 1 + (size_t)t / max_blocks) & 1;
        kc_cipher *ref;
        tl_random_bytes(key, kl);
        tl_random_bytes(in + odd, len);
        if (!tl_check_status(kc_cipher_new(&ref, cipher, reference, key, kl), KC_OK, "%s/%s new",
                             cipher, reference))
            break;
        for (size_t j = 0; j < len; j += bs) {   /* expected: one block per call */
            kc_cipher_encrypt_blocks(ref, enc + j, in + odd + j, bs);
            kc_cipher_decrypt_blocks(ref, dec + j, in + odd + j, bs);
        }
        kc_cipher_free(ref);
        differential_case(cipher, key, kl, in + odd, enc, dec, len, nb, got + odd, room - odd, t);
    }
    free(key);
}

/* CMAC's subkey step: v times x in GF(2^64) or GF(2^128), big-endian. */
static void cmac_double(uint8_t *d, const uint8_t *v, size_t bs)
{
    uint8_t carry = (uint8_t)(v[0] >> 7);
    for (size_t i = 0; i + 1 < bs; i++) d[i] = (uint8_t)(v[i] << 1 | v[i + 1] >> 7);
    d[bs - 1] = (uint8_t)(v[bs - 1] << 1 ^ (carry ? (bs == 8 ? 0x1b : 0x87) : 0));
}

static void cmac_by_blocks(const kc_cipher *ref, size_t bs, uint8_t *tag, const uint8_t *msg, size_t len)
{
    uint8_t l[16] = { 0 }, k1[16], k2[16], x[16] = { 0 };
    kc_cipher_encrypt_blocks(ref, l, l, bs);
    cmac_double(k1, l, bs);
    cmac_double(k2, k1, bs);
    size_t full = len && len % bs == 0 ? len / bs - 1 : len / bs, rest = len - bs * full;   /* the last block: rest bytes */
    for (size_t j = 0; j < full; j++) {
        for (size_t i = 0; i < bs; i++) x[i] ^= msg[bs * j + i];
        kc_cipher_encrypt_blocks(ref, x, x, bs);
    }
    for (size_t i = 0; i < bs; i++)
        x[i] ^= (uint8_t)((i < rest ? msg[bs * full + i] : i == rest ? 0x80 : 0) ^ (rest == bs ? k1[i] : k2[i]));
    kc_cipher_encrypt_blocks(ref, tag, x, bs);
}

static void cbc_stream_case(kc_cipher *c, const char *what, const uint8_t *iv, size_t bs, const uint8_t *in,
                            size_t len, const uint8_t *want, uint8_t *got, size_t cap)
{
    kc_stream *s;
    size_t done = 0, n;
    if (!tl_check_status(kc_stream_new(&s, c, KC_MODE_CBC, 0, 1, iv, bs), KC_OK, "%s: stream", what)) return;
    for (size_t off = 0, piece; off < len; off += piece) {
        piece = 1 + tl_rand_below(len - off < 3 * bs + 5 ? len - off : 3 * bs + 5);
        n = 0;
        if (!tl_check_status(kc_stream_update(s, got + done, cap - done, &n, in + off, piece), KC_OK,
                             "%s: stream update", what))
            break;
        done += n;
    }
    n = 0;
    if (tl_check_status(kc_stream_final(s, got + done, cap - done, &n), KC_OK, "%s: stream final", what)) done += n;
    if (TL_CHECK(done == len, "%s: streamed CBC gave %zu bytes of %zu", what, done, len))
        tl_check_bytes(got, want, len, "%s: streamed CBC", what);
    kc_stream_free(s);
}

static void cmac_case(const char *mac_name, const char *b, const uint8_t *key, size_t kl, size_t bs,
                      const uint8_t *msg, size_t mlen, const uint8_t *want, int t)
{
    kc_mac *m;
    kc_mac_stream *ms;
    uint8_t tag[16];
    if (!tl_check_status(kc_mac_new(&m, mac_name, b, key, kl), KC_OK, "%s/%s new", mac_name, b)) return;
    memset(tag, 0, sizeof tag);
    tl_check_status(kc_mac_compute(m, tag, bs, NULL, 0, msg, mlen), KC_OK, "%s/%s", mac_name, b);
    tl_check_bytes(tag, want, bs, "%s/%s, %zu bytes, case %d", mac_name, b, mlen, t);
    if (tl_check_status(kc_mac_stream_new(&ms, m, NULL, 0), KC_OK, "%s/%s stream", mac_name, b)) {
        for (size_t off = 0, piece; off < mlen; off += piece) {
            piece = 1 + tl_rand_below(mlen - off < 3 * bs + 3 ? mlen - off : 3 * bs + 3);
            kc_mac_stream_update(ms, msg + off, piece);
        }
        memset(tag, 0, sizeof tag);
        tl_check_status(kc_mac_stream_final(ms, tag, bs), KC_OK, "%s/%s stream final", mac_name, b);
        tl_check_bytes(tag, want, bs, "%s/%s streamed, %zu bytes, case %d", mac_name, b, mlen, t);
        kc_mac_stream_free(ms);
    }
    kc_mac_free(m);
}

void tl_differential_cbc_cmac(const char *cipher, const char *reference, int cases, size_t max_blocks)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    if (!TL_CHECK(info && (info->block_bytes == 8 || info->block_bytes == 16) && max_blocks,
                  "%s: not a 64- or 128-bit block cipher", cipher))
        return;
    size_t kl = info->key_bytes, bs = info->block_bytes, cap = max_blocks * bs + bs;
    uint8_t *key = malloc(kl + 4 * cap), iv[16], x[16], tag_ref[16];
    if (!key) { tl_check(0, "%s: no memory", cipher); return; }
    uint8_t *in = key + kl, *want = in + cap, *got = want + cap, *back = got + cap;
    char mac_name[64], what[96];
    snprintf(mac_name, sizeof mac_name, "%s-cmac", cipher);
    for (int t = 0; t < cases; t++) {
        size_t nb = t < 9 ? (size_t)t : t % 10 == 9 ? max_blocks : 1 + tl_rand_below(max_blocks);
        size_t len = bs * nb, mlen = t % 5 == 4 ? len : tl_rand_below(len + 1), n;
        kc_cipher *ref;
        tl_random_bytes(key, kl);
        tl_random_bytes(in, len);
        tl_random_bytes(iv, bs);
        if (!tl_check_status(kc_cipher_new(&ref, cipher, reference, key, kl), KC_OK, "%s/%s new", cipher, reference))
            break;
        memcpy(x, iv, bs);
        for (size_t off = 0; off < len; off += bs) {
            for (size_t i = 0; i < bs; i++) x[i] ^= in[off + i];
            kc_cipher_encrypt_blocks(ref, x, x, bs);
            memcpy(want + off, x, bs);
        }
        cmac_by_blocks(ref, bs, tag_ref, in, mlen);
        kc_cipher_free(ref);
        for (size_t i = 0; i < kc_backend_count(cipher); i++) {
            const char *b = tl_backend_at(cipher, i);
            kc_cipher *c;
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, kl), KC_OK, "%s/%s new", cipher, b)) continue;
            snprintf(what, sizeof what, "%s/%s CBC, %zu blocks, case %d", cipher, b, nb, t);
            if (len) {
                int in_place = t & 1;
                if (in_place) memcpy(got, in, len);
                kc_status st = kc_mode_encrypt(c, KC_MODE_CBC, 0, iv, bs, got, cap, &n, in_place ? got : in, len);
                if (TL_CHECK(st == KC_OK && n == len, "%s: status", what)) tl_check_bytes(got, want, len, "%s", what);
                st = kc_mode_decrypt(c, KC_MODE_CBC, 0, iv, bs, back, cap, &n, want, len);
                if (TL_CHECK(st == KC_OK && n == len, "%s, decryption: status", what))
                    tl_check_bytes(back, in, len, "%s, decryption", what);
            }
            cbc_stream_case(c, what, iv, bs, in, len, want, got, cap);
            kc_cipher_free(c);
            cmac_case(mac_name, b, key, kl, bs, in, mlen, tag_ref, t);
        }
    }
    kc_wipe(key, kl);
    free(key);
}

/* ---- "key plaintext ciphertext" lines ---- */

long tl_kat_lines(const char *path, tl_kat_fn *fn, void *arg)
{
    FILE *fp = fopen(path, "r");
    if (!TL_CHECK(fp != NULL, "cannot open %s", path)) return -1;
    char line[512], k[160], p[80], c[80];
    long count = 0;
    for (int no = 1; fgets(line, sizeof line, fp); no++) {
        uint8_t key[64], pt[32], ct[32];
        if (line[0] == '#' || sscanf(line, "%159s %79s %79s", k, p, c) != 3) continue;
        fn(key, tl_unhex(k, key, sizeof key), pt, tl_unhex(p, pt, sizeof pt), ct, tl_unhex(c, ct, sizeof ct),
           no, arg);
        count++;
    }
    fclose(fp);
    return count;
}

/* ---- Crypto++ TestVectors ---- */

#define TL_MAX_FIELDS 32
struct tl_fields {
    char *name[TL_MAX_FIELDS];
    char *value[TL_MAX_FIELDS];
    int count;
};

const char *tl_field(const tl_fields *f, const char *name)
{
    for (int i = 0; i < f->count; i++)
        if (strcmp(f->name[i], name) == 0) return f->value[i];
    return NULL;
}

long tl_field_bytes(const tl_fields *f, const char *name, uint8_t *out, size_t cap)
{
    const char *v = tl_field(f, name);
    if (!v) return -1;
    /* "rN <hex>" repeats the next token N times. */
    size_t n = 0;
    const char *p = v;
    while (*p) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        unsigned long rep = 1;
        if (*p == 'r' && isdigit((unsigned char)p[1])) {
            rep = strtoul(p + 1, (char **)&p, 10);
            while (*p == ' ') p++;
        }
        const char *end = p;
        while (*end && *end != ' ' && *end != '\t') end++;
        char tok[4096];
        size_t tl = (size_t)(end - p);
        if (tl >= sizeof tok) return -1;
        memcpy(tok, p, tl);
        tok[tl] = 0;
        for (unsigned long i = 0; i < rep; i++) {
            long k = tl_unhex(tok, out + n, cap - n);
            if (k < 0) return -1;
            n += (size_t)k;
        }
        p = end;
    }
    return (long)n;
}

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static void set_field(tl_fields *f, const char *name, const char *value)
{
    for (int i = 0; i < f->count; i++)
        if (strcmp(f->name[i], name) == 0) {
            free(f->value[i]);
            f->value[i] = dup(value);
            return;
        }
    if (f->count == TL_MAX_FIELDS) return;
    f->name[f->count] = dup(name);
    f->value[f->count++] = dup(value);
}

static char *trim(char *s)
{
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    return s;
}

long tl_cryptopp_file(const char *path, void (*fn)(const tl_fields *f, void *arg), void *arg)
{
    FILE *fp = fopen(path, "r");
    if (!fp) { fprintf(stderr, "cannot open %s\n", path); return -1; }
    tl_fields f = {0};
    char line[8192], name[128] = "";
    size_t cap = 1 << 16, len = 0;
    char *value = malloc(cap);
    int continuing = 0;
    long tests = 0;
    while (value && fgets(line, sizeof line, fp)) {
        char *s = trim(line);
        if (!continuing) {
            if (*s == '#' || *s == 0) continue;
            char *colon = strchr(s, ':');
            if (!colon) continue;
            *colon = 0;
            snprintf(name, sizeof name, "%s", trim(s));
            s = trim(colon + 1);
            len = 0;
        }
        size_t n = strlen(s);
        continuing = n && s[n - 1] == '\\';
        if (continuing) s[--n] = 0;
        if (len + n + 2 > cap) break;
        if (len) value[len++] = ' ';
        memcpy(value + len, s, n);
        len += n;
        value[len] = 0;
        if (continuing) continue;
        if (strcmp(name, "Test") == 0) {
            set_field(&f, "Test", value);
            fn(&f, arg);
            tests++;
        } else {
            set_field(&f, name, trim(value));
        }
    }
    for (int i = 0; i < f.count; i++) { free(f.name[i]); free(f.value[i]); }
    free(value);
    fclose(fp);
    return tests;
}
