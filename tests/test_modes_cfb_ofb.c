/* SPDX-License-Identifier: MIT */
/* CFB (full-block feedback) and OFB on every block cipher and backend:
 * [SP800-38A] F.3/F.4 (AES), the KISA LEA OFB/CFB-128 vectors, OpenSSL's
 * ARIA CFB/OFB vectors; one-shot, streaming in random pieces (in place too),
 * the threaded and batch forms against a plain re-implementation from
 * single-block calls; partial final blocks; the errors; with the peers,
 * random lengths against OpenSSL (AES, ARIA) and Crypto++ (LEA, RC6). */
#include "test_modes_rsp.h"
#ifdef KC_MODES_PEERS
#include "peer.h"
#endif

#define MAX_LEN 1000

/* CFB/OFB from one-block ECB calls: the independent reference. */
static void reference(const kc_cipher *c, kc_mode mode, int encrypt, const uint8_t *iv,
                      uint8_t *out, const uint8_t *in, size_t len)
{
    size_t bs = kc_cipher_block_size(c);
    uint8_t fb[32], ks[32];
    memcpy(fb, iv, bs);
    for (size_t off = 0; off < len; off += bs) {
        size_t n = len - off < bs ? len - off : bs;
        kc_cipher_encrypt_blocks(c, ks, fb, bs);
        if (mode == KC_MODE_OFB) memcpy(fb, ks, bs);
        for (size_t i = 0; i < n; i++) {
            uint8_t x = in[off + i];
            out[off + i] = x ^ ks[i];
            if (mode == KC_MODE_CFB) fb[i] = encrypt ? out[off + i] : x;
        }
    }
}

static const char *mode_name(kc_mode m) { return m == KC_MODE_CFB ? "CFB" : "OFB"; }

/* ---- known answers ---- */

static void kat_record(const char *cipher, const char *mode, const rsp *r, const char *pt_name,
                       const char *ct_name, const char *label)
{
    static uint8_t key[32], iv[32], pt[4096], ct[4096];
    long kl = rsp_bytes(r, "Key", key, sizeof key), il = rsp_bytes(r, "IV", iv, sizeof iv);
    long pl = rsp_bytes(r, pt_name, pt, sizeof pt), cl = rsp_bytes(r, ct_name, ct, sizeof ct);
    if (!TL_CHECK(kl > 0 && il > 0 && pl >= 0 && pl == cl, "%s: bad record at line %d", label, r->line)) return;
    char what[128];
    snprintf(what, sizeof what, "%s line %d", label, r->line);
    kc_mode m = strcmp(mode, "CFB") == 0 ? KC_MODE_CFB : KC_MODE_OFB;
    tl_check_kat(cipher ? cipher : tl_cipher_for_key("aes", (size_t)kl), m, key, iv, pt, ct, (size_t)pl, what);
}

static int kat_count;

static void sp800_38a(const rsp *r, void *arg)
{
    (void)arg;
    kat_record(NULL, rsp_get(r, "Mode"), r, "Plaintext", "Ciphertext", "SP800-38A");
    kat_count++;
}

static void kisa_lea(const rsp *r, void *arg)
{
    (void)arg;
    char mode[4] = "", cipher[16];
    const char *g = rsp_get(r, "[");
    int bits = 0;
    const char *lea = g ? strstr(g, "LEA-") : NULL;   /* "[OFB LEA-128 ENCRYPT]", "[CFB128 LEA-128 ENCRYPT]" */
    if (!TL_CHECK(lea && sscanf(g, "%3s", mode) == 1 && sscanf(lea, "LEA-%d", &bits) == 1,
                  "KISA LEA: no group at line %d", r->line))
        return;
    snprintf(cipher, sizeof cipher, "lea-%d", bits);
    kat_record(cipher, mode, r, "PLAINTEXT", "CIPHERTEXT", "KISA LEA");
    kat_count++;
}

static void openssl_aria(const rsp *r, void *arg)
{
    (void)arg;
    const char *name = rsp_get(r, "Cipher");
    char cipher[16], mode[8];
    int bits;
    if (!name || sscanf(name, "ARIA-%d-%7s", &bits, mode) != 2) return;
    if (strcmp(mode, "CFB") && strcmp(mode, "OFB")) return;   /* CFB8, CFB1: not full-block feedback */
    snprintf(cipher, sizeof cipher, "aria-%d", bits);
    kat_record(cipher, mode, r, "Plaintext", "Ciphertext", "OpenSSL ARIA");
    kat_count++;
}

