/* SPDX-License-Identifier: MIT */
/* The thread pool after fork(): Python multiprocessing, Spark workers and
 * PostgreSQL backends fork a process whose pool has workers, possibly in
 * the middle of a job.  The child has none of those threads; its next
 * parallel call must start new ones and give the single-threaded result,
 * not wait forever on a lock or a job of threads that are gone.  A hung
 * child is killed by an alarm and counts as a failure. */
#define _POSIX_C_SOURCE 200809L   /* fork, nanosleep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

#if defined(__unix__)
#include <pthread.h>
#include <signal.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#define LEN (1u << 20)        /* well above the pool's threshold */
#define FORKS 8
#define CHILD_SECONDS 20      /* the child's work takes well under a second */

/* Threads the child asks for.  ThreadSanitizer and qemu-user (the cross
 * suites, KC_TEST_FORK_CHILD_THREADS from tests/CMakeLists.txt) cannot run
 * threads started after a multi-threaded fork (TSan dies on the reused
 * thread ids, qemu on an internal assertion), so under them the child
 * checks only that the pool it inherited is usable: not busy, not locked,
 * no workers to stop. */
#if defined(KC_TEST_FORK_CHILD_THREADS)
#define CHILD_THREADS KC_TEST_FORK_CHILD_THREADS
#elif defined(__SANITIZE_THREAD__)
#define CHILD_THREADS 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CHILD_THREADS 1
#endif
#endif
#ifndef CHILD_THREADS
#define CHILD_THREADS 2
#endif

static const uint8_t key[16] = { 1, 2, 3 }, iv[16] = { 4, 5, 6 };
static uint8_t *pt;

/* CTR over LEN bytes with `threads` threads equals the single-threaded
 * result: returns 1 when it does. */
static int parallel_matches(unsigned threads)
{
    uint8_t *want = malloc(LEN), *got = malloc(LEN);
    kc_cipher *c;
    size_t n1 = 0, n2 = 0;
    int ok = want && got && kc_cipher_new(&c, "aes-128", NULL, key, 16) == KC_OK;
    if (ok) {
        ok = kc_set_threads(1) == KC_OK &&
             kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, 16, want, LEN, &n1, pt, LEN) == KC_OK &&
             kc_set_threads(threads) == KC_OK &&
             kc_mode_encrypt_mt(c, KC_MODE_CTR, 0, iv, 16, got, LEN, &n2, pt, LEN) == KC_OK &&
             n1 == LEN && n2 == LEN && memcmp(got, want, LEN) == 0;
        kc_cipher_free(c);
    }
    free(want);
    free(got);
    return ok;
}

/* Keeps the pool busy from another thread, so that forks land in the
 * middle of jobs (workers holding the lock, the pool marked busy). */
static _Atomic int stop;

static void *keep_busy(void *unused)
{
    (void)unused;
    uint8_t *buf = malloc(LEN);
    kc_cipher *c;
    size_t n;
    if (buf && kc_cipher_new(&c, "aes-128", NULL, key, 16) == KC_OK) {
        while (!stop) kc_mode_encrypt_mt(c, KC_MODE_CTR, 0, iv, 16, buf, LEN, &n, pt, LEN);
        kc_cipher_free(c);
    }
    free(buf);
    return NULL;
}

/* Forks; the child repeats the check; returns 1 when it exited with 0. */
static int child_matches(int i)
{
    pid_t pid = fork();
    if (pid == 0) {
        alarm(CHILD_SECONDS);                    /* a deadlock ends in SIGALRM */
        _exit(parallel_matches(CHILD_THREADS) && parallel_matches(CHILD_THREADS) ? 0 : 1);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return tl_check(0, "fork %d: fork/waitpid", i);
    if (WIFSIGNALED(status))
        return tl_check(0, "fork %d: child killed by signal %d%s", i, WTERMSIG(status),
                        WTERMSIG(status) == SIGALRM ? " (hung in the thread pool)" : "");
    return tl_check(WIFEXITED(status) && WEXITSTATUS(status) == 0, "fork %d: child's result (status %d)", i, status);
}

int main(void)
{
    pt = malloc(LEN);
    tl_random_bytes(pt, LEN);
    tl_check(parallel_matches(2), "parent before fork");   /* the pool now has a worker */
    child_matches(0);                                     /* fork with the pool idle */

    pthread_t busy;
    tl_check(pthread_create(&busy, NULL, keep_busy, NULL) == 0, "pthread_create");
    for (int i = 1; i < FORKS; i++) {
        nanosleep(&(struct timespec){ 0, 3000000 }, NULL);
        child_matches(i);                                 /* fork with the pool working */
    }
    stop = 1;
    pthread_join(busy, NULL);

    tl_check(parallel_matches(2), "parent after fork");   /* the parent's pool still works */
    free(pt);
    return tl_finish("fork");
}

#else   /* bare metal: no processes */

int main(void)
{
    printf("fork: skipped, no fork() on this target\n");
    return 77;   /* skipped (tests/CMakeLists.txt) */
}

#endif
