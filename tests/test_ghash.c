/* SPDX-License-Identifier: MIT */
/* GHASH backends ([SP800-38D] 6.4): the GCM specification's GHASH values on
 * every backend this CPU runs, the portable ct backend against a bit-serial
 * multiply written from the standard's Algorithm 1, and every backend against
 * ct on random H and 0..300 blocks absorbed in random pieces. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "ghash/ghash.h"

static _Alignas(16) uint8_t key_buf[KC_GHASH_KEY_MAX];
static _Alignas(16) uint8_t ref_key[KC_GHASH_KEY_MAX];

/* [SP800-38D] Algorithm 1: Z = X * Y one bit of X at a time. */
static void ref_mul(uint8_t x[16], const uint8_t y[16])
{
    uint8_t z[16] = { 0 }, v[16];
    memcpy(v, y, 16);
    for (int i = 0; i < 128; i++) {
        if (x[i / 8] >> (7 - i % 8) & 1)
            for (int j = 0; j < 16; j++) z[j] ^= v[j];
        int lsb = v[15] & 1;
        for (int j = 15; j > 0; j--) v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
        v[0] >>= 1;
        if (lsb) v[0] ^= 0xe1;
    }
    memcpy(x, z, 16);
}

static void ref_ghash(const uint8_t h[16], uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    for (; nblocks; nblocks--, in += 16) {
        for (int j = 0; j < 16; j++) y[j] ^= in[j];
        ref_mul(y, h);
    }
}

/* ---- the specification's test cases ---- */

static size_t put_padded(uint8_t *out, const uint8_t *p, size_t n)
{
    memcpy(out, p, n);
    size_t padded = (n + 15) / 16 * 16;
    memset(out + n, 0, padded - n);
    return padded;
}

static void put_be64(uint8_t *p, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8) p[i] = (uint8_t)v;
}

static void check_spec_cases(const kc_ghash_backend *b)
{
    const char *path = tl_vector_path("ghash/gcm_spec_ghash.txt");
    FILE *f = fopen(path, "r");
    if (!TL_CHECK(f != NULL, "cannot open %s", path)) return;
    char line[1024];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char hs[64], as[256], cs[256], gs[64];
        int num;
        if (!TL_CHECK(sscanf(line, "%d %63s %255s %255s %63s", &num, hs, as, cs, gs) == 5, "bad line: %s", line))
            continue;
        uint8_t h[16], a[64], c[96], want[16], data[256], y[16];
        long al = strcmp(as, "-") ? tl_unhex(as, a, sizeof a) : 0;
        long cl = strcmp(cs, "-") ? tl_unhex(cs, c, sizeof c) : 0;
        TL_CHECK(tl_unhex(hs, h, 16) == 16 && tl_unhex(gs, want, 16) == 16 && al >= 0 && cl >= 0,
                 "case %d: bad hex", num);
        size_t n = put_padded(data, a, (size_t)al);
        n += put_padded(data + n, c, (size_t)cl);
        put_be64(data + n, 8 * (uint64_t)al);
        put_be64(data + n + 8, 8 * (uint64_t)cl);
        n += 16;
        /* One call, then one block per call. */
        b->init(key_buf, h);
        memset(y, 0, 16);
        b->update(key_buf, y, data, n / 16);
        tl_check_bytes(y, want, 16, "%s: spec case %d, one call", b->head.name, num);
        memset(y, 0, 16);
        for (size_t i = 0; i < n; i += 16) b->update(key_buf, y, data + i, 1);
        tl_check_bytes(y, want, 16, "%s: spec case %d, block by block", b->head.name, num);
        memset(y, 0, 16);
        ref_ghash(h, y, data, n / 16);
        tl_check_bytes(y, want, 16, "bit-serial reference: spec case %d", num);
        cases++;
    }
    fclose(f);
    TL_CHECK(cases == 6, "%s: %d spec cases read, want 6", b->head.name, cases);
}

/* ---- random tests ---- */

#define MAX_BLOCKS 300
/* Random cases per backend; fewer on 32-bit targets, which run emulated and
 * where ct (the reference) may be a software multiply. */
#define DIFF_CASES (sizeof(void *) >= 8 ? 200 : 40)
static uint8_t data_buf[MAX_BLOCKS * 16 + 1];

/* A random H, start y and n blocks in data_buf; want = the bit-serial
 * reference's GHASH of them; b keyed with H. */
static void random_case(const kc_ghash_backend *b, uint8_t h[16], uint8_t y[16], uint8_t want[16], size_t n)
{
    tl_random_bytes(h, 16);
    tl_random_bytes(y, 16);
    tl_random_bytes(data_buf, n * 16);
    memcpy(want, y, 16);
    ref_ghash(h, want, data_buf, n);
    b->init(key_buf, h);
}

/* The backend against the bit-serial reference (a few small cases). */
static void check_against_reference(const kc_ghash_backend *b, int cases)
{
    for (int t = 0; t < cases; t++) {
        uint8_t h[16], y[16], want[16];
        size_t n = tl_rand_below(20);
        random_case(b, h, y, want, n);
        b->update(key_buf, y, data_buf, n);
        tl_check_bytes(y, want, 16, "%s vs bit-serial reference, case %d, %zu blocks", b->head.name, t, n);
    }
}