/* ---- random inputs ---- */

static kc_status streamed(const kc_cipher *c, kc_mode mode, int encrypt, const uint8_t *iv, const uint8_t *in,
                          size_t len, uint8_t *out, size_t *out_len, int inplace)
{
    kc_stream *s;
    kc_status st = kc_stream_new(&s, c, mode, 0, encrypt, iv, kc_cipher_block_size(c));
    if (st != KC_OK) return st;
    size_t pos = 0, total = 0, n;
    uint8_t tmp[100];
    while (st == KC_OK && pos < len) {
        size_t chunk = 1 + tl_rand_below(len - pos < 100 ? len - pos : 100);
        if (tl_rand_below(4) == 0 && len - pos > 200) chunk = 100 + tl_rand_below(len - pos - 100);
        if (inplace && chunk <= sizeof tmp) {
            memcpy(tmp, in + pos, chunk);
            st = kc_stream_update(s, tmp, chunk, &n, tmp, chunk);
            memcpy(out + total, tmp, n);
        } else {
            st = kc_stream_update(s, out + total, chunk, &n, in + pos, chunk);
        }
        TL_CHECK(st != KC_OK || n == chunk, "stream update wrote %zu of %zu", n, chunk);
        total += n;
        pos += chunk;
    }
    if (st == KC_OK) st = kc_stream_final(s, out + total, 0, &n);
    *out_len = total;
    kc_stream_free(s);
    return st;
}

static void random_cases(const char *name, const char *backend)
{
    const kc_cipher_info *info = kc_cipher_find(name);
    static uint8_t key[32], iv[32], pt[MAX_LEN], ct[MAX_LEN + 8], ref[MAX_LEN], back[MAX_LEN + 8];
    size_t bs = info->block_bytes, n;
    tl_random_bytes(key, sizeof key);
    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, name, backend, key, info->key_bytes), KC_OK, "%s/%s new", name, backend))
        return;
    for (int round = 0; round < 16; round++) {
        kc_mode mode = round & 1 ? KC_MODE_OFB : KC_MODE_CFB;
        size_t len = round < 4 ? (size_t)round * 5 : tl_rand_below(MAX_LEN + 1);
        char label[96];
        snprintf(label, sizeof label, "%s/%s %s %zu bytes", name, backend, mode_name(mode), len);
        tl_random_bytes(pt, len);
        tl_random_bytes(iv, bs);
        reference(c, mode, 1, iv, ref, pt, len);
        memset(ct, 0xa5, sizeof ct);
        kc_status st = kc_mode_encrypt(c, mode, 0, iv, bs, ct, len, &n, pt, len);
        tl_check(st == KC_OK && n == len, "%s: encrypt %s", label, kc_status_name(st));
        tl_check_bytes(ct, ref, len, "%s: one-shot vs reference", label);
        TL_CHECK(ct[len] == 0xa5, "%s: wrote past the output", label);
        TL_CHECK(kc_mode_output_size(c, mode, 0, 1, len) == len && kc_mode_output_size(c, mode, 0, 0, len) == len,
                 "%s: output size", label);
        st = streamed(c, mode, 1, iv, pt, len, back, &n, round & 2);
        tl_check(st == KC_OK && n == len, "%s: stream encrypt %s", label, kc_status_name(st));
        tl_check_bytes(back, ref, len, "%s: stream vs one-shot", label);
        reference(c, mode, 0, iv, back, ct, len);
        tl_check_bytes(back, pt, len, "%s: reference decrypt", label);
        memcpy(back, ct, len);
        st = kc_mode_decrypt(c, mode, 0, iv, bs, back, len, &n, back, len);
        tl_check(st == KC_OK && n == len, "%s: decrypt in place %s", label, kc_status_name(st));
        tl_check_bytes(back, pt, len, "%s: decrypt in place", label);
        st = streamed(c, mode, 0, iv, ct, len, back, &n, round & 4);
        tl_check(st == KC_OK && n == len, "%s: stream decrypt %s", label, kc_status_name(st));
        tl_check_bytes(back, pt, len, "%s: stream decrypt", label);
        st = kc_mode_decrypt_mt(c, mode, 0, iv, bs, back, len, &n, ct, len);
        tl_check(st == KC_OK && n == len && memcmp(back, pt, len) == 0, "%s: decrypt_mt", label);
    }
    /* PKCS#7 does not apply; the IV is one block. */
    tl_check_status(kc_mode_encrypt(c, KC_MODE_CFB, KC_PAD_PKCS7, iv, bs, ct, sizeof ct, &n, pt, 5),
                    KC_ERR_BAD_MODE, "%s CFB+PKCS7", name);
    tl_check_status(kc_mode_decrypt(c, KC_MODE_OFB, KC_PAD_PKCS7, iv, bs, ct, sizeof ct, &n, pt, 16),
                    KC_ERR_BAD_MODE, "%s OFB+PKCS7", name);
    kc_stream *s = NULL;
    tl_check_status(kc_stream_new(&s, c, KC_MODE_CFB, KC_PAD_PKCS7, 1, iv, bs), KC_ERR_BAD_MODE, "%s stream CFB+PKCS7", name);
    tl_check_status(kc_mode_encrypt(c, KC_MODE_OFB, 0, iv, bs - 1, ct, sizeof ct, &n, pt, 5), KC_ERR_IV_LENGTH,
                    "%s OFB short IV", name);
    tl_check_status(kc_mode_encrypt(c, KC_MODE_CFB, 0, NULL, bs, ct, sizeof ct, &n, pt, 5), KC_ERR_NULL,
                    "%s CFB NULL IV", name);
    tl_check_status(kc_mode_encrypt(c, KC_MODE_CFB, 0, iv, bs, ct, 4, &n, pt, 5), KC_ERR_OUTPUT_TOO_SMALL,
                    "%s CFB small output", name);
    tl_check_status(kc_mode_decrypt(c, KC_MODE_CFB, 0, iv, bs, ct, 4, &n, pt, 5), KC_ERR_OUTPUT_TOO_SMALL,
                    "%s CFB decrypt small output", name);
    kc_cipher_free(c);
}

