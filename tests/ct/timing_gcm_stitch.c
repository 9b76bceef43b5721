/* SPDX-License-Identifier: MIT */
/* Statistical timing check [DUDECT] of the stitched GCM kernels
 * (kc_block_backend.gcm_stitch): they run on VAES, GFNI and VPCLMULQDQ,
 * which valgrind 3.19 hides.  As tests/ct/timing_ghash.c does for GHASH:
 * for each secret (the key, with H = E_K(0) and its GHASH key; the counter
 * block, Y and the data, encrypting; the same, decrypting) the kernel is
 * timed on a fixed value and on random values, the classes interleaved at
 * random, the slow tail cropped at several percentiles, and Welch's t-test
 * applied: |t| >= 10 fails (after one more measurement: noise comes in
 * bursts).  Setting a key is not timed.
 *
 *   timing_gcm_stitch [-n N]                  every block backend with a
 *                                             stitched kernel (77: none here)
 *   timing_gcm_stitch [-n N] --leaky-control  AES's kernel followed by a branch
 *                                             on the output: must fail */
#define _GNU_SOURCE          /* sched_setaffinity */
#define DD_SEED 0xbb67ae8584caa73bu
#include "../timing/dudect.h"
#include "core/objects.h"
#include "ghash/stitch.h"

#define BLOCKS 128           /* two batches of the widest kernel (ARIA: 64) */
#define BUF (32 + 16 * BLOCKS)   /* counter block, Y, data */

/* The control: AES's kernel, then a branch on the first output byte. */
static const kc_gcm_stitch *control_of;
static volatile unsigned sink;
static size_t leaky_run(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                        uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t done = control_of->run(ctx, hkey, ctr, y, encrypt, out, in, nblocks);
    if (out[0] < 128)
        for (unsigned i = 0; i < 64; i++) sink += i;
    return done;
}
static kc_gcm_stitch leaky;

enum secret { SECRET_KEY, SECRET_ENC, SECRET_DEC };
static const char *const secret_names[] = { "key+H", "ctr+Y+data encrypt", "ctr+Y+data decrypt" };

typedef struct target {
    const kc_gcm_stitch *st;
    kc_cipher *c;
    size_t key_len;
    enum secret secret;
    void *hkey;
    uint8_t key[32], data[BUF], out[16 * BLOCKS];
    uint8_t *buf, fixed[BUF];
    size_t buf_len;
} target;

/* Untimed: a new key (its schedule, H and the GHASH key). */
static void prepare(target *t)
{
    if (t->secret != SECRET_KEY) return;
    t->c->impl->set_key(t->c->ctx, t->key, t->key_len, 16);
    uint8_t h[16] = { 0 };
    t->c->impl->encrypt(t->c->ctx, h, h, 1);
    t->st->ghash->init(t->hkey, h);
}

static void run(target *t)
{
    uint8_t ctr[16], y[16];
    memcpy(ctr, t->data, 16);
    memcpy(y, t->data + 16, 16);
    t->st->run(t->c->ctx, t->hkey, ctr, y, t->secret != SECRET_DEC, t->out, t->data + 32, BLOCKS);
}

static size_t measurements = 200000;

static void run_v(void *t) { run(t); }
static void prepare_v(void *t) { prepare(t); }

/* max |t| over the crops (dudect.h). */
static double measure(target *t)
{
    const dd_target s = { t, run_v, prepare_v, t->buf, t->buf_len, t->fixed };
    return dd_measure(&s, measurements, 8, 0);
}

/* The three secrets of one kernel; returns the failures.  A control counts
 * as caught at its first reading over the threshold (up to three runs). */
