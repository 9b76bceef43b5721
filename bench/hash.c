/* SPDX-License-Identifier: MIT */
/* Hashes and HMAC (issue 26's speed targets): SHA-256, SHA-512, LSH-256,
 * LSH-512 at 8 KiB and 64 B on every backend, kc_hash_batch of 16
 * messages, HMAC-SHA-256 and HMAC-LSH-256 of 64 B; peers in the same run:
 * OpenSSL (EVP) for SHA-2 and HMAC, Crypto++ (hash_cryptopp.cpp) for LSH,
 * SHA-2 and HMAC, each checked against ours before it is timed.  Hashes
 * take no key: the objects are made once, the timed call is reset,
 * update, final (HMAC: kc_mac_compute on a keyed kc_mac). */
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "bench_int.h"
#include "hash_peers.h"

const char *const bench_hash_names[] = {
    "sha-256", "sha-512", "lsh-256-256", "lsh-512-512", "hmac-sha-256", "hmac-lsh-256-256",
};
const size_t bench_hash_count = sizeof bench_hash_names / sizeof bench_hash_names[0];

static const size_t sizes[] = { 8192, 64 };
#define BATCH 16
static const uint8_t KEY[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };

typedef struct hop {
    kc_hash *h;
    kc_mac *m;
    const bench_hash_peer *peer;
    void *ph;
    const uint8_t *in;
    const uint8_t *msgs[BATCH];
    size_t len, lens[BATCH];
    const char *name, *backend;
    uint8_t out[BATCH * 64];
} hop;

static void run_hash(void *arg)
{
    hop *o = arg;
    kc_hash_reset(o->h);
    kc_hash_update(o->h, o->in, o->len);
    kc_hash_final(o->h, o->out, sizeof o->out);
}
static void run_batch(void *arg)
{
    hop *o = arg;
    kc_hash_batch(o->name, o->backend, o->msgs, o->lens, BATCH, o->out, sizeof o->out);
}
static void run_mac(void *arg)
{
    hop *o = arg;
    kc_mac_compute(o->m, o->out, kc_mac_tag_size(o->m), NULL, 0, o->in, o->len);
}
static void run_peer(void *arg)
{
    hop *o = arg;
    o->peer->run(o->ph, o->in, o->len, o->out);
}

static bench_point point(const char *lib, const char *name, const char *impl, const char *op, size_t len)
{
    bench_point p;
    memset(&p, 0, sizeof p);
    p.library = lib;
    p.primitive = name;
    p.family = strstr(name, "lsh") ? "lsh" : "sha2";
    p.impl = impl;
    p.isa = "";
    p.constant_time = -1;
    p.op = op;
    p.mode = strncmp(name, "hmac-", 5) == 0 ? "hmac" : "";
    p.scenario = "hash";   /* not "bulk": the cipher sections read that */
    p.msg_len = len;
    p.messages = 1;
    p.verified = -1;
    return p;
}

/* Ours, one name: every backend (hashes) or the default (HMAC). */
static void ours(bench_run *r, const char *name, hop *o)
{
    int mac = strncmp(name, "hmac-", 5) == 0;
    const char *hash = mac ? name + 5 : name;
    for (size_t i = 0; i < kc_backend_count(hash); i++) {
        kc_backend_info bi;
        if (kc_backend_at(hash, i, &bi) != KC_OK || !bi.available || !bench_want_impl(r, bi.name)) continue;
        if (mac && !bi.is_default) continue;
        o->backend = bi.name;
        if (mac ? kc_mac_new(&o->m, name, bi.name, KEY, sizeof KEY) != KC_OK
                : kc_hash_new(&o->h, name, bi.name) != KC_OK) continue;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            if (mac && sizes[s] != 64) continue;
            bench_point p = point("kcipher", name, bi.name, mac ? "mac" : "hash", o->len = sizes[s]);
            p.isa = bi.cpu_features;
            p.constant_time = bi.constant_time;
            p.is_default = bi.is_default;
            bench_point_run(r, &p, mac ? run_mac : run_hash, o);
            if (mac) continue;
            p.messages = BATCH;
            p.api = "kc_hash_batch";
            p.scenario = "hash-batch";
            for (size_t k = 0; k < BATCH; k++) o->msgs[k] = o->in + k * 512 % 8192, o->lens[k] = sizes[s];
            bench_point_run(r, &p, run_batch, o);
        }
        if (mac) kc_mac_free(o->m); else kc_hash_free(o->h);
        o->m = NULL, o->h = NULL;
    }
}

/* 1 when the peer's digest (tag) of 1000 bytes equals ours, 0 when not, -1 when we cannot say. */
static int verify(hop *o, const char *name)
{
    uint8_t ours[64], theirs[64];
    size_t n;
    if (strncmp(name, "hmac-", 5) == 0) {
        kc_mac *m;
        if (kc_mac_new(&m, name, NULL, KEY, sizeof KEY) != KC_OK) return -1;
        n = kc_mac_tag_size(m);
        kc_status st = kc_mac_compute(m, ours, n, NULL, 0, o->in, 1000);
        kc_mac_free(m);
        if (st != KC_OK) return -1;
    } else {
        kc_hash *h;
        if (kc_hash_new(&h, name, NULL) != KC_OK) return -1;
        n = kc_hash_size(h);
        kc_hash_update(h, o->in, 1000);
        kc_status st = kc_hash_final(h, ours, sizeof ours);
        kc_hash_free(h);
        if (st != KC_OK) return -1;
    }
    o->peer->run(o->ph, o->in, 1000, theirs);
    return memcmp(ours, theirs, n) == 0;
}

static void peers(bench_run *r, const char *name, hop *o)
{
    int mac = strncmp(name, "hmac-", 5) == 0;
    for (size_t k = 0; bench_hash_peers[k]; k++) {
        const bench_hash_peer *peer = bench_hash_peers[k];
        if (!bench_want_impl(r, peer->lib)) continue;
        o->peer = peer;
        if (!(o->ph = peer->open(name, KEY, sizeof KEY))) continue;
        int verified = bench_counting(r) ? -1 : verify(o, name);
        if (verified == 0) bench_note(r, "%s %s: output differs from ours", peer->lib, name);
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            if (mac && sizes[s] != 64) continue;
            bench_point p = point(peer->lib, name, peer->api, mac ? "mac" : "hash", o->len = sizes[s]);
            p.verified = verified;
            bench_point_run(r, &p, run_peer, o);
        }
        peer->close(o->ph);
    }
}

void bench_hash(bench_run *r, int (*selected)(const bench_run *, const char *))
{
    for (size_t i = 0; i < bench_hash_count; i++) {
        const char *name = bench_hash_names[i];
        if (!selected(r, name)) continue;
        if (!r->counting) r->cycles_per_unit = bt_calibrate();
        hop *o = calloc(1, sizeof *o);
        if (!o) return;
        o->name = name;
        o->in = bench_buf(r, 0);
        peers(r, name, o);
        ours(r, name, o);
        free(o);
    }
}

#ifdef KC_BENCH_HASH_OPENSSL
extern const bench_hash_peer bench_hash_openssl;
#endif
const bench_hash_peer *const bench_hash_peers[] = {
#ifdef KC_BENCH_HASH_OPENSSL
    &bench_hash_openssl,
#endif
#ifdef KC_BENCH_HASH_CRYPTOPP
    &bench_hash_cryptopp,
#endif
    NULL
};
