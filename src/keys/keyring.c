/* SPDX-License-Identifier: MIT */
/* The keyring (kcipher.h, "Keyring"): a directory of NAME.key files.
 *
 * A key file is text, one line per version after a header line:
 *
 *   kcipher-keyring 1
 *   1 ff1-aes-256 2026-11-28T08:57:35Z decrypt-only 1a2b3c hex:00112233...
 *   2 ff1-aes-256 2026-11-28T09:12:00Z active 4d5e6f kwp-aes-256:9a0b... cmd:vault kv get -field=kek secret/kc
 *
 * fields separated by one space: version, cipher, created (UTC), state
 * (active, decrypt-only, retired), KCV (6 hex digits), the key ("hex:" and
 * the key in hex, or the wrapping ("kwp-aes-128|192|256", "pkcs11"), ':' and
 * the wrapped key in hex) and, for a wrapped key, the KEK source: the rest of
 * the line.  Blank lines and lines starting with '#' are ignored.
 *
 * Files are 0600 in a 0700 directory; a file or directory that others may
 * write, or that another user owns (root aside), is refused: a recorded cmd:
 * KEK source runs as the caller.  A change locks DIR/.lock (flock), reads the
 * file again, writes DIR/.NAME.key.XXXXXX and renames it over NAME.key:
 * readers never see half a file, and concurrent rotations do not lose one
 * another. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE            /* flock, mkstemp */
#define _DARWIN_C_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "keys/keys.h"

#if KC_KEYS_OS
#define MAX_VERSIONS 256
#else
#define MAX_VERSIONS 1             /* no file system: the keyring calls only refuse there */
#endif
#define LINE_MAX_BYTES 1024
#define KEY_FIELD 256              /* "kwp-aes-256:" + hex of a wrapped 64-byte key, and more */
#define KEY_MAX 64

typedef struct version {
    kc_key_info info;
    char key[KEY_FIELD];           /* secret when "hex:" */
} version;

typedef struct keyfile {
    version v[MAX_VERSIONS];
    size_t n;
} keyfile;

struct kc_keyring {
    char *path;
    char kek[256];                 /* "" when none set */
    char why[512];
    kc_key_info *list;
    size_t nlist;
};

static const char *const state_names[] = { "active", "decrypt-only", "retired" };

const char *kc_key_state_name(kc_key_state state)
{
    return (unsigned)state < 3 ? state_names[state] : "unknown";
}

const char *kc_keyring_error(const kc_keyring *kr) { return kr ? kr->why : "no keyring"; }

/* Sets kr->why (truncated to fit: paths may be long). */
static void say_why(kc_keyring *kr, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(kr->why, sizeof kr->why, fmt, ap);
    va_end(ap);
}
/* say(kr, status, fmt, ...): sets kr->why and gives status, in a form the
 * static analyzer sees through (a variadic function's result it does not). */
static inline kc_status said(kc_status st) { return st; }
#define say(kr, st, ...) said((say_why((kr), __VA_ARGS__), (st)))

static int name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n > KC_KEY_NAME_MAX || name[0] == '.') return 0;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_' || c == '-')) return 0;
    }
    return 1;
}

/* "NAME" (version 0) or "NAME@V". */
static kc_status parse_ref(kc_keyring *kr, const char *ref, char name[KC_KEY_NAME_MAX + 1], unsigned *version)
{
    const char *at = strchr(ref, '@');
    size_t n = at ? (size_t)(at - ref) : strlen(ref);
    *version = 0;
    if (n > KC_KEY_NAME_MAX) return say(kr, KC_ERR_KEY_NOT_FOUND, "key name too long: %.80s%s", ref, "");
    memcpy(name, ref, n);
    name[n] = 0;
    if (!name_ok(name))
        return say(kr, KC_ERR_KEY_NOT_FOUND, "not a key name: '%.80s' (letters, digits, '.', '_', '-'; "
                   "not starting with '.')%s", name, "");
    if (at) {
        char *end;
        unsigned long v = strtoul(at + 1, &end, 10);
        if (at[1] < '1' || at[1] > '9' || *end || v > 1000000)
            return say(kr, KC_ERR_KEY_NOT_FOUND, "not a version: '%.80s' (NAME@1, NAME@2, ...)%s", ref, "");
        *version = (unsigned)v;
    }
    return KC_OK;
}

