/* SPDX-License-Identifier: MIT */
/* TinyJAMBU-128/192/256 v2: the official NIST LWC KATs (not carried by the
 * repository: tests/vectors/README.md), oracle-generated
 * random vectors, forgery rejection (nothing written on KC_ERR_AUTH), and
 * every backend against "ref" on random inputs.  All through the public API,
 * for every backend of the family. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "tinyjambu/tinyjambu_common.h"

#define MAXLEN 512
#define FILL 0xA5

typedef struct vec {
    uint8_t key[32], nonce[12], ad[MAXLEN], pt[MAXLEN], ct[MAXLEN + 8];
    size_t key_len, ad_len, pt_len;       /* ct: pt_len + 8 bytes */
    long id;                              /* KAT Count or TSV line */
} vec;

static const char *cipher_for(size_t key_len)
{
    return key_len == 16 ? "tinyjambu-128" : key_len == 24 ? "tinyjambu-192" : "tinyjambu-256";
}

static kc_aead *open_aead(const char *cipher, const char *backend, const uint8_t *key, size_t key_len)
{
    kc_aead *a = NULL;
    kc_status st = kc_aead_new(&a, cipher, backend, key, key_len);
    if (!tl_check_status(st, KC_OK, "%s/%s: kc_aead_new", cipher, backend)) return NULL;
    const char *used = kc_aead_backend_name(a);
    TL_CHECK(used && strcmp(used, backend) == 0, "%s: asked for backend %s, got %s", cipher, backend, used);
    return a;
}

/* Encrypts and decrypts v (also in place) and compares with v->ct. */
static void check_vec(const vec *v, const char *backend, const char *what)
{
    const char *cipher = cipher_for(v->key_len);
    kc_aead *a = open_aead(cipher, backend, v->key, v->key_len);
    if (!a) return;
    uint8_t buf[MAXLEN + 8];
    size_t n = 0, ct_len = v->pt_len + TJ_TAG_BYTES;

    kc_status st = kc_aead_encrypt(a, buf, sizeof buf, &n, v->nonce, 12, v->ad, v->ad_len, v->pt, v->pt_len);
    if (tl_check_status(st, KC_OK, "%s %s/%s #%ld encrypt", what, cipher, backend, v->id)) {
        tl_check_bytes(buf, v->ct, ct_len, "%s %s/%s #%ld ct", what, cipher, backend, v->id);
        TL_CHECK(n == ct_len, "%s #%ld: encrypt out_len %zu", what, v->id, n);
    }

    memset(buf, FILL, sizeof buf);
    st = kc_aead_decrypt(a, buf, sizeof buf, &n, v->nonce, 12, v->ad, v->ad_len, v->ct, ct_len);
    if (tl_check_status(st, KC_OK, "%s %s/%s #%ld decrypt", what, cipher, backend, v->id)) {
        tl_check_bytes(buf, v->pt, v->pt_len, "%s %s/%s #%ld pt", what, cipher, backend, v->id);
        TL_CHECK(n == v->pt_len && buf[v->pt_len] == FILL, "%s #%ld: decrypt length", what, v->id);
    }

    /* In place: out == in. */
    memcpy(buf, v->pt, v->pt_len);
    st = kc_aead_encrypt(a, buf, sizeof buf, &n, v->nonce, 12, v->ad, v->ad_len, buf, v->pt_len);
    TL_CHECK(st == KC_OK && memcmp(buf, v->ct, ct_len) == 0, "%s #%ld: in-place encrypt", what, v->id);
    st = kc_aead_decrypt(a, buf, sizeof buf, &n, v->nonce, 12, v->ad, v->ad_len, buf, ct_len);
    TL_CHECK(st == KC_OK && memcmp(buf, v->pt, v->pt_len) == 0, "%s #%ld: in-place decrypt", what, v->id);
    kc_aead_free(a);
}

/* Decrypting a modified input must fail with KC_ERR_AUTH, write nothing and
 * report length 0.  Also in place: the ciphertext must survive. */
