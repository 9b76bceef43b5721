/* SPDX-License-Identifier: MIT */
/* kc_mac: CMAC ([SP800-38B]) on every block cipher with 64- or 128-bit
 * blocks and every backend: the SP 800-38B examples, NIST CAVS CMACGen and
 * CMACVer (the 'F' records must fail), KISA's LEA-CMAC; random messages
 * against a plain CMAC from single-block calls, one-shot against streaming
 * in random pieces against the batch; every error; with the peers, random
 * messages against OpenSSL (AES, ARIA) and Crypto++ (LEA, RC6). */
#include "test_modes_rsp.h"
#ifdef KC_MODES_PEERS
#include "peer.h"
#endif

#define MAX_MSG 65536

/* ---- an independent CMAC from one-block ECB calls ---- */

static void ref_dbl(uint8_t *b, size_t bs)
{
    int msb = b[0] >> 7;
    for (size_t i = 0; i < bs; i++) b[i] = (uint8_t)(b[i] << 1 | (i + 1 < bs ? b[i + 1] >> 7 : 0));
    if (msb) b[bs - 1] ^= bs == 16 ? 0x87 : 0x1b;
}

static void ref_cmac(const kc_cipher *c, const uint8_t *msg, size_t len, uint8_t *tag)
{
    size_t bs = kc_cipher_block_size(c), n = len ? (len + bs - 1) / bs : 1;
    uint8_t k1[16] = { 0 }, k2[16] = { 0 }, x[16] = { 0 }, m[16];
    kc_cipher_encrypt_blocks(c, k1, k1, bs);
    ref_dbl(k1, bs);
    memcpy(k2, k1, bs);
    ref_dbl(k2, bs);
    for (size_t b = 0; b < n; b++) {
        size_t off = b * bs, take = len - off < bs ? len - off : bs;
        if (len == 0) take = 0;
        memset(m, 0, bs);
        memcpy(m, msg + off, take);
        if (b == n - 1) {
            if (take < bs) m[take] = 0x80;
            for (size_t i = 0; i < bs; i++) m[i] ^= take == bs ? k1[i] : k2[i];
        }
        for (size_t i = 0; i < bs; i++) x[i] ^= m[i];
        kc_cipher_encrypt_blocks(c, x, x, bs);
    }
    memcpy(tag, x, bs);
}

/* ---- known answers on every backend ---- */

static uint8_t msg[MAX_MSG], mac[16], key[32];
static int records;

/* expect_ok: 1 the tag must verify (and is computed), 0 it must not. */
static void kat(const char *cipher, const uint8_t *k, size_t kl, const uint8_t *m, size_t len, const uint8_t *t,
                size_t tl, int expect_ok, const char *label)
{
    char name[48];
    snprintf(name, sizeof name, "%s-cmac", cipher);
    size_t count = kc_backend_count(cipher);
    TL_CHECK(count > 0, "%s: no backends", label);
    for (size_t i = 0; i < count; i++) {
        const char *b = tl_backend_at(cipher, i);
        kc_mac *h;
        uint8_t got[16];
        if (!b || !tl_check_status(kc_mac_new(&h, name, b, k, kl), KC_OK, "%s/%s new", label, b)) continue;
        if (expect_ok) {
            kc_status st = kc_mac_compute(h, got, tl, NULL, 0, m, len);
            if (tl_check_status(st, KC_OK, "%s/%s compute", label, b))
                tl_check_bytes(got, t, tl, "%s/%s tag", label, b);
        }
        tl_check_status(kc_mac_verify(h, t, tl, NULL, 0, m, len), expect_ok ? KC_OK : KC_ERR_AUTH, "%s/%s verify",
                        label, b);
        kc_mac_free(h);
    }
    records++;
}

/* NIST CMACGen/CMACVer, the KISA LEA file (same fields) and the SP 800-38B examples. */
static void nist_record(const rsp *r, void *arg)
{
    const char *family = arg;
    long kl = rsp_bytes(r, "Key", key, sizeof key), ml = rsp_bytes(r, "Msg", msg, sizeof msg);
    long tl = rsp_bytes(r, "Mac", mac, sizeof mac), mlen = rsp_int(r, "Mlen"), tlen = rsp_int(r, "Tlen");
    const char *res = rsp_get(r, "Result");
    char label[64];
    snprintf(label, sizeof label, "%s CMAC line %d", family, r->line);
    if (mlen >= 0) ml = mlen;              /* Mlen = 0 is written Msg = 00 */
    if (tlen >= 0 && tlen <= tl) tl = tlen;
    if (!TL_CHECK(kl > 0 && ml >= 0 && tl > 0, "%s: bad record", label)) return;
    kat(tl_cipher_for_key(family, (size_t)kl), key, (size_t)kl, msg, (size_t)ml, mac, (size_t)tl,
        !res || res[0] == 'P', label);
}

