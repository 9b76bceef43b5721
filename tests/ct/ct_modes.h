/* SPDX-License-Identifier: MIT */
/* CFB, OFB, CMAC, GMAC and CCM part of the constant-time check (included by
 * ct_check.c), through the public API on every constant-time backend this
 * CPU (as valgrind shows it) runs, GMAC also on every GHASH backend.  The
 * key and the plaintext or message are secret; ciphertexts, IVs, nonces and
 * received tags are public; only a tag's verdict is declassified (by the
 * library).  Bad tags differ from the right one in the first byte, in the
 * last, or everywhere: valgrind reports a comparison that stops early or
 * branches where they differ, and CCM's decryption of the forged message
 * runs the same code as of the genuine one. */
#include "kcipher.h"

static int ct_runnable(const kc_backend_head *b)
{
    return b->timing == KC_CONSTANT_TIME && !(b->cpu & ~kc_cpu_detect());
}

static void fail(const char *what, const char *name, const char *backend)
{
    printf("%s %s: %s\n", name, backend, what);
    exit(1);
}

/* ---- CFB, OFB: one-shot and streaming, both directions ---- */

#define MODE_LEN (35 * 16 + 5)   /* past the 16-lane kernels of CFB decryption, and a partial block */

static void check_feedback_one(const char *cipher, const char *backend, kc_mode mode)
{
    static uint8_t key[32], iv[32], pt[MODE_LEN], ct[MODE_LEN], back[MODE_LEN], piece[MODE_LEN + 32];
    const char *mname = mode == KC_MODE_CFB ? "CFB" : "OFB";
    kc_cipher *c;
    kc_stream *s;
    size_t n, m, bs;
    fill(key, sizeof key, 60); fill(iv, sizeof iv, 61); fill(pt, sizeof pt, 62);
    SECRET(key, sizeof key);
    SECRET(pt, sizeof pt);
    if (kc_cipher_new(&c, cipher, backend, key, kc_cipher_find(cipher)->key_bytes) != KC_OK) fail("new failed", cipher, backend);
    bs = kc_cipher_block_size(c);
    kc_mode_encrypt(c, mode, 0, iv, bs, ct, sizeof ct, &n, pt, sizeof pt);
    PUBLIC(ct, sizeof ct);
    kc_mode_decrypt(c, mode, 0, iv, bs, back, sizeof back, &m, ct, sizeof ct);
    /* Streaming: chunks that split blocks, so held keystream and feedback bytes are used. */
    static const size_t chunks[] = { 5, 16, 1, 100, 3 * 16, 7 };
    for (int encrypt = 1; encrypt >= 0; encrypt--) {
        size_t done = 0, got = 0, k = 0;
        kc_stream_new(&s, c, mode, 0, encrypt, iv, bs);
        while (done < sizeof pt) {
            size_t len = chunks[k++ % 6];
            if (len > sizeof pt - done) len = sizeof pt - done;
            kc_stream_update(s, piece, sizeof piece, &n, (encrypt ? pt : ct) + done, len);
            if (encrypt) {                        /* ciphertext: public */
                PUBLIC(piece, n);
                if (memcmp(piece, ct + got, n) != 0) fail("stream differs from one-shot", cipher, backend);
            }
            got += n;
            done += len;
        }
        kc_stream_final(s, piece, sizeof piece, &n);
        kc_stream_free(s);
    }
    PUBLIC(back, sizeof back);
    PUBLIC(pt, sizeof pt);
    if (memcmp(back, pt, sizeof pt) != 0) fail(mname, cipher, backend);
    kc_cipher_free(c);
    checked++;
}

/* ---- CMAC and GMAC: compute, verify (right and wrong tags), stream, batch ---- */