static keyfile *keyfile_new(void) { return calloc(1, sizeof(keyfile)); }
static void keyfile_free(keyfile *kf)
{
    if (kf) kc_wipe(kf, sizeof *kf);
    free(kf);
}

static int unhex(const char *hex, uint8_t *out, size_t cap, size_t *len)
{
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > cap) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = kc_hexval((unsigned char)hex[2 * i]), lo = kc_hexval((unsigned char)hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    *len = n / 2;
    return 0;
}

static void tohex(char *out, const uint8_t *in, size_t n)
{
    static const char d[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = d[in[i] >> 4];
        out[2 * i + 1] = d[in[i] & 15];
    }
    out[2 * n] = 0;
}

/* One version line into *v; 0 or -1. */
static int parse_line(char *line, version *v)
{
    char *f[6];
    for (int i = 0; i < 6; i++) {
        f[i] = line;
        char *sp = strchr(line, ' ');
        if (i < 5 && !sp) return -1;
        if (sp) { *sp = 0; line = sp + 1; } else line += strlen(line);
    }
    char *end;
    unsigned long num = strtoul(f[0], &end, 10);
    if (f[0][0] < '1' || f[0][0] > '9' || *end || num > 1000000) return -1;
    v->info.version = (unsigned)num;
    if (strlen(f[1]) >= sizeof v->info.cipher || strlen(f[2]) >= sizeof v->info.created ||
        strlen(f[4]) != 2 * KC_KCV_BYTES || strlen(f[5]) >= sizeof v->key || strlen(line) >= sizeof v->info.kek)
        return -1;
    strcpy(v->info.cipher, f[1]);
    strcpy(v->info.created, f[2]);
    int st = -1;
    for (int i = 0; i < 3; i++)
        if (!strcmp(f[3], state_names[i])) st = i;
    if (st < 0) return -1;
    v->info.state = (kc_key_state)st;
    strcpy(v->info.kcv, f[4]);
    strcpy(v->key, f[5]);
    strcpy(v->info.kek, line);
    char *colon = strchr(v->key, ':');
    int hex = !strncmp(v->key, "hex:", 4);
    if (!colon || (hex && *line) || (!hex && !*line)) return -1;
    return 0;
}

#if KC_KEYS_OS
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int unsafe(const struct stat *st)
{
    return (st->st_mode & (S_IWGRP | S_IWOTH)) || (st->st_uid != geteuid() && st->st_uid != 0);
}

static void file_path(const kc_keyring *kr, const char *name, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s/%s.key", kr->path, name);
}

