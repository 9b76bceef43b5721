/* SPDX-License-Identifier: MIT */
/* GCM and GMAC ([SP800-38D]) through kc_aead: the NIST CAVS AES-GCM files,
 * OpenSSL's ARIA-GCM set and KISA's LEA-GCM set (read at run time) on every
 * block-cipher backend x every GHASH backend; one-shot against streaming
 * against batch; every error; and, when built with the peers, random
 * messages against OpenSSL, Crypto++ and Botan. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "core/arch.h"
#include "core/cpu.h"
#include "core/objects.h"
#include "ghash/ghash.h"
#include "modes/mode_mac.h"
#ifdef KC_GCM_PEERS
#include "peer.h"
#endif

/* Emulated bare-metal targets (RV32I, Cortex-M3) keep one NIST vector in
 * SAMPLE (every ARIA and LEA one) and run fewer random cases: all of them
 * would take hours there. */
#if KC_ARCH_X86 || KC_ARCH_AARCH64
#define SAMPLE 1
#define CASES 60
#else
#define SAMPLE 64
#define CASES 4
#endif

/* ---- vectors ---- */

typedef struct vec {
    char cipher[16];
    uint8_t key[32], iv[128], ad[128], pt[256], ct[256], tag[16];
    long key_len, iv_len, ad_len, pt_len, ct_len, tag_len;
    int fail;       /* decryption must fail */
    int line;
} vec;

static vec *vecs;
static size_t nvecs, capvecs;
static const char *where;

static vec scratch;
static unsigned long seen, sample = 1;

static vec *push(void)
{
    if (seen++ % sample) return &scratch;   /* read, not kept */
    if (nvecs == capvecs) {
        capvecs = capvecs ? capvecs * 2 : 1024;
        vecs = realloc(vecs, capvecs * sizeof *vecs);
        if (!vecs) abort();
    }
    memset(&vecs[nvecs], 0, sizeof *vecs);
    vecs[nvecs].pt_len = vecs[nvecs].ct_len = -1;
    return &vecs[nvecs++];
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\r' || s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = '\0';
    return s;
}

static long field(const char *v, uint8_t *out, size_t cap, int line)
{
    long n = tl_unhex(v, out, cap);
    TL_CHECK(n >= 0, "%s:%d: bad hex", where, line);
    return n < 0 ? 0 : n;
}

/* Sets a record field from "Name = value"; returns 0 for an unknown name. */
static int set(vec *v, const char *name, const char *val, int line)
{
    if (!strcmp(name, "Key")) v->key_len = field(val, v->key, sizeof v->key, line);
    else if (!strcmp(name, "IV")) v->iv_len = field(val, v->iv, sizeof v->iv, line);
    else if (!strcmp(name, "AAD")) v->ad_len = field(val, v->ad, sizeof v->ad, line);
    else if (!strcmp(name, "PT") || !strcmp(name, "Plaintext")) v->pt_len = field(val, v->pt, sizeof v->pt, line);
    else if (!strcmp(name, "CT") || !strcmp(name, "Ciphertext")) v->ct_len = field(val, v->ct, sizeof v->ct, line);
    else if (!strcmp(name, "Tag")) v->tag_len = field(val, v->tag, sizeof v->tag, line);
    else return 0;
    return 1;
}

/* NIST CAVS .rsp and the KISA file (same layout): "[Keylen = n]" names the
 * cipher, records start at "Count", "FAIL" marks a failing decryption. */
static void load_rsp(const char *path, const char *family)
{
    FILE *f = fopen(path, "r");
    if (!TL_CHECK(f != NULL, "cannot read %s", path)) return;
    where = path;
    char buf[1024], cipher[16] = "";
    vec *v = NULL;
    int line = 0;
    while (fgets(buf, sizeof buf, f)) {
        line++;
        char *s = trim(buf), *eq;
        if (!*s || *s == '#') continue;
        if (*s == '[') {
            int bits;
            if (sscanf(s, "[Keylen = %d]", &bits) == 1) snprintf(cipher, sizeof cipher, "%s-%d", family, bits);
            continue;
        }
        if (!strcmp(s, "FAIL")) { if (v) v->fail = 1; continue; }
        if (!(eq = strchr(s, '='))) continue;
        *eq = '\0';
        char *name = trim(s), *val = trim(eq + 1);
        if (!strcmp(name, "Count")) {
            v = push();
            snprintf(v->cipher, sizeof v->cipher, "%s", cipher);
            v->line = line;
            continue;
        }
        if (v) set(v, name, val, line);
    }
    fclose(f);
}

