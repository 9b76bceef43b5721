/* SPDX-License-Identifier: MIT */
/* CCM ([SP800-38C]) through kc_aead on every 16-byte-block cipher and
 * backend: the NIST CAVS AES-CCM files (VADT, VNT, VPT, VTT; DVPT with its
 * Fail records), OpenSSL's ARIA-CCM set and KISA's LEA-CCM set; random
 * messages against a plain CCM from single-block calls (every nonce and tag
 * length, AD across the 2- and 6-byte length encodings), the batch, in-place
 * decryption, forgeries that must write nothing, the payload limit, every
 * error; with the peers, random messages against OpenSSL (AES, ARIA) and
 * Crypto++ (LEA, RC6). */
#include "test_modes_rsp.h"
#include "kcipher.h"
#ifdef KC_MODES_PEERS
#include "peer.h"
#endif

#define ROOM 70000

/* ---- an independent CCM from one-block ECB calls ---- */

static void ref_ccm(const kc_cipher *c, size_t tag_len, const uint8_t *n, size_t nl, const uint8_t *ad, size_t al,
                    const uint8_t *pt, size_t pl, uint8_t *out)
{
    static uint8_t b[ROOM + 64 + 32];
    size_t q = 15 - nl, len = 0;
    uint8_t x[16] = { 0 }, a[16] = { 0 }, s[16];
    b[len++] = (uint8_t)((al ? 64 : 0) + 8 * ((tag_len - 2) / 2) + (q - 1));
    memcpy(b + len, n, nl);
    len += nl;
    for (size_t i = 0; i < q; i++) b[len + i] = (uint8_t)((uint64_t)pl >> (8 * (q - 1 - i)));
    len += q;
    if (al) {
        if (al < 65280) { b[len++] = (uint8_t)(al >> 8); b[len++] = (uint8_t)al; }
        else { b[len++] = 0xff; b[len++] = 0xfe; for (int i = 3; i >= 0; i--) b[len++] = (uint8_t)(al >> (8 * i)); }
        memcpy(b + len, ad, al);
        len += al;
        while (len % 16) b[len++] = 0;
    }
    memcpy(b + len, pt, pl);
    len += pl;
    while (len % 16) b[len++] = 0;
    for (size_t off = 0; off < len; off += 16) {
        for (int i = 0; i < 16; i++) x[i] ^= b[off + i];
        kc_cipher_encrypt_blocks(c, x, x, 16);
    }
    a[0] = (uint8_t)(q - 1);
    memcpy(a + 1, n, nl);
    for (size_t i = 0; i * 16 < pl + 16; i++) {   /* i = 0: the tag's mask */
        uint8_t ctr[16];
        memcpy(ctr, a, 16);
        for (size_t k = 0, v = i; k < q; k++, v >>= 8) ctr[15 - k] = (uint8_t)v;
        kc_cipher_encrypt_blocks(c, s, ctr, 16);
        if (i == 0) { for (size_t k = 0; k < tag_len; k++) out[pl + k] = x[k] ^ s[k]; continue; }
        for (size_t k = 0; k < 16 && (i - 1) * 16 + k < pl; k++) out[(i - 1) * 16 + k] = pt[(i - 1) * 16 + k] ^ s[k];
    }
}

/* ---- one known answer on every backend ---- */

static int records;