/* NAME.key into *kf: KC_OK, KC_ERR_KEY_NOT_FOUND (no such file) or KC_ERR_KEYRING. */
static kc_status read_keyfile(kc_keyring *kr, const char *name, keyfile *kf)
{
    char path[4200];
    file_path(kr, name, path, sizeof path);
    kf->n = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0 && errno == ENOENT) return say(kr, KC_ERR_KEY_NOT_FOUND, "no key named %s in this keyring%s", name, "");
    if (fd < 0) return say(kr, KC_ERR_KEYRING, "%s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode) || unsafe(&st)) {
        close(fd);
        return say(kr, KC_ERR_KEYRING, "%s: not a regular file of ours, or others may write it (chmod 600 %s)", path, path);
    }
    size_t cap = (size_t)st.st_size + 1, n = 0;
    if (cap > MAX_VERSIONS * (LINE_MAX_BYTES + 1) + 64) { close(fd); return say(kr, KC_ERR_KEYRING, "%s: too large%s", path, ""); }
    char *buf = malloc(cap);
    if (!buf) { close(fd); return say(kr, KC_ERR_KEYRING, "out of memory%s%s", "", ""); }
    for (ssize_t r; n < cap - 1 && (r = read(fd, buf + n, cap - 1 - n)) != 0;) {
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) break;
        n += (size_t)r;
    }
    close(fd);
    buf[n] = 0;
    kc_status ret = KC_OK;
    int line_no = 0, header = 0;
    for (char *line = buf, *next; line && *line && ret == KC_OK; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = 0;
        line_no++;
        size_t len = strlen(line);
        if (len && line[len - 1] == '\r') line[--len] = 0;
        if (!header) {
            header = 1;
            if (strcmp(line, "kcipher-keyring 1")) ret = say(kr, KC_ERR_KEYRING, "%s: not a keyring file (first line)%s", path, "");
            continue;
        }
        if (!len || line[0] == '#') continue;
        char num[16];
        snprintf(num, sizeof num, "%d", line_no);
        if (kf->n == MAX_VERSIONS) ret = say(kr, KC_ERR_KEYRING, "%s: more than 256 versions (line %s)", path, num);
        else if (len >= LINE_MAX_BYTES || parse_line(line, &kf->v[kf->n]))
            ret = say(kr, KC_ERR_KEYRING, "%s: line %s is malformed", path, num);
        else if (kf->n && kf->v[kf->n].info.version <= kf->v[kf->n - 1].info.version)
            ret = say(kr, KC_ERR_KEYRING, "%s: line %s: versions must ascend", path, num);
        else {
            snprintf(kf->v[kf->n].info.name, sizeof kf->v[0].info.name, "%s", name);
            kf->n++;
        }
    }
    if (ret == KC_OK && !header) ret = say(kr, KC_ERR_KEYRING, "%s: empty%s", path, "");
    kc_wipe(buf, cap);
    free(buf);
    return ret;
}

static kc_status write_keyfile(kc_keyring *kr, const char *name, const keyfile *kf)
{
    char path[4200], tmp[4200];
    file_path(kr, name, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s/.%s.key.XXXXXX", kr->path, name);
    int fd = mkstemp(tmp);                 /* mode 0600 */
    if (fd < 0) return say(kr, KC_ERR_KEYRING, "%s: %s", kr->path, strerror(errno));
    FILE *f = fdopen(fd, "w");
    if (!f) { close(fd); unlink(tmp); return say(kr, KC_ERR_KEYRING, "%s: %s", tmp, strerror(errno)); }
    char buf[BUFSIZ];
    setvbuf(f, buf, _IOFBF, sizeof buf);   /* our buffer: wiped below */
    fprintf(f, "kcipher-keyring 1\n");
    for (size_t i = 0; i < kf->n; i++) {
        const version *v = &kf->v[i];
        fprintf(f, "%u %s %s %s %s %s%s%s\n", v->info.version, v->info.cipher, v->info.created,
                state_names[v->info.state], v->info.kcv, v->key, *v->info.kek ? " " : "", v->info.kek);
    }
    int bad = fflush(f) != 0 || fsync(fileno(f)) != 0;
    bad |= fclose(f) != 0;
    kc_wipe(buf, sizeof buf);
    if (bad || rename(tmp, path)) {
        int e = errno;
        unlink(tmp);
        return say(kr, KC_ERR_KEYRING, "%s: %s", path, strerror(e));
    }
    int dfd = open(kr->path, O_RDONLY | O_CLOEXEC);
    if (dfd >= 0) { fsync(dfd); close(dfd); }
    return KC_OK;
}

/* An exclusive lock on DIR/.lock for one change; -1 with kr->why on failure. */
static int lock(kc_keyring *kr)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.lock", kr->path);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) { say(kr, KC_ERR_KEYRING, "%s: %s", path, strerror(errno)); return -1; }
    while (flock(fd, LOCK_EX) != 0)
        if (errno != EINTR) { say(kr, KC_ERR_KEYRING, "%s: cannot lock: %s", path, strerror(errno)); close(fd); return -1; }
    return fd;
}

static void unlock(int fd)
{
    flock(fd, LOCK_UN);
    close(fd);
}

static kc_status random_bytes(kc_keyring *kr, uint8_t *out, size_t n)
{
    return kc_random(out, n) == KC_OK ? KC_OK : say(kr, KC_ERR_RANDOM, "the OS random source failed%s%s", "", "");
}

