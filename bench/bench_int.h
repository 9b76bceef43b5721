/* SPDX-License-Identifier: MIT */
/* Internals of the benchmark harness, shared by its C and C++ sources. */
#ifndef KC_BENCH_INT_H
#define KC_BENCH_INT_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "kcipher.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- timer.c: the clock, its calibration and the timing loop ---- */

#define BT_MAX_RUNS 101

/* Starts the clock (and measures the TSC rate); call once. */
void bt_init(void);
/* "tsc_ticks" on x86 (rdtscp/lfence), "ns" elsewhere (CLOCK_MONOTONIC). */
const char *bt_unit(void);
uint64_t bt_now_begin(void);
uint64_t bt_now_end(void);
/* Clock units per second (TSC rate, or 1e9 for ns). */
double bt_units_per_second(void);
/* Core cycles per clock unit from a dependent chain of additions (one per
 * cycle); 0 when this architecture has no calibration loop. */
double bt_calibrate(void);
/* Busy-waits for the given seconds (brings the core out of idle). */
void bt_spin(double seconds);

typedef void (*bt_fn)(void *arg);

typedef struct bt_cfg {
    int runs;              /* timed samples per point (>= 15) */
    double sample_units;   /* each sample times enough calls to last this long */
    double warm_units;     /* warm-up before the samples */
} bt_cfg;

/* Per-operation values, in bt_unit(). */
typedef struct bt_stats {
    int n;
    unsigned long batch;   /* calls per timed sample; samples are run total / batch */
    double median, q1, q3, min, max;
    double samples[BT_MAX_RUNS];
} bt_stats;

void bt_measure(const bt_cfg *cfg, bt_fn fn, void *arg, bt_stats *st);
/* Two operations sampled alternately (a, b, a, b, ...): a slow spell of the
 * machine falls on both, so their ratio holds (CTR against ECB). */
void bt_measure_pair(const bt_cfg *cfg, bt_fn fa, void *aa, bt_fn fb, void *ab, bt_stats *sa, bt_stats *sb);

/* ---- peers: other libraries, same run (peers/peer.h: peer_libs lists them) ---- */
#include "peer.h"

/* ---- machine.c: the CPU a run stands for ---- */

/* x86 cpuid: vendor string, display family and model, stepping; 0 elsewhere. */
int bench_cpuid(char vendor[13], int *family, int *model, int *stepping);
/* The CPU class the features fall in ("zen3", ...), *what its description. */
const char *bench_cpu_class(uint32_t features, const char **what);
/* Passes KC_CPU_DISABLE on to the peers read at load time: runs the program
 * again (argv as kc_bench_main got it) when it must; returns only if not. */
int bench_mask_peers(int argc, char **argv);
/* The mask a peer runs under ("" none), NULL when it takes none. */
const char *bench_peer_mask(const char *peer);

/* ---- bench.c: one run; record.c: its output ---- */

#define BENCH_MAX_SEL 64
#define BENCH_MAX_BEST 512

typedef struct bench_run {
    int counting, quick, quiet;
    size_t total, done;
    bt_cfg cfg;
    const char *ciphers[BENCH_MAX_SEL]; int nciphers;
    const char *impls[BENCH_MAX_SEL]; int nimpls;
    FILE *json;
    int progress;                 /* stderr is a terminal */
    char date[32], cpu[128], target[32], loadavg[64];
    long cores;
    double cycles_per_unit;       /* calibration, renewed per cipher; 0 = none */
    double cal_start;
    uint8_t *buf[3];
    struct { const char *prim, *mode; size_t len; double median; const char *peer; } best[BENCH_MAX_BEST];
    int nbest;
    double last_median;           /* median of the last point measured (clock units) */
    double last_cpu_per_wall;     /* cores the process got during it (threaded points) */
    int tries;                    /* measurements of the point being recorded (spread, record.c) */
} bench_run;

void bench_emit_header(bench_run *r);
void bench_emit_end(bench_run *r, double end_cal, double elapsed_s);