static void expect_auth_failure(kc_aead *a, const vec *v, const uint8_t *nonce, const uint8_t *ad,
                                size_t ad_len, const uint8_t *in, size_t in_len, const char *what)
{
    uint8_t out[MAXLEN + 8], fill[MAXLEN + 8], copy[MAXLEN + 8];
    size_t n = 123;
    memset(out, FILL, sizeof out);
    memset(fill, FILL, sizeof fill);
    kc_status st = kc_aead_decrypt(a, out, sizeof out, &n, nonce, 12, ad, ad_len, in, in_len);
    tl_check_status(st, KC_ERR_AUTH, "#%ld %s: forged input accepted", v->id, what);
    TL_CHECK(n == 0, "#%ld %s: out_len %zu after failure", v->id, what, n);
    tl_check_bytes(out, fill, sizeof out, "#%ld %s: output written on failure", v->id, what);

    memcpy(copy, in, in_len);
    st = kc_aead_decrypt(a, copy, sizeof copy, &n, nonce, 12, ad, ad_len, copy, in_len);
    TL_CHECK(st == KC_ERR_AUTH && memcmp(copy, in, in_len) == 0,
             "#%ld %s: in-place failure changed the input", v->id, what);
}

static void check_forgeries(const vec *v, const char *backend)
{
    kc_aead *a = open_aead(cipher_for(v->key_len), backend, v->key, v->key_len);
    if (!a) return;
    size_t ct_len = v->pt_len + TJ_TAG_BYTES;
    uint8_t ct[MAXLEN + 8], ad[MAXLEN], nonce[12];
    memcpy(ct, v->ct, ct_len);
    memcpy(ad, v->ad, v->ad_len);
    memcpy(nonce, v->nonce, 12);

    for (size_t bit = 0; bit < 8 * ct_len; bit++) {   /* ciphertext, then tag */
        ct[bit / 8] ^= (uint8_t)(1u << bit % 8);
        expect_auth_failure(a, v, nonce, ad, v->ad_len, ct, ct_len, bit < 8 * v->pt_len ? "ct bit" : "tag bit");
        ct[bit / 8] ^= (uint8_t)(1u << bit % 8);
    }
    for (size_t bit = 0; bit < 8 * v->ad_len; bit++) {
        ad[bit / 8] ^= (uint8_t)(1u << bit % 8);
        expect_auth_failure(a, v, nonce, ad, v->ad_len, ct, ct_len, "ad bit");
        ad[bit / 8] ^= (uint8_t)(1u << bit % 8);
    }
    for (size_t bit = 0; bit < 96; bit++) {
        nonce[bit / 8] ^= (uint8_t)(1u << bit % 8);
        expect_auth_failure(a, v, nonce, ad, v->ad_len, ct, ct_len, "nonce bit");
        nonce[bit / 8] ^= (uint8_t)(1u << bit % 8);
    }
    /* Lengths are authenticated: drop a byte of AD, or of ciphertext (the tag
     * then no longer lines up). */
    if (v->ad_len) expect_auth_failure(a, v, nonce, ad, v->ad_len - 1, ct, ct_len, "ad shortened");
    if (v->pt_len) {
        uint8_t cut[MAXLEN + 8];
        memcpy(cut, ct, v->pt_len - 1);
        memcpy(cut + v->pt_len - 1, ct + v->pt_len, TJ_TAG_BYTES);
        expect_auth_failure(a, v, nonce, ad, v->ad_len, cut, ct_len - 1, "ct shortened");
    }
    kc_aead_free(a);
}

/* ---- the LWC KAT files ---- */

static int kat_field(char *line, const char *name, uint8_t *out, size_t cap, size_t *len)
{
    size_t n = strlen(name);
    if (strncmp(line, name, n) != 0 || line[n] != ' ' || line[n + 1] != '=') return 0;
    long k = tl_unhex(line + n + 2, out, cap);
    if (!TL_CHECK(k >= 0, "bad hex in %s", line)) k = 0;
    if (len) *len = (size_t)k;
    return 1;
}