/* OpenSSL evpciph_*.txt: blank-line separated stanzas; only "*-GCM" ones. */
static void load_evp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!TL_CHECK(f != NULL, "cannot read %s", path)) return;
    where = path;
    char buf[1024];
    vec cur;
    int have = 0, line = 0;
    memset(&cur, 0, sizeof cur);
    for (;;) {
        char *got = fgets(buf, sizeof buf, f);
        line++;
        char *s = got ? trim(buf) : (char *)"";
        if (!*s) {
            if (have) *push() = cur;
            have = 0;
            if (!got) break;
            continue;
        }
        if (*s == '#') continue;
        char *eq = strchr(s, '=');
        if (!eq) continue;
        *eq = '\0';
        char *name = trim(s), *val = trim(eq + 1);
        if (!strcmp(name, "Cipher")) {
            size_t n = strlen(val);
            have = n > 4 && !strcmp(val + n - 4, "-GCM");
            memset(&cur, 0, sizeof cur);
            cur.line = line;
            for (size_t i = 0; i + 4 < n && i + 1 < sizeof cur.cipher; i++)
                cur.cipher[i] = (char)(val[i] >= 'A' && val[i] <= 'Z' ? val[i] + 32 : val[i]);
        } else if (have) {
            set(&cur, name, val, line);
        }
    }
    fclose(f);
}

/* ---- backends ---- */

static int ghash_runnable(const kc_ghash_backend *g)
{
    return (g->head.cpu & ~kc_cpu_detect()) == 0;
}

/* "block/ghash" for combination k of the cipher's runnable backends; NULL past the end. */
static const char *combo(const char *cipher, size_t k, char *buf, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < kc_backend_count(cipher); i++) {
        const char *b = tl_backend_at(cipher, i);
        if (!b) continue;
        for (size_t j = 0; kc_ghash_backends[j]; j++) {
            if (!ghash_runnable(kc_ghash_backends[j])) continue;
            if (n++ == k) {
                snprintf(buf, cap, "%s/%s", b, kc_ghash_backends[j]->head.name);
                return buf;
            }
        }
    }
    return NULL;
}

/* ---- known answers ---- */

static void check_vector(const vec *v, const char *backend)
{
    char label[128];
    snprintf(label, sizeof label, "%s-gcm %s line %d", v->cipher, backend, v->line);
    kc_aead *a;
    char name[32];
    snprintf(name, sizeof name, "%s-gcm", v->cipher);
    if (!tl_check_status(kc_aead_new(&a, name, backend, v->key, (size_t)v->key_len), KC_OK, "%s: new", label)) return;
    tl_check_status(kc_aead_set_tag_size(a, (size_t)v->tag_len), KC_OK, "%s: tag size", label);
    uint8_t buf[512], out[512];
    size_t n, len = (size_t)v->ct_len;
    if (!v->fail) {
        TL_CHECK(v->pt_len == v->ct_len, "%s: PT and CT lengths", label);
        kc_status st = kc_aead_encrypt(a, out, sizeof out, &n, v->iv, (size_t)v->iv_len, v->ad, (size_t)v->ad_len,
                                       v->pt, len);
        if (tl_check_status(st, KC_OK, "%s: encrypt", label) && TL_CHECK(n == len + (size_t)v->tag_len, "%s: length", label)) {
            tl_check_bytes(out, v->ct, len, "%s: ciphertext", label);
            tl_check_bytes(out + len, v->tag, (size_t)v->tag_len, "%s: tag", label);
        }
    }
    memcpy(buf, v->ct, len);
    memcpy(buf + len, v->tag, (size_t)v->tag_len);
    memset(out, 0xa5, sizeof out);
    kc_status st = kc_aead_decrypt(a, out, sizeof out, &n, v->iv, (size_t)v->iv_len, v->ad, (size_t)v->ad_len,
                                   buf, len + (size_t)v->tag_len);
    if (v->fail) {
        size_t touched = 0;
        for (size_t i = 0; i < sizeof out; i++) touched += out[i] != 0xa5;
        tl_check_status(st, KC_ERR_AUTH, "%s: decrypt of a FAIL record", label);
        TL_CHECK(touched == 0 && n == 0, "%s: a failed tag wrote %zu bytes", label, touched);
    } else if (tl_check_status(st, KC_OK, "%s: decrypt", label)) {
        tl_check_bytes(out, v->pt, len, "%s: plaintext", label);
    }
    kc_aead_free(a);
}

