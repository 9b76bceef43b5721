/* SPDX-License-Identifier: MIT */
/* Thread pool.  Workers sleep on a condition variable and take task indices
 * from a shared counter; the caller works too.  The pool serves one caller
 * at a time: a concurrent caller runs its tasks itself.
 *
 * Waking a sleeping thread costs tens of microseconds (more in a VM), as
 * much as encrypting a few hundred KiB.  So, like OpenMP runtimes, a worker
 * that finishes a job spins for a short while (SPIN_NS) watching for the
 * next one before it sleeps, and the caller spins while the last tasks
 * finish; both only when there are no more threads than cores, where the
 * spinning takes no time from a thread with work.
 *
 * After fork() the child has only the thread that forked: the workers, and
 * any job they were running, are gone.  An atfork handler holds the lock
 * across fork() and gives the child an empty pool, so its next job starts
 * new workers (Python multiprocessing, Spark workers and PostgreSQL
 * backends fork a process that has used the pool). */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <stdlib.h>
#include "kcipher.h"
#include "parallel/pool.h"

#define KC_MAX_THREADS 256

#if defined(KC_HAVE_PTHREADS)
#include <pthread.h>
#include <time.h>
#include <unistd.h>

#define SPIN_NS 200000L   /* 0.2 ms */

static struct {
    pthread_mutex_t lock;
    pthread_cond_t wake, finished;
    pthread_t workers[KC_MAX_THREADS];
    unsigned nworkers, wanted;      /* running workers; threads asked for (0: default) */
    int busy, stopping, spin;       /* spin: threads <= cores */
    _Atomic unsigned long generation;   /* bumped per job, so workers see each job once */
    kc_task_fn fn;
    void *arg;
    size_t ntasks, next;            /* tasks in job, next to hand out */
    _Atomic size_t pending;         /* tasks not yet finished */
} pool = { .lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER,
            .finished = PTHREAD_COND_INITIALIZER };

static long online_cores;       /* sysconf reads /sys: once (under pool.lock) */

static unsigned default_threads(void)
{
    const char *env = getenv("KC_THREADS");
    if (!env && !online_cores) online_cores = sysconf(_SC_NPROCESSORS_ONLN);
    long n = env ? strtol(env, NULL, 10) : online_cores;
    return n < 1 ? 1 : n > KC_MAX_THREADS ? KC_MAX_THREADS : (unsigned)n;
}

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static inline void cpu_relax(void)
{
#include "core/arch.h"
#if KC_ARCH_X86
    __builtin_ia32_pause();
#elif KC_ARCH_AARCH64
    __asm__ volatile("yield");
#endif
}

static int same_job(unsigned long seen) { return pool.generation == seen; }
static int job_running(unsigned long unused) { (void)unused; return pool.pending != 0; }

/* Spins, without the lock, up to SPIN_NS while still(arg) holds. */
static void spin_while(int (*still)(unsigned long), unsigned long arg)
{
    long long end = now_ns() + SPIN_NS;
    for (unsigned i = 1; still(arg); i++) {
        cpu_relax();
        if (i % 64 == 0 && now_ns() > end) return;
    }
}

/* Takes and runs tasks until none are left; called with the lock held. */
static void drain(void)
{
    while (pool.next < pool.ntasks) {
        size_t task = pool.next++;
        pthread_mutex_unlock(&pool.lock);
        pool.fn(pool.arg, task);
        pthread_mutex_lock(&pool.lock);
        if (--pool.pending == 0) pthread_cond_signal(&pool.finished);
    }
}

static void *worker(void *unused)
{
    (void)unused;
    unsigned long seen = 0;
    pthread_mutex_lock(&pool.lock);
    for (;;) {
        if (pool.spin && !pool.stopping) {
            pthread_mutex_unlock(&pool.lock);
            spin_while(same_job, seen);
            pthread_mutex_lock(&pool.lock);
        }
        while (!pool.stopping && pool.generation == seen) pthread_cond_wait(&pool.wake, &pool.lock);
        if (pool.stopping) break;
        seen = pool.generation;
        drain();
    }
    pthread_mutex_unlock(&pool.lock);
    return NULL;
}

