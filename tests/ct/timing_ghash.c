/* SPDX-License-Identifier: MIT */
/* Statistical timing check [DUDECT] of the GHASH backends valgrind cannot
 * see (tests/ct/ct_ghash.h checks the others): AVX-512 VPCLMULQDQ.  As
 * tests/timing/timing_check.c does for ciphers: for each secret (H, going
 * through init and update; the blocks and Y) the backend is timed on a fixed
 * value and on random values, the classes interleaved at random, the slow
 * tail cropped at several percentiles, and Welch's t-test applied:
 * |t| >= 10 fails (after one more measurement: noise comes in bursts).
 *
 *   timing_ghash [-n N]                  every constant-time backend that needs
 *                                        a feature valgrind hides (77: none here)
 *   timing_ghash [-n N] NAME             one backend, whatever it needs
 *   timing_ghash [-n N] --leaky-control  a bit-serial multiply that branches on
 *                                        the secret bits: must fail */
#define _GNU_SOURCE          /* sched_setaffinity */
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/arch.h"
#include "ghash/ghash.h"
#if KC_ARCH_X86
#include <x86intrin.h>
#endif

#define THRESHOLD 10.0
#define HIDDEN (KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_VPCLMUL)
#define BLOCKS 40            /* past the widest aggregation (32 blocks), with a tail */
#define BATCH 256

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

static uint64_t rng_state = 0x6a09e667f3bcc908u;
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

/* The control: branches on every bit of X and of V. */
static void leaky_init(void *key, const uint8_t h[16]) { memcpy(key, h, 16); }
static void leaky_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    for (; nblocks; nblocks--, in += 16) {
        uint8_t x[16], z[16] = { 0 }, v[16];
        memcpy(v, key, 16);
        for (int i = 0; i < 16; i++) x[i] = y[i] ^ in[i];
        for (int i = 0; i < 128; i++) {
            if (x[i / 8] >> (7 - i % 8) & 1)
                for (int j = 0; j < 16; j++) z[j] ^= v[j];
            int lsb = v[15] & 1;
            for (int j = 15; j > 0; j--) v[j] = (uint8_t)(v[j] >> 1 | v[j - 1] << 7);
            v[0] >>= 1;
            if (lsb) v[0] ^= 0xe1;
        }
        memcpy(y, z, 16);
    }
}
static const kc_ghash_backend leaky = {
    { "leaky-control", "branches on secret bits", 0, KC_VARIABLE_TIME, 16 }, leaky_init, leaky_update
};

enum secret { SECRET_H, SECRET_DATA };
static const char *const secret_names[] = { "H", "blocks+Y" };

/* buf: the secret under test (h, or y then the blocks); each measurement
 * copies it in from a batch prepared before any of it is timed. */
typedef struct target {
    const kc_ghash_backend *b;
    enum secret secret;
    void *key;
    uint8_t h[16], data[16 + 16 * BLOCKS], y[16];
    uint8_t *buf, fixed[16 + 16 * BLOCKS];
    size_t buf_len;
} target;

static uint8_t batch_inputs[BATCH][16 + 16 * BLOCKS];

static void run(target *t)
{
    if (t->secret == SECRET_H) t->b->init(t->key, t->h);
    memcpy(t->y, t->data, 16);
    t->b->update(t->key, t->y, t->data + 16, BLOCKS);
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
                for (size_t j = 0; j < 8 * BATCH; j++) { memcpy(t->buf, batch_inputs[j % BATCH], t->buf_len); run(t); }
        }
        memcpy(t->buf, batch_inputs[i % BATCH], t->buf_len);
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

/* Both secrets of one backend; returns the failures.  A control counts as
 * caught at its first reading over the threshold (up to three runs). */
static unsigned check(const kc_ghash_backend *b, int control)
{
    unsigned failures = 0;
    for (int s = 0; s < 2; s++) {
        target *t = calloc(1, sizeof *t);
        if (!t) { perror("alloc"); exit(2); }
        t->b = b;
        t->secret = (enum secret)s;
        t->key = aligned_alloc(64, KC_GHASH_KEY_MAX);
        if (!t->key) { perror("alloc"); exit(2); }
        random_bytes(t->h, sizeof t->h);
        random_bytes(t->data, sizeof t->data);
        b->init(t->key, t->h);
        t->buf = s == SECRET_H ? t->h : t->data;
        t->buf_len = s == SECRET_H ? sizeof t->h : sizeof t->data;
        random_bytes(t->fixed, t->buf_len);
        double tv = measure(t);
        for (int again = 1; control && tv < THRESHOLD && again < 3; again++) tv = measure(t);
        if (!control && tv >= THRESHOLD) {
            double again = measure(t);
            printf("ghash/%s %s: |t| = %.1f, again %.1f\n", b->head.name, secret_names[s], tv, again);
            tv = again;
        }
        printf("ghash/%-14s %-9s max |t| = %6.2f over %zu measurements: %s\n", b->head.name,
               secret_names[s], tv, measurements, tv < THRESHOLD ? "ok" : "LEAKS");
        fflush(stdout);
        failures += tv >= THRESHOLD;
        free(t->key);
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

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "-n") == 0) {
        measurements = strtoul(argv[2], NULL, 10);
        argc -= 2;
        argv += 2;
    }
    if (measurements < 1000 || argc > 2) {
        fprintf(stderr, "usage: timing_ghash [-n N] [NAME | --leaky-control]\n");
        return 2;
    }
    pin();
    unsigned failures = 0, checked = 0;
    kc_status st;
    if (argc == 2) {
        const kc_ghash_backend *b = strcmp(argv[1], "--leaky-control") == 0 ? &leaky : kc_ghash_find(argv[1], &st);
        if (!b) { fprintf(stderr, "no such GHASH backend (or this CPU cannot run it)\n"); return 2; }
        failures += check(b, b == &leaky);
        checked++;
    } else {
        const kc_ghash_backend *b;
        for (size_t i = 0; (b = kc_ghash_backends[i]) != NULL; i++) {
            if (b->head.timing != KC_CONSTANT_TIME || !(b->head.cpu & HIDDEN)) continue;   /* valgrind checks the rest */
            if (b->head.cpu & ~kc_cpu_detect()) {
                char need[96];
                printf("NOT CHECKED ghash/%s: this CPU lacks %s\n", b->head.name,
                       kc_cpu_names(b->head.cpu & ~kc_cpu_detect(), need, sizeof need));
                continue;
            }
            failures += check(b, 0);
            checked++;
        }
    }
    printf("timing_ghash: %u backends checked, %u failed (|t| < %.0f passes)\n", checked, failures, THRESHOLD);
    if (!checked) return 77;
    return failures ? 1 : 0;
}
