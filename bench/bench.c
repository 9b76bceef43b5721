/* SPDX-License-Identifier: MIT */
/* kcipher bench: options, the machine, warm-up and calibration, the order of
 * the run (peers first, so our rows can show the ratio), the report script.
 * Output is in record.c; what is measured in ours.c and peers.c. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "kcipher.h"
#include "args.h"
#include "bench.h"
#include "bench_int.h"
#include "peers_missing.h"   /* KC_BENCH_PEERS_MISSING (bench/CMakeLists.txt) */
#include "core/cpu.h"

const size_t bench_sizes[] = { 16, 64, 256, 1024, 8192, 16384 };
const size_t bench_nsizes = sizeof bench_sizes / sizeof bench_sizes[0];

/* ---- machine ---- */

static void read_cpu_model(char *out, size_t cap)
{
    snprintf(out, cap, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) && strncmp(line, "Hardware", 8)
            && strncmp(line, "uarch", 5)) continue;
        char *v = strchr(line, ':');
        if (!v) continue;
        for (v++; *v == ' ' || *v == '\t'; v++) { }
        v[strcspn(v, "\n")] = 0;
        snprintf(out, cap, "%s", v);
        break;
    }
    fclose(f);
}

/* Other work on the machine at the start: "1.02 0.80 0.63 ..." (noise context). */
static void read_loadavg(char *out, size_t cap)
{
    snprintf(out, cap, "unknown");
    FILE *f = fopen("/proc/loadavg", "r");
    if (!f) return;
    if (fgets(out, (int)cap, f)) out[strcspn(out, "\n")] = 0;
    fclose(f);
}

int bench_alloc_buffers(bench_run *r)
{
    for (int i = 0; i < 3; i++) {
        r->buf[i] = aligned_alloc(64, BENCH_MAX_LEN + 64);
        if (!r->buf[i]) return -1;
        for (size_t k = 0; k < BENCH_MAX_LEN + 64; k++) r->buf[i][k] = (uint8_t)(k * 131u + (unsigned)i * 7u + (k >> 8));
    }
    return 0;
}

void bench_free_buffers(bench_run *r)
{
    for (int i = 0; i < 3; i++) {
        free(r->buf[i]);
        r->buf[i] = NULL;
    }
}

void bench_start(bench_run *r, int runs)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(r->date, sizeof r->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    read_cpu_model(r->cpu, sizeof r->cpu);
    read_loadavg(r->loadavg, sizeof r->loadavg);
    r->cores = sysconf(_SC_NPROCESSORS_ONLN);
#if defined(__x86_64__)
    snprintf(r->target, sizeof r->target, "x86_64");
#elif defined(__aarch64__)
    snprintf(r->target, sizeof r->target, "aarch64");
#else
    snprintf(r->target, sizeof r->target, "other");
#endif
    bt_init();
    bt_spin(r->quick ? 0.1 : 0.3);
    r->cycles_per_unit = r->cal_start = bt_calibrate();
    double sec = bt_units_per_second();
    r->cfg.runs = runs;
    r->cfg.sample_units = (r->quick ? 5e-6 : 50e-6) * sec;
    r->cfg.warm_units = (r->quick ? 10e-6 : 200e-6) * sec;
    bench_emit_header(r);
}

/* ---- options ---- */

static void usage(FILE *f)
{
    fputs("usage: kcipher bench [--quick] [--cipher NAME[,NAME...]]... [--backend NAME]...\n"
          "                     [--runs N] [--json FILE|-] [--report DIR] [--quiet]\n"
          "  --cipher   cipher names or prefixes (aria, aes-128, fea2, ...); default: all\n"
          "  --backend  only these backends of ours and peers (openssl, cryptopp, botan, libgcrypt)\n"
          "  --runs     timed samples per point (>= 15; default 31, --quick 15)\n"
          "  --json     write JSON lines (the raw data) to FILE, '-' for stdout\n"
          "  --report   write DIR/bench.jsonl (unless --json), DIR/benchmarks.md and DIR/plots/\n"
          "  --quick    shorter samples and sweeps (about 30 s)\n"
          "KC_CPU_DISABLE=FEATURE,... runs as on a CPU without them (OpenSSL too, through OPENSSL_ia32cap,\n"
          "and libgcrypt, through GCRYCTL_DISABLE_HWF);\n"
          "the run line records the mask, the class the run stands for and the cpuid identity.\n", f);
}