/* Calls fn for each record; returns the record count (-1: unreadable). */
static long read_kats(const char *file, void (*fn)(vec *v, const char *backend), const char *backend)
{
    FILE *fp = fopen(file, "r");
    if (!TL_CHECK(fp != NULL, "cannot open %s", file)) return -1;
    vec *v = calloc(1, sizeof *v);
    char line[4096];
    long count = 0;
    while (fgets(line, sizeof line, fp)) {
        size_t nonce_len = 0;
        if (strncmp(line, "Count = ", 8) == 0) v->id = strtol(line + 8, NULL, 10);
        kat_field(line, "Key", v->key, sizeof v->key, &v->key_len);
        kat_field(line, "Nonce", v->nonce, sizeof v->nonce, &nonce_len);
        kat_field(line, "PT", v->pt, sizeof v->pt, &v->pt_len);
        kat_field(line, "AD", v->ad, sizeof v->ad, &v->ad_len);
        size_t ct_len;
        if (kat_field(line, "CT", v->ct, sizeof v->ct, &ct_len)) {   /* CT closes a record */
            TL_CHECK(ct_len == v->pt_len + TJ_TAG_BYTES, "%s #%ld: CT length", file, v->id);
            fn(v, backend);
            count++;
        }
    }
    fclose(fp);
    free(v);
    return count;
}

static void kat_check(vec *v, const char *backend) { check_vec(v, backend, "KAT"); }

/* Forgeries on a spread of records: all PT lengths 0..5 and 31..32 with a
 * few AD lengths, which covers empty, partial and whole blocks. */
static void kat_forge(vec *v, const char *backend)
{
    long pt = (v->id - 1) / 33, ad = (v->id - 1) % 33;
    if ((pt <= 5 || pt >= 31) && (ad == 0 || ad == 3 || ad == 4 || ad == 9 || ad == 32))
        check_forgeries(v, backend);
}

/* ---- oracle vectors: key nonce ad pt ct||tag, '-' for empty ---- */

static long read_tsv(const char *file, const char *backend, int forge)
{
    FILE *fp = fopen(tl_vector_path(file), "r");
    if (!TL_CHECK(fp != NULL, "cannot open %s", file)) return -1;
    vec *v = calloc(1, sizeof *v);
    char line[8192];
    long rows = 0, lineno = 0;
    while (fgets(line, sizeof line, fp)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n') continue;
        char *f[5] = { 0 }, *p = line;
        int nf = 0;
        line[strcspn(line, "\r\n")] = 0;
        while (p && nf < 5) {
            char *tab = strchr(p, '\t');
            if (tab) *tab = 0;
            f[nf++] = strcmp(p, "-") == 0 ? "" : p;
            p = tab ? tab + 1 : NULL;
        }
        if (!TL_CHECK(nf == 5, "%s:%ld: %d fields", file, lineno, nf)) continue;
        long kl = tl_unhex(f[0], v->key, sizeof v->key), nl = tl_unhex(f[1], v->nonce, sizeof v->nonce);
        long al = tl_unhex(f[2], v->ad, sizeof v->ad), pl = tl_unhex(f[3], v->pt, sizeof v->pt);
        long cl = tl_unhex(f[4], v->ct, sizeof v->ct);
        if (!TL_CHECK((kl == 16 || kl == 24 || kl == 32) && nl == 12 && al >= 0 && pl >= 0 &&
                      cl == pl + TJ_TAG_BYTES, "%s:%ld: bad row", file, lineno))
            continue;
        v->key_len = (size_t)kl; v->ad_len = (size_t)al; v->pt_len = (size_t)pl; v->id = lineno;
        check_vec(v, backend, "oracle");
        if (forge && rows % 50 == 0) check_forgeries(v, backend);
        rows++;
    }
    fclose(fp);
    free(v);
    return rows;
}

/* ---- every backend against ref on random inputs ---- */