/* ct: ciphertext || tag (pl + tl bytes); pt NULL for a record that must fail. */
static void kat(const char *cipher, const uint8_t *key, size_t kl, const uint8_t *n, size_t nl, const uint8_t *ad,
                size_t al, const uint8_t *pt, size_t pl, const uint8_t *ct, size_t tl, const char *label)
{
    static uint8_t out[1024];
    char name[48];
    snprintf(name, sizeof name, "%s-ccm", cipher);
    size_t count = kc_backend_count(cipher), got;
    TL_CHECK(count > 0, "%s: no backends", label);
    for (size_t i = 0; i < count; i++) {
        const char *b = tl_backend_at(cipher, i);
        kc_aead *a;
        if (!b || !tl_check_status(kc_aead_new(&a, name, b, key, kl), KC_OK, "%s/%s new", label, b)) continue;
        tl_check_status(kc_aead_set_tag_size(a, tl), KC_OK, "%s/%s tag size %zu", label, b, tl);
        if (pt) {
            kc_status st = kc_aead_encrypt(a, out, sizeof out, &got, n, nl, ad, al, pt, pl);
            if (tl_check_status(st, KC_OK, "%s/%s encrypt", label, b) && TL_CHECK(got == pl + tl, "%s: length", label))
                tl_check_bytes(out, ct, pl + tl, "%s/%s encrypt", label, b);
        }
        memset(out, 0xa5, sizeof out);
        kc_status st = kc_aead_decrypt(a, out, sizeof out, &got, n, nl, ad, al, ct, pl + tl);
        if (pt) {
            if (tl_check_status(st, KC_OK, "%s/%s decrypt", label, b)) tl_check_bytes(out, pt, pl, "%s/%s decrypt", label, b);
        } else {
            size_t k = 0;
            while (k < sizeof out && out[k] == 0xa5) k++;
            tl_check_status(st, KC_ERR_AUTH, "%s/%s Fail record", label, b);
            TL_CHECK(k == sizeof out && got == 0, "%s/%s: a failed tag wrote output", label, b);
        }
        kc_aead_free(a);
    }
    records++;
}

static uint8_t key[32], nonce[16], ad[ROOM], pt[ROOM], ct[ROOM + 16], tag[16];

static long len_field(const rsp *r, const char *name, const char *data, uint8_t *out)
{
    long n = rsp_int(r, name), got = rsp_bytes(r, data, out, ROOM + 16);
    return n >= 0 ? n : got;               /* NIST writes an empty field "00": the length decides */
}

/* NIST VADT/VNT/VPT/VTT/DVPT. */
static void nist_record(const rsp *r, void *arg)
{
    (void)arg;
    char label[64];
    snprintf(label, sizeof label, "NIST CCM line %d", r->line);
    long kl = rsp_bytes(r, "Key", key, sizeof key), nl = rsp_bytes(r, "Nonce", nonce, sizeof nonce);
    long al = len_field(r, "Alen", "Adata", ad), pl = len_field(r, "Plen", "Payload", pt);
    long tl = rsp_int(r, "Tlen"), cl = rsp_bytes(r, "CT", ct, sizeof ct);
    const char *res = rsp_get(r, "Result");
    if (!TL_CHECK(kl > 0 && nl > 0 && al >= 0 && pl >= 0 && tl > 0 && (cl == pl + tl || (pl + tl == 0)),
                  "%s: bad record", label))
        return;
    kat(tl_cipher_for_key("aes", (size_t)kl), key, (size_t)kl, nonce, (size_t)nl, ad, (size_t)al,
        res && strcmp(res, "Fail") == 0 ? NULL : pt, (size_t)pl, ct, (size_t)tl, label);
}

/* OpenSSL's ARIA-CCM stanzas and KISA's LEA-CCM records (CT without the tag). */
static void split_record(const rsp *r, void *arg)
{
    const char *family = arg, *cipher = rsp_get(r, "Cipher");
    char label[64], name[16];
    int bits;
    if (cipher && !(sscanf(cipher, "ARIA-%d-CCM", &bits) == 1 && strstr(cipher, "CCM"))) return;
    snprintf(label, sizeof label, "%s CCM line %d", family, r->line);
    long kl = rsp_bytes(r, "Key", key, sizeof key);
    long nl = rsp_bytes(r, cipher ? "IV" : "Nonce", nonce, sizeof nonce);
    long al = rsp_bytes(r, cipher ? "AAD" : "Adata", ad, ROOM);
    long pl = rsp_bytes(r, cipher ? "Plaintext" : "Payload", pt, ROOM);
    long cl = rsp_bytes(r, cipher ? "Ciphertext" : "CT", ct, ROOM);
    long tl = rsp_bytes(r, "Tag", tag, sizeof tag);
    if (!TL_CHECK(kl > 0 && nl > 0 && al >= 0 && pl >= 0 && cl == pl && tl > 0, "%s: bad record", label)) return;
    memcpy(ct + cl, tag, (size_t)tl);
    snprintf(name, sizeof name, "%s-%ld", family, kl * 8);
    kat(name, key, (size_t)kl, nonce, (size_t)nl, ad, (size_t)al, pt, (size_t)pl, ct, (size_t)tl, label);
}

/* ---- random messages ---- */