/* Every vector of one cipher family on every backend combination. */
static void run_vectors(const char *family)
{
    char cipher[16], buf[96];
    snprintf(cipher, sizeof cipher, "%s-128", family);
    size_t count = 0;
    for (size_t k = 0; combo(cipher, k, buf, sizeof buf); k++) {
        for (size_t i = 0; i < nvecs; i++)
            if (!strncmp(vecs[i].cipher, family, strlen(family))) { check_vector(&vecs[i], buf); count++; }
    }
    printf("%s-gcm: %zu vector checks over every backend combination\n", family, count);
}

/* ---- streaming, batch, GMAC ---- */

static unsigned long peer_checks;

static const char *const ciphers[] = { "aes-128", "aes-192", "aes-256", "aria-128", "aria-192", "aria-256",
                                       "lea-128", "lea-192", "lea-256", "rc6-128", "rc6-256",
                                       "rijndael-128-192" };
#define NCIPHERS (sizeof ciphers / sizeof ciphers[0])

static size_t rand_len(size_t max)
{
    switch (tl_rand_below(4)) {
    case 0: return tl_rand_below(49);
    case 1: return tl_rand_below(max + 1);
    case 2: return 16 * tl_rand_below(max / 16 + 1);
    default: return tl_rand_below(300);
    }
}

/* Streams in random pieces; decryption held (flags 0) or released. */
static kc_status stream(const kc_aead *a, int encrypt, unsigned flags, const uint8_t *iv, size_t iv_len,
                        const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len, uint8_t *out,
                        const uint8_t *tag_in, uint8_t *tag_out, size_t *out_total)
{
    kc_aead_stream *s;
    kc_status st = kc_aead_stream_new(&s, a, encrypt, flags, iv, iv_len);
    if (st != KC_OK) return st;
    for (size_t i = 0; i < ad_len;) {
        size_t n = tl_rand_below(ad_len - i + 1);
        if ((st = kc_aead_stream_ad(s, ad + i, n)) != KC_OK) goto done;
        i += n;
    }
    size_t w = 0, n;
    for (size_t i = 0; i < len || tl_rand_below(2);) {
        size_t take = tl_rand_below(len - i + 1);
        if (tl_rand_below(3) == 0) take = take % 33;
        if ((st = kc_aead_stream_update(s, out + w, len - w, &n, in + i, take)) != KC_OK) goto done;
        i += take;
        w += n;
        if (i == len) break;
    }
    if (encrypt) st = kc_aead_stream_tag(s, tag_out, kc_aead_tag_size(a));
    else if ((st = kc_aead_stream_verify(s, out + w, len - w, &n, tag_in, kc_aead_tag_size(a))) == KC_OK) w += n;
    *out_total = w;
done:
    kc_aead_stream_free(s);
    return st;
}

