/* SPDX-License-Identifier: MIT */
/* Four threads create the process's first cipher at the same moment, so
 * they race into the CPU-feature cache (src/core/cpu.c).  Run under
 * ThreadSanitizer (scripts/test.sh) this catches an unsynchronised cache;
 * everywhere it checks that every thread sees the same features and gets
 * the same default backend, none of it masked by KC_CPU_DISABLE (read in
 * the same once-only initialisation).  Without threads (bare metal) one
 * caller. */
#define _POSIX_C_SOURCE 200809L   /* pthread barriers */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "core/cpu.h"

#define NTHREADS 4

typedef struct {
    const char *features;
    const char *backend;
    uint32_t bits;
    kc_status status;
} result;

static void first_use(result *r)
{
    static const uint8_t key[16];
    kc_cipher *c;
    r->status = kc_cipher_new(&c, "aes-128", NULL, key, sizeof key);
    r->backend = r->status == KC_OK ? kc_cipher_backend_name(c) : "";
    r->features = kc_cpu_features();
    r->bits = kc_cpu_detect();
    if (r->status == KC_OK) kc_cipher_free(c);
}

#ifdef KC_HAVE_PTHREADS
#include <pthread.h>
static pthread_barrier_t start;

static void *worker(void *arg)
{
    pthread_barrier_wait(&start);
    first_use(arg);
    return NULL;
}

static int run(result *r)
{
    pthread_t t[NTHREADS];
    pthread_barrier_init(&start, NULL, NTHREADS);
    for (int i = 0; i < NTHREADS; i++)
        if (pthread_create(&t[i], NULL, worker, &r[i]) != 0) return 0;
    for (int i = 0; i < NTHREADS; i++) pthread_join(t[i], NULL);
    pthread_barrier_destroy(&start);
    return NTHREADS;
}
#else
static int run(result *r)
{
    first_use(&r[0]);
    return 1;
}
#endif

int main(void)
{
    result r[NTHREADS];
    int n = run(r);
    char unknown[64];
    uint32_t masked = kc_cpu_parse_mask(getenv("KC_CPU_DISABLE"), unknown, sizeof unknown);
    TL_CHECK(n > 0, "threads did not start");
    for (int i = 0; i < n; i++) {
        tl_check_status(r[i].status, KC_OK, "thread %d: kc_cipher_new", i);
        TL_CHECK(strcmp(r[i].features, r[0].features) == 0, "thread %d: features \"%s\", thread 0 \"%s\"",
                 i, r[i].features, r[0].features);
        TL_CHECK(strcmp(r[i].backend, r[0].backend) == 0, "thread %d: backend %s, thread 0 %s",
                 i, r[i].backend, r[0].backend);
        TL_CHECK(!(r[i].bits & masked), "thread %d: KC_CPU_DISABLE masks nothing it uses", i);
    }
    printf("%d threads: features \"%s\", default aes-128 backend %s\n", n, r[0].features, r[0].backend);
    return tl_finish("cpu_race");
}
