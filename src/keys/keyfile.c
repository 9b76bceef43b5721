/* SPDX-License-Identifier: MIT */
/* Key files: one rule for the CLI, the SQL extensions and the keyring's
 * KEK sources (kcipher.h, "Key files").  read(2), not stdio: no buffer of
 * the library's keeps a copy of the key. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "keys/keys.h"
#if KC_KEYS_OS
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

int kc_hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int is_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
static int is_text(uint8_t c) { return (c >= 0x20 && c < 0x7f) || is_space(c); }

static kc_status say(kc_status st, char *why, size_t why_cap, const char *what, const char *msg)
{
    if (why && why_cap) snprintf(why, why_cap, "%s: %s", what, msg);
    return st;
}

kc_status kc_key_parse(const uint8_t *buf, size_t n, uint8_t *key, size_t key_cap, size_t *key_len,
                       const char *what, char *why, size_t why_cap)
{
    size_t b = 0, e = n, h, text = 1;
    for (size_t i = 0; i < n; i++) text &= (size_t)is_text(buf[i]);
    while (b < e && is_space(buf[b])) b++;
    while (e > b && is_space(buf[e - 1])) e--;
    for (h = b; h < e && kc_hexval(buf[h]) >= 0; h++) {}
    if (e == b) return say(KC_ERR_FORMAT, why, why_cap, what, "empty");
    if (!text) {                            /* raw bytes, as they are */
        if (n > key_cap) return say(KC_ERR_OUTPUT_TOO_SMALL, why, why_cap, what, "key too long");
        memcpy(key, buf, n);
        *key_len = n;
        return KC_OK;
    }
    if (h != e) {
        char msg[160];
        snprintf(msg, sizeof msg, "text but not hex (character %zu is not a hex digit); "
                 "a raw key must hold binary bytes", h + 1);
        return say(KC_ERR_FORMAT, why, why_cap, what, msg);
    }
    if ((e - b) % 2) return say(KC_ERR_FORMAT, why, why_cap, what, "odd number of hex digits");
    if ((e - b) / 2 > key_cap) return say(KC_ERR_OUTPUT_TOO_SMALL, why, why_cap, what, "key too long");
    for (size_t i = 0; i < (e - b) / 2; i++)
        key[i] = (uint8_t)((unsigned)kc_hexval(buf[b + 2 * i]) << 4 | (unsigned)kc_hexval(buf[b + 2 * i + 1]));
    *key_len = (e - b) / 2;
    return KC_OK;
}

kc_status kc_key_load_file(const char *path, uint8_t *key, size_t key_cap, size_t *key_len,
                           unsigned *warnings, char *why, size_t why_cap)
{
    if (!path || !key || !key_len) return KC_ERR_NULL;
    if (warnings) *warnings = 0;
#if KC_KEYS_OS
    uint8_t buf[KC_KEY_FILE_MAX + 1];
    size_t n = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;
    if (fd < 0) return say(KC_ERR_KEY_NOT_FOUND, why, why_cap, path, strerror(errno));
    struct stat st;
    if (warnings && fstat(fd, &st) == 0 && (st.st_mode & (S_IRGRP | S_IROTH))) *warnings |= KC_KEY_FILE_READABLE;
    while (n < sizeof buf) {
        ssize_t r = read(fd, buf + n, sizeof buf - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) { err = errno; break; }
        if (r == 0) break;
        n += (size_t)r;
    }
    close(fd);
    kc_status s;
    if (err) s = say(KC_ERR_KEY_NOT_FOUND, why, why_cap, path, strerror(err));
    else if (n > KC_KEY_FILE_MAX) s = say(KC_ERR_INPUT_TOO_LONG, why, why_cap, path, "too large for a key file");
    else s = kc_key_parse(buf, n, key, key_cap, key_len, path, why, why_cap);
    kc_wipe(buf, sizeof buf);
    errno = err;
    return s;
#else
    (void)key_cap;
    return say(KC_ERR_KEY_NOT_FOUND, why, why_cap, path, "no files on this platform");
#endif
}