static void random_cipher(const char *cipher, const char *backend)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    char name[48];
    snprintf(name, sizeof name, "%s-ccm", cipher);
    tl_random_bytes(key, info->key_bytes);
    kc_aead *a;
    kc_cipher *c;
    if (!tl_check_status(kc_aead_new(&a, name, backend, key, info->key_bytes), KC_OK, "%s/%s new", name, backend))
        return;
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key, info->key_bytes), KC_OK, "%s cipher", name)) {
        kc_aead_free(a);
        return;
    }
    TL_CHECK(kc_aead_tag_size(a) == 16 && kc_aead_nonce_size(a) == 12, "%s: default sizes", name);
    static uint8_t want[ROOM + 16], got[ROOM + 16];
    for (int t = 0; t < 24; t++) {
        size_t nl = 7 + (size_t)t % 7, tl = 4 + 2 * tl_rand_below(7), al = tl_rand_below(300);
        size_t pl = t < 4 ? (size_t)t * 7 : tl_rand_below(1000), n;
        if (t == 5) al = 65280 + tl_rand_below(40);   /* the 6-byte AD length encoding */
        if (t == 6) al = 65279;
        char label[96];
        snprintf(label, sizeof label, "%s/%s nonce %zu tag %zu ad %zu pt %zu", name, backend, nl, tl, al, pl);
        tl_random_bytes(nonce, nl);
        tl_random_bytes(ad, al);
        tl_random_bytes(pt, pl);
        ref_ccm(c, tl, nonce, nl, ad, al, pt, pl, want);
        tl_check_status(kc_aead_set_tag_size(a, tl), KC_OK, "%s tag size", label);
        kc_status st = kc_aead_encrypt(a, got, pl + tl, &n, nonce, nl, ad, al, pt, pl);
        if (tl_check_status(st, KC_OK, "%s encrypt", label)) tl_check_bytes(got, want, pl + tl, "%s vs reference", label);
        memcpy(got, want, pl + tl);        /* in place */
        st = kc_aead_decrypt(a, got, pl, &n, nonce, nl, ad, al, got, pl + tl);
        if (tl_check_status(st, KC_OK, "%s decrypt in place", label)) tl_check_bytes(got, pt, pl, "%s decrypt", label);
        /* forgeries: a flipped bit in the ciphertext, the tag, the AD or the nonce */
        for (int f = 0; f < 4; f++) {
            uint8_t *p = f == 0 ? want : f == 1 ? want + pl : f == 2 ? ad : nonce;
            size_t span = f == 0 ? pl : f == 1 ? tl : f == 2 ? al : nl;
            if (!span) continue;
            size_t at = tl_rand_below(span);
            uint8_t bit = (uint8_t)(1u << tl_rand_below(8));
            p[at] ^= bit;
            memset(got, 0x5a, pl + 16);
            st = kc_aead_decrypt(a, got, pl, &n, nonce, nl, ad, al, want, pl + tl);
            size_t k = 0;
            while (k < pl + 16 && got[k] == 0x5a) k++;
            tl_check_status(st, KC_ERR_AUTH, "%s forgery %d", label, f);
            TL_CHECK(k == pl + 16 && n == 0, "%s forgery %d wrote output", label, f);
            p[at] ^= bit;
        }
    }
    /* the batch: one nonce length for all, against one-shot */
    enum { N = 9 };
    static uint8_t bn[N][13], bpt[N][300], bout[N][316];
    kc_aead_msg msgs[N];
    tl_check_status(kc_aead_set_nonce_size(a, 13), KC_OK, "%s nonce size", name);
    kc_aead_set_tag_size(a, 10);
    for (int i = 0; i < N; i++) {
        tl_random_bytes(bn[i], 13);
        size_t len = tl_rand_below(300);
        tl_random_bytes(bpt[i], len);
        msgs[i] = (kc_aead_msg){ .nonce = bn[i], .ad = bpt[i], .ad_len = (size_t)i, .in = bpt[i], .in_len = len,
                                 .out = bout[i], .out_cap = sizeof bout[i] };
    }
    tl_check_status(kc_aead_encrypt_batch(a, msgs, N), KC_OK, "%s batch", name);
    for (int i = 0; i < N; i++) {
        ref_ccm(c, 10, bn[i], 13, bpt[i], (size_t)i, bpt[i], msgs[i].in_len, want);
        TL_CHECK(msgs[i].out_len == msgs[i].in_len + 10, "%s batch length", name);
        tl_check_bytes(bout[i], want, msgs[i].in_len + 10, "%s/%s batch message %d", name, backend, i);
    }
    kc_cipher_free(c);
    kc_aead_free(a);
}