/* Appends a new active version of cipher to kf, wrapped under kek ("" for hex). */
static kc_status add_version(kc_keyring *kr, keyfile *kf, const char *name, const char *cipher, const char *kek)
{
    const kc_cipher_info *ci = kc_key_cipher(cipher);
    if (!ci) return say(kr, KC_ERR_UNKNOWN_CIPHER, "unknown cipher: %.80s%s", cipher, "");
    if (strlen(cipher) >= sizeof kf->v[0].info.cipher) return say(kr, KC_ERR_UNKNOWN_CIPHER, "cipher name too long%s%s", "", "");
    if (kf->n == MAX_VERSIONS) return say(kr, KC_ERR_KEYRING, "key %s has 256 versions already%s", name, "");
    version *v = &kf->v[kf->n];
    memset(v, 0, sizeof *v);
    uint8_t key[KEY_MAX], kcv[KC_KCV_BYTES] = { 0 }, wrapped[KEY_MAX + 16];
    size_t klen = ci->key_bytes, wlen;
    kc_status st = random_bytes(kr, key, klen);
    if (st == KC_OK && (st = kc_key_check_value(cipher, key, klen, kcv)) != KC_OK)
        say(kr, st, "cipher %.80s: %s", cipher, kc_strerror(st));
    if (st == KC_OK && *kek) {
        char alg[KC_KEK_ALG_MAX], w[300];
        st = kc_kek_wrap(kek, key, klen, alg, wrapped, sizeof wrapped, &wlen, w, sizeof w);
        if (st != KC_OK) say(kr, st, "%s%s", w, "");
        else {
            snprintf(v->key, sizeof v->key, "%s:", alg);
            tohex(v->key + strlen(v->key), wrapped, wlen);
            snprintf(v->info.kek, sizeof v->info.kek, "%s", kek);
        }
    } else if (st == KC_OK) {
        strcpy(v->key, "hex:");
        tohex(v->key + 4, key, klen);
    }
    kc_wipe(key, sizeof key);
    if (st != KC_OK) { kc_wipe(v, sizeof *v); return st; }
    for (size_t i = 0; i < kf->n; i++)
        if (kf->v[i].info.state == KC_KEY_ACTIVE) kf->v[i].info.state = KC_KEY_DECRYPT_ONLY;
    v->info.version = kf->n ? kf->v[kf->n - 1].info.version + 1 : 1;
    snprintf(v->info.name, sizeof v->info.name, "%s", name);
    snprintf(v->info.cipher, sizeof v->info.cipher, "%s", cipher);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(v->info.created, sizeof v->info.created, "%Y-%m-%dT%H:%M:%SZ", &tm);
    v->info.state = KC_KEY_ACTIVE;
    tohex(v->info.kcv, kcv, KC_KCV_BYTES);
    kf->n++;
    return KC_OK;
}

kc_status kc_keyring_open(kc_keyring **out, const char *path, unsigned flags, char *why, size_t why_cap)
{
    if (!out || !path) return KC_ERR_NULL;
    *out = NULL;
    char msg[1000] = "";
    struct stat st;
    kc_status ret = KC_OK;
    if (!*path) snprintf(msg, sizeof msg, "empty keyring path");
    else if (stat(path, &st) != 0 && errno == ENOENT && (flags & KC_KEYRING_CREATE) && mkdir(path, 0700) == 0)
        stat(path, &st);
    if (*msg || stat(path, &st) != 0) {
        if (!*msg) snprintf(msg, sizeof msg, "keyring %.400s: %s", path, strerror(errno));
        ret = KC_ERR_KEYRING;
    } else if (!S_ISDIR(st.st_mode)) {
        snprintf(msg, sizeof msg, "keyring %.400s: not a directory", path);
        ret = KC_ERR_KEYRING;
    } else if (unsafe(&st)) {
        snprintf(msg, sizeof msg, "keyring %.400s: others may write it, or another user owns it (chmod 700 %.400s)",
                 path, path);
        ret = KC_ERR_KEYRING;
    }
    kc_keyring *kr = ret == KC_OK ? calloc(1, sizeof *kr) : NULL;
    if (kr) kr->path = malloc(strlen(path) + 1);
    if (ret == KC_OK && (!kr || !kr->path)) {
        if (kr) free(kr);
        snprintf(msg, sizeof msg, "out of memory");
        ret = KC_ERR_NO_MEMORY;
    }
    if (ret != KC_OK) {
        if (why && why_cap) snprintf(why, why_cap, "%s", msg);
        return ret;
    }
    strcpy(kr->path, path);
    *out = kr;
    return KC_OK;
}