/* ---- random messages ---- */

static void random_cipher(const char *cipher, const char *backend)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    size_t bs = info->block_bytes;
    char name[48];
    snprintf(name, sizeof name, "%s-cmac", cipher);
    tl_random_bytes(key, info->key_bytes);
    kc_mac *m;
    kc_cipher *c;
    if (!tl_check_status(kc_mac_new(&m, name, backend, key, info->key_bytes), KC_OK, "%s/%s new", name, backend) ||
        !tl_check_status(kc_cipher_new(&c, cipher, backend, key, info->key_bytes), KC_OK, "%s cipher", name))
        return;
    TL_CHECK(kc_mac_tag_size(m) == bs, "%s: tag size %zu", name, kc_mac_tag_size(m));
    TL_CHECK(strcmp(kc_mac_backend_name(m), backend) == 0, "%s: backend name %s", name, kc_mac_backend_name(m));
    enum { N = 37 };
    static uint8_t data[N][700], tags[N][16], want[N][16];
    kc_mac_msg msgs[N];
    for (int i = 0; i < N; i++) {
        size_t len = i < 2 * 16 + 2 ? (size_t)i : tl_rand_below(sizeof data[i] + 1);
        size_t tl = 4 + tl_rand_below(bs - 3);
        char label[96];
        snprintf(label, sizeof label, "%s/%s %zu bytes, tag %zu", name, backend, len, tl);
        tl_random_bytes(data[i], len);
        ref_cmac(c, data[i], len, want[i]);
        uint8_t got[16];
        tl_check_status(kc_mac_compute(m, got, bs, NULL, 0, data[i], len), KC_OK, "%s compute", label);
        tl_check_bytes(got, want[i], bs, "%s: one-shot vs reference", label);
        kc_mac_stream *s;
        if (tl_check_status(kc_mac_stream_new(&s, m, NULL, 0), KC_OK, "%s stream", label)) {
            for (size_t pos = 0; pos < len;) {
                size_t k = tl_rand_below(len - pos + 1);
                tl_check_status(kc_mac_stream_update(s, data[i] + pos, k), KC_OK, "%s update", label);
                pos += k;
            }
            memset(got, 0, sizeof got);
            tl_check_status(kc_mac_stream_final(s, got, tl), KC_OK, "%s final", label);
            tl_check_bytes(got, want[i], tl, "%s: stream vs reference", label);
            tl_check_status(kc_mac_stream_update(s, data[i], 1), KC_ERR_STATE, "%s update after final", label);
            tl_check_status(kc_mac_stream_final(s, got, tl), KC_ERR_STATE, "%s final twice", label);
            kc_mac_stream_free(s);
        }
        if (tl_check_status(kc_mac_stream_new(&s, m, NULL, 0), KC_OK, "%s stream", label)) {
            kc_mac_stream_update(s, data[i], len);
            tl_check_status(kc_mac_stream_verify(s, want[i], tl), KC_OK, "%s stream verify", label);
            kc_mac_stream_free(s);
        }
        tl_check_status(kc_mac_verify(m, want[i], tl, NULL, 0, data[i], len), KC_OK, "%s verify", label);
        want[i][tl_rand_below(tl)] ^= (uint8_t)(1u << tl_rand_below(8));
        tl_check_status(kc_mac_verify(m, want[i], tl, NULL, 0, data[i], len), KC_ERR_AUTH, "%s verify forged", label);
        if (tl_check_status(kc_mac_stream_new(&s, m, NULL, 0), KC_OK, "%s stream", label)) {
            kc_mac_stream_update(s, data[i], len);
            tl_check_status(kc_mac_stream_verify(s, want[i], tl), KC_ERR_AUTH, "%s stream verify forged", label);
            kc_mac_stream_free(s);
        }
        ref_cmac(c, data[i], len, want[i]);
        msgs[i] = (kc_mac_msg){ .in = data[i], .in_len = len, .tag = tags[i], .tag_len = tl };
    }
    memset(tags, 0, sizeof tags);
    msgs[5].tag_len = 3;                   /* one bad message: the others are still done */
    kc_status st = kc_mac_compute_batch(m, msgs, N);
    tl_check_status(st, KC_ERR_TAG_LENGTH, "%s/%s batch returns the failure", name, backend);
    for (int i = 0; i < N; i++) {
        if (i == 5) {
            tl_check_status(msgs[i].status, KC_ERR_TAG_LENGTH, "%s batch bad message", name);
            continue;
        }
        tl_check_status(msgs[i].status, KC_OK, "%s/%s batch message %d", name, backend, i);
        tl_check_bytes(tags[i], want[i], msgs[i].tag_len, "%s/%s batch message %d (%zu bytes)", name, backend, i,
                       msgs[i].in_len);
    }
    kc_cipher_free(c);
    kc_mac_free(m);
}