static void check_mac_one(const char *name, const char *backend)
{
    static uint8_t key[32], nonce[20], msg[3 * 64 + 7], tag[16], other[16], bt[5][16];
    static const size_t lens[] = { 0, 17, 64, sizeof msg };
    kc_mac *mac;
    int gmac = strstr(name, "-gmac") != NULL;
    fill(key, sizeof key, 70); fill(nonce, sizeof nonce, 71); fill(msg, sizeof msg, 72);
    SECRET(key, sizeof key);
    SECRET(msg, sizeof msg);
    const char *cipher_end = strrchr(name, '-');
    char cipher[40];
    snprintf(cipher, sizeof cipher, "%.*s", (int)(cipher_end - name), name);
    if (kc_mac_new(&mac, name, backend, key, kc_cipher_find(cipher)->key_bytes) != KC_OK) fail("new failed", name, backend);
    size_t t = kc_mac_tag_size(mac);
    for (size_t nl = gmac ? 12 : 0; nl <= (gmac ? 20u : 0u); nl += 8) {        /* GMAC: J0 direct and hashed */
        const uint8_t *iv = nl ? nonce : NULL;
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            kc_mac_compute(mac, tag, t, iv, nl, msg, lens[i]);
            PUBLIC(tag, t);                       /* a tag is sent in the clear */
            kc_status good = kc_mac_verify(mac, tag, t, iv, nl, msg, lens[i]);
            memcpy(other, tag, t); other[0] ^= 1;
            kc_status first = kc_mac_verify(mac, other, t, iv, nl, msg, lens[i]);
            memcpy(other, tag, t); other[t - 1] ^= 0x80;
            kc_status last = kc_mac_verify(mac, other, t, iv, nl, msg, lens[i]);
            for (size_t k = 0; k < t; k++) other[k] = (uint8_t)~tag[k];
            kc_status all = kc_mac_verify(mac, other, t, iv, nl, msg, lens[i]);
            kc_mac_stream *s;
            kc_mac_stream_new(&s, mac, iv, nl);
            kc_mac_stream_update(s, msg, lens[i] / 3);
            kc_mac_stream_update(s, msg + lens[i] / 3, lens[i] - lens[i] / 3);
            kc_status streamed = kc_mac_stream_verify(s, tag, t);
            kc_mac_stream_free(s);
            if (good != KC_OK || first != KC_ERR_AUTH || last != KC_ERR_AUTH || all != KC_ERR_AUTH || streamed != KC_OK)
                fail("MAC verdicts wrong", name, backend);
        }
        kc_mac_msg g[5];                          /* lanes side by side (multi-buffer CBC for CMAC) */
        for (size_t i = 0; i < 5; i++) g[i] = (kc_mac_msg){ iv, nl, msg + i, 40 * i + 3, bt[i], t, KC_OK };
        kc_mac_compute_batch(mac, g, 5);
        PUBLIC(bt, sizeof bt);
        kc_mac_compute(mac, tag, t, iv, nl, msg + 4, 40 * 4 + 3);
        PUBLIC(tag, t);
        if (memcmp(tag, bt[4], t) != 0) fail("MAC batch differs", name, backend);
    }
    kc_mac_free(mac);
    checked++;
}

/* ---- CCM: encrypt, decrypt, forged tags and ciphertexts, batch ---- */