kc_status kc_keyring_list(kc_keyring *kr, size_t i, kc_key_info *info)
{
    if (!kr || !info) return KC_ERR_NULL;
    if (i == 0) {
        free(kr->list);
        kr->list = NULL;
        kr->nlist = 0;
        DIR *d = opendir(kr->path);
        if (!d) return say(kr, KC_ERR_KEYRING, "%s: %s", kr->path, strerror(errno));
        char (*names)[KC_KEY_NAME_MAX + 1] = NULL;
        size_t nn = 0, cap = 0;
        kc_status st = KC_OK;
        for (struct dirent *e; st == KC_OK && (e = readdir(d));) {
            size_t len = strlen(e->d_name);
            if (len <= 4 || len - 4 > KC_KEY_NAME_MAX || strcmp(e->d_name + len - 4, ".key")) continue;
            char name[KC_KEY_NAME_MAX + 1];
            memcpy(name, e->d_name, len - 4);
            name[len - 4] = 0;
            if (!name_ok(name)) continue;
            if (nn == cap) {
                void *p = realloc(names, (cap = cap ? 2 * cap : 16) * sizeof *names);
                if (!p) { st = say(kr, KC_ERR_NO_MEMORY, "out of memory%s%s", "", ""); break; }
                names = p;
            }
            strcpy(names[nn++], name);
        }
        closedir(d);
        if (nn) qsort(names, nn, sizeof *names, (int (*)(const void *, const void *))strcmp);
        keyfile *kf = keyfile_new();
        if (!kf && st == KC_OK) st = say(kr, KC_ERR_NO_MEMORY, "out of memory%s%s", "", "");
        for (size_t k = 0; kf && st == KC_OK && k < nn; k++) {
            if ((st = read_keyfile(kr, names[k], kf)) != KC_OK) break;
            void *p = realloc(kr->list, (kr->nlist + kf->n + 1) * sizeof *kr->list);
            if (!p) { st = say(kr, KC_ERR_NO_MEMORY, "out of memory%s%s", "", ""); break; }
            kr->list = p;
            for (size_t v = 0; v < kf->n; v++) kr->list[kr->nlist++] = kf->v[v].info;
        }
        keyfile_free(kf);
        free(names);
        if (st != KC_OK) return st;
    }
    if (i >= kr->nlist) return say(kr, KC_ERR_KEY_NOT_FOUND, "no more keys%s%s", "", "");
    *info = kr->list[i];
    kr->why[0] = 0;
    return KC_OK;
}