/* ---- errors and limits ---- */

static void errors(void)
{
    uint8_t k[32] = { 0 }, n[16] = { 0 };
    static uint8_t big[65536 + 16];
    kc_aead *a = NULL;
    size_t got;
    tl_check_status(kc_aead_new(&a, "pipo-64-128-ccm", NULL, k, 16), KC_ERR_UNKNOWN_CIPHER, "64-bit block");
    tl_check_status(kc_aead_new(&a, "rijndael-256-128-ccm", NULL, k, 16), KC_ERR_UNKNOWN_CIPHER, "256-bit block");
    tl_check_status(kc_aead_new(&a, "aes-128-ccm", "ct/ct", k, 16), KC_ERR_UNKNOWN_BACKEND, "CCM sub-backend");
    tl_check_status(kc_aead_new(&a, "aes-128-ccm", NULL, k, 24), KC_ERR_KEY_LENGTH, "key length");
    if (!tl_check_status(kc_aead_new(&a, "aria-128-ccm", NULL, k, 16), KC_OK, "aria-128-ccm")) return;
    for (size_t t = 0; t <= 18; t++)
        tl_check_status(kc_aead_set_tag_size(a, t), t >= 4 && t <= 16 && t % 2 == 0 ? KC_OK : KC_ERR_TAG_LENGTH,
                        "tag %zu", t);
    for (size_t l = 0; l <= 16; l++) {
        tl_check_status(kc_aead_set_nonce_size(a, l), l >= 7 && l <= 13 ? KC_OK : KC_ERR_NONCE_LENGTH, "nonce %zu", l);
        kc_status st = kc_aead_encrypt(a, big, sizeof big, &got, n, l, NULL, 0, k, 5);
        tl_check_status(st, l >= 7 && l <= 13 ? KC_OK : KC_ERR_NONCE_LENGTH, "encrypt nonce %zu", l);
    }
    kc_aead_set_tag_size(a, 16);
    /* q = 2 (13-byte nonce): payloads below 2^16 bytes */
    tl_check_status(kc_aead_encrypt(a, big, sizeof big, &got, n, 13, NULL, 0, big, 65535), KC_OK, "65535 bytes, q 2");
    memset(big, 0x77, sizeof big);
    tl_check_status(kc_aead_encrypt(a, big, sizeof big, &got, n, 13, NULL, 0, k, 0), KC_OK, "empty, q 2");
    static uint8_t src[65536];
    kc_status st = kc_aead_encrypt(a, big, sizeof big, &got, n, 13, NULL, 0, src, 65536);
    tl_check_status(st, KC_ERR_INPUT_TOO_LONG, "65536 bytes with a 13-byte nonce");
    TL_CHECK(got == 0 && big[16] == 0x77 && big[65535] == 0x77, "too long: nothing written");
    tl_check_status(kc_aead_encrypt(a, big, sizeof big, &got, n, 12, NULL, 0, src, 65536), KC_OK, "65536 bytes, q 3");
    tl_check_status(kc_aead_decrypt(a, src, sizeof src, &got, n, 13, NULL, 0, big, 65536 + 16),
                    KC_ERR_INPUT_TOO_LONG, "decrypt 65536 bytes with a 13-byte nonce");
    tl_check_status(kc_aead_decrypt(a, src, sizeof src, &got, n, 12, NULL, 0, big, 15), KC_ERR_INPUT_TOO_SHORT,
                    "shorter than the tag");
    kc_aead_stream *s = NULL;
    tl_check_status(kc_aead_stream_new(&s, a, 1, 0, n, 12), KC_ERR_BAD_MODE, "CCM does not stream");
    TL_CHECK(s == NULL, "no stream");
    kc_aead_free(a);
}