/* The command line (cli/args.c parses it). */
typedef struct bench_args {
    const char *quick, *quiet, *help, *cipher, *backend, *runs, *json, *report;
    bench_run *r;
    char names[1024];     /* the --cipher and --backend names, each NUL-terminated */
    size_t used;
} bench_args;

/* Appends the comma-separated names in arg to list. */
static int add_list(bench_args *a, const char **list, int *n, const char *arg)
{
    for (;;) {
        size_t len = strcspn(arg, ",");
        if (len == 0 || *n == BENCH_MAX_SEL || len >= sizeof a->names - a->used) return -1;
        char *name = a->names + a->used;
        memcpy(name, arg, len);
        name[len] = 0;
        a->used += len + 1;
        list[(*n)++] = name;
        if (arg[len] == 0) return 0;
        arg += len + 1;
    }
}

static int add_cipher(void *dest, const char *v)
{
    bench_args *a = dest;
    bench_run *r = a->r;
    return add_list(a, r->ciphers, &r->nciphers, v);
}

static int add_backend(void *dest, const char *v)
{
    bench_args *a = dest;
    bench_run *r = a->r;
    return add_list(a, r->impls, &r->nimpls, v);
}

#define BOPT(name, kind, field, each) { name, kind, offsetof(bench_args, field), each }
static const arg_opt bench_opts[] = {
    BOPT("--quick", ARG_FLAG, quick, NULL),    BOPT("--quiet", ARG_FLAG, quiet, NULL),
    BOPT("-h", ARG_FLAG, help, NULL),          BOPT("--help", ARG_FLAG, help, NULL),
    BOPT("--cipher", ARG_VALUE, cipher, add_cipher), BOPT("--backend", ARG_VALUE, backend, add_backend),
    BOPT("--runs", ARG_VALUE, runs, NULL),     BOPT("--json", ARG_VALUE, json, NULL),
    BOPT("--report", ARG_VALUE, report, NULL),
};

/* "aes-128" exactly, "aes" for aes-*, "fea" for fea1-* and fea2-*. */
static int matches(const char *name, const char *sel)
{
    size_t l = strlen(sel);
    if (l == 0 || strncmp(name, sel, l) != 0) return 0;
    return name[l] == 0 || name[l] == '-'
        || (isdigit((unsigned char)name[l]) && isalpha((unsigned char)name[l - 1]));
}

static int cipher_selected(const bench_run *r, const char *name)
{
    if (r->nciphers == 0) return 1;
    for (int i = 0; i < r->nciphers; i++)
        if (matches(name, r->ciphers[i])) return 1;
    return 0;
}

static const char *report_script(void)
{
    const char *env = getenv("KCIPHER_BENCH_REPORT");
    if (env && *env) return env;
#ifdef KC_BENCH_REPORT_SOURCE
    if (access(KC_BENCH_REPORT_SOURCE, R_OK) == 0) return KC_BENCH_REPORT_SOURCE;
#endif
#ifdef KC_BENCH_REPORT_INSTALLED
    if (access(KC_BENCH_REPORT_INSTALLED, R_OK) == 0) return KC_BENCH_REPORT_INSTALLED;
#endif
    return NULL;
}

static int run_report(const char *json, const char *dir)
{
    const char *script = report_script();
    if (!script) {
        fprintf(stderr, "bench: report.py not found (set KCIPHER_BENCH_REPORT)\n");
        return 1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) { perror("bench: fork"); return 1; }
    if (pid == 0) {
        execlp("python3", "python3", script, json, "--out", dir, (char *)NULL);
        perror("bench: python3");
        _exit(127);
    }
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench: the report script failed\n");
        return 1;
    }
    fprintf(stderr, "bench: report in %s/benchmarks.md\n", dir);
    return 0;
}

/* Every selected cipher: the peers first (so our rows can show the ratio). */
static void run_all(bench_run *r)
{
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *ci = kc_cipher_at(i);
        if (!cipher_selected(r, ci->name)) continue;
        if (!r->counting) r->cycles_per_unit = bt_calibrate();   /* the core clock drifts */
        bench_peers_for(r, ci->name);
        bench_ours(r, ci->name);
        bench_threads(r, ci->name);
    }
    bench_tokenize(r, cipher_selected);
    bench_hash(r, cipher_selected);
}