/* Large inputs: the threaded forms (CFB decryption split across threads)
 * and the batch form give the serial bytes. */
static void large(const char *name)
{
    size_t len = 300000 + tl_rand_below(100), bs = kc_cipher_find(name)->block_bytes, n;
    uint8_t key[32], iv[32];
    uint8_t *pt = malloc(len), *ct = malloc(len), *got = malloc(len);
    if (!pt || !ct || !got) { tl_check(0, "no memory"); free(pt); free(ct); free(got); return; }
    tl_random_bytes(key, sizeof key);
    tl_random_bytes(iv, sizeof iv);
    tl_random_bytes(pt, len);
    kc_cipher *c;
    kc_set_threads(4);
    if (tl_check_status(kc_cipher_new(&c, name, NULL, key, kc_cipher_find(name)->key_bytes), KC_OK, "%s new", name)) {
        for (kc_mode m = KC_MODE_CFB; m <= KC_MODE_OFB; m++) {
            kc_mode_encrypt(c, m, 0, iv, bs, ct, len, &n, pt, len);
            kc_status st = kc_mode_encrypt_mt(c, m, 0, iv, bs, got, len, &n, pt, len);
            tl_check(st == KC_OK && memcmp(got, ct, len) == 0, "%s %s encrypt_mt", name, mode_name(m));
            memcpy(got, ct, len);
            st = kc_mode_decrypt_mt(c, m, 0, iv, bs, got, len, &n, got, len);
            tl_check(st == KC_OK && memcmp(got, pt, len) == 0, "%s %s decrypt_mt in place", name, mode_name(m));
            kc_msg msgs[3];
            for (int i = 0; i < 3; i++)
                msgs[i] = (kc_msg){ .iv = iv, .in = ct + i * 1000, .in_len = 999 - (size_t)i * 10,
                                    .out = got + i * 1000, .out_cap = 1000 };
            st = kc_mode_decrypt_batch(c, m, 0, msgs, 3);
            tl_check(st == KC_OK && memcmp(got, pt, 999) == 0 && msgs[2].out_len == 979, "%s %s batch", name,
                     mode_name(m));
        }
        kc_cipher_free(c);
    }
    kc_set_threads(0);
    free(pt); free(ct); free(got);
}

