/* SPDX-License-Identifier: MIT */
/* kcipher-bench-stitch: GCM with CTR and GHASH stitched in one pass (a
 * block backend's gcm_stitch kernel, ghash/stitch.h) against the same
 * gcm.c with that kernel hidden (CTR over a 4 KiB chunk, then GHASH over
 * it), in the same run, with CTR alone and GHASH alone beside them: every
 * block backend with a stitched kernel this CPU runs, on AES-128,
 * ARIA-128, LEA-128 and RC6-128.  16 KiB, 12-byte IV, no AD: one-shot encryption and released
 * streaming decryption (one-shot decryption hashes before it decrypts: it
 * does not stitch).  Records as kcipher-bench's, scenario "stitch".
 *
 *   kcipher-bench-stitch [--quick] [--runs N] [--json FILE]           */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench_int.h"
#include "ghash/stitch.h"
#include "modes/mode_aead.h"

#define LEN 16384

static const char *const ciphers[] = { "aes-128", "aria-128", "lea-128", "rc6-128" };

typedef struct job {
    const kc_cipher *c;
    const void *state;      /* kc_gcm_aead's per-key state */
    void *stream;
    const kc_ghash_backend *gh;
    const void *hkey;
    uint8_t *out;
    const uint8_t *in;
    uint8_t ctr[16], y[16], tag[16];
} job;

static const uint8_t IV[12] = { 0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88 };

static void gcm_enc(void *arg)
{
    job *j = arg;
    kc_gcm_aead.encrypt(j->state, j->c, 16, j->out, IV, 12, NULL, 0, j->in, LEN);
}

static void gcm_stream_dec(void *arg)   /* released: plaintext as it comes, then the tag */
{
    job *j = arg;
    kc_gcm_aead.stream_start(j->stream, j->state, j->c, IV, 12);
    kc_gcm_aead.stream_data(j->stream, 0, j->out, j->in, LEN);
    kc_gcm_aead.stream_tag(j->stream, j->tag);
}

static void ctr_only(void *arg)
{
    job *j = arg;
    j->c->impl->ctr(j->c->ctx, j->ctr, j->out, j->in, LEN / 16);
    j->ctr[12] = 0;   /* the low word stays far from a wrap */
}

static void ghash_only(void *arg)
{
    job *j = arg;
    j->gh->update(j->hkey, j->y, j->in, LEN / 16);
}

static bench_point point(const char *cipher, const char *impl, const char *isa, const char *op, const char *mode)
{
    bench_point p;
    memset(&p, 0, sizeof p);
    p.library = "kcipher";
    p.primitive = cipher;
    p.family = kc_cipher_find(cipher)->family;
    p.impl = impl;
    p.isa = isa;
    p.constant_time = 1;
    p.op = op;
    p.mode = mode;
    p.scenario = "stitch";
    p.msg_len = LEN;
    p.messages = 1;
    p.verified = -1;
    return p;
}

/* One block backend's kernel (number which of its list, one per GHASH
 * backend): its GCM stitched and not, CTR and GHASH alone.  0: no such
 * kernel. */