/* What one record measures. */
typedef struct bench_point {
    const char *library;       /* "kcipher" or a peer name */
    const char *primitive;     /* "aria-128" */
    const char *family;
    const char *impl;          /* backend name or peer API */
    const char *isa;           /* CPU features the backend needs ("avx2+gfni"), "" if none */
    int constant_time;         /* -1 unknown (peers) */
    int is_default;            /* the registry's default backend for this cipher */
    const char *op;            /* "keysetup", "encrypt", "decrypt", "encrypt_block", ... */
    const char *mode;          /* "ecb", "cbc", "ctr", "aead", "fea" or "" */
    const char *scenario;      /* "bulk", "primitive", "paper", "msgsize", "messages", "rekey_period" */
    size_t msg_len, ad_len;    /* bytes per message */
    size_t messages;           /* messages per operation: each with its own key schedule
                                * ("messages"), or all under one ("rekey_period"), or
                                * blocks in one call ("batch": FEA) */
    unsigned bits;             /* FEA block length n, else 0 */
    unsigned steps;            /* TinyJAMBU permutation steps, else 0 */
    int verified;              /* -1 not checked, 0 output differs from ours, 1 agrees */
    const char *api;           /* public function timed (threads, batch), else NULL */
    unsigned threads;          /* kc_set_threads() for the point, 0 = not a threaded point */
    double base_median;        /* > 0: speed-up = base_median / median ... */
    const char *base;          /* ... against this baseline ("threads=1", "loop") */
    int attempt;               /* threaded points: which try of the sweep was kept (1..3) */
    const char *paired_with;   /* scenario "paired": the library sampled alternately with this point */
} bench_point;

/* Measures fn(arg) and writes the record; does nothing but count in the
 * counting pass.  Returns 1 when the point was measured. */
int bench_point_run(bench_run *r, const bench_point *p, bt_fn fn, void *arg);
/* Two points measured by bt_measure_pair, recorded as bench_point_run
 * would; for unthreaded points.  Returns 1 when they were measured. */
int bench_point_run_pair(bench_run *r, const bench_point *pa, bt_fn fa, void *aa,
                         const bench_point *pb, bt_fn fb, void *ab);
int bench_counting(const bench_run *r);
/* The three scratch buffers (bench_buf), filled; 0 or -1 (no memory). */
int bench_alloc_buffers(bench_run *r);
void bench_free_buffers(bench_run *r);
/* After the counting pass: the run's date, CPU, load, cores and target; warms
 * the core, calibrates, sets the sampling for runs samples a point and
 * writes the run record.  kcipher-bench and the side benchmarks. */
void bench_start(bench_run *r, int runs);
int bench_quick(const bench_run *r);
/* Whether --backend allows this backend / peer name. */
int bench_want_impl(const bench_run *r, const char *name);
void bench_note(bench_run *r, const char *fmt, ...);
/* 64-byte aligned scratch buffers of BENCH_MAX_LEN bytes, random content. */
uint8_t *bench_buf(bench_run *r, int which);   /* 0: input, 1: output, 2: spare */
#define BENCH_MAX_LEN 16384

/* Sizes of the bulk sweep (the OpenSSL six). */
extern const size_t bench_sizes[];
extern const size_t bench_nsizes;

/* ---- ours.c: the library's own ciphers; peers.c: the others ---- */

void bench_ours(bench_run *r, const char *cipher);
/* ours.c: a point of our library for backend bi (NULL: the default), one message. */
struct kc_cipher_entry;   /* core/registry.h */
bench_point bench_our_point(const struct kc_cipher_entry *e, const kc_backend_info *bi, const char *op_name,
                            const char *mode, const char *scenario, size_t len);
void bench_peers_for(bench_run *r, const char *cipher);
/* threads.c: 1, 2, 4 threads ([RC6-RIJ] Fig. 10) and the batch APIs. */
void bench_threads(bench_run *r, const char *cipher);
/* tokenize.c: FF1, FF3-1 and FEA batch tokenization of 16-digit values
 * (names that are not registry ciphers, selected by --cipher as they are). */
extern const char *const bench_tokenize_names[];
extern const size_t bench_tokenize_count;
void bench_tokenize(bench_run *r, int (*selected)(const bench_run *, const char *));
/* hash.c: SHA-2, LSH and HMAC with their peers (names that are no registry
 * ciphers, selected by --cipher as they are). */
extern const char *const bench_hash_names[];
extern const size_t bench_hash_count;
void bench_hash(bench_run *r, int (*selected)(const bench_run *, const char *));

#ifdef __cplusplus
}
#endif
#endif
