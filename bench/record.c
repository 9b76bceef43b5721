/* SPDX-License-Identifier: MIT */
/* Output of a run: the JSON lines (run header, one record per measurement,
 * end), a console line per measurement and the progress bar. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kcipher.h"
#include "bench_int.h"
#include "peers_missing.h"   /* KC_BENCH_PEERS_MISSING (bench/CMakeLists.txt) */
#include "core/cpu.h"

#ifndef KC_BENCH_COMPILER
#define KC_BENCH_COMPILER "cc " __VERSION__
#endif
#ifndef KC_BENCH_CFLAGS
#define KC_BENCH_CFLAGS "unknown"
#endif
#ifndef KC_BENCH_BUILD_TYPE
#define KC_BENCH_BUILD_TYPE "unknown"
#endif

int bench_counting(const bench_run *r) { return r->counting; }
int bench_quick(const bench_run *r) { return r->quick; }
uint8_t *bench_buf(bench_run *r, int which) { return r->buf[which]; }

int bench_want_impl(const bench_run *r, const char *name)
{
    if (r->nimpls == 0) return 1;
    for (int i = 0; i < r->nimpls; i++)
        if (strcmp(r->impls[i], name) == 0) return 1;
    return 0;
}

void bench_note(bench_run *r, const char *fmt, ...)
{
    if (r->counting) return;
    va_list ap;
    va_start(ap, fmt);
    if (r->progress) fputs("\r\033[K", stderr);
    fputs("bench: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static void json_kv(FILE *f, const char *k, const char *v)
{
    fprintf(f, ",\"%s\":", k);
    json_str(f, v);
}

/* KC_BENCH_EMULATOR names the emulator a cross-built kcipher runs under
 * (scripts/bench.sh: "qemu-aarch64 (TCG on x86-64)"): the run header and
 * every record then carry "emulated", and their times are the emulator's. */
static void json_emulated(FILE *f)
{
    const char *emu = getenv("KC_BENCH_EMULATOR");
    if (emu && *emu) json_kv(f, "emulated", emu);
}

static void json_num(FILE *f, const char *k, double v)
{
    if (isnan(v)) fprintf(f, ",\"%s\":null", k);
    else fprintf(f, ",\"%s\":%.10g", k, v);
}

/* The CPU identity, what was masked and the class the run stands for. */
static void bench_emit_cpu(FILE *f)
{
    char vendor[13], names[128];
    int family, model, stepping;
    const char *what, *mask = getenv("KC_CPU_DISABLE");
    if (bench_cpuid(vendor, &family, &model, &stepping)) {
        json_kv(f, "cpu_vendor", vendor);
        fprintf(f, ",\"cpu_family\":%d,\"cpu_model\":%d,\"cpu_stepping\":%d", family, model, stepping);
    }
    /* SMT: whether logical CPU 0 shares its core with another (Linux sysfs). */
    FILE *t = fopen("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "r");
    if (t) {
        char list[64] = "";
        if (fgets(list, sizeof list, t)) fprintf(f, ",\"smt\":%s", strpbrk(list, ",-") ? "true" : "false");
        fclose(t);
    }
    json_kv(f, "cpu_detected", kc_cpu_names(kc_cpu_detected(), names, sizeof names));
    json_kv(f, "cpu_disable", mask ? mask : "");
    json_kv(f, "cpu_masked", kc_cpu_names(kc_cpu_detected() & ~kc_cpu_detect(), names, sizeof names));
    json_kv(f, "cpu_class", bench_cpu_class(kc_cpu_detect(), &what));
    json_kv(f, "cpu_class_name", what);
    fputs(",\"peer_masks\":{", f);
    for (int i = 0; peer_libs[i]; i++) {
        const char *m = bench_peer_mask(peer_libs[i]->name);
        fprintf(f, "%s\"%s\":", i ? "," : "", peer_libs[i]->name);
        if (m) json_str(f, m);
        else fputs("null", f);
    }
    fputc('}', f);
}

void bench_emit_header(bench_run *r)
{
    if (!r->json) return;
    FILE *f = r->json;
    fputs("{\"type\":\"run\"", f);
    json_kv(f, "run", r->date);
    json_kv(f, "date", r->date);
    json_kv(f, "target", r->target);
    json_kv(f, "cpu", r->cpu);
    json_emulated(f);
    fprintf(f, ",\"cores\":%ld", r->cores);
    json_kv(f, "cpu_features", kc_cpu_features());
    bench_emit_cpu(f);
    json_kv(f, "compiler", KC_BENCH_COMPILER);
    json_kv(f, "cflags", KC_BENCH_CFLAGS);
    json_kv(f, "build_type", KC_BENCH_BUILD_TYPE);
    json_kv(f, "lib_version", KC_VERSION_STRING);
    fputs(",\"peers\":{", f);
    for (int i = 0; peer_libs[i]; i++) {
        fprintf(f, "%s\"%s\":", i ? "," : "", peer_libs[i]->name);
        json_str(f, peer_libs[i]->version());
    }
    fputc('}', f);
    json_kv(f, "peers_missing", KC_BENCH_PEERS_MISSING);   /* "libgcrypt: not available (why)" or "" */
    json_kv(f, "unit", bt_unit());
    json_num(f, "units_per_second", bt_units_per_second());
    json_num(f, "cycles_per_unit", r->cycles_per_unit > 0 ? r->cycles_per_unit : NAN);
    json_num(f, "core_hz", r->cycles_per_unit > 0 ? r->cycles_per_unit * bt_units_per_second() : NAN);
    json_kv(f, "calibration", "dependent register additions, one per core cycle; renewed per cipher");
    json_kv(f, "loadavg", r->loadavg);
    fprintf(f, ",\"runs\":%d,\"sample_units\":%.0f,\"warm_units\":%.0f,\"quick\":%s}\n",
            r->cfg.runs, r->cfg.sample_units, r->cfg.warm_units, r->quick ? "true" : "false");
}

/* ---- records ---- */

static const char *best_peer(bench_run *r, const bench_point *p, double *median)
{
    for (int i = 0; i < r->nbest; i++)
        if (strcmp(r->best[i].prim, p->primitive) == 0 && strcmp(r->best[i].mode, p->mode) == 0
            && r->best[i].len == p->msg_len) {
            *median = r->best[i].median;
            return r->best[i].peer;
        }
    return NULL;
}

static void note_peer(bench_run *r, const bench_point *p, double median)
{
    for (int i = 0; i < r->nbest; i++)
        if (strcmp(r->best[i].prim, p->primitive) == 0 && strcmp(r->best[i].mode, p->mode) == 0
            && r->best[i].len == p->msg_len) {
            if (median < r->best[i].median) { r->best[i].median = median; r->best[i].peer = p->library; }
            return;
        }
    if (r->nbest == BENCH_MAX_BEST) return;
    r->best[r->nbest].prim = p->primitive;
    r->best[r->nbest].mode = p->mode;
    r->best[r->nbest].len = p->msg_len;
    r->best[r->nbest].median = median;
    r->best[r->nbest].peer = p->library;
    r->nbest++;
}

static void progress(bench_run *r, const bench_point *p)
{
    if (!r->progress) return;
    int width = 30, fill = r->total ? (int)(width * r->done / r->total) : width;
    fprintf(stderr, "\r\033[K[%.*s%*s] %zu/%zu %s %s %s %s %zu", fill,
            "##############################", width - fill, "", r->done, r->total,
            p->primitive, strcmp(p->library, "kcipher") ? p->library : p->impl, p->mode, p->op, p->msg_len);
    fflush(stderr);
}

static void console(const bench_run *r, const bench_point *p, const bt_stats *st,
                    double cpb, double bps, double us, const char *peer, double ratio)
{
    if (r->quiet) return;
    if (r->progress) fputs("\r\033[K", stderr);
    char what[64], size[32];
    snprintf(what, sizeof what, "%s%s%s", p->op, *p->mode ? " " : "", p->mode);
    if (p->messages > 1) snprintf(size, sizeof size, "%zu x %zu B", p->messages, p->msg_len);
    else snprintf(size, sizeof size, "%zu B", p->msg_len);
    printf("%-16s %-8s %-8s %-22s %11s %12.1f %-9s", p->primitive, p->library, p->impl, what, size,
           st->median, bt_unit());
    if (!isnan(cpb)) printf(" %9.2f c/B", cpb);
    else printf(" %13s", "");
    if (p->msg_len) printf(" %9.1f MB/s", bps / 1e6);
    else printf(" %9.3f us/op", us);
    if (peer) printf("  x%.2f vs %s%s", ratio, peer, p->paired_with ? ", sampled alternately" : "");
    else if (p->paired_with) printf("  sampled alternately with %s", p->paired_with);
    if (p->threads) printf("  %u thr", p->threads);
    if (p->base_median > 0) printf("  speed-up %.2f", p->base_median / st->median);
    putchar('\n');
}

/* A new pool's worker may start on an idle vCPU that the hypervisor must
 * wake (milliseconds here), and the first calls then run on one core: the
 * job runs for a while before it is timed, as in a long-running program. */
static void warm_pool(bt_fn fn, void *arg)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do {
        fn(arg);
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while ((double)(t.tv_sec - t0.tv_sec) * 1e3 + (double)(t.tv_nsec - t0.tv_nsec) * 1e-6 < 20);
}

/* Writes the record of a measured point and its console line. */
static void record(bench_run *r, const bench_point *p, const bt_stats *st, double cpu, double wall)
{
    r->done++;
    double before = r->last_median;   /* a paired point's partner, recorded just before it */
    r->last_median = st->median;

    double cycles = r->cycles_per_unit > 0 ? st->median * r->cycles_per_unit : NAN;
    double secs = st->median / bt_units_per_second();
    double bytes = (double)p->msg_len * (double)(p->messages ? p->messages : 1);
    double cpb = bytes > 0 ? cycles / bytes : NAN;
    double bps = bytes > 0 ? bytes / secs : NAN;
    double us = secs * 1e6;

    int bulk = strcmp(p->op, "encrypt") == 0 && strcmp(p->scenario, "bulk") == 0;
    const char *peer = NULL;
    double peer_median = NAN;
    if (bulk && strcmp(p->library, "kcipher") != 0) note_peer(r, p, st->median);
    if (bulk && strcmp(p->library, "kcipher") == 0) peer = best_peer(r, p, &peer_median);
    if (p->paired_with && strcmp(p->library, "kcipher") == 0) peer = p->paired_with, peer_median = before;
    double ratio = peer ? st->median / peer_median : NAN;

    if (r->json) {
        FILE *f = r->json;
        fputs("{\"type\":\"measurement\"", f);
        json_kv(f, "run", r->date);
        json_kv(f, "target", r->target);
        json_kv(f, "cpu", r->cpu);
        json_emulated(f);
        json_kv(f, "compiler", KC_BENCH_COMPILER);
        json_kv(f, "lib_version", KC_VERSION_STRING);
        json_kv(f, "library", p->library);
        json_kv(f, "primitive", p->primitive);
        json_kv(f, "family", p->family);
        json_kv(f, "impl", p->impl);
        json_kv(f, "isa", p->isa ? p->isa : "");
        if (p->constant_time >= 0) fprintf(f, ",\"constant_time\":%s", p->constant_time ? "true" : "false");
        else fputs(",\"constant_time\":null", f);
        fprintf(f, ",\"default\":%s", p->is_default ? "true" : "false");
        json_kv(f, "op", p->op);
        json_kv(f, "mode", p->mode);
        json_kv(f, "scenario", p->scenario);
        fprintf(f, ",\"msg_len\":%zu,\"ad_len\":%zu,\"messages\":%zu,\"bits\":%u,\"steps\":%u",
                p->msg_len, p->ad_len, p->messages ? p->messages : 1, p->bits, p->steps);
        if (p->verified >= 0) fprintf(f, ",\"verified\":%s", p->verified ? "true" : "false");
        json_kv(f, "unit", bt_unit());
        fprintf(f, ",\"n\":%d,\"batch\":%lu", st->n, st->batch);
        json_num(f, "median", st->median);
        json_num(f, "q1", st->q1);
        json_num(f, "q3", st->q3);
        json_num(f, "min", st->min);
        json_num(f, "max", st->max);
        fputs(",\"samples\":[", f);
        for (int i = 0; i < st->n; i++) fprintf(f, "%s%.10g", i ? "," : "", st->samples[i]);
        fputc(']', f);
        json_num(f, "cycles_per_unit", r->cycles_per_unit > 0 ? r->cycles_per_unit : NAN);
        json_num(f, "cycles", cycles);
        json_num(f, "cycles_per_byte", cpb);
        json_num(f, "bytes_per_second", bps);
        json_num(f, "us_per_op", us);
        if (p->api) json_kv(f, "api", p->api);
        if (p->paired_with) json_kv(f, "paired_with", p->paired_with);
        if (r->tries > 1) fprintf(f, ",\"tries\":%d", r->tries);
        if (p->threads) {
            fprintf(f, ",\"threads\":%u", p->threads);
            json_num(f, "cpu_per_wall", wall > 0 ? cpu / wall : NAN);
            if (p->attempt) fprintf(f, ",\"attempt\":%d", p->attempt);
        }
        if (p->base_median > 0) {
            double sp = p->base_median / st->median;
            json_kv(f, "speedup_vs", p->base ? p->base : "");
            json_num(f, "baseline_median", p->base_median);
            json_num(f, "speedup", sp);
            if (p->threads > 1) json_num(f, "efficiency", sp / p->threads);
        }
        if (peer) {
            json_kv(f, "best_peer", peer);
            json_num(f, "vs_best_peer", ratio);
        }
        fputs("}\n", f);
    }
    console(r, p, st, cpb, bps, us, peer, ratio);
}


/* A one-thread point whose middle half of samples spreads over more than
 * SPREAD of its median met other work or a clock change on the way: it is
 * measured again, TRIES times at most, and the tightest try is kept (not
 * in --quick runs, which are for a look, not for the record). */
#define SPREAD 0.05
#define TRIES 3

static double spread(const bt_stats *s)
{
    return s->median > 0 ? (s->q3 - s->q1) / s->median : 0;
}

int bench_point_run(bench_run *r, const bench_point *p, bt_fn fn, void *arg)
{
    if (r->counting) { r->total++; return 0; }
    progress(r, p);
    static bt_stats st;
    /* Threaded points: the cores the process really got (other work on the
     * machine takes them away), from process CPU time over wall time.  The
     * kernel credits a running thread's time only at its next tick (4 ms at
     * most here), so the window also holds the pool's warm-up, 20 ms. */
    struct timespec c0, c1, w0, w1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    clock_gettime(CLOCK_MONOTONIC, &w0);
    if (p->threads > 1) warm_pool(fn, arg);
    bt_measure(&r->cfg, fn, arg, &st);
    for (r->tries = 1; !p->threads && !r->quick && r->tries < TRIES && spread(&st) > SPREAD; r->tries++) {
        static bt_stats again;
        bt_measure(&r->cfg, fn, arg, &again);
        if (spread(&again) < spread(&st)) st = again;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    clock_gettime(CLOCK_MONOTONIC, &w1);
    double cpu = (double)(c1.tv_sec - c0.tv_sec) + (double)(c1.tv_nsec - c0.tv_nsec) / 1e9;
    double wall = (double)(w1.tv_sec - w0.tv_sec) + (double)(w1.tv_nsec - w0.tv_nsec) / 1e9;
    r->last_cpu_per_wall = wall > 0 ? cpu / wall : NAN;
    record(r, p, &st, cpu, wall);
    return 1;
}

int bench_point_run_pair(bench_run *r, const bench_point *pa, bt_fn fa, void *aa,
                         const bench_point *pb, bt_fn fb, void *ab)
{
    if (r->counting) { r->total += 2; return 0; }
    progress(r, pa);
    static bt_stats sa, sb, a2, b2;
    bt_measure_pair(&r->cfg, fa, aa, fb, ab, &sa, &sb);
    for (r->tries = 1; !r->quick && r->tries < TRIES && (spread(&sa) > SPREAD || spread(&sb) > SPREAD); r->tries++) {
        bt_measure_pair(&r->cfg, fa, aa, fb, ab, &a2, &b2);
        if (spread(&a2) + spread(&b2) < spread(&sa) + spread(&sb)) sa = a2, sb = b2;
    }
    r->last_cpu_per_wall = NAN;
    record(r, pa, &sa, NAN, NAN);
    record(r, pb, &sb, NAN, NAN);
    return 1;
}

void bench_emit_end(bench_run *r, double end_cal, double elapsed)
{
    if (!r->json) return;
    fputs("{\"type\":\"end\"", r->json);
    json_kv(r->json, "run", r->date);
    json_num(r->json, "cycles_per_unit_end", end_cal > 0 ? end_cal : NAN);
    json_num(r->json, "elapsed_s", elapsed);
    json_kv(r->json, "loadavg", r->loadavg);
    fprintf(r->json, ",\"points\":%zu}\n", r->done);
}