static void random_message(const char *cipher, int cases)
{
    static uint8_t key[32], iv[64], ad[600], pt[5000], ct[5100], ct2[5100], back[5100];
    char name[40], bk[96], label[200];
    snprintf(name, sizeof name, "%s-gcm", cipher);
    size_t ncombo = 0;
    while (combo(cipher, ncombo, bk, sizeof bk)) ncombo++;
    size_t key_len = kc_cipher_find(cipher)->key_bytes;
    for (int t = 0; t < cases; t++) {
        combo(cipher, tl_rand_below(ncombo), bk, sizeof bk);
        tl_random_bytes(key, key_len);
        size_t iv_len = tl_rand_below(3) ? 12 : 1 + tl_rand_below(sizeof iv), ad_len = rand_len(sizeof ad - 1);
        size_t len = rand_len(sizeof pt - 1), tag = 4 + tl_rand_below(13), n, m;
        tl_random_bytes(iv, iv_len);
        tl_random_bytes(ad, ad_len);
        tl_random_bytes(pt, len);
        snprintf(label, sizeof label, "%s %s case %d (iv %zu, ad %zu, len %zu, tag %zu)", name, bk, t, iv_len, ad_len, len, tag);
        kc_aead *a;
        if (!tl_check_status(kc_aead_new(&a, name, bk, key, key_len), KC_OK, "%s: new", label)) continue;
        kc_aead_set_tag_size(a, tag);
        kc_status st = kc_aead_encrypt(a, ct, sizeof ct, &n, iv, iv_len, ad, ad_len, pt, len);
        tl_check_status(st, KC_OK, "%s: encrypt", label);
        /* streaming encryption, random pieces */
        uint8_t stag[16];
        tl_check_status(stream(a, 1, 0, iv, iv_len, ad, ad_len, pt, len, ct2, NULL, stag, &m), KC_OK, "%s: stream", label);
        tl_check_bytes(ct2, ct, len, "%s: stream ciphertext", label);
        tl_check_bytes(stag, ct + len, tag, "%s: stream tag", label);
        /* held and released streaming decryption, then a bad tag on both */
        for (unsigned flags = 0; flags < 2; flags++) {
            memset(back, 0, len + 1);
            st = stream(a, 0, flags, iv, iv_len, ad, ad_len, ct, len, back, ct + len, NULL, &m);
            if (tl_check_status(st, KC_OK, "%s: stream decrypt %u", label, flags))
                TL_CHECK(m == len && !memcmp(back, pt, len), "%s: stream plaintext %u", label, flags);
            uint8_t bad[16];
            memcpy(bad, ct + len, tag);
            bad[tl_rand_below(tag)] ^= (uint8_t)(1u << tl_rand_below(8));
            memset(back, 0x5a, len + 1);
            st = stream(a, 0, flags, iv, iv_len, ad, ad_len, ct, len, back, bad, NULL, &m);
            tl_check_status(st, KC_ERR_AUTH, "%s: stream bad tag %u", label, flags);
            if (!flags) {
                size_t touched = 0;
                for (size_t i = 0; i <= len; i++) touched += back[i] != 0x5a;
                TL_CHECK(touched == 0, "%s: held stream wrote %zu bytes on a bad tag", label, touched);
            }
        }
        /* one-shot decryption in place */
        memcpy(ct2, ct, len + tag);
        st = kc_aead_decrypt(a, ct2, len, &m, iv, iv_len, ad, ad_len, ct2, len + tag);
        TL_CHECK(st == KC_OK && m == len && !memcmp(ct2, pt, len), "%s: decrypt in place", label);
#ifdef KC_GCM_PEERS
        static const char *const libs[] = { "openssl", "cryptopp", "botan", "libgcrypt" };
        for (size_t l = 0; l < sizeof libs / sizeof *libs; l++) {
            const peer_gcm *p = peer_gcm_find(libs[l]);
            void *h = p ? p->open(cipher, key, key_len) : NULL;
            if (!h) continue;
            uint8_t ptag[16];
            int r = p->seal(h, iv, iv_len, ad, ad_len, pt, len, ct2, ptag, tag);
            if (r == 0) {
                tl_check_bytes(ct2, ct, len, "%s: %s ciphertext", label, libs[l]);
                tl_check_bytes(ptag, ct + len, tag, "%s: %s tag", label, libs[l]);
                int ro = p->open_msg(h, iv, iv_len, ad, ad_len, ct, len, back, ct + len, tag);
                TL_CHECK(ro == 1 || (ro == 0 && !memcmp(back, pt, len)), "%s: %s opens ours", label, libs[l]);
                peer_checks++;
            }
            p->close(h);
        }
#endif
        kc_aead_free(a);
    }
}