static void check_ccm_one(const char *cipher, const char *backend)
{
    static uint8_t key[32], nonce[13], ad[21], pt[77], ct[77 + 16], bad[77 + 16], back[77];
    char name[40];
    size_t n, m, len = sizeof pt;
    kc_aead *a;
    snprintf(name, sizeof name, "%s-ccm", cipher);
    fill(key, sizeof key, 80); fill(nonce, sizeof nonce, 81); fill(ad, sizeof ad, 82); fill(pt, sizeof pt, 83);
    SECRET(key, sizeof key);
    SECRET(pt, sizeof pt);
    if (kc_aead_new(&a, name, backend, key, kc_cipher_find(cipher)->key_bytes) != KC_OK) fail("new failed", name, backend);
    for (size_t tl = 4; tl <= 16; tl += 12) {
        kc_aead_set_tag_size(a, tl);
        for (size_t nl = 7; nl <= 13; nl += 6) {
            kc_aead_encrypt(a, ct, len + tl, &n, nonce, nl, ad, sizeof ad, pt, len);
            PUBLIC(ct, sizeof ct);
            kc_status good = kc_aead_decrypt(a, back, len, &m, nonce, nl, ad, sizeof ad, ct, n);
            /* The tag wrong in its first byte, its last, everywhere; then the ciphertext. */
            kc_status verdict[4];
            for (int k = 0; k < 4; k++) {
                memcpy(bad, ct, n);
                if (k == 0) bad[len] ^= 1;
                else if (k == 1) bad[n - 1] ^= 0x80;
                else if (k == 2) for (size_t i = len; i < n; i++) bad[i] = (uint8_t)~bad[i];
                else bad[3] ^= 4;
                verdict[k] = kc_aead_decrypt(a, back, len, &m, nonce, nl, ad, sizeof ad, bad, n);
            }
            PUBLIC(back, sizeof back);
            PUBLIC(pt, sizeof pt);
            if (good != KC_OK || memcmp(back, pt, len) != 0) fail("CCM round trip failed", name, backend);
            for (int k = 0; k < 4; k++) if (verdict[k] != KC_ERR_AUTH) fail("CCM forgery accepted", name, backend);
            SECRET(pt, sizeof pt);
        }
    }
    kc_aead_msg b[3];                              /* the batch calls */
    static uint8_t bct[3][40 + 16], bback[3][40];
    kc_aead_set_tag_size(a, 16);
    for (size_t i = 0; i < 3; i++) b[i] = (kc_aead_msg){ nonce, ad, i, pt + i, 13 * i + 1, bct[i], sizeof bct[i], 0, KC_OK };
    kc_aead_encrypt_batch(a, b, 3);
    PUBLIC(bct, sizeof bct);
    bct[1][0] ^= 1;
    for (size_t i = 0; i < 3; i++) b[i] = (kc_aead_msg){ nonce, ad, i, bct[i], 13 * i + 17, bback[i], sizeof bback[i], 0, KC_OK };
    kc_aead_decrypt_batch(a, b, 3);
    if (b[0].status != KC_OK || b[1].status != KC_ERR_AUTH || b[2].status != KC_OK) fail("CCM batch verdicts wrong", name, backend);
    kc_aead_free(a);
    checked++;
}

/* Every constant-time backend of cipher this CPU runs, each given to fn. */
static void each_backend(const char *cipher, void (*fn)(const char *, const char *, kc_mode), kc_mode mode)
{
    const kc_cipher_entry *e = kc_registry_cipher(cipher);
    const kc_backend_head *b;
    for (size_t i = 0; (b = kc_family_backend(e->family, i)) != NULL; i++) {
        if (!ct_runnable(b)) continue;
        printf("checking %s %s %s\n", cipher, b->name,
               fn == check_feedback_one ? (mode == KC_MODE_CFB ? "cfb" : "ofb") : "ccm");
        fn(cipher, b->name, mode);
    }
}

static void check_ccm_adapter(const char *cipher, const char *backend, kc_mode unused)
{
    (void)unused;
    check_ccm_one(cipher, backend);
}

static void check_modes_all(void)
{
    /* One cipher of each family, and Rijndael's widest block. */
    static const char *const ciphers[] = { "aria-128", "lea-128", "pipo-64-128", "rc6-128", "aes-128",
                                           "rijndael-256-256" };
    for (size_t c = 0; c < sizeof ciphers / sizeof ciphers[0]; c++) {
        const char *cipher = ciphers[c];
        size_t bs = kc_cipher_find(cipher)->block_bytes;
        each_backend(cipher, check_feedback_one, KC_MODE_CFB);
        each_backend(cipher, check_feedback_one, KC_MODE_OFB);
        if (bs == 16) each_backend(cipher, check_ccm_adapter, KC_MODE_ECB);
        if (bs > 16) continue;
        const kc_cipher_entry *e = kc_registry_cipher(cipher);
        const kc_backend_head *b;
        char name[48], backend[80];
        for (size_t i = 0; (b = kc_family_backend(e->family, i)) != NULL; i++) {
            if (!ct_runnable(b)) continue;
            snprintf(name, sizeof name, "%s-cmac", cipher);
            printf("checking %s %s\n", name, b->name);
            check_mac_one(name, b->name);
            if (bs != 16) continue;
            snprintf(name, sizeof name, "%s-gmac", cipher);
            for (size_t j = 0; kc_ghash_backends[j]; j++) {
                const kc_ghash_backend *g = kc_ghash_backends[j];
                if (!ct_runnable(&g->head)) continue;
                snprintf(backend, sizeof backend, "%s/%s", b->name, g->head.name);
                printf("checking %s %s\n", name, backend);
                check_mac_one(name, backend);
            }
        }
    }
}