static int backend(bench_run *r, const char *cipher, const char *be, unsigned which, void *state, void *state_plain,
                    void *stream)
{
    static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
    kc_cipher *c;
    if (kc_cipher_new(&c, cipher, be, key, 16) != KC_OK) return 0;
    const kc_gcm_stitch *st = c->impl->gcm_stitch;
    for (unsigned i = 0; st && i < which; i++) st = st->next;
    if (!st || (st->ghash->head.cpu & ~kc_cpu_detect())) { kc_cipher_free(c); return st != NULL; }
    /* The same cipher with the kernel hidden: gcm.c then runs CTR, then GHASH. */
    kc_block_backend plain_impl = *c->impl;
    plain_impl.gcm_stitch = NULL;
    kc_cipher plain = *c;
    plain.impl = &plain_impl;
    const char *gname = st->ghash->head.name;
    if (kc_gcm_aead.init(state, c, gname) != KC_OK || kc_gcm_aead.init(state_plain, &plain, gname) != KC_OK) {
        kc_cipher_free(c);
        return 1;
    }
    char isa[96], bisa[64], gisa[64], stitched[96], split[96];
    kc_cpu_names(c->impl->head.cpu, bisa, sizeof bisa);
    kc_cpu_names(st->ghash->head.cpu, gisa, sizeof gisa);   /* the kernel's GHASH backend */
    kc_cpu_names(c->impl->head.cpu | st->ghash->head.cpu, isa, sizeof isa);
    snprintf(stitched, sizeof stitched, "%s/%s stitched", be, gname);
    snprintf(split, sizeof split, "%s/%s ctr-then-ghash", be, gname);
    job j;
    memset(&j, 0, sizeof j);
    j.c = c;
    j.stream = stream;
    j.gh = st->ghash;
    static _Alignas(64) uint8_t hkey[KC_GHASH_KEY_MAX];
    uint8_t h[16] = { 0 };
    c->impl->encrypt(c->ctx, h, h, 1);
    st->ghash->init(hkey, h);
    j.hkey = hkey;
    j.out = bench_buf(r, 1);
    j.in = bench_buf(r, 0);
    r->cycles_per_unit = bench_counting(r) ? 0 : bt_calibrate();
    /* stitched and CTR-then-GHASH sampled alternately: their ratio is the point */
    job js = j, jp = j;
    js.state = state;
    jp.state = state_plain;
    jp.c = &plain;
    bench_point a = point(cipher, stitched, isa, "encrypt", "gcm"), b = point(cipher, split, isa, "encrypt", "gcm");
    bench_point_run_pair(r, &a, gcm_enc, &js, &b, gcm_enc, &jp);
    a = point(cipher, stitched, isa, "decrypt", "gcm-stream");
    b = point(cipher, split, isa, "decrypt", "gcm-stream");
    bench_point_run_pair(r, &a, gcm_stream_dec, &js, &b, gcm_stream_dec, &jp);
    memcpy(j.ctr, IV, 12);
    j.ctr[15] = 2;
    a = point(cipher, be, bisa, "encrypt", "ctr");
    bench_point_run(r, &a, ctr_only, &j);
    a = point(cipher, gname, gisa, "ghash", "ghash");
    bench_point_run(r, &a, ghash_only, &j);
    kc_cipher_free(c);
    return 1;
}

static void run_all(bench_run *r, void *state, void *state_plain, void *stream)
{
    for (size_t ci = 0; ci < sizeof ciphers / sizeof ciphers[0]; ci++)
        for (size_t b = 0; b < kc_backend_count(ciphers[ci]); b++) {
            kc_backend_info bi;
            if (kc_backend_at(ciphers[ci], b, &bi) == KC_OK && bi.available)
                for (unsigned w = 0; backend(r, ciphers[ci], bi.name, w, state, state_plain, stream); w++) {}
        }
}

int main(int argc, char **argv)
{
    static bench_run run;
    bench_run *r = &run;
    const char *json = NULL;
    int runs = 31;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) r->quick = 1;
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
        else { fprintf(stderr, "usage: %s [--quick] [--runs N] [--json FILE]\n", argv[0]); return 2; }
    }
    if (r->quick && runs == 31) runs = 15;
    if (runs < 15 || runs > BT_MAX_RUNS) { fprintf(stderr, "stitch: --runs 15..%d\n", BT_MAX_RUNS); return 2; }
    if (json && strcmp(json, "-") == 0) { r->json = stdout; r->quiet = 1; }
    else if (json && !(r->json = fopen(json, "w"))) { perror(json); return 1; }
    if (bench_alloc_buffers(r) != 0) return 1;
    void *state = aligned_alloc(64, (kc_gcm_aead.state_size + 63) & ~(size_t)63);
    void *state_plain = aligned_alloc(64, (kc_gcm_aead.state_size + 63) & ~(size_t)63);
    void *stream = aligned_alloc(64, (kc_gcm_aead.stream_size + 63) & ~(size_t)63);
    if (!state || !state_plain || !stream) return 1;

    r->counting = 1;
    run_all(r, state, state_plain, stream);
    r->counting = 0;
    bench_start(r, runs);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    run_all(r, state, state_plain, stream);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    bench_emit_end(r, bt_calibrate(), (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    if (r->json && r->json != stdout) fclose(r->json);
    if (!r->total) fprintf(stderr, "stitch: no block backend with a stitched GCM kernel runs here\n");
    free(state);
    free(state_plain);
    free(stream);
    bench_free_buffers(r);
    return 0;
}