static void differential(const char *cipher, size_t key_len, const char *backend, int cases)
{
    uint8_t key[32], nonce[12], ad[MAXLEN], pt[MAXLEN], want[MAXLEN + 8], got[MAXLEN + 8];
    for (int c = 0; c < cases; c++) {
        size_t ad_len = tl_rand_below(c < cases / 2 ? 40 : MAXLEN + 1);
        size_t pt_len = tl_rand_below(c < cases / 2 ? 40 : MAXLEN + 1);
        tl_random_bytes(key, key_len);
        tl_random_bytes(nonce, 12);
        tl_random_bytes(ad, ad_len);
        tl_random_bytes(pt, pt_len);
        kc_aead *r = open_aead(cipher, "ref", key, key_len), *b = open_aead(cipher, backend, key, key_len);
        size_t n1 = 0, n2 = 0;
        if (r && b) {
            kc_aead_encrypt(r, want, sizeof want, &n1, nonce, 12, ad, ad_len, pt, pt_len);
            kc_aead_encrypt(b, got, sizeof got, &n2, nonce, 12, ad, ad_len, pt, pt_len);
            if (!tl_check_bytes(got, want, pt_len + TJ_TAG_BYTES, "%s/%s random case %d (ad %zu, pt %zu)",
                                cipher, backend, c, ad_len, pt_len))
                break;
            memset(got, FILL, sizeof got);
            kc_status st = kc_aead_decrypt(b, got, sizeof got, &n2, nonce, 12, ad, ad_len, want, n1);
            TL_CHECK(st == KC_OK && n2 == pt_len && memcmp(got, pt, pt_len) == 0,
                     "%s/%s random case %d: decrypt", cipher, backend, c);
        }
        kc_aead_free(r);
        kc_aead_free(b);
    }
}

/* ---- the keyed permutation alone ([TINYJAMBU], KAT 128 Count 1 key) ---- */