/* The backend against the reference on every length 0..35 (whole groups of
 * an aggregating loop and each tail), absorbed whole and in pieces of 1, 2
 * and 3 blocks (each piece a tail, or a group that straddles calls). */
static void check_lengths_and_pieces(const kc_ghash_backend *b)
{
    for (size_t n = 0; n <= 35; n++) {
        uint8_t h[16], y[16], want[16], got[16];
        random_case(b, h, y, want, n);
        memcpy(got, y, 16);
        b->update(key_buf, got, data_buf, n);
        tl_check_bytes(got, want, 16, "%s vs bit-serial reference, %zu blocks in one call", b->head.name, n);
        for (size_t step = 1; step <= 3; step++) {
            memcpy(got, y, 16);
            for (size_t done = 0; done < n;) {
                size_t piece = n - done < step ? n - done : step;
                b->update(key_buf, got, data_buf + 16 * done, piece);
                done += piece;
            }
            tl_check_bytes(got, want, 16, "%s vs bit-serial reference, %zu blocks in pieces of %zu",
                           b->head.name, n, step);
        }
    }
}

/* The backend against ct: random H (and an H with every bit set or one bit
 * set), a random start Y, 0..300 blocks at an odd address every other case,
 * absorbed in one call and again in random pieces. */
static void check_against_ct(const kc_ghash_backend *b, const kc_ghash_backend *ct, int cases)
{
    for (int t = 0; t < cases; t++) {
        uint8_t h[16], y0[16], want[16], got[16];
        size_t n = t < 2 ? MAX_BLOCKS : tl_rand_below(MAX_BLOCKS + 1);
        const uint8_t *in = data_buf + (t & 1);
        if (t == 0) memset(h, 0xff, 16);
        else if (t == 1) { memset(h, 0, 16); h[15] = 1; }
        else tl_random_bytes(h, 16);
        tl_random_bytes(y0, 16);
        tl_random_bytes(data_buf, sizeof data_buf);
        ct->init(ref_key, h);
        memcpy(want, y0, 16);
        ct->update(ref_key, want, in, n);
        memset(key_buf, 0xa5, sizeof key_buf);
        b->init(key_buf, h);
        memcpy(got, y0, 16);
        b->update(key_buf, got, in, n);
        if (!tl_check_bytes(got, want, 16, "%s vs ct, case %d, %zu blocks in one call", b->head.name, t, n))
            continue;
        memcpy(got, y0, 16);
        for (size_t done = 0; done < n;) {
            size_t piece = tl_rand_below(t & 2 ? n - done + 1 : 20);
            if (piece > n - done) piece = n - done;
            b->update(key_buf, got, in + 16 * done, piece);
            done += piece;
        }
        tl_check_bytes(got, want, 16, "%s vs ct, case %d, %zu blocks in pieces", b->head.name, t, n);
    }
}

static void check_find(void)
{
    kc_status st = KC_OK;
    const kc_ghash_backend *d = kc_ghash_find(NULL, &st), *b;
    TL_CHECK(d && st == KC_OK && d->head.timing == KC_CONSTANT_TIME, "default GHASH backend");
    TL_CHECK(kc_ghash_find("", &st) == d && kc_ghash_find("default", &st) == d, "\"\" and \"default\"");
    for (size_t i = 0; (b = kc_ghash_backends[i]) != NULL; i++) {
        TL_CHECK(b->head.ctx_size <= KC_GHASH_KEY_MAX, "%s: ctx_size %zu", b->head.name, b->head.ctx_size);
        int runs = (b->head.cpu & ~kc_cpu_detect()) == 0;
        const kc_ghash_backend *f = kc_ghash_find(b->head.name, &st);
        TL_CHECK(runs ? f == b && st == KC_OK : !f && st == KC_ERR_BACKEND_UNAVAILABLE,
                 "find %s", b->head.name);
        if (runs && b->head.timing == KC_CONSTANT_TIME && d) {   /* the first such one is the default */
            TL_CHECK(d == b, "default is %s, first runnable constant-time is %s", d->head.name, b->head.name);
            d = NULL;
        }
    }
    TL_CHECK(kc_ghash_find("no-such", &st) == NULL && st == KC_ERR_UNKNOWN_BACKEND, "unknown name");
}

int main(void)
{
    kc_status st;
    const kc_ghash_backend *ct = kc_ghash_find("ct", &st), *b;
    if (!TL_CHECK(ct != NULL, "no ct backend")) return tl_finish("ghash");
    tl_seed(0x6768617368ull);
    check_find();
    for (size_t i = 0; (b = kc_ghash_backends[i]) != NULL; i++) {
        if (b->head.cpu & ~kc_cpu_detect()) {
            char need[96];
            printf("skipped %s: needs %s\n", b->head.name, kc_cpu_names(b->head.cpu & ~kc_cpu_detect(), need, sizeof need));
            continue;
        }
        printf("checking %s%s\n", b->head.name, b == kc_ghash_find(NULL, &st) ? " (default)" : "");
        check_spec_cases(b);
        check_against_reference(b, 30);
        check_lengths_and_pieces(b);
        if (b != ct) check_against_ct(b, ct, DIFF_CASES);
    }
    check_against_ct(ct, ct, 4);     /* ct split into pieces equals ct in one call */
    return tl_finish("ghash");
}
