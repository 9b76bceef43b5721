/* SPDX-License-Identifier: MIT */
#include "peer_harness.h"

#include <string.h>

#define MAX_LEN (40 * 16 + 15)
#define ROOM (MAX_LEN + 32)

static const char *const kinds[5] = { "ECB", "CBC", "CTR", "ECB+PKCS7", "CBC+PKCS7" };
static const char *peer;
static peer_fn *theirs;

/* kc_mode_* with exactly kc_mode_output_size() of room; -1 on failure. */
static long ours(const kc_cipher *c, const peer_job *j, const uint8_t *in, size_t len, uint8_t *out,
                 const char *label)
{
    unsigned flags = j->pad ? KC_PAD_PKCS7 : 0;
    size_t iv_len = j->mode == KC_MODE_ECB ? 0 : 16, n = 0;
    size_t cap = kc_mode_output_size(c, j->mode, flags, j->encrypt, len);
    const uint8_t *iv = iv_len ? j->iv : NULL;
    kc_status st = j->encrypt ? kc_mode_encrypt(c, j->mode, flags, iv, iv_len, out, cap, &n, in, len)
                              : kc_mode_decrypt(c, j->mode, flags, iv, iv_len, out, cap, &n, in, len);
    if (!tl_check_status(st, KC_OK, "%s: %s by us", label, j->encrypt ? "encrypt" : "decrypt")) return -1;
    return (long)n;
}

/* what + who: "encrypt vs " + "OpenSSL", "decrypt by us" + "". */
static void same(const uint8_t *got, long got_len, const uint8_t *want, long want_len, const char *label,
                 const char *what, const char *who)
{
    if (TL_CHECK(got_len >= 0 && got_len == want_len, "%s: %s%s: length %ld, want %ld", label, what, who,
                 got_len, want_len))
        tl_check_bytes(got, want, (size_t)got_len, "%s: %s%s", label, what, who);
}

/* The block interface on 1..17 blocks against the peer's ECB. */
static void blocks(const kc_cipher *c, peer_job j, const char *label, int t)
{
    uint8_t in[17 * 16], got[17 * 16], want[17 * 16 + 16];
    size_t len = 16 * (1 + (size_t)t % 17);
    tl_random_bytes(in, len);
    j.mode = KC_MODE_ECB;
    j.pad = 0;
    for (j.encrypt = 1; j.encrypt >= 0; j.encrypt--) {
        kc_status st = j.encrypt ? kc_cipher_encrypt_blocks(c, got, in, len)
                                 : kc_cipher_decrypt_blocks(c, got, in, len);
        tl_check_status(st, KC_OK, "%s: blocks status", label);
        same(got, (long)len, want, theirs(&j, in, len, want), label,
             j.encrypt ? "blocks encrypt vs " : "blocks decrypt vs ", peer);
    }
}

static void one_case(const char *cipher, const char *backend, int t)
{
    static uint8_t key[32], iv[16], in[MAX_LEN], ct[ROOM], back[ROOM], want[ROOM];
    const kc_cipher_info *info = kc_cipher_find(cipher);
    int kind = t % 5;
    peer_job j = { .name = cipher, .mode = kind == 2 ? KC_MODE_CTR : kind % 3 == 0 ? KC_MODE_ECB : KC_MODE_CBC,
                   .pad = kind >= 3, .encrypt = 1, .key = key, .key_len = info->key_bytes, .iv = iv };
    char name[32], label[96];
    if (strncmp(cipher, "rijndael-128-", 13) == 0) {
        snprintf(name, sizeof name, "aes-%s", cipher + 13);
        j.name = name;
    }
    size_t len = 16 * tl_rand_below(41);
    if (j.pad || j.mode == KC_MODE_CTR) len += tl_rand_below(16);
    tl_random_bytes(key, j.key_len);
    tl_random_bytes(iv, sizeof iv);
    tl_random_bytes(in, len);
    if (j.mode == KC_MODE_CTR && t % 2) {   /* carries across 32-bit words, and the full wrap */
        size_t ones = 4 * (1 + tl_rand_below(4));
        memset(iv + 16 - ones, 0xff, ones);
    }
    snprintf(label, sizeof label, "%s/%s %s, %zu bytes (case %d)", cipher, backend, kinds[kind], len, t);

    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key, j.key_len), KC_OK, "%s: new", label)) return;
    long n = ours(c, &j, in, len, ct, label);
    same(ct, n, want, theirs(&j, in, len, want), label, "encrypt vs ", peer);
    if (n >= 0) {
        j.encrypt = 0;
        same(back, ours(c, &j, ct, (size_t)n, back, label), in, (long)len, label, "decrypt by us", "");
        same(want, theirs(&j, ct, (size_t)n, want), in, (long)len, label, "decrypt by ", peer);
    }
    blocks(c, j, label, t);
    kc_cipher_free(c);
}

int peer_run(const char *suite, const char *peer_name, const char *const *ciphers, int cases, peer_fn *fn)
{
    peer = peer_name;
    theirs = fn;
    for (; *ciphers; ciphers++) {
        const kc_cipher_info *info = kc_cipher_find(*ciphers);
        if (!TL_CHECK(info && info->block_bytes == 16, "%s: not a 16-byte block cipher", *ciphers)) continue;
        tl_list_backends(*ciphers);
        for (size_t i = 0; i < kc_backend_count(*ciphers); i++) {
            const char *b = tl_backend_at(*ciphers, i);
            for (int t = 0; b && t < cases; t++) one_case(*ciphers, b, t);
        }
    }
    return tl_finish(suite);
}