#ifdef KC_MODES_PEERS
/* Random messages against a peer's CCM (peers/ *_modes.*). */
static void peer_ccm(const peer_modes *p, const char *cipher)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    static uint8_t mine[4096 + 16], theirs[4096 + 16], back[4096];
    char name[48];
    snprintf(name, sizeof name, "%s-ccm", cipher);
    int done = 0;
    for (int t = 0; t < 60; t++) {
        size_t nl = 7 + (size_t)t % 7, tl = 4 + 2 * ((size_t)t % 7), al = tl_rand_below(100), pl = tl_rand_below(4097), n;
        tl_random_bytes(key, info->key_bytes);
        tl_random_bytes(nonce, nl);
        tl_random_bytes(ad, al);
        tl_random_bytes(pt, pl);
        kc_aead *a;
        if (!tl_check_status(kc_aead_new(&a, name, NULL, key, info->key_bytes), KC_OK, "%s new", name)) return;
        kc_aead_set_tag_size(a, tl);
        tl_check_status(kc_aead_encrypt(a, mine, sizeof mine, &n, nonce, nl, ad, al, pt, pl), KC_OK, "%s enc", name);
        int r = p->ccm(cipher, 1, key, info->key_bytes, nonce, nl, ad, al, pt, pl, tl, theirs);
        if (r == 1) { kc_aead_free(a); continue; }   /* the peer lacks this cipher */
        done++;
        if (TL_CHECK(r == 0, "%s: %s CCM encrypt failed", name, p->name))
            tl_check_bytes(mine, theirs, pl + tl, "%s vs %s (nonce %zu tag %zu ad %zu pt %zu)", name, p->name, nl, tl, al, pl);
        r = p->ccm(cipher, 0, key, info->key_bytes, nonce, nl, ad, al, mine, pl, tl, back);
        TL_CHECK(r == 0 && memcmp(back, pt, pl) == 0, "%s: %s decrypts ours", name, p->name);
        mine[tl_rand_below(pl + tl)] ^= 1;
        r = p->ccm(cipher, 0, key, info->key_bytes, nonce, nl, ad, al, mine, pl, tl, back);
        TL_CHECK(r == -1, "%s: %s refuses a forgery", name, p->name);
        kc_aead_free(a);
    }
    printf("%s: %d messages against %s\n", name, done, p->name);
}
#endif

int main(void)
{
    errors();
    static const char *const kinds[] = { "VADT", "VNT", "VPT", "VTT", "DVPT" };
    static const long counts[] = { 330, 70, 250, 70, 240 };
    for (int k = 0; k < 5; k++)
        for (int bits = 128; bits <= 256; bits += 64) {
            char rel[32];
            snprintf(rel, sizeof rel, "ccm/%s%d.rsp", kinds[k], bits);
            const char *p = tl_external_vector(rel, NULL);
            records = 0;
            if (p) tl_check(rsp_read(p, "Count", nist_record, NULL) == counts[k] && records == counts[k],
                            "%s: %d records, want %ld", rel, records, counts[k]);
        }
    const char *p = tl_external_vector("gcm/aria_gcm_ccm_openssl_evpciph_aria.txt", NULL);
    records = 0;
    if (p) { rsp_read(p, "Cipher", split_record, "aria"); tl_check(records == 7, "OpenSSL ARIA CCM: %d of 7", records); }
    p = tl_external_vector("ccm/lea_ccm_kisa.txt", NULL);
    records = 0;
    if (p) tl_check(rsp_read(p, "Count", split_record, "lea") == 30 && records == 30, "KISA LEA CCM: %d of 30", records);
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *info = kc_cipher_at(i);
        if (info->kind != KC_KIND_BLOCK || info->block_bytes != 16) continue;
        for (size_t b = 0; b < kc_backend_count(info->name); b++) {
            const char *be = tl_backend_at(info->name, b);
            if (be) random_cipher(info->name, be);
        }
    }
#ifdef KC_MODES_PEERS
    static const char *const with[][2] = { { "openssl", "aes-128" }, { "openssl", "aes-256" }, { "openssl", "aria-128" },
                                           { "openssl", "aria-256" }, { "cryptopp", "lea-128" }, { "cryptopp", "lea-256" },
                                           { "cryptopp", "rc6-128" }, { "cryptopp", "aria-192" },
                                           { "botan", "aes-192" }, { "botan", "aria-128" } };
    for (size_t i = 0; i < sizeof with / sizeof with[0]; i++) {
        const peer_modes *pm = peer_modes_find(with[i][0]);
        if (pm) peer_ccm(pm, with[i][1]);
    }
#endif
    return tl_finish("test_ccm");
}
