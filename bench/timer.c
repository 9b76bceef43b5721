/* SPDX-License-Identifier: MIT */
/* The clock: TSC ticks on x86 (lfence; rdtsc ... rdtscp; lfence), CLOCK_MONOTONIC
 * nanoseconds elsewhere.  Core cycles come only from a calibration: a chain of
 * dependent register additions retires one per core cycle, so timing N of them
 * gives core cycles per clock unit (SUPERCOP discipline otherwise: warm-up,
 * many samples, the median). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench_int.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define BT_TSC 1
#endif

static double units_per_second = 1e9;

static uint64_t ns_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Loads and stores before the read are done; later code has not started. */
uint64_t bt_now_begin(void)
{
#ifdef BT_TSC
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
#else
    return ns_now();
#endif
}

/* rdtscp waits for the timed code to finish; lfence keeps what follows out. */
uint64_t bt_now_end(void)
{
#ifdef BT_TSC
    unsigned aux;
    uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
#else
    return ns_now();
#endif
}

const char *bt_unit(void)
{
#ifdef BT_TSC
    return "tsc_ticks";
#else
    return "ns";
#endif
}

double bt_units_per_second(void) { return units_per_second; }

void bt_spin(double seconds)
{
    uint64_t end = ns_now() + (uint64_t)(seconds * 1e9);
    while (ns_now() < end) { }
}

void bt_init(void)
{
#ifdef BT_TSC
    /* TSC rate against the monotonic clock over 50 ms, twice (keep the last). */
    for (int i = 0; i < 2; i++) {
        uint64_t n0 = ns_now(), t0 = bt_now_begin();
        bt_spin(0.05);
        uint64_t n1 = ns_now(), t1 = bt_now_end();
        units_per_second = (double)(t1 - t0) * 1e9 / (double)(n1 - n0);
    }
#endif
}

/* 64 dependent additions per iteration; the loop counter runs alongside.
 * Register + register: no renamer can fold it (unlike add reg, imm on newer
 * Intel cores). */
#if defined(__x86_64__)
#define BT_CHAIN 64
static void add_chain(uint64_t iters)
{
    uint64_t x = 0, one = 1;
    __asm__ __volatile__(
        "1:\n\t"
        ".rept 64\n\t"
        "addq %2, %0\n\t"
        ".endr\n\t"
        "subq $1, %1\n\t"
        "jnz 1b\n\t"
        : "+r"(x), "+r"(iters) : "r"(one) : "cc");
}
#elif defined(__aarch64__)
#define BT_CHAIN 64
static void add_chain(uint64_t iters)
{
    uint64_t x = 0, one = 1;
    __asm__ __volatile__(
        "1:\n\t"
        ".rept 64\n\t"
        "add %0, %0, %2\n\t"
        ".endr\n\t"
        "subs %1, %1, #1\n\t"
        "b.ne 1b\n\t"
        : "+r"(x), "+r"(iters) : "r"(one) : "cc");
}
#endif

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bt_calibrate(void)
{
#ifdef BT_CHAIN
    enum { ITERS = 16384, RUNS = 15 };
    double per[RUNS];
    add_chain(ITERS);                       /* warm-up */
    for (int i = 0; i < RUNS; i++) {
        uint64_t t0 = bt_now_begin();
        add_chain(ITERS);
        uint64_t t1 = bt_now_end();
        per[i] = (double)ITERS * BT_CHAIN / (double)(t1 - t0);
    }
    qsort(per, RUNS, sizeof per[0], cmp_double);
    return per[RUNS / 2];
#else
    return 0;
#endif
}

/* Warm-up: run until warm_units have passed, learning the cost of a call;
 * returns the calls per timed sample. */
static unsigned long warm_up(const bt_cfg *cfg, bt_fn fn, void *arg)
{
    unsigned long calls = 0;
    uint64_t w0 = bt_now_begin(), w1;
    do {
        fn(arg);
        calls++;
        w1 = bt_now_end();
    } while ((double)(w1 - w0) < cfg->warm_units && calls < 1000000);
    double per_call = (double)(w1 - w0) / (double)calls;
    unsigned long batch = per_call > 0 ? (unsigned long)(cfg->sample_units / per_call) : 1;
    return batch < 1 ? 1 : batch;
}

static double sample(bt_fn fn, void *arg, unsigned long batch)
{
    uint64_t t0 = bt_now_begin();
    for (unsigned long b = 0; b < batch; b++) fn(arg);
    uint64_t t1 = bt_now_end();
    return (double)(t1 - t0) / (double)batch;
}

static void summarise(bt_stats *st, int n, unsigned long batch)
{
    double sorted[BT_MAX_RUNS];
    memcpy(sorted, st->samples, (size_t)n * sizeof sorted[0]);
    qsort(sorted, (size_t)n, sizeof sorted[0], cmp_double);
    st->n = n;
    st->batch = batch;
    st->min = sorted[0];
    st->max = sorted[n - 1];
    st->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    st->q1 = sorted[n / 4];
    st->q3 = sorted[(3 * n) / 4];
}

void bt_measure(const bt_cfg *cfg, bt_fn fn, void *arg, bt_stats *st)
{
    unsigned long batch = warm_up(cfg, fn, arg);
    int n = cfg->runs < BT_MAX_RUNS ? cfg->runs : BT_MAX_RUNS;
    for (int i = 0; i < n; i++) st->samples[i] = sample(fn, arg, batch);
    summarise(st, n, batch);
}

/* Runs fn untimed for half a sample: a core that ran other code (a peer's
 * 128-bit AES-NI) has the upper halves of its vector units powered down,
 * and the first microseconds of 256- or 512-bit code back run slower. */
static void rewarm(const bt_cfg *cfg, bt_fn fn, void *arg)
{
    uint64_t t0 = bt_now_begin();
    do fn(arg); while ((double)(bt_now_end() - t0) < cfg->sample_units / 2);
}

void bt_measure_pair(const bt_cfg *cfg, bt_fn fa, void *aa, bt_fn fb, void *ab, bt_stats *sa, bt_stats *sb)
{
    unsigned long ba = warm_up(cfg, fa, aa), bb = warm_up(cfg, fb, ab);
    int n = cfg->runs < BT_MAX_RUNS ? cfg->runs : BT_MAX_RUNS;
    for (int i = 0; i < n; i++) {
        rewarm(cfg, fa, aa);
        sa->samples[i] = sample(fa, aa, ba);
        rewarm(cfg, fb, ab);
        sb->samples[i] = sample(fb, ab, bb);
    }
    summarise(sa, n, ba);
    summarise(sb, n, bb);
}
