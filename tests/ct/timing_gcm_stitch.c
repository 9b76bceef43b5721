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
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/arch.h"
#include "core/objects.h"
#include "ghash/stitch.h"
#if KC_ARCH_X86
#include <x86intrin.h>
#endif

#define THRESHOLD 10.0
#define BLOCKS 128           /* two batches of the widest kernel (ARIA: 64) */
#define BATCH 256
#define BUF (32 + 16 * BLOCKS)   /* counter block, Y, data */

static inline uint64_t ticks(void)
{
#if KC_ARCH_X86
    unsigned aux;
    uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

static uint64_t rng_state = 0xbb67ae8584caa73bu;
static uint64_t rng(void)          /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void random_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i += 8) {
        uint64_t r = rng();
        memcpy(p + i, &r, n - i < 8 ? n - i : 8);
    }
}

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

static uint8_t batch_inputs[BATCH][BUF];

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

typedef struct welford { double n, mean, m2; } welford;
static void welford_add(welford *w, double x)
{
    w->n += 1;
    double d = x - w->mean;
    w->mean += d / w->n;
    w->m2 += d * (x - w->mean);
}
static double welch_t(const welford *a, const welford *b)
{
    if (a->n < 2 || b->n < 2) return 0;
    double va = a->m2 / (a->n - 1), vb = b->m2 / (b->n - 1), se = sqrt(va / a->n + vb / b->n);
    return se > 0 ? (a->mean - b->mean) / se : 0;
}
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static const double crops[] = { 100, 99, 95, 90, 75, 50 };
#define NCROPS (sizeof crops / sizeof crops[0])
static size_t measurements = 200000;

static double measure(target *t)
{
    size_t n = measurements - measurements % BATCH;
    uint64_t *times = malloc(n * sizeof *times), *sorted = malloc(n * sizeof *sorted);
    uint8_t *cls = malloc(n);
    if (!times || !sorted || !cls) { perror("alloc"); exit(2); }
    for (size_t i = 0; i < n; i++) {
        if (i % BATCH == 0) {
            for (size_t j = 0; j < BATCH; j++) {
                cls[i + j] = (uint8_t)(rng() & 1);
                if (cls[i + j]) memcpy(batch_inputs[j], t->fixed, t->buf_len);
                else random_bytes(batch_inputs[j], t->buf_len);
            }
            if (i == 0)
                for (size_t j = 0; j < 8 * BATCH; j++) {
                    memcpy(t->buf, batch_inputs[j % BATCH], t->buf_len);
                    prepare(t);
                    run(t);
                }
        }
        memcpy(t->buf, batch_inputs[i % BATCH], t->buf_len);
        prepare(t);
        uint64_t t0 = ticks();
        run(t);
        times[i] = ticks() - t0;
    }
    memcpy(sorted, times, n * sizeof *times);
    qsort(sorted, n, sizeof *sorted, cmp_u64);
    welford w[NCROPS][2];
    memset(w, 0, sizeof w);
    for (size_t i = 0; i < n; i++)
        for (size_t c = 0; c < NCROPS; c++)
            if (times[i] <= sorted[(size_t)((double)(n - 1) * crops[c] / 100)]) welford_add(&w[c][cls[i]], (double)times[i]);
    double worst = 0;
    for (size_t c = 0; c < NCROPS; c++) {
        double tv = fabs(welch_t(&w[c][0], &w[c][1]));
        if (tv > worst) worst = tv;
    }
    free(cls);
    free(sorted);
    free(times);
    return worst;
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
        random_bytes(t->key, sizeof t->key);
        if (!t->hkey || kc_cipher_new(&t->c, cipher, backend, t->key, t->key_len) != KC_OK) {
            fprintf(stderr, "%s/%s: cannot key\n", cipher, backend);
            exit(2);
        }
        random_bytes(t->data, sizeof t->data);
        uint8_t h[16] = { 0 };
        t->c->impl->encrypt(t->c->ctx, h, h, 1);
        st->ghash->init(t->hkey, h);
        t->buf = s == SECRET_KEY ? t->key : t->data;
        t->buf_len = s == SECRET_KEY ? t->key_len : sizeof t->data;
        random_bytes(t->fixed, t->buf_len);
        double tv = measure(t);
        for (int again = 1; control && tv < THRESHOLD && again < 3; again++) tv = measure(t);
        if (!control && tv >= THRESHOLD) {
            double again = measure(t);
            printf("%s/%s %s: |t| = %.1f, again %.1f\n", cipher, backend, secret_names[s], tv, again);
            tv = again;
        }
        printf("%s/%s-gcm-stitch%s %-19s max |t| = %6.2f over %zu measurements: %s\n", cipher, backend,
               control ? " (leaky control)" : "", secret_names[s], tv, measurements, tv < THRESHOLD ? "ok" : "LEAKS");
        fflush(stdout);
        failures += tv >= THRESHOLD;
        kc_cipher_free(t->c);
        free(t->hkey);
        free(t);
    }
    return failures;
}

static void pin(void)
{
    int cpu = sched_getcpu();
    cpu_set_t set;
    CPU_ZERO(&set);
    if (cpu >= 0) CPU_SET(cpu, &set);
    if (cpu < 0 || sched_setaffinity(0, sizeof set, &set) != 0) fprintf(stderr, "note: could not pin to one CPU\n");
}

/* The stitched kernel of cipher/backend, if this CPU runs it. */
static const kc_gcm_stitch *stitch_of(const char *cipher, const char *backend)
{
    static const uint8_t key[32];
    kc_cipher *c;
    if (kc_cipher_new(&c, cipher, backend, key, kc_cipher_find(cipher)->key_bytes) != KC_OK) return NULL;
    const kc_gcm_stitch *st = c->impl->gcm_stitch;
    kc_cipher_free(c);
    return st && !(st->ghash->head.cpu & ~kc_cpu_detect()) ? st : NULL;
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
    pin();
    unsigned failures = 0, checked = 0;
    if (argc == 2) {
        if (!(control_of = stitch_of("aes-128", "vaes512"))) { printf("no vaes512 kernel here\n"); return 77; }
        leaky = *control_of;
        leaky.run = leaky_run;
        failures += check("aes-128", "vaes512", &leaky, 1);
        checked++;
    } else {
        for (size_t ci = 0; ci < sizeof ciphers / sizeof ciphers[0]; ci++) {
            kc_backend_info bi;
            for (size_t b = 0; kc_backend_at(ciphers[ci], b, &bi) == KC_OK; b++) {
                if (!bi.available || !bi.constant_time) continue;
                const kc_gcm_stitch *st = stitch_of(ciphers[ci], bi.name);
                if (!st) continue;
                failures += check(ciphers[ci], bi.name, st, 0);
                checked++;
            }
        }
    }
    printf("timing_gcm_stitch: %u kernels checked, %u failed (|t| < %.0f passes)\n", checked, failures, THRESHOLD);
    if (!checked) return 77;
    return failures ? 1 : 0;
}