/* ---- errors ---- */

static void errors(void)
{
    uint8_t k[32] = { 0 }, t[32];
    kc_mac *m = NULL;
    tl_check_status(kc_mac_new(&m, "aes-128-cbc", NULL, k, 16), KC_ERR_UNKNOWN_CIPHER, "unknown mode");
    tl_check_status(kc_mac_new(&m, "des-cmac", NULL, k, 16), KC_ERR_UNKNOWN_CIPHER, "unknown cipher");
    tl_check_status(kc_mac_new(&m, "cmac", NULL, k, 16), KC_ERR_UNKNOWN_CIPHER, "no cipher");
    tl_check_status(kc_mac_new(&m, "rijndael-256-128-cmac", NULL, k, 16), KC_ERR_UNKNOWN_CIPHER, "256-bit block");
    tl_check_status(kc_mac_new(&m, "rijndael-192-192-cmac", NULL, k, 24), KC_ERR_UNKNOWN_CIPHER, "192-bit block");
    /* One set of codes for every constructor (core/names.c): a name the list
     * does not give is unknown; a listed name of another kind is the wrong kind. */
    tl_check_status(kc_mac_new(&m, "tinyjambu-128-cmac", NULL, k, 16), KC_ERR_UNKNOWN_CIPHER, "CMAC over an AEAD");
    tl_check_status(kc_mac_new(&m, "tinyjambu-128", NULL, k, 16), KC_ERR_WRONG_KIND, "AEAD");
    tl_check_status(kc_mac_new(&m, "aes-128-gcm", NULL, k, 16), KC_ERR_WRONG_KIND, "GCM");
    tl_check_status(kc_mac_new(&m, "aes-128", NULL, k, 16), KC_ERR_WRONG_KIND, "block cipher");
    tl_check_status(kc_mac_new(&m, "pipo-64-128-gmac", NULL, k, 16), KC_ERR_UNKNOWN_CIPHER, "GMAC on 64-bit");
    tl_check_status(kc_mac_new(&m, "aes-128-cmac", NULL, k, 15), KC_ERR_KEY_LENGTH, "key length");
    tl_check_status(kc_mac_new(&m, "aes-128-cmac", "nonesuch", k, 16), KC_ERR_UNKNOWN_BACKEND, "backend");
    tl_check_status(kc_mac_new(&m, "aes-128-cmac", "ct/ct", k, 16), KC_ERR_UNKNOWN_BACKEND, "CMAC sub-backend");
    tl_check_status(kc_mac_new(&m, "aes-128-cmac", NULL, NULL, 16), KC_ERR_NULL, "NULL key");
    tl_check_status(kc_mac_new(NULL, "aes-128-cmac", NULL, k, 16), KC_ERR_NULL, "NULL out");
    TL_CHECK(m == NULL, "nothing made on errors");
    if (!tl_check_status(kc_mac_new(&m, "pipo-64-128-cmac", "", k, 16), KC_OK, "pipo cmac")) return;
    TL_CHECK(kc_mac_tag_size(m) == 8, "PIPO tag size 8");
    tl_check_status(kc_mac_compute(m, t, 9, NULL, 0, k, 3), KC_ERR_TAG_LENGTH, "tag 9 on 64-bit blocks");
    tl_check_status(kc_mac_compute(m, t, 3, NULL, 0, k, 3), KC_ERR_TAG_LENGTH, "tag 3");
    tl_check_status(kc_mac_compute(m, t, 8, k, 12, k, 3), KC_ERR_NONCE_LENGTH, "CMAC takes no nonce");
    tl_check_status(kc_mac_compute(m, NULL, 8, NULL, 0, k, 3), KC_ERR_NULL, "NULL tag");
    tl_check_status(kc_mac_compute(m, t, 8, NULL, 0, NULL, 3), KC_ERR_NULL, "NULL message");
    tl_check_status(kc_mac_compute(m, t, 8, NULL, 0, NULL, 0), KC_OK, "empty message");
    tl_check_status(kc_mac_verify(m, t, 8, NULL, 0, NULL, 0), KC_OK, "verify empty message");
    tl_check_status(kc_mac_verify(m, t, 2, NULL, 0, NULL, 0), KC_ERR_TAG_LENGTH, "verify tag 2");
    kc_mac_stream *s = NULL;
    tl_check_status(kc_mac_stream_new(&s, m, k, 1), KC_ERR_NONCE_LENGTH, "stream nonce");
    TL_CHECK(s == NULL, "no stream on error");
    tl_check_status(kc_mac_stream_new(&s, NULL, NULL, 0), KC_ERR_NULL, "stream NULL mac");
    if (tl_check_status(kc_mac_stream_new(&s, m, NULL, 0), KC_OK, "stream")) {
        tl_check_status(kc_mac_stream_update(s, NULL, 1), KC_ERR_NULL, "update NULL");
        tl_check_status(kc_mac_stream_final(s, t, 10), KC_ERR_TAG_LENGTH, "final tag 10");
        tl_check_status(kc_mac_stream_final(s, t, 8), KC_OK, "final after a refused final");
        kc_mac_stream_free(s);
    }
    tl_check_status(kc_mac_compute_batch(m, NULL, 1), KC_ERR_NULL, "batch NULL");
    tl_check_status(kc_mac_compute_batch(m, NULL, 0), KC_OK, "empty batch");
    kc_mac_free(m);
    kc_mac_free(NULL);
    kc_mac_stream_free(NULL);
    TL_CHECK(kc_mac_tag_size(NULL) == 0 && kc_mac_backend_name(NULL) == NULL, "NULL queries");
}

