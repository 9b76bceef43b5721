/* SPDX-License-Identifier: MIT */
/* Other libraries in the same run: every peer adapter built in (peers/),
 * every mode and size, for the ciphers they share with us (AES, ARIA, LEA,
 * RC6, SEED; libgcrypt has AES, ARIA and SEED).  A peer's output is compared with ours (default backend) once per
 * mode before timing. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "bench_int.h"

typedef struct peer_op {
    const peer_lib *peer;
    void *h;
    uint8_t *out;
    const uint8_t *in;
    size_t len;
} peer_op;

static void peer_enc(void *arg)
{
    peer_op *o = arg;
    o->peer->update(o->h, o->out, o->in, o->len, 0);
}

void bench_gcm_peers(bench_run *r, const char *cipher);

static const uint8_t KEY[32] = {
    0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c,
    0x60, 0x3d, 0xeb, 0x10, 0x15, 0xca, 0x71, 0xbe, 0x2b, 0x73, 0xae, 0xf0, 0x85, 0x7d, 0x77, 0x81
};
static const uint8_t IV[16] = {
    0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff
};

/* ---- paired: our default and a peer at 16 KiB, sampled alternately ----
 * Two points minutes apart can see different clocks (turbo, the host's
 * load); sampled a, b, a, b, ... a slow spell falls on both, so the ratio of
 * these two medians is the one the report's verdicts against peers read. */

typedef struct ours_op {
    kc_cipher *c;
    kc_aead *a;
    kc_mode mode;
    size_t iv_len, len;
    const uint8_t *in;
    uint8_t *out;
} ours_op;

static void ours_enc(void *arg)
{
    ours_op *o = arg;
    size_t n;
    kc_mode_encrypt(o->c, o->mode, 0, o->iv_len ? IV : NULL, o->iv_len, o->out, o->len, &n, o->in, o->len);
}

static void ours_seal(void *arg)
{
    ours_op *o = arg;
    size_t n;
    kc_aead_encrypt(o->a, o->out, o->len + 16, &n, IV, 12, NULL, 0, o->in, o->len);
}

/* Measures the peer's point (scenario "paired") alternately with ours: the
 * default backend through the public API, the same operation and length. */
static void paired(bench_run *r, bench_point peer_p, bt_fn pf, void *pa, bt_fn of, ours_op *oa, const char *impl)
{
    kc_backend_info bi;
    int found = 0;
    for (size_t i = 0; !found && i < kc_backend_count(peer_p.primitive); i++)
        found = kc_backend_at(peer_p.primitive, i, &bi) == KC_OK && bi.is_default;
    if (!found || !bench_want_impl(r, bi.name)) return;
    bench_point ours = peer_p;
    ours.library = "kcipher";
    ours.impl = impl;
    ours.isa = bi.cpu_features;
    ours.constant_time = bi.constant_time;
    ours.is_default = 1;
    ours.verified = -1;
    ours.scenario = peer_p.scenario = "paired";
    ours.paired_with = peer_p.library;
    peer_p.paired_with = "kcipher";
    bench_point_run_pair(r, &peer_p, pf, pa, &ours, of, oa);
}

/* 1 when the peer's first 64 bytes equal ours, 0 when not, -1 when we cannot say. */
static int verify(const peer_lib *peer, const char *cipher, kc_mode mode, size_t key_len, const uint8_t *in)
{
    uint8_t theirs[64 + 16], ours[64];
    size_t n = 0;
    kc_cipher *c = NULL;
    if (strncmp(cipher, "cham-", 5) == 0) return -1;   /* Crypto++'s CHAM: the 2017 rounds, big-endian words */
    if (kc_cipher_new(&c, cipher, NULL, KEY, key_len) != KC_OK) return -1;
    kc_status st = kc_mode_encrypt(c, mode, 0, mode == KC_MODE_ECB ? NULL : IV,
                                   mode == KC_MODE_ECB ? 0 : kc_cipher_block_size(c), ours, sizeof ours, &n, in,
                                   sizeof ours);
    kc_cipher_free(c);
    if (st != KC_OK || n != sizeof ours) return -1;
    if (peer_oneshot(peer, cipher, mode, 1, 0, KEY, key_len, IV, in, sizeof theirs, theirs) != sizeof theirs)
        return -1;
    return memcmp(theirs, ours, sizeof ours) == 0;
}

