/* SPDX-License-Identifier: MIT */
/* Statistical timing check [DUDECT] of the GHASH backends valgrind cannot
 * see (tests/ct/ct_ghash.h checks the others): VPCLMULQDQ on AVX-512
 * (vpclmul512) and on AVX2 (vpclmul-avx2).  As tests/timing/timing_check.c
 * does for ciphers: for each secret (H, going through init and update; the
 * blocks and Y) the backend is timed on a fixed value and on random values,
 * the classes interleaved at random, the slow tail cropped at several
 * percentiles, and Welch's t-test applied:
 * |t| >= 10 fails (after one more measurement: noise comes in bursts).
 *
 *   timing_ghash [-n N]                  every constant-time backend that needs
 *                                        a feature valgrind hides (77: none here)
 *   timing_ghash [-n N] NAME             one backend, whatever it needs
 *   timing_ghash [-n N] --leaky-control  a bit-serial multiply that branches on
 *                                        the secret bits: must fail */
#define _GNU_SOURCE          /* sched_setaffinity */
#define DD_SEED 0x6a09e667f3bcc908u
#include "../timing/dudect.h"
#include "ghash/ghash.h"

#define HIDDEN (KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_VPCLMUL)
#define BLOCKS 41            /* past the widest aggregation (32 blocks), with an odd tail */

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

static void run(target *t)
{
    if (t->secret == SECRET_H) t->b->init(t->key, t->h);
    memcpy(t->y, t->data, 16);
    t->b->update(t->key, t->y, t->data + 16, BLOCKS);
}

static size_t measurements = 200000;

static void run_v(void *t) { run(t); }

/* max |t| over the crops (dudect.h). */
static double measure(target *t)
{
    const dd_target s = { t, run_v, NULL, t->buf, t->buf_len, t->fixed };
    return dd_measure(&s, measurements, 8, 0);
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
        dd_random_bytes(t->h, sizeof t->h);
        dd_random_bytes(t->data, sizeof t->data);
        b->init(t->key, t->h);
        t->buf = s == SECRET_H ? t->h : t->data;
        t->buf_len = s == SECRET_H ? sizeof t->h : sizeof t->data;
        dd_random_bytes(t->fixed, t->buf_len);
        double tv = measure(t);
        for (int again = 1; control && tv < DD_THRESHOLD && again < 3; again++) tv = measure(t);
        if (!control && tv >= DD_THRESHOLD) {
            double again = measure(t);
            printf("ghash/%s %s: |t| = %.1f, again %.1f\n", b->head.name, secret_names[s], tv, again);
            tv = again;
        }
        printf("ghash/%-14s %-9s max |t| = %6.2f over %zu measurements: %s\n", b->head.name,
               secret_names[s], tv, measurements, tv < DD_THRESHOLD ? "ok" : "LEAKS");
        fflush(stdout);
        failures += tv >= DD_THRESHOLD;
        free(t->key);
        free(t);
    }
    return failures;
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
    dd_pin();
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
    printf("timing_ghash: %u backends checked, %u failed (|t| < %.0f passes)\n", checked, failures, DD_THRESHOLD);
    if (!checked) return 77;
    return failures ? 1 : 0;
}