/* Batch against one-shot, with one message's tag broken on the way back. */
static void batch(const char *cipher, size_t nonce_len)
{
    enum { N = 24 };
    static uint8_t key[32], nonce[N][32], ad[N][100], pt[N][3000], ct[N][3016], back[N][3016], want[3016];
    kc_aead_msg m[N];
    char name[40];
    snprintf(name, sizeof name, "%s-gcm", cipher);
    size_t key_len = kc_cipher_find(cipher)->key_bytes;
    tl_random_bytes(key, key_len);
    kc_aead *a;
    if (!tl_check_status(kc_aead_new(&a, name, NULL, key, key_len), KC_OK, "%s: new", name)) return;
    tl_check_status(kc_aead_set_nonce_size(a, nonce_len), KC_OK, "%s: nonce size %zu", name, nonce_len);
    kc_aead_set_tag_size(a, 12);
    for (int i = 0; i < N; i++) {
        size_t ad_len = tl_rand_below(sizeof ad[i]), len = tl_rand_below(sizeof pt[i]);
        tl_random_bytes(nonce[i], nonce_len);
        tl_random_bytes(ad[i], ad_len);
        tl_random_bytes(pt[i], len);
        m[i] = (kc_aead_msg){ nonce[i], ad[i], ad_len, pt[i], len, ct[i], sizeof ct[i], 0, KC_OK };
    }
    tl_check_status(kc_aead_encrypt_batch(a, m, N), KC_OK, "%s: encrypt batch", name);
    for (int i = 0; i < N; i++) {
        size_t n;
        kc_aead_encrypt(a, want, sizeof want, &n, nonce[i], nonce_len, ad[i], m[i].ad_len, pt[i], m[i].in_len);
        TL_CHECK(m[i].status == KC_OK && m[i].out_len == n && !memcmp(ct[i], want, n), "%s: batch message %d", name, i);
        m[i] = (kc_aead_msg){ nonce[i], ad[i], m[i].ad_len, ct[i], n, back[i], sizeof back[i], 0, KC_OK };
    }
    ct[5][m[5].in_len - 1] ^= 1;
    memset(back[5], 0x77, sizeof back[5]);
    tl_check_status(kc_aead_decrypt_batch(a, m, N), KC_ERR_AUTH, "%s: decrypt batch with a bad tag", name);
    for (int i = 0; i < N; i++) {
        if (i == 5) {
            size_t touched = 0;
            for (size_t j = 0; j < sizeof back[5]; j++) touched += back[5][j] != 0x77;
            TL_CHECK(m[i].status == KC_ERR_AUTH && m[i].out_len == 0 && touched == 0, "%s: batch bad tag", name);
        } else {
            TL_CHECK(m[i].status == KC_OK && m[i].out_len == m[i].in_len - 12 &&
                     !memcmp(back[i], pt[i], m[i].out_len), "%s: batch decrypt %d", name, i);
        }
    }
    kc_aead_free(a);
}

/* GMAC through its mode ops (the kc_mac glue is src/modes/mac.c) = GCM's tag with the message as AD. */
static void gmac(const char *cipher, int cases)
{
    static uint8_t key[32], iv[40], msg[2000], out[16];
    char name[40];
    snprintf(name, sizeof name, "%s-gcm", cipher);
    size_t key_len = kc_cipher_find(cipher)->key_bytes;
    void *state = aligned_alloc(16, (kc_gmac_mac.state_size + 15) & ~(size_t)15);
    void *st = aligned_alloc(16, (kc_gmac_mac.stream_size + 15) & ~(size_t)15);
    for (int t = 0; t < cases; t++) {
        tl_random_bytes(key, key_len);
        size_t iv_len = t % 2 ? 12 : 1 + tl_rand_below(sizeof iv), len = rand_len(sizeof msg - 1), n;
        tl_random_bytes(iv, iv_len);
        tl_random_bytes(msg, len);
        kc_cipher *c;
        kc_aead *a;
        kc_cipher_new(&c, cipher, NULL, key, key_len);
        kc_aead_new(&a, name, NULL, key, key_len);
        memset(state, 0, kc_gmac_mac.state_size);
        tl_check_status(kc_gmac_mac.init(state, c, NULL), KC_OK, "gmac init");
        tl_check_status(kc_gmac_mac.start(st, state, c, iv, iv_len), KC_OK, "gmac start");
        for (size_t i = 0; i < len;) {
            size_t k = tl_rand_below(len - i + 1);
            kc_gmac_mac.update(st, msg + i, k);
            i += k;
        }
        uint8_t tag[16];
        kc_gmac_mac.final(st, tag);
        kc_aead_encrypt(a, out, sizeof out, &n, iv, iv_len, msg, len, NULL, 0);
        tl_check_bytes(tag, out, 16, "%s GMAC = GCM with an empty message, case %d", cipher, t);
        kc_aead_free(a);
        kc_cipher_free(c);
    }
    free(state);
    free(st);
}

/* inc32 ([SP800-38D] 6.2): only the low 32 bits of the counter wrap.  This
 * IV's J0 (GHASH-derived) under the key 00..0f has the low word ffffffa0,
 * so a 4 KiB message wraps it; the expected output is built here from ECB
 * over explicit inc32 counter blocks, on every backend combination. */
