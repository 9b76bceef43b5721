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

#endif
