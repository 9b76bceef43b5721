/* SPDX-License-Identifier: MIT */
/* The operating system's random source and kc_random, the process-wide
 * generator over it: ctr-drbg-aes-256 with df.  AES because every CPU we
 * target runs it in hardware or bitsliced constant time at the highest
 * speed of the table, 256 bits for the highest strength CTR_DRBG has, and
 * the df so that the OS's bytes need no full-entropy claim.  (ARIA and
 * LEA DRBGs are kc_drbg objects by name.)  Bare metal has no OS source:
 * both calls give KC_ERR_RANDOM there. */
#if (defined(__unix__) || defined(__APPLE__)) && !defined(KC_NO_OS)
#define KC_OS 1
#define _DEFAULT_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/random.h>
#endif
#if defined(KC_HAVE_PTHREADS)
#include <pthread.h>
#endif
#else
#define KC_OS 0
#endif
#include <string.h>
#include "kcipher.h"

#if KC_OS
static int from_urandom(uint8_t *out, size_t len)
{
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    size_t got = 0;
    while (fd >= 0 && got < len) {
        ssize_t r = read(fd, out + got, len - got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += (size_t)r;
    }
    if (fd >= 0) close(fd);
    return got == len;
}
#endif

kc_status kc_entropy_os(void *arg, uint8_t *out, size_t len)
{
    (void)arg;
    if (!out && len) return KC_ERR_NULL;
#if KC_OS
    size_t got = 0;
#if defined(__linux__)
    while (got < len) {   /* blocks only until the kernel's pool is first seeded */
        ssize_t r = getrandom(out + got, len - got, 0);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;   /* ENOSYS (old kernel, seccomp): /dev/urandom */
        got += (size_t)r;
    }
#endif
    if (got == len || from_urandom(out + got, len - got)) return KC_OK;
    kc_wipe(out, len);
#else
    (void)len;
#endif
    return KC_ERR_RANDOM;
}

#if KC_OS
#define RESEED_INTERVAL ((uint64_t)1 << 20)
static kc_drbg *global;
static pid_t owner;   /* the process the state was seeded in: a forked child reseeds */
#if defined(KC_HAVE_PTHREADS)
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void take(void) { pthread_mutex_lock(&lock); }
static void give(void) { pthread_mutex_unlock(&lock); }
#else
static void take(void) {}
static void give(void) {}
#endif

static kc_status ready(void)
{
    pid_t pid = getpid();
    if (global && owner == pid) return KC_OK;
    kc_status st;
    if (global) {   /* a child of fork(): new entropy, and its pid, before any output */
        uint8_t add[sizeof pid];
        memcpy(add, &pid, sizeof pid);
        st = kc_drbg_reseed(global, add, sizeof add);
    } else {
        static const char pers[] = "kcipher kc_random";
        st = kc_drbg_new(&global, "ctr-drbg-aes-256", NULL, 0, NULL, NULL, NULL, 0,
                         (const uint8_t *)pers, sizeof pers - 1);
        if (st == KC_OK) st = kc_drbg_set_reseed_interval(global, RESEED_INTERVAL);
    }
    if (st == KC_OK) owner = pid;
    return st;
}
#endif

kc_status kc_random(uint8_t *out, size_t len)
{
    if (!out && len) return KC_ERR_NULL;
#if KC_OS
    take();
    kc_status st = ready();
    for (size_t done = 0; st == KC_OK && done < len; done += KC_DRBG_MAX_REQUEST) {
        size_t n = len - done < KC_DRBG_MAX_REQUEST ? len - done : KC_DRBG_MAX_REQUEST;
        st = kc_drbg_generate(global, out + done, n, NULL, 0);
    }
    give();
    if (st != KC_OK) {
        kc_wipe(out, len);
        return KC_ERR_RANDOM;
    }
    return KC_OK;
#else
    (void)len;
    return KC_ERR_RANDOM;
#endif
}