static void counter_wrap(void)
{
    static const uint8_t iv[16] = { 0x6b, 0x63, 0x69, 0x70, 0x68, 0x65, 0x72, 0x77,
                                    0, 0, 0, 0, 0, 0x02, 0x3f, 0xfa };
    enum { LEN = 4096 + 5 };
    static uint8_t key[16], pt[LEN], want[LEN], got[LEN + 16], ks[LEN + 16], back[LEN], sct[LEN];
    for (int i = 0; i < 16; i++) key[i] = (uint8_t)i;
    tl_random_bytes(pt, LEN);
    kc_cipher *c;
    kc_status st;
    kc_cipher_new(&c, "aes-128", NULL, key, 16);
    uint8_t h[16] = { 0 }, y[16] = { 0 }, blocks[32] = { 0 };
    kc_cipher_encrypt_blocks(c, h, h, 16);
    const kc_ghash_backend *g = kc_ghash_find("ct", &st);
    _Alignas(16) static uint8_t hk[KC_GHASH_KEY_MAX];
    g->init(hk, h);
    memcpy(blocks, iv, 16);
    blocks[31] = 128;            /* [len(IV)]_64 in bits */
    g->update(hk, y, blocks, 2); /* y = J0 */
    TL_CHECK(y[12] == 0xff && y[13] == 0xff && y[14] == 0xff && y[15] == 0xa0, "J0 near the wrap");
    for (size_t i = 0; i < (LEN + 15) / 16; i++) {
        uint32_t w = (uint32_t)y[12] << 24 | (uint32_t)y[13] << 16 | (uint32_t)y[14] << 8 | y[15];
        w += (uint32_t)(i + 1);
        memcpy(ks + 16 * i, y, 12);
        ks[16 * i + 12] = (uint8_t)(w >> 24); ks[16 * i + 13] = (uint8_t)(w >> 16);
        ks[16 * i + 14] = (uint8_t)(w >> 8); ks[16 * i + 15] = (uint8_t)w;
    }
    kc_cipher_encrypt_blocks(c, ks, ks, (LEN + 15) / 16 * 16);
    for (size_t i = 0; i < LEN; i++) want[i] = pt[i] ^ ks[i];
    kc_cipher_free(c);
    char bk[96];
    for (size_t k = 0; combo("aes-128", k, bk, sizeof bk); k++) {
        kc_aead *a;
        size_t n, m;
        kc_aead_new(&a, "aes-128-gcm", bk, key, 16);
        st = kc_aead_encrypt(a, got, sizeof got, &n, iv, 16, NULL, 0, pt, LEN);
        if (tl_check_status(st, KC_OK, "wrap %s", bk)) tl_check_bytes(got, want, LEN, "inc32 wrap, %s", bk);
        uint8_t tag[16];
        st = stream(a, 1, 0, iv, 16, NULL, 0, pt, LEN, sct, NULL, tag, &m);
        TL_CHECK(st == KC_OK && !memcmp(sct, got, LEN) && !memcmp(tag, got + LEN, 16), "wrap stream %s", bk);
        st = kc_aead_decrypt(a, back, LEN, &m, iv, 16, NULL, 0, got, n);
        TL_CHECK(st == KC_OK && !memcmp(back, pt, LEN), "wrap decrypt %s", bk);
        kc_aead_free(a);
    }
}