/* The change common to new, rotate and retire: lock, read, change, write. */
enum { DO_NEW, DO_ROTATE, DO_RETIRE };
static kc_status change(kc_keyring *kr, int what, const char *ref, const char *cipher, kc_key_info *info)
{
    char name[KC_KEY_NAME_MAX + 1];
    unsigned ver;
    kc_status st = parse_ref(kr, ref, name, &ver);
    if (st != KC_OK) return st;
    if (what != DO_RETIRE && ver) return say(kr, KC_ERR_KEY_NOT_FOUND, "give a name without @version: %.80s%s", ref, "");
    if (what == DO_RETIRE && !ver) return say(kr, KC_ERR_KEY_NOT_FOUND, "give the version to retire: %.80s@V%s", ref, "");
    keyfile *kf = keyfile_new();
    if (!kf) return say(kr, KC_ERR_NO_MEMORY, "out of memory%s%s", "", "");
    int fd = lock(kr);
    if (fd < 0) { keyfile_free(kf); return KC_ERR_KEYRING; }
    st = read_keyfile(kr, name, kf);
    size_t changed = 0;
    if (what == DO_NEW) {
        if (st == KC_OK) st = say(kr, KC_ERR_KEYRING, "key %s exists (kcipher key rotate %s)", name, name);
        else if (st == KC_ERR_KEY_NOT_FOUND) st = add_version(kr, kf, name, cipher, kr->kek);
        changed = kf->n - 1;
    } else if (what == DO_ROTATE && st == KC_OK) {
        if (!kf->n) st = say(kr, KC_ERR_KEY_NOT_FOUND, "key %s has no version%s", name, "");
        else {
            const version *last = &kf->v[kf->n - 1];
            char kek[256], c[48];
            snprintf(kek, sizeof kek, "%s", *kr->kek ? kr->kek : last->info.kek);
            snprintf(c, sizeof c, "%s", last->info.cipher);
            st = add_version(kr, kf, name, c, kek);
            changed = kf->n - 1;
        }
    } else if (what == DO_RETIRE && st == KC_OK) {
        st = say(kr, KC_ERR_KEY_NOT_FOUND, "no version %s of key %s", strchr(ref, '@') + 1, name);
        for (size_t i = 0; i < kf->n; i++)
            if (kf->v[i].info.version == ver) {
                kf->v[i].info.state = KC_KEY_RETIRED;
                changed = i;
                st = KC_OK;
            }
    }
    if (st == KC_OK) st = write_keyfile(kr, name, kf);
    if (st == KC_OK && info) *info = kf->v[changed].info;
    unlock(fd);
    keyfile_free(kf);
    if (st == KC_OK) kr->why[0] = 0;
    return st;
}