static void check_permutation(void)
{
    static const uint8_t key[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
    static const uint32_t p1024[4] = { 0x66A437E1, 0x481F57E0, 0x66B7DF88, 0x9C435A6F };
    static const uint32_t p640[4] = { 0xC8F4465D, 0xDB809A68, 0x2F65BBF2, 0xB505CBD1 };
    static const uint32_t nonce0[4] = { 0xC0B23058, 0x742896C7, 0xDB240E22, 0x1605DB68 };
    tj_key k;
    tj_load_key(&k, key, 16);
    TL_CHECK(k.big_steps == 1024 && k.words == 4, "128-bit key: P_b and word count");
    uint32_t s[4] = { 0 };
    tj_permute(s, &k, k.big_steps);
    TL_CHECK(memcmp(s, p1024, sizeof s) == 0, "P1024 of zero state: %08x %08x %08x %08x", s[0], s[1], s[2], s[3]);
    s[1] ^= TJ_FRAME_NONCE;
    tj_permute(s, &k, TJ_SMALL_STEPS);
    s[3] ^= 0x03020100;
    TL_CHECK(memcmp(s, nonce0, sizeof s) == 0, "after nonce word 0: %08x %08x %08x %08x", s[0], s[1], s[2], s[3]);
    memset(s, 0, sizeof s);
    tj_permute(s, &k, TJ_SMALL_STEPS);
    TL_CHECK(memcmp(s, p640, sizeof s) == 0, "P640 of zero state: %08x %08x %08x %08x", s[0], s[1], s[2], s[3]);

    static const uint8_t key24[24] = { 0 }, key32[32] = { 0 };
    tj_load_key(&k, key24, 24);
    TL_CHECK(k.big_steps == 1152 && k.words == 6, "192-bit key: P_b and word count");
    tj_load_key(&k, key32, 32);
    TL_CHECK(k.big_steps == 1280 && k.words == 8, "256-bit key: P_b and word count");
}

/* A few argument errors, as seen by a TinyJAMBU user. */
static void check_api(const char *cipher, size_t key_len, const char *backend)
{
    uint8_t key[32] = { 0 }, nonce[12] = { 0 }, buf[64], pt[8] = { 0 };
    kc_aead *a = NULL;
    size_t n = 99;
    tl_check_status(kc_aead_new(&a, cipher, backend, key, key_len - 1), KC_ERR_KEY_LENGTH, "%s: short key", cipher);
    a = open_aead(cipher, backend, key, key_len);
    if (!a) return;
    TL_CHECK(kc_aead_tag_size(a) == 8 && kc_aead_nonce_size(a) == 12, "%s: tag/nonce sizes", cipher);
    tl_check_status(kc_aead_encrypt(a, buf, sizeof buf, &n, nonce, 11, NULL, 0, pt, 8),
                    KC_ERR_NONCE_LENGTH, "%s: 11-byte nonce", cipher);
    tl_check_status(kc_aead_encrypt(a, buf, 15, &n, nonce, 12, NULL, 0, pt, 8),
                    KC_ERR_OUTPUT_TOO_SMALL, "%s: encrypt out_cap", cipher);
    tl_check_status(kc_aead_decrypt(a, buf, sizeof buf, &n, nonce, 12, NULL, 0, pt, 7),
                    KC_ERR_INPUT_TOO_SHORT, "%s: input shorter than the tag", cipher);
    /* Empty everything: only the tag. */
    tl_check_status(kc_aead_encrypt(a, buf, sizeof buf, &n, nonce, 12, NULL, 0, NULL, 0), KC_OK, "%s: empty", cipher);
    TL_CHECK(n == 8, "%s: empty message gives an 8-byte tag", cipher);
    tl_check_status(kc_aead_decrypt(a, NULL, 0, &n, nonce, 12, NULL, 0, buf, 8), KC_OK, "%s: empty decrypt", cipher);
    kc_aead_free(a);
}

/* Batches of messages (SIMD backends run several at once) equal single
 * calls; a forged message fails alone, with its output untouched. */
static void batch(const char *cipher, size_t key_len, const char *backend)
{
    enum { COUNT = 37, BMAX = 90 };
    uint8_t key[32], nonces[COUNT][12], ads[COUNT][40], pts[COUNT][BMAX], cts[COUNT][BMAX + 8];
    uint8_t outs[COUNT][BMAX + 8], one[BMAX + 8];
    kc_aead_msg m[COUNT];
    tl_random_bytes(key, sizeof key);
    kc_aead *a = open_aead(cipher, backend, key, key_len);
    if (!a) return;
    for (size_t i = 0; i < COUNT; i++) {
        tl_random_bytes(nonces[i], 12);
        tl_random_bytes(ads[i], 40);
        tl_random_bytes(pts[i], BMAX);
        m[i] = (kc_aead_msg){ nonces[i], ads[i], tl_rand_below(41), pts[i], tl_rand_below(BMAX + 1),
                              cts[i], sizeof cts[i], 0, KC_ERR_STATE };
    }
    tl_check_status(kc_aead_encrypt_batch(a, m, COUNT), KC_OK, "%s/%s batch encrypt", cipher, backend);
    for (size_t i = 0; i < COUNT; i++) {
        size_t n;
        kc_aead_encrypt(a, one, sizeof one, &n, nonces[i], 12, ads[i], m[i].ad_len, pts[i], m[i].in_len);
        tl_check(m[i].status == KC_OK && m[i].out_len == n, "%s/%s batch message %zu status", cipher, backend, i);
        tl_check_bytes(cts[i], one, n, "%s/%s batch message %zu", cipher, backend, i);
    }
    size_t forged = 5;
    for (size_t i = 0; i < COUNT; i++)
        m[i] = (kc_aead_msg){ nonces[i], ads[i], m[i].ad_len, cts[i], m[i].out_len, outs[i], sizeof outs[i], 0, KC_OK };
    cts[forged][0] ^= 1;
    memset(outs, 0xa5, sizeof outs);
    m[7].in_len = 3;                                   /* shorter than the tag */
    tl_check_status(kc_aead_decrypt_batch(a, m, COUNT), KC_ERR_AUTH, "%s/%s batch decrypt: first failure", cipher, backend);
    for (size_t i = 0; i < COUNT; i++) {
        kc_status want = i == forged ? KC_ERR_AUTH : i == 7 ? KC_ERR_INPUT_TOO_SHORT : KC_OK;
        tl_check_status(m[i].status, want, "%s/%s batch decrypt message %zu", cipher, backend, i);
        if (want == KC_OK) tl_check_bytes(outs[i], pts[i], m[i].out_len, "%s/%s batch plaintext %zu", cipher, backend, i);
        else tl_check(outs[i][0] == 0xa5 && m[i].out_len == 0, "%s/%s failed message %zu untouched", cipher, backend, i);
    }
    kc_aead_free(a);
}

/* SIMD lanes: many messages of mixed lengths (empty, partial words, long
 * AD and plaintext, all equal), more than one decryption chunk, some in
 * place; forged lanes (ciphertext, tag, AD, nonce) fail alone and leave
 * their output untouched.  Every message is checked against a single call. */
static void batch_lanes(const char *cipher, size_t key_len, const char *backend)
{
    enum { COUNT = 150, PMAX = 600, AMAX = 100 };
    typedef struct item { uint8_t nonce[12], ad[AMAX], pt[PMAX], ct[PMAX + 8], out[PMAX + 8]; } item;
    item *it = calloc(COUNT, sizeof *it);
    kc_aead_msg *m = calloc(COUNT, sizeof *m);
    uint8_t key[32], one[PMAX + 8];
    tl_random_bytes(key, sizeof key);
    kc_aead *a = open_aead(cipher, backend, key, key_len);
    if (!a || !it || !m) { free(it); free(m); kc_aead_free(a); return; }
    for (int shape = 0; shape < 3; shape++) {
        for (size_t i = 0; i < COUNT; i++) {
            size_t pl = shape == 0 ? 1024 % PMAX : shape == 1 ? tl_rand_below(PMAX + 1)
                      : i % 5 == 0 ? tl_rand_below(9) : tl_rand_below(PMAX + 1);
            size_t al = shape == 0 ? 8 : i % 3 == 0 ? 0 : tl_rand_below(AMAX + 1);
            tl_random_bytes(it[i].nonce, 12);
            tl_random_bytes(it[i].ad, al);
            tl_random_bytes(it[i].pt, pl);
            int inplace = i % 4 == 1;
            if (inplace) memcpy(it[i].out, it[i].pt, pl);
            m[i] = (kc_aead_msg){ it[i].nonce, it[i].ad, al, inplace ? it[i].out : it[i].pt, pl,
                                  it[i].out, sizeof it[i].out, 0, KC_ERR_STATE };
        }
        tl_check_status(kc_aead_encrypt_batch(a, m, COUNT), KC_OK, "%s/%s lanes: encrypt", cipher, backend);
        for (size_t i = 0; i < COUNT; i++) {
            size_t n = 0;
            kc_aead_encrypt(a, one, sizeof one, &n, it[i].nonce, 12, it[i].ad, m[i].ad_len, it[i].pt, m[i].in_len);
            tl_check(m[i].status == KC_OK && m[i].out_len == n, "%s/%s lanes shape %d: message %zu status",
                     cipher, backend, shape, i);
            if (!tl_check_bytes(it[i].out, one, n, "%s/%s lanes shape %d: message %zu (ad %zu, pt %zu)",
                                cipher, backend, shape, i, m[i].ad_len, m[i].in_len))
                break;
            memcpy(it[i].ct, one, n);
        }
        /* Decrypt: forge every 7th message, some in place. */
        for (size_t i = 0; i < COUNT; i++) {
            size_t ct_len = m[i].in_len + TJ_TAG_BYTES;
            int inplace = i % 4 == 2;
            memset(it[i].out, 0xa5, sizeof it[i].out);
            if (inplace) memcpy(it[i].out, it[i].ct, ct_len);
            if (i % 7 == 3) {
                size_t what = i / 7 % 4;
                if (what == 0 && ct_len > TJ_TAG_BYTES) it[i].ct[tl_rand_below(ct_len - TJ_TAG_BYTES)] ^= 0x10;
                else if (what == 1 || what == 0) it[i].ct[ct_len - 1 - tl_rand_below(TJ_TAG_BYTES)] ^= 0x01;
                else if (what == 2 && m[i].ad_len) it[i].ad[tl_rand_below(m[i].ad_len)] ^= 0x80;
                else it[i].nonce[tl_rand_below(12)] ^= 0x04;
                if (inplace) memcpy(it[i].out, it[i].ct, ct_len);
            }
            m[i] = (kc_aead_msg){ it[i].nonce, it[i].ad, m[i].ad_len, inplace ? it[i].out : it[i].ct, ct_len,
                                  it[i].out, sizeof it[i].out, 99, KC_OK };
        }
        tl_check_status(kc_aead_decrypt_batch(a, m, COUNT), KC_ERR_AUTH, "%s/%s lanes: decrypt", cipher, backend);
        for (size_t i = 0; i < COUNT; i++) {
            size_t len = m[i].in_len - TJ_TAG_BYTES;
            int inplace = i % 4 == 2;
            if (i % 7 == 3) {
                tl_check(m[i].status == KC_ERR_AUTH && m[i].out_len == 0, "%s/%s lanes: forged %zu accepted",
                         cipher, backend, i);
                size_t k = 0;
                if (inplace) k = memcmp(it[i].out, it[i].ct, m[i].in_len) == 0 ? m[i].in_len : 0;
                else while (k < sizeof it[i].out && it[i].out[k] == 0xa5) k++;
                tl_check(k == (inplace ? m[i].in_len : sizeof it[i].out), "%s/%s lanes: forged %zu wrote output",
                         cipher, backend, i);
            } else {
                tl_check(m[i].status == KC_OK && m[i].out_len == len, "%s/%s lanes: message %zu rejected",
                         cipher, backend, i);
                tl_check_bytes(it[i].out, it[i].pt, len, "%s/%s lanes shape %d: plaintext %zu", cipher, backend, shape, i);
                if (!inplace) tl_check(it[i].out[len] == 0xa5, "%s/%s lanes: wrote past %zu", cipher, backend, i);
            }
        }
    }
    kc_aead_free(a);
    free(it);
    free(m);
}

int main(void)
{
    static const struct { const char *cipher, *kat; size_t key_len; } sets[] = {
        { "tinyjambu-128", "tinyjambu/TinyJAMBU-128-v2_LWC_AEAD_KAT_128_96.txt", 16 },
        { "tinyjambu-192", "tinyjambu/TinyJAMBU-192-v2_LWC_AEAD_KAT_192_96.txt", 24 },
        { "tinyjambu-256", "tinyjambu/TinyJAMBU-256-v2_LWC_AEAD_KAT_256_96.txt", 32 },
    };
    check_permutation();
    for (size_t s = 0; s < 3; s++) {
        char kat[4096] = "";
        const char *found = tl_external_vector(sets[s].kat, NULL);
        if (found) snprintf(kat, sizeof kat, "%s", found);
        size_t nb = kc_backend_count(sets[s].cipher);
        TL_CHECK(nb >= 1, "%s: no backends", sets[s].cipher);
        for (size_t i = 0; i < nb; i++) {
            kc_backend_info info;
            if (!tl_check_status(kc_backend_at(sets[s].cipher, i, &info), KC_OK, "backend %zu", i)) continue;
            if (!info.available) { printf("%s/%s: not available here, skipped\n", sets[s].cipher, info.name); continue; }
            if (*kat) {
                long n = read_kats(kat, kat_check, info.name);
                TL_CHECK(n == 1089, "%s: %ld KAT records", kat, n);
                read_kats(kat, kat_forge, info.name);
            }
            check_api(sets[s].cipher, sets[s].key_len, info.name);
            batch(sets[s].cipher, sets[s].key_len, info.name);
            batch_lanes(sets[s].cipher, sets[s].key_len, info.name);
            if (strcmp(info.name, "ref") != 0) differential(sets[s].cipher, sets[s].key_len, info.name, 1000);
            if (s == 0) {   /* the oracle file mixes all three key sizes */
                long rows = read_tsv("tinyjambu/tinyjambu_oracle_random.tsv", info.name, 1);
                TL_CHECK(rows == 900, "oracle rows: %ld", rows);
            }
        }
    }
    return tl_finish("test_tinyjambu");
}