static void errors(void)
{
    uint8_t key[16] = { 1 }, iv[12] = { 2 }, buf[256], out[256], tag[16];
    size_t n;
    kc_aead *a;
    kc_aead_stream *s;
    tl_check_status(kc_aead_new(&a, "pipo-64-128-gcm", NULL, key, 16), KC_ERR_UNKNOWN_CIPHER, "64-bit block GCM");
    tl_check_status(kc_aead_new(&a, "tinyjambu-128-gcm", NULL, key, 16), KC_ERR_UNKNOWN_CIPHER, "GCM of an AEAD");
    tl_check_status(kc_aead_new(&a, "nope-gcm", NULL, key, 16), KC_ERR_UNKNOWN_CIPHER, "unknown cipher");
    tl_check_status(kc_aead_new(&a, "aes-128-gcm", NULL, key, 15), KC_ERR_KEY_LENGTH, "key length");
    tl_check_status(kc_aead_new(&a, "aes-128-gcm", "nope", key, 16), KC_ERR_UNKNOWN_BACKEND, "block backend");
    tl_check_status(kc_aead_new(&a, "aes-128-gcm", "ct/nope", key, 16), KC_ERR_UNKNOWN_BACKEND, "GHASH backend");
    tl_check_status(kc_aead_new(&a, "aes-128", NULL, key, 16), KC_ERR_WRONG_KIND, "block cipher as AEAD");
    if (!tl_check_status(kc_aead_new(&a, "aes-128-gcm", "ct/", key, 16), KC_OK, "new")) return;
    TL_CHECK(kc_aead_tag_size(a) == 16 && kc_aead_nonce_size(a) == 12, "defaults");
    TL_CHECK(!strncmp(kc_aead_backend_name(a), "ct/", 3) && strlen(kc_aead_backend_name(a)) > 3,
             "backend name %s", kc_aead_backend_name(a));
    tl_check_status(kc_aead_set_tag_size(a, 3), KC_ERR_TAG_LENGTH, "tag 3");
    tl_check_status(kc_aead_set_tag_size(a, 17), KC_ERR_TAG_LENGTH, "tag 17");
    tl_check_status(kc_aead_set_nonce_size(a, 0), KC_ERR_NONCE_LENGTH, "nonce 0");
    TL_CHECK(kc_aead_tag_size(a) == 16 && kc_aead_nonce_size(a) == 12, "sizes kept after refusals");
    memset(out, 0xee, sizeof out);
    tl_check_status(kc_aead_encrypt(a, out, sizeof out, &n, iv, 0, NULL, 0, buf, 10), KC_ERR_NONCE_LENGTH, "nonce 0");
    tl_check_status(kc_aead_encrypt(a, out, 25, &n, iv, 12, NULL, 0, buf, 10), KC_ERR_OUTPUT_TOO_SMALL, "room");
    tl_check_status(kc_aead_decrypt(a, out, sizeof out, &n, iv, 12, NULL, 0, buf, 15), KC_ERR_INPUT_TOO_SHORT, "short");
    tl_check_status(kc_aead_encrypt(a, buf + 1, 200, &n, iv, 12, NULL, 0, buf, 10), KC_ERR_OVERLAP, "overlap");
    tl_check_status(kc_aead_encrypt(a, out, sizeof out, &n, out + 10, 12, NULL, 0, buf, 10), KC_ERR_OVERLAP, "nonce overlap");
    if (sizeof(size_t) > 4) {   /* the limits are checked before anything is read */
        size_t big = (size_t)((UINT64_C(1) << 36) - 31);
        uint8_t *far = (uint8_t *)((uintptr_t)buf + ((uintptr_t)1 << (sizeof(uintptr_t) > 4 ? 40 : 0)));   /* never dereferenced */
        tl_check_status(kc_aead_encrypt(a, far, SIZE_MAX, &n, iv, 12, NULL, 0, buf, big), KC_ERR_INPUT_TOO_LONG, "too long");
        tl_check_status(kc_aead_encrypt(a, buf, SIZE_MAX, &n, iv, 12, NULL, 0, buf + 1, big - 1), KC_ERR_OVERLAP,
                        "the largest length passes the limit check (then overlaps)");
        tl_check_status(kc_aead_decrypt(a, far, SIZE_MAX, &n, iv, 12, NULL, 0, buf, big + 16), KC_ERR_INPUT_TOO_LONG, "too long");
        for (unsigned fl = 0; fl < 2; fl++) {
            kc_aead_stream_new(&s, a, 0, fl, iv, 12);
            tl_check_status(kc_aead_stream_update(s, far, SIZE_MAX, &n, buf, big), KC_ERR_INPUT_TOO_LONG, "stream too long");
            kc_aead_stream_free(s);
        }
    }
    size_t touched = 0;
    for (size_t i = 0; i < sizeof out; i++) touched += out[i] != 0xee;
    TL_CHECK(touched == 0, "errors wrote %zu bytes", touched);
    /* streams out of order */
    tl_check_status(kc_aead_stream_new(&s, a, 1, 4, iv, 12), KC_ERR_BAD_MODE, "unknown flag");
    tl_check_status(kc_aead_stream_new(&s, a, 1, 0, iv, 0), KC_ERR_NONCE_LENGTH, "stream nonce");
    kc_aead_stream_new(&s, a, 1, 0, iv, 12);
    tl_check_status(kc_aead_stream_update(s, out, 10, &n, buf, 10), KC_OK, "update");
    tl_check_status(kc_aead_stream_ad(s, buf, 1), KC_ERR_STATE, "AD after data");
    tl_check_status(kc_aead_stream_verify(s, out, 10, &n, tag, 16), KC_ERR_STATE, "verify when encrypting");
    tl_check_status(kc_aead_stream_tag(s, tag, 12), KC_ERR_TAG_LENGTH, "tag length");
    tl_check_status(kc_aead_stream_tag(s, tag, 16), KC_OK, "tag");
    tl_check_status(kc_aead_stream_tag(s, tag, 16), KC_ERR_STATE, "tag twice");
    tl_check_status(kc_aead_stream_update(s, out, 10, &n, buf, 10), KC_ERR_STATE, "update after tag");
    kc_aead_stream_free(s);
    kc_aead_stream_new(&s, a, 0, 0, iv, 12);
    tl_check_status(kc_aead_stream_update(s, out, 0, &n, buf, 10), KC_OK, "held update needs no room");
    TL_CHECK(n == 0, "held update wrote %zu", n);
    tl_check_status(kc_aead_stream_tag(s, tag, 16), KC_ERR_STATE, "tag when decrypting");
    tl_check_status(kc_aead_stream_verify(s, out, 9, &n, tag, 16), KC_ERR_OUTPUT_TOO_SMALL, "verify room");
    tl_check_status(kc_aead_stream_verify(s, out, 10, &n, tag, 16), KC_ERR_AUTH, "bad tag");
    tl_check_status(kc_aead_stream_verify(s, out, 10, &n, tag, 16), KC_ERR_STATE, "verify twice");
    kc_aead_stream_free(s);
    kc_aead_free(a);
    /* TinyJAMBU keeps its sizes and has no stream */
    if (tl_check_status(kc_aead_new(&a, "tinyjambu-128", NULL, key, 16), KC_OK, "tinyjambu")) {
        tl_check_status(kc_aead_set_tag_size(a, 16), KC_ERR_TAG_LENGTH, "tinyjambu tag");
        tl_check_status(kc_aead_set_tag_size(a, 8), KC_OK, "tinyjambu tag 8");
        tl_check_status(kc_aead_stream_new(&s, a, 1, 0, iv, 12), KC_ERR_BAD_MODE, "tinyjambu stream");
        kc_aead_free(a);
    }
}

