/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L   /* mkstemp, fsync, sigaction */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "io.h"

/* The temporary file while it exists ("" otherwise), and its final name.
 * The signal handler reads tmp_path: set before the handlers, cleared
 * after the rename or unlink. */
static char tmp_path[PATH_MAX + 32];
static volatile sig_atomic_t have_tmp;
static const char *out_path;

static void on_signal(int sig)
{
    if (have_tmp) unlink(tmp_path);   /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

static int given(const char *p) { return p && strcmp(p, "-"); }

int io_open(const options *o)
{
    struct stat in_st, out_st;
    if (given(o->in_file)) {
        int fd = open(o->in_file, O_RDONLY);
        if (fd < 0) return fail(EXIT_USAGE, o->in_file, strerror(errno));
        if (fstat(fd, &in_st) == 0 && S_ISDIR(in_st.st_mode)) {
            close(fd);
            return fail(EXIT_USAGE, o->in_file, "is a directory");
        }
        if (fd != 0 && (dup2(fd, 0) < 0 || close(fd))) return fail(EXIT_USAGE, o->in_file, strerror(errno));
    }
    if (!given(o->out_file)) return 0;
    const char *out = o->out_file;
    int exists = stat(out, &out_st) == 0;
    if (exists && fstat(0, &in_st) == 0 && in_st.st_dev == out_st.st_dev && in_st.st_ino == out_st.st_ino)
        return fail(EXIT_USAGE, "--out", "names the input file (write to another file, then rename)");
    if (exists && S_ISDIR(out_st.st_mode)) return fail(EXIT_USAGE, out, "is a directory");
    int fd;
    if (exists && !S_ISREG(out_st.st_mode)) {   /* /dev/null, a FIFO: written directly, nothing to rename */
        fd = open(out, O_WRONLY);
        if (fd < 0) return fail(EXIT_USAGE, out, strerror(errno));
    } else {
        /* Beside the target, so that rename() stays on one file system. */
        const char *slash = strrchr(out, '/');
        size_t dir = slash ? (size_t)(slash - out) + 1 : 0;
        if (strlen(out) + 20 > sizeof tmp_path) return fail(EXIT_USAGE, out, "path too long");
        snprintf(tmp_path, sizeof tmp_path, "%.*s.%s.kcipher-XXXXXX", (int)dir, out, out + dir);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaddset(&sa.sa_mask, SIGINT);
        sigaddset(&sa.sa_mask, SIGTERM);
        sigaddset(&sa.sa_mask, SIGHUP);
        sigset_t block, old;
        sigemptyset(&block);
        sigaddset(&block, SIGINT);
        sigaddset(&block, SIGTERM);
        sigaddset(&block, SIGHUP);
        sigprocmask(SIG_BLOCK, &block, &old);   /* no signal between creating the file and noting it */
        fd = mkstemp(tmp_path);                 /* O_EXCL, mode 0600 */
        if (fd >= 0) have_tmp = 1;
        int err = errno;
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGHUP, &sa, NULL);
        sigprocmask(SIG_SETMASK, &old, NULL);
        if (fd < 0) return fail(EXIT_USAGE, out, strerror(err));
        /* An existing file keeps its permissions; a new one is 0600 (it may hold clear values). */
        if (exists) fchmod(fd, out_st.st_mode & 07777);
        out_path = out;
    }
    if (fd != 1 && (dup2(fd, 1) < 0 || close(fd))) return fail(EXIT_CRYPTO, out, strerror(errno));
    return 0;
}

int io_finish(int rc)
{
    if (!have_tmp) return rc;
    if (!rc && fsync(1)) rc = fail(EXIT_CRYPTO, "writing output", strerror(errno));
    if (!rc && rename(tmp_path, out_path)) rc = fail(EXIT_CRYPTO, out_path, strerror(errno));
    if (rc) unlink(tmp_path);
    have_tmp = 0;
    if (!rc) {                                  /* the rename itself made durable */
        const char *slash = strrchr(out_path, '/');
        char dir[PATH_MAX];
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - out_path) + 1 : 1, slash ? out_path : ".");
        int d = open(dir, O_RDONLY);
        if (d >= 0) { fsync(d); close(d); }
    }
    return rc;
}
