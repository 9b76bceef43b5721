/* SPDX-License-Identifier: MIT */
/* What the statistical timing checks [DUDECT] share (timing_check.c,
 * timing_modes.c, tests/ct/timing_ghash.c, tests/ct/timing_gcm_stitch.c):
 * the cycle counter, a seeded generator for the classes' inputs, pinning
 * to one CPU, and the verdict: Welch's t between the fixed and the random
 * class, the slow tail cropped at several percentiles, the largest |t|.
 * Define _GNU_SOURCE before any include (sched_setaffinity) and DD_SEED
 * (each check its own stream) before this one. */
#ifndef KC_TEST_DUDECT_H
#define KC_TEST_DUDECT_H
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "core/arch.h"
#if KC_ARCH_X86
#include <x86intrin.h>
#endif

#define DD_THRESHOLD 10.0   /* |t| at or over this: a leak */

static inline uint64_t dd_ticks(void)
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

static uint64_t dd_rng_state = DD_SEED;
static inline uint64_t dd_rng(void)   /* splitmix64: fast, and good enough to pick classes */
{
    uint64_t z = (dd_rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static inline void dd_random_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i += 8) {
        uint64_t r = dd_rng();
        memcpy(p + i, &r, n - i < 8 ? n - i : 8);
    }
}

/* Runs on the CPU it started on: no migrations between measurements. */
static inline void dd_pin(void)
{
    int cpu = sched_getcpu();
    cpu_set_t set;
    CPU_ZERO(&set);
    if (cpu >= 0) CPU_SET(cpu, &set);
    if (cpu < 0 || sched_setaffinity(0, sizeof set, &set) != 0)
        fprintf(stderr, "note: could not pin to one CPU\n");
}

typedef struct dd_welford { double n, mean, m2; } dd_welford;

static inline void dd_welford_add(dd_welford *w, double x)
{
    w->n += 1;
    double d = x - w->mean;
    w->mean += d / w->n;
    w->m2 += d * (x - w->mean);
}

static inline double dd_welch_t(const dd_welford *a, const dd_welford *b)
{
    if (a->n < 2 || b->n < 2) return 0;
    double va = a->m2 / (a->n - 1), vb = b->m2 / (b->n - 1), se = sqrt(va / a->n + vb / b->n);
    return se > 0 ? (a->mean - b->mean) / se : 0;
}

static inline int dd_cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The largest |t| over the crops (percentiles kept: 100 = nothing cropped)
 * of n timings, cls[i] = 0 (random) or 1 (fixed); verbose: each crop's
 * class means and t. */
static inline double dd_max_t(const uint64_t *times, const uint8_t *cls, size_t n, int verbose)
{
    static const double crops[] = { 100, 99, 95, 90, 75, 50 };
    enum { NCROPS = sizeof crops / sizeof crops[0] };
    uint64_t *sorted = malloc(n * sizeof *sorted);
    if (!sorted) { perror("alloc"); exit(2); }
    memcpy(sorted, times, n * sizeof *times);
    qsort(sorted, n, sizeof *sorted, dd_cmp_u64);
    dd_welford w[NCROPS][2];
    memset(w, 0, sizeof w);
    for (size_t i = 0; i < n; i++)
        for (size_t c = 0; c < NCROPS; c++)
            if (times[i] <= sorted[(size_t)((double)(n - 1) * crops[c] / 100)])
                dd_welford_add(&w[c][cls[i]], (double)times[i]);
    double worst = 0;
    for (size_t c = 0; c < NCROPS; c++) {
        double tv = fabs(dd_welch_t(&w[c][0], &w[c][1]));
        if (tv > worst) worst = tv;
        if (verbose)
            printf("  crop %5.1f%%: random %.2f, fixed %.2f ticks, t = %.2f\n",
                   crops[c], w[c][0].mean, w[c][1].mean, dd_welch_t(&w[c][0], &w[c][1]));
    }
    free(sorted);
    return worst;
}

#define DD_BATCH 256   /* inputs drawn at a time */

/* One timed operation: run(t) reads its secret input, len bytes at buf,
 * which each measurement first sets to the fixed value (class 1) or a
 * random one (class 0), the classes interleaved at random; prepare(t), if
 * not NULL, then does what must not be timed (e.g. a key schedule). */
typedef struct dd_target {
    void *t;
    void (*run)(void *t);
    void (*prepare)(void *t);
    uint8_t *buf;
    size_t len;
    const uint8_t *fixed;
} dd_target;

/* n measurements (whole batches, after warm batches of warm-up): the
 * largest |t| (dd_max_t).  Inputs are drawn a batch at a time, before
 * they are timed, so drawing them is not. */
static inline __attribute__((always_inline)) double dd_measure(const dd_target *s, size_t n, unsigned warm,
                                                               int verbose)
{
    n -= n % DD_BATCH;
    uint64_t *times = malloc(n * sizeof *times);
    uint8_t *cls = malloc(n), *inputs = malloc(DD_BATCH * s->len + 1);
    if (!times || !cls || !inputs) { perror("alloc"); exit(2); }
    for (size_t i = 0; i < n; i++) {
        size_t j = i % DD_BATCH;
        if (j == 0) {
            for (size_t k = 0; k < DD_BATCH; k++) {
                cls[i + k] = (uint8_t)(dd_rng() & 1);
                if (cls[i + k]) memcpy(inputs + k * s->len, s->fixed, s->len);
                else dd_random_bytes(inputs + k * s->len, s->len);
            }
            for (size_t k = 0; i == 0 && k < warm * DD_BATCH; k++) {
                memcpy(s->buf, inputs + k % DD_BATCH * s->len, s->len);
                if (s->prepare) s->prepare(s->t);
                s->run(s->t);
            }
        }
        memcpy(s->buf, inputs + j * s->len, s->len);
        if (s->prepare) s->prepare(s->t);
        uint64_t t0 = dd_ticks();
        s->run(s->t);
        times[i] = dd_ticks() - t0;
    }
    double worst = dd_max_t(times, cls, n, verbose);
    free(inputs);
    free(cls);
    free(times);
    return worst;
}

#endif