#ifdef KC_MODES_PEERS
static void peer_cmac(const peer_modes *p, const char *cipher)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    char name[48];
    snprintf(name, sizeof name, "%s-cmac", cipher);
    int done = 0;
    for (int t = 0; t < 100; t++) {
        size_t len = t < 40 ? (size_t)t : tl_rand_below(5000);
        uint8_t mine[16], theirs[16];
        tl_random_bytes(key, info->key_bytes);
        tl_random_bytes(msg, len);
        kc_mac *m;
        if (!tl_check_status(kc_mac_new(&m, name, NULL, key, info->key_bytes), KC_OK, "%s new", name)) return;
        tl_check_status(kc_mac_compute(m, mine, 16, NULL, 0, msg, len), KC_OK, "%s compute", name);
        kc_mac_free(m);
        int r = p->cmac(cipher, key, info->key_bytes, msg, len, theirs);
        if (r == 1) return;
        done++;
        if (TL_CHECK(r == 0, "%s: %s CMAC failed", name, p->name))
            tl_check_bytes(mine, theirs, 16, "%s vs %s, %zu bytes", name, p->name, len);
    }
    printf("%s: %d messages against %s\n", name, done, p->name);
}
#endif

int main(void)
{
    errors();
    records = 0;
    tl_check(rsp_read(tl_vector_path("aes/sp800_38b_cmac.txt"), "Count", nist_record, "aes") == 12 && records == 12,
             "SP800-38B examples: 12 records");
    static const char *const nist[] = { "cmac/CMACGenAES128.rsp", "cmac/CMACGenAES192.rsp", "cmac/CMACGenAES256.rsp",
                                        "cmac/CMACVerAES128.rsp", "cmac/CMACVerAES256.rsp" };
    static const long counts[] = { 96, 144, 96, 240, 240 };
    for (int i = 0; i < 5; i++) {
        const char *p = tl_external_vector(nist[i], NULL);
        records = 0;
        if (p) tl_check(rsp_read(p, "Count", nist_record, "aes") == counts[i] && records == counts[i],
                        "%s: %d records, want %ld", nist[i], records, counts[i]);
    }
    const char *p = tl_external_vector("cmac/lea_cmac_kisa.txt", NULL);
    records = 0;
    if (p) tl_check(rsp_read(p, "Count", nist_record, "lea") == 30 && records == 30, "KISA LEA CMAC: 30 records");
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *info = kc_cipher_at(i);
        if (info->kind != KC_KIND_BLOCK || (info->block_bytes != 8 && info->block_bytes != 16)) continue;
        for (size_t b = 0; b < kc_backend_count(info->name); b++) {
            const char *be = tl_backend_at(info->name, b);
            if (be) random_cipher(info->name, be);
        }
    }
#ifdef KC_MODES_PEERS
    static const char *const with[][2] = { { "openssl", "aes-128" }, { "openssl", "aes-192" }, { "openssl", "aes-256" },
                                           { "openssl", "aria-128" }, { "openssl", "aria-256" }, { "cryptopp", "lea-128" },
                                           { "cryptopp", "lea-192" }, { "cryptopp", "lea-256" }, { "cryptopp", "rc6-128" },
                                           { "cryptopp", "rc6-256" },
                                           { "botan", "aes-192" }, { "botan", "aria-128" } };
    for (size_t i = 0; i < sizeof with / sizeof with[0]; i++) {
        const peer_modes *pm = peer_modes_find(with[i][0]);
        if (pm) peer_cmac(pm, with[i][1]);
    }
#endif
    return tl_finish("test_mac");
}