int main(void)
{
    const char *p;
    static const char *const rsp[] = { "gcmEncryptExtIV128.rsp", "gcmEncryptExtIV192.rsp", "gcmEncryptExtIV256.rsp",
                                       "gcmDecrypt128.rsp", "gcmDecrypt192.rsp", "gcmDecrypt256.rsp" };
    char rel[128];
    size_t before = 0;
    for (size_t i = 0; i < 6; i++) {
        snprintf(rel, sizeof rel, "gcm/%s", rsp[i]);
        const char *dir = getenv("KC_PYCA_GCM_DIR");   /* cryptography_vectors/ciphers/AES/GCM */
        char path[4096];
        if (!dir) dir = KC_PYCA_GCM_DIR;
        snprintf(path, sizeof path, "%s/%s", dir, rsp[i]);
        FILE *f = *dir ? fopen(path, "r") : NULL;
        sample = SAMPLE;
        if (f) { fclose(f); load_rsp(path, "aes"); }
        else if ((p = tl_external_vector(rel, NULL)) != NULL) load_rsp(p, "aes");
        sample = 1;
    }
    if ((p = tl_external_vector("gcm/aria_gcm_ccm_openssl_evpciph_aria.txt", NULL)) != NULL) load_evp(p);
    if ((p = tl_external_vector("gcm/lea_gcm_kisa.txt", NULL)) != NULL) load_rsp(p, "lea");
    for (size_t i = before; i < nvecs; i++)
        TL_CHECK(vecs[i].cipher[0] && vecs[i].key_len && vecs[i].iv_len && vecs[i].tag_len && vecs[i].ct_len >= 0,
                 "vector %zu (line %d) incomplete", i, vecs[i].line);
    printf("%zu vectors read, %zu kept (one NIST vector in %d)\n", (size_t)seen, nvecs, SAMPLE);
    run_vectors("aes");
    run_vectors("aria");
    run_vectors("lea");
    free(vecs);

    for (size_t i = 0; i < NCIPHERS; i++) random_message(ciphers[i], CASES);
    printf("%lu differential checks against peer libraries\n", peer_checks);
    batch("aes-128", 12);
    batch("lea-256", 16);
    batch("aria-192", 7);
    gmac("aes-128", 40);
    gmac("aria-256", 20);
    gmac("lea-128", 20);
    counter_wrap();
    errors();
    return tl_finish("test_gcm");
}