static unsigned check(const char *cipher, const char *backend, const kc_gcm_stitch *st, int control)
{
    unsigned failures = 0;
    const kc_cipher_info *info = kc_cipher_find(cipher);
    for (int s = 0; s < 3; s++) {
        if (control && s != SECRET_ENC) continue;
        target *t = calloc(1, sizeof *t);
        if (!t) { perror("alloc"); exit(2); }
        t->st = st;
        t->secret = (enum secret)s;
        t->key_len = info->key_bytes;
        t->hkey = aligned_alloc(64, KC_GHASH_KEY_MAX);
        dd_random_bytes(t->key, sizeof t->key);
        if (!t->hkey || kc_cipher_new(&t->c, cipher, backend, t->key, t->key_len) != KC_OK) {
            fprintf(stderr, "%s/%s: cannot key\n", cipher, backend);
            exit(2);
        }
        dd_random_bytes(t->data, sizeof t->data);
        uint8_t h[16] = { 0 };
        t->c->impl->encrypt(t->c->ctx, h, h, 1);
        st->ghash->init(t->hkey, h);
        t->buf = s == SECRET_KEY ? t->key : t->data;
        t->buf_len = s == SECRET_KEY ? t->key_len : sizeof t->data;
        dd_random_bytes(t->fixed, t->buf_len);
        double tv = measure(t);
        for (int again = 1; control && tv < DD_THRESHOLD && again < 3; again++) tv = measure(t);
        if (!control && tv >= DD_THRESHOLD) {
            double again = measure(t);
            printf("%s/%s/%s %s: |t| = %.1f, again %.1f\n", cipher, backend, st->ghash->head.name, secret_names[s],
                   tv, again);
            tv = again;
        }
        printf("%s/%s/%s-gcm-stitch%s %-19s max |t| = %6.2f over %zu measurements: %s\n", cipher, backend,
               st->ghash->head.name, control ? " (leaky control)" : "", secret_names[s], tv, measurements, tv < DD_THRESHOLD ? "ok" : "LEAKS");
        fflush(stdout);
        failures += tv >= DD_THRESHOLD;
        kc_cipher_free(t->c);
        free(t->hkey);
        free(t);
    }
    return failures;
}

/* The stitched kernels of cipher/backend (a list, one per GHASH backend). */
static const kc_gcm_stitch *stitch_list(const char *cipher, const char *backend)
{
    static const uint8_t key[32];
    kc_cipher *c;
    if (kc_cipher_new(&c, cipher, backend, key, kc_cipher_find(cipher)->key_bytes) != KC_OK) return NULL;
    const kc_gcm_stitch *st = c->impl->gcm_stitch;
    kc_cipher_free(c);
    return st;
}

/* The first kernel of the list at or after st that this CPU runs. */
static const kc_gcm_stitch *runnable(const kc_gcm_stitch *st)
{
    while (st && (st->ghash->head.cpu & ~kc_cpu_detect())) st = st->next;
    return st;
}

int main(int argc, char **argv)
{
    static const char *const ciphers[] = { "aes-128", "aes-256", "aria-128", "aria-256", "lea-128", "rc6-128" };
    if (argc >= 3 && strcmp(argv[1], "-n") == 0) {
        measurements = strtoul(argv[2], NULL, 10);
        argc -= 2;
        argv += 2;
    }
    if (measurements < 1000 || argc > 2 || (argc == 2 && strcmp(argv[1], "--leaky-control") != 0)) {
        fprintf(stderr, "usage: timing_gcm_stitch [-n N] [--leaky-control]\n");
        return 2;
    }
    dd_pin();
    unsigned failures = 0, checked = 0;
    if (argc == 2) {
        if (!(control_of = runnable(stitch_list("aes-128", "vaes512")))) { printf("no vaes512 kernel here\n"); return 77; }
        leaky = *control_of;
        leaky.run = leaky_run;
        failures += check("aes-128", "vaes512", &leaky, 1);
        checked++;
    } else {
        for (size_t ci = 0; ci < sizeof ciphers / sizeof ciphers[0]; ci++) {
            kc_backend_info bi;
            for (size_t b = 0; kc_backend_at(ciphers[ci], b, &bi) == KC_OK; b++) {
                if (!bi.available || !bi.constant_time) continue;
                for (const kc_gcm_stitch *st = runnable(stitch_list(ciphers[ci], bi.name)); st;
                     st = runnable(st->next)) {
                    failures += check(ciphers[ci], bi.name, st, 0);
                    checked++;
                }
            }
        }
    }
    printf("timing_gcm_stitch: %u kernels checked, %u failed (|t| < %.0f passes)\n", checked, failures, DD_THRESHOLD);
    if (!checked) return 77;
    return failures ? 1 : 0;
}