/* Stops the workers; called with the lock held and the pool idle. */
static void stop_workers(void)
{
    pool.stopping = 1;
    pthread_cond_broadcast(&pool.wake);
    unsigned n = pool.nworkers;
    pthread_mutex_unlock(&pool.lock);
    for (unsigned i = 0; i < n; i++) pthread_join(pool.workers[i], NULL);
    pthread_mutex_lock(&pool.lock);
    pool.nworkers = 0;
    pool.stopping = 0;
}

/* fork(): the lock is taken so the child's copy of the pool is consistent,
 * then the child forgets the workers it does not have. */
static void before_fork(void) { pthread_mutex_lock(&pool.lock); }
static void parent_after_fork(void) { pthread_mutex_unlock(&pool.lock); }

static void child_after_fork(void)
{
    pool.nworkers = 0;
    pool.busy = pool.stopping = 0;
    pool.fn = NULL;
    pool.arg = NULL;
    pool.ntasks = pool.next = 0;
    pool.pending = 0;
    pthread_cond_init(&pool.wake, NULL);        /* may have counted the lost workers as waiters */
    pthread_cond_init(&pool.finished, NULL);
    pthread_mutex_unlock(&pool.lock);           /* this thread took it in before_fork */
}

static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static void register_atfork(void) { pthread_atfork(before_fork, parent_after_fork, child_after_fork); }

static unsigned target_threads(void) { return pool.wanted ? pool.wanted : default_threads(); }

static void start_workers(void)
{
    unsigned want = target_threads() - 1;
    pool.spin = target_threads() <= (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
    while (pool.nworkers < want &&
           pthread_create(&pool.workers[pool.nworkers], NULL, worker, NULL) == 0)
        pool.nworkers++;
}

kc_status kc_set_threads(unsigned n)
{
    if (n > KC_MAX_THREADS) return KC_ERR_THREADS;
    pthread_once(&atfork_once, register_atfork);
    pthread_mutex_lock(&pool.lock);
    if (pool.busy) { pthread_mutex_unlock(&pool.lock); return KC_ERR_THREADS; }
    pool.busy = 1;                       /* keeps callers off while workers stop */
    pool.wanted = n;
    if (pool.nworkers) stop_workers();   /* restarted at the next job with the new count */
    pool.busy = 0;
    pthread_mutex_unlock(&pool.lock);
    return KC_OK;
}

unsigned kc_threads(void)
{
    pthread_mutex_lock(&pool.lock);
    unsigned n = target_threads();
    pthread_mutex_unlock(&pool.lock);
    return n;
}

void kc_parallel_for(size_t ntasks, kc_task_fn fn, void *arg)
{
    pthread_once(&atfork_once, register_atfork);   /* before any worker exists */
    pthread_mutex_lock(&pool.lock);
    if (pool.busy || ntasks < 2 || target_threads() < 2) {
        pthread_mutex_unlock(&pool.lock);
        for (size_t t = 0; t < ntasks; t++) fn(arg, t);
        return;
    }
    pool.busy = 1;
    if (pool.nworkers + 1 != target_threads()) {
        if (pool.nworkers) stop_workers();
        start_workers();
    }
    pool.fn = fn;
    pool.arg = arg;
    pool.ntasks = ntasks;
    pool.pending = ntasks;
    pool.next = 0;
    pool.generation++;
    pthread_cond_broadcast(&pool.wake);
    drain();
    if (pool.spin && pool.pending) {
        pthread_mutex_unlock(&pool.lock);
        spin_while(job_running, 0);
        pthread_mutex_lock(&pool.lock);
    }
    while (pool.pending) pthread_cond_wait(&pool.finished, &pool.lock);
    pool.busy = 0;
    pthread_mutex_unlock(&pool.lock);
}

#else   /* no threads: everything on the calling thread */

static unsigned wanted = 1;

kc_status kc_set_threads(unsigned n)
{
    if (n > KC_MAX_THREADS) return KC_ERR_THREADS;
    wanted = n ? n : 1;
    return KC_OK;
}

unsigned kc_threads(void) { return 1; }

void kc_parallel_for(size_t ntasks, kc_task_fn fn, void *arg)
{
    (void)wanted;
    for (size_t t = 0; t < ntasks; t++) fn(arg, t);
}

#endif