kc_status kc_keyring_get(kc_keyring *kr, const char *ref, uint8_t *key, size_t key_cap, size_t *key_len,
                         kc_key_info *info)
{
    if (!kr || !ref || !key || !key_len) return KC_ERR_NULL;
    char name[KC_KEY_NAME_MAX + 1];
    unsigned ver;
    kc_status st = parse_ref(kr, ref, name, &ver);
    if (st != KC_OK) return st;
    keyfile *kf = keyfile_new();
    if (!kf) return say(kr, KC_ERR_NO_MEMORY, "out of memory%s%s", "", "");
    if ((st = read_keyfile(kr, name, kf)) != KC_OK) { keyfile_free(kf); return st; }
    const version *v = NULL;
    for (size_t i = 0; i < kf->n; i++)
        if (ver ? kf->v[i].info.version == ver : kf->v[i].info.state == KC_KEY_ACTIVE) v = &kf->v[i];
    uint8_t k[KEY_MAX], w[KEY_FIELD / 2], kcv[KC_KCV_BYTES] = { 0 };
    size_t klen = 0, wlen;
    char hex[2 * KC_KCV_BYTES + 1];
    if (!v && ver) st = say(kr, KC_ERR_KEY_NOT_FOUND, "key %s has no version %s", name, strchr(ref, '@') + 1);
    else if (!v) st = say(kr, KC_ERR_KEY_NOT_FOUND, "key %s has no active version (kcipher key rotate %s)", name, name);
    else if (v->info.state == KC_KEY_RETIRED) st = say(kr, KC_ERR_KEY_NOT_FOUND, "key %s is retired%s", ref, "");
    else if (!strncmp(v->key, "hex:", 4)) {
        if (unhex(v->key + 4, k, sizeof k, &klen)) st = say(kr, KC_ERR_KEYRING, "key %s: malformed hex%s", ref, "");
    } else {
        const char *colon = strchr(v->key, ':');
        char alg[KC_KEK_ALG_MAX], why[300];
        size_t al = (size_t)(colon - v->key);
        if (al >= sizeof alg || unhex(colon + 1, w, sizeof w, &wlen))
            st = say(kr, KC_ERR_KEYRING, "key %s: malformed wrapped key%s", ref, "");
        else {
            memcpy(alg, v->key, al);
            alg[al] = 0;
            st = kc_kek_unwrap(*kr->kek ? kr->kek : v->info.kek, alg, w, wlen, k, sizeof k, &klen, why, sizeof why);
            if (st != KC_OK) say(kr, st, "key %s: %s", ref, why);
        }
    }
    if (st == KC_OK && v && (st = kc_key_check_value(v->info.cipher, k, klen, kcv)) != KC_OK)
        say(kr, st, "key %s: cipher %s does not take it", ref, v->info.cipher);
    if (st == KC_OK && v) {
        tohex(hex, kcv, KC_KCV_BYTES);
        if (strcmp(hex, v->info.kcv))
            st = say(kr, KC_ERR_KCV, "key %s: its check value is %s, the keyring says otherwise: wrong or damaged key",
                     ref, hex);
    }
    if (st == KC_OK && klen > key_cap) st = say(kr, KC_ERR_OUTPUT_TOO_SMALL, "key %s: buffer too small%s", ref, "");
    if (st == KC_OK) {
        memcpy(key, k, klen);
        *key_len = klen;
        if (info) *info = v->info;
        kr->why[0] = 0;
    }
    kc_wipe(k, sizeof k);
    kc_wipe(w, sizeof w);
    keyfile_free(kf);
    return st;
}
#else
static kc_status no_os(kc_keyring *kr)
{
    if (kr) say(kr, KC_ERR_KEYRING, "no keyrings on this platform%s%s", "", "");
    return KC_ERR_KEYRING;
}
kc_status kc_keyring_open(kc_keyring **out, const char *path, unsigned flags, char *why, size_t why_cap)
{
    (void)path; (void)flags;
    if (out) *out = NULL;
    if (why && why_cap) snprintf(why, why_cap, "no keyrings on this platform");
    return KC_ERR_KEYRING;
}
kc_status kc_keyring_list(kc_keyring *kr, size_t i, kc_key_info *info) { (void)i; (void)info; return no_os(kr); }
static kc_status change(kc_keyring *kr, int what, const char *ref, const char *cipher, kc_key_info *info)
{
    (void)what; (void)ref; (void)cipher; (void)info;
    (void)parse_ref; (void)keyfile_new; (void)keyfile_free; (void)unhex; (void)tohex; (void)parse_line;
    return no_os(kr);
}
enum { DO_NEW, DO_ROTATE, DO_RETIRE };
kc_status kc_keyring_get(kc_keyring *kr, const char *ref, uint8_t *key, size_t key_cap, size_t *key_len,
                         kc_key_info *info)
{
    (void)ref; (void)key; (void)key_cap; (void)key_len; (void)info;
    return no_os(kr);
}
#endif

void kc_keyring_close(kc_keyring *kr)
{
    if (!kr) return;
    free(kr->path);
    free(kr->list);
    kc_wipe(kr, sizeof *kr);
    free(kr);
}

kc_status kc_keyring_set_kek(kc_keyring *kr, const char *source)
{
    if (!kr) return KC_ERR_NULL;
    if (source && strlen(source) >= sizeof kr->kek) return say(kr, KC_ERR_KEK, "KEK source too long");
    for (const char *p = source; p && *p; p++)   /* one line of the key file */
        if ((unsigned char)*p < 0x20 || *p == 0x7f) return say(kr, KC_ERR_KEK, "KEK source with a control character");
    snprintf(kr->kek, sizeof kr->kek, "%s", source ? source : "");
    return KC_OK;
}

kc_status kc_keyring_new(kc_keyring *kr, const char *name, const char *cipher, kc_key_info *info)
{
    if (!kr || !name || !cipher) return KC_ERR_NULL;
    return change(kr, DO_NEW, name, cipher, info);
}

kc_status kc_keyring_rotate(kc_keyring *kr, const char *name, kc_key_info *info)
{
    if (!kr || !name) return KC_ERR_NULL;
    return change(kr, DO_ROTATE, name, NULL, info);
}

kc_status kc_keyring_retire(kc_keyring *kr, const char *ref)
{
    if (!kr || !ref) return KC_ERR_NULL;
    return change(kr, DO_RETIRE, ref, NULL, NULL);
}