#ifdef KC_MODES_PEERS
static void peer_stream(const peer_modes *p, const char *cipher)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    static uint8_t key[32], iv[16], pt[5000], mine[5000], theirs[5000];
    int done = 0;
    for (int t = 0; t < 80; t++) {
        kc_mode m = t & 1 ? KC_MODE_OFB : KC_MODE_CFB;
        size_t len = t < 40 ? (size_t)t : tl_rand_below(sizeof pt + 1), n;
        tl_random_bytes(key, info->key_bytes);
        tl_random_bytes(iv, 16);
        tl_random_bytes(pt, len);
        kc_cipher *c;
        if (!tl_check_status(kc_cipher_new(&c, cipher, NULL, key, info->key_bytes), KC_OK, "%s new", cipher)) return;
        kc_mode_encrypt(c, m, 0, iv, 16, mine, len, &n, pt, len);
        int r = p->stream(cipher, m, 1, key, info->key_bytes, iv, pt, len, theirs);
        if (r == 1) { kc_cipher_free(c); return; }
        done++;
        if (TL_CHECK(r == 0, "%s: %s %s failed", cipher, p->name, mode_name(m)))
            tl_check_bytes(mine, theirs, len, "%s %s vs %s, %zu bytes", cipher, mode_name(m), p->name, len);
        r = p->stream(cipher, m, 0, key, info->key_bytes, iv, mine, len, theirs);
        TL_CHECK(r == 0 && memcmp(theirs, pt, len) == 0, "%s %s: %s decrypts ours", cipher, mode_name(m), p->name);
        kc_cipher_free(c);
    }
    printf("%s: %d messages against %s\n", cipher, done, p->name);
}
#endif

int main(void)
{
    kc_mode m;
    tl_check(kc_mode_from_name("cfb", &m) == KC_OK && m == KC_MODE_CFB, "mode name cfb");
    tl_check(kc_mode_from_name("ofb", &m) == KC_OK && m == KC_MODE_OFB, "mode name ofb");
    tl_check(kc_mode_from_name("cfb8", &m) == KC_ERR_BAD_MODE, "mode name cfb8");

    tl_check(rsp_read(tl_vector_path("aes/sp800_38a_cfb_ofb.txt"), "Count", sp800_38a, NULL) == 6 && kat_count == 6,
             "SP800-38A CFB/OFB: 6 records");
    const char *p = tl_external_vector("lea/lea_ofb_cfb_kisa.txt", NULL);
    if (p) {
        kat_count = 0;
        tl_check(rsp_read(p, "Count", kisa_lea, NULL) == 60 && kat_count == 60, "KISA LEA OFB/CFB: 60 records");
    }
    p = tl_external_vector("gcm/aria_gcm_ccm_openssl_evpciph_aria.txt", NULL);
    if (p) {
        kat_count = 0;
        rsp_read(p, "Cipher", openssl_aria, NULL);
        tl_check(kat_count == 6, "OpenSSL ARIA CFB/OFB: %d records, want 6", kat_count);
    }
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *info = kc_cipher_at(i);
        if (info->kind != KC_KIND_BLOCK) continue;
        for (size_t b = 0; b < kc_backend_count(info->name); b++) {
            const char *be = tl_backend_at(info->name, b);
            if (be) random_cases(info->name, be);
        }
    }
    large("aria-128");
    large("pipo-64-128");
    large("rijndael-256-256");
#ifdef KC_MODES_PEERS
    static const char *const with[][2] = { { "openssl", "aes-128" }, { "openssl", "aes-256" }, { "openssl", "aria-128" },
                                           { "openssl", "aria-192" }, { "openssl", "aria-256" }, { "cryptopp", "lea-128" },
                                           { "cryptopp", "lea-256" }, { "cryptopp", "rc6-128" }, { "cryptopp", "rc6-192" },
                                           { "botan", "aes-192" }, { "botan", "aria-128" } };
    for (size_t i = 0; i < sizeof with / sizeof with[0]; i++) {
        const peer_modes *pm = peer_modes_find(with[i][0]);
        if (pm) peer_stream(pm, with[i][1]);
    }
#endif
    return tl_finish("test_modes_cfb_ofb");
}