int kc_bench_main(int argc, char **argv)
{
    static bench_run run;
    bench_run *r = &run;
    memset(r, 0, sizeof *r);
    static bench_args args;
    memset(&args, 0, sizeof args);
    args.r = r;
    const char *unused[1];
    size_t nunused;
    char err[160];
    if (args_parse(bench_opts, sizeof bench_opts / sizeof bench_opts[0], argc - 1, argv + 1, &args,
                   unused, 0, &nunused, err, sizeof err)) {
        fprintf(stderr, "bench: %s\n", err);
        usage(stderr);
        return 2;
    }
    if (args.help) { usage(stdout); return 0; }
    if (*kc_cpu_mask_unknown()) {   /* the records would name a class the run is not */
        fprintf(stderr, "bench: KC_CPU_DISABLE: no such feature: %s (names as `kcipher list` prints them, or all)\n",
                kc_cpu_mask_unknown());
        return 2;
    }
    if (bench_mask_peers(argc, argv) != 0)
        fprintf(stderr, "bench: note: OPENSSL_ia32cap could not be set: OpenSSL runs unmasked\n");
    if (*KC_BENCH_PEERS_MISSING) fprintf(stderr, "bench: %s\n", KC_BENCH_PEERS_MISSING);
    r->quick = args.quick != NULL;
    r->quiet = args.quiet != NULL;
    const char *json_path = args.json, *report_dir = args.report;
    unsigned long runs = r->quick ? 15 : 31;
    if (args.runs && args_uint(args.runs, 15, BT_MAX_RUNS, &runs)) {
        fprintf(stderr, "bench: --runs must be between 15 and %d\n", BT_MAX_RUNS);
        return 2;
    }
    for (int i = 0; i < r->nciphers; i++) {
        bench_run probe = { 0 };
        probe.nciphers = 1;
        probe.ciphers[0] = r->ciphers[i];
        int found = 0;
        for (size_t k = 0; k < kc_cipher_count(); k++) found |= cipher_selected(&probe, kc_cipher_at(k)->name);
        for (size_t k = 0; k < bench_tokenize_count; k++) found |= cipher_selected(&probe, bench_tokenize_names[k]);
        for (size_t k = 0; k < bench_hash_count; k++) found |= cipher_selected(&probe, bench_hash_names[k]);
        if (!found) { fprintf(stderr, "bench: no cipher matches '%s'\n", r->ciphers[i]); return 2; }
    }

    char json_buf[4096];
    if (report_dir && json_path && strcmp(json_path, "-") == 0) {
        fprintf(stderr, "bench: --report reads the records from a file; give --json FILE or none\n");
        return 2;
    }
    if (report_dir) {
        if (mkdir(report_dir, 0777) != 0 && errno != EEXIST) { perror(report_dir); return 1; }
        if (!json_path) {
            snprintf(json_buf, sizeof json_buf, "%s/bench.jsonl", report_dir);
            json_path = json_buf;
        }
    }
    if (json_path && strcmp(json_path, "-") == 0) { r->json = stdout; r->quiet = 1; }
    else if (json_path && !(r->json = fopen(json_path, "w"))) { perror(json_path); return 1; }

    if (bench_alloc_buffers(r) != 0) return 1;

    /* Plan (count the points), then warm the core, calibrate, measure. */
    r->counting = 1;
    run_all(r);
    r->counting = 0;
    r->progress = isatty(2);

    bench_start(r, (int)runs);
    double sec = bt_units_per_second();
    fprintf(stderr, "bench: %s, %ld cores; clock %s at %.3f GHz; core ~%.3f GHz (calibrated); %zu points\n",
            r->cpu, r->cores, bt_unit(), sec / 1e9, r->cycles_per_unit * sec / 1e9, r->total);

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    run_all(r);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double elapsed = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;

    double end_cal = bt_calibrate();
    if (r->progress) fputs("\r\033[K", stderr);
    if (r->cal_start > 0 && (end_cal / r->cal_start > 1.03 || end_cal / r->cal_start < 0.97))
        fprintf(stderr, "bench: note: the core clock moved during the run (%.3f -> %.3f cycles/%s); "
                "cycles use the calibration taken before each cipher\n", r->cal_start, end_cal, bt_unit());
    read_loadavg(r->loadavg, sizeof r->loadavg);
    bench_emit_end(r, end_cal, elapsed);
    if (r->json) {
        if (r->json != stdout) fclose(r->json);
        else fflush(stdout);
    }
    fprintf(stderr, "bench: %zu points in %.1f s\n", r->done, elapsed);
    bench_free_buffers(r);
    if (report_dir) return run_report(json_path, report_dir);
    return 0;
}