void bench_peers_for(bench_run *r, const char *cipher)
{
    static const char *const mnames[] = { "ecb", "cbc", "ctr" };
    static const char *const shared[] = { "aes-", "aria-", "lea-", "rc6-", "hight-", "cham-", "seed-" };
    const kc_cipher_info *ci = kc_cipher_find(cipher);
    int ok = 0;
    for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++) ok |= strncmp(cipher, shared[i], strlen(shared[i])) == 0;
    if (!ci || !ok || (ci->block_bytes != 16 && ci->block_bytes != 8)) return;
    bench_gcm_peers(r, cipher);

    for (int k = 0; peer_libs[k]; k++) {
        const peer_lib *peer = peer_libs[k];
        if (!bench_want_impl(r, peer->name)) continue;
        for (int m = 0; m < 3; m++) {
            peer_op o = { peer, NULL, bench_buf(r, 1), bench_buf(r, 0), 0 };
            o.h = peer->open(cipher, (kc_mode)m, 1, 0, KEY, ci->key_bytes, IV);
            if (!o.h) continue;
            int verified = bench_counting(r) ? -1 : verify(peer, cipher, (kc_mode)m, ci->key_bytes, o.in);
            if (verified == 0) bench_note(r, "%s %s %s: output differs from ours", peer->name, cipher, mnames[m]);
            for (size_t s = 0; s < bench_nsizes; s++) {
                bench_point p;
                memset(&p, 0, sizeof p);
                p.library = peer->name;
                p.primitive = cipher;
                p.family = ci->family;
                p.impl = peer->api;
                p.constant_time = -1;
                p.op = "encrypt";
                p.mode = mnames[m];
                p.scenario = "bulk";
                p.msg_len = o.len = bench_sizes[s];
                p.messages = 1;
                p.verified = verified;
                bench_point_run(r, &p, peer_enc, &o);
                if (o.len == BENCH_MAX_LEN) {
                    kc_cipher *c = NULL;
                    if (kc_cipher_new(&c, cipher, NULL, KEY, ci->key_bytes) != KC_OK) continue;
                    ours_op u = { c, NULL, (kc_mode)m, m == KC_MODE_ECB ? 0 : ci->block_bytes,
                                  o.len / ci->block_bytes * ci->block_bytes, o.in, bench_buf(r, 2) };
                    o.len = u.len;
                    paired(r, p, peer_enc, &o, ours_enc, &u, kc_cipher_backend_name(c));
                    kc_cipher_free(c);
                }
            }
            peer->close(o.h);
        }
    }
}

/* ---- GCM: each peer's GCM at 16 KiB (12-byte IV, no AD, 16-byte tag), checked against ours ---- */

typedef struct gcm_op {
    const peer_gcm *g;
    void *h;
    uint8_t *out, tag[16];
    const uint8_t *in;
    size_t len;
} gcm_op;

static void gcm_seal(void *arg)
{
    gcm_op *o = arg;
    o->g->seal(o->h, IV, 12, NULL, 0, o->in, o->len, o->out, o->tag, 16);
}

static int gcm_verify(gcm_op *o, const char *cipher, size_t key_len)
{
    char name[48];
    uint8_t ours[256 + 16], theirs[256], tag[16];
    size_t n;
    kc_aead *a = NULL;
    snprintf(name, sizeof name, "%s-gcm", cipher);
    if (kc_aead_new(&a, name, NULL, KEY, key_len) != KC_OK) return -1;
    kc_status st = kc_aead_encrypt(a, ours, sizeof ours, &n, IV, 12, NULL, 0, o->in, 256);
    kc_aead_free(a);
    if (st != KC_OK || o->g->seal(o->h, IV, 12, NULL, 0, o->in, 256, theirs, tag, 16) != 0) return -1;
    return !memcmp(ours, theirs, 256) && !memcmp(ours + 256, tag, 16);
}

void bench_gcm_peers(bench_run *r, const char *cipher)
{
    static const char *const ciphers[] = { "aes-128", "aria-128", "lea-128", "rc6-128" };
    static const char *const libs[] = { "openssl", "cryptopp", "botan", "libgcrypt" };
    static const char *const apis[] = { "EVP", "GCM<T>", "AEAD_Mode", "gcry_cipher" };
    int want = 0;
    for (size_t i = 0; i < 4; i++) want |= strcmp(cipher, ciphers[i]) == 0;
    const kc_cipher_info *ci = kc_cipher_find(cipher);
    if (!want || !ci) return;
    for (size_t k = 0; k < sizeof libs / sizeof libs[0]; k++) {
        const peer_gcm *g = peer_gcm_find(libs[k]);
        if (!g || !bench_want_impl(r, libs[k])) continue;
        gcm_op o = { g, g->open(cipher, KEY, ci->key_bytes), NULL, { 0 }, bench_buf(r, 0), 16384 };
        if (!o.h) continue;
        uint8_t *out = malloc(16384);
        if (!out) { g->close(o.h); continue; }
        o.out = out;
        int verified = bench_counting(r) ? -1 : gcm_verify(&o, cipher, ci->key_bytes);
        if (verified == 0) bench_note(r, "%s %s gcm: output differs from ours", libs[k], cipher);
        bench_point p;
        memset(&p, 0, sizeof p);
        p.library = libs[k];
        p.primitive = cipher;
        p.family = ci->family;
        p.impl = apis[k];
        p.constant_time = -1;
        p.op = "encrypt";
        p.mode = "gcm";
        p.scenario = "bulk";
        p.msg_len = o.len;
        p.messages = 1;
        p.verified = verified;
        bench_point_run(r, &p, gcm_seal, &o);
        char name[48];
        snprintf(name, sizeof name, "%s-gcm", cipher);
        ours_op u = { NULL, NULL, KC_MODE_ECB, 0, o.len, o.in, NULL };
        uint8_t *ours_out = malloc(16384 + 16);
        if (ours_out && kc_aead_new(&u.a, name, NULL, KEY, ci->key_bytes) == KC_OK) {
            u.out = ours_out;
            paired(r, p, gcm_seal, &o, ours_seal, &u, kc_aead_backend_name(u.a));
            kc_aead_free(u.a);
        }
        free(ours_out);
        free(out);
        g->close(o.h);
    }
}
