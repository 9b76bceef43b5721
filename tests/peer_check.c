/* SPDX-License-Identifier: MIT */
/* Differential tests against an independent library (a peer, peers/peer.h):
 * random keys, IVs and messages in ECB, CBC, CTR (the whole block a
 * big-endian counter, carries forced) and ECB/CBC with PKCS#7, through
 * kc_mode_* for every backend; the peer must produce our ciphertext and
 * decrypt it, and the block interface must match the peer's ECB.
 *     peer_check LIBRARY FAMILY      e.g. peer_check cryptopp lea
 * (ctest runs it as peer_<family>_<library>). */
#include <stdio.h>
#include <string.h>
#include "peer.h"
#include "testlib.h"

#define MAX_LEN (40 * 16 + 15)
#define ROOM (MAX_LEN + 32)

static const char *const kinds[5] = { "ECB", "CBC", "CTR", "ECB+PKCS7", "CBC+PKCS7" };
static const peer_lib *lib;
static const char *peer;
static size_t bs = 16;      /* the cipher's block size: 16, or 8 (HIGHT) */

/* One message; the block size is bs. */
typedef struct peer_job {
    const char *name;       /* the cipher's common name: "aes-192" also for rijndael-128-192 */
    kc_mode mode;
    int pad;                /* PKCS#7 (ECB and CBC only) */
    int encrypt;
    const uint8_t *key;
    size_t key_len;
    const uint8_t *iv;      /* bs bytes; not used in ECB */
} peer_job;

/* The peer's answer for in[0..len) in out (room for len + 16), or -1. */
static long theirs(const peer_job *j, const uint8_t *in, size_t len, uint8_t *out)
{
    return peer_oneshot(lib, j->name, j->mode, j->encrypt, j->pad, j->key, j->key_len, j->iv, in, len, out);
}

/* kc_mode_* with exactly kc_mode_output_size() of room; -1 on failure. */
static long ours(const kc_cipher *c, const peer_job *j, const uint8_t *in, size_t len, uint8_t *out,
                 const char *label)
{
    unsigned flags = j->pad ? KC_PAD_PKCS7 : 0;
    size_t iv_len = j->mode == KC_MODE_ECB ? 0 : bs, n = 0;
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
    size_t len = bs * (1 + (size_t)t % 17);
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
    size_t len = bs * tl_rand_below(41);
    if (j.pad || j.mode == KC_MODE_CTR) len += tl_rand_below(bs);
    tl_random_bytes(key, j.key_len);
    tl_random_bytes(iv, sizeof iv);
    tl_random_bytes(in, len);
    if (j.mode == KC_MODE_CTR && t % 2) {   /* carries across 32-bit words, and the full wrap */
        size_t ones = 4 * (1 + tl_rand_below(bs / 4));
        memset(iv + bs - ones, 0xff, ones);
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

static const struct {
    const char *family;
    int cases;
    const char *ciphers[7];
} sets[] = {
    { "aes", 300, { "aes-128", "aes-192", "aes-256", "rijndael-128-128", "rijndael-128-192", "rijndael-128-256" } },
    { "aria", 300, { "aria-128", "aria-192", "aria-256" } },
    { "lea", 400, { "lea-128", "lea-192", "lea-256" } },
    { "rc6", 400, { "rc6-128", "rc6-192", "rc6-256" } },
    { "hight", 400, { "hight-64-128" } },
    { "seed", 200, { "seed-128" } },
};

int main(int argc, char **argv)
{
    char suite[64];
    lib = argc == 3 ? peer_find(argv[1]) : NULL;
    if (!lib) {
        fprintf(stderr, "usage: peer_check LIBRARY FAMILY (a library built into kc_peers)\n");
        return 2;
    }
    peer = lib->title;
    snprintf(suite, sizeof suite, "peer_%s_%s", argv[2], argv[1]);
    size_t s = 0;
    while (s < sizeof sets / sizeof sets[0] && strcmp(sets[s].family, argv[2]) != 0) s++;
    if (!TL_CHECK(s < sizeof sets / sizeof sets[0], "no cipher family %s", argv[2])) return tl_finish(suite);
    printf("%s: %s\n", suite, lib->version());
    for (const char *const *c = sets[s].ciphers; *c; c++) {
        const kc_cipher_info *info = kc_cipher_find(*c);
        if (!TL_CHECK(info && (info->block_bytes == 16 || info->block_bytes == 8), "%s: not a 16- or 8-byte "
                      "block cipher", *c))
            continue;
        bs = info->block_bytes;
        tl_list_backends(*c);
        for (size_t i = 0; i < kc_backend_count(*c); i++) {
            const char *b = tl_backend_at(*c, i);
            for (int t = 0; b && t < sets[s].cases; t++) one_case(*c, b, t);
        }
    }
    return tl_finish(suite);
}
