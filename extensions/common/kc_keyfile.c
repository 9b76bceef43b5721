/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include "kc_keyfile.h"
#include "kcipher.h"

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static int is_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

kc_keyfile_status kc_keyfile_read(const char *path, uint8_t key[KC_KEYFILE_MAX], size_t *len)
{
    uint8_t buf[KC_KEYFILE_MAX + 1];
    size_t n = 0;
    kc_keyfile_status st = KC_KEYFILE_OK;
    *len = 0;
    memset(key, 0, KC_KEYFILE_MAX);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return KC_KEYFILE_ERRNO;
    while (n < sizeof buf) {               /* read(2): no stdio buffer keeps a copy */
        ssize_t r = read(fd, buf + n, sizeof buf - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) { st = KC_KEYFILE_ERRNO; break; }
        if (r == 0) break;
        n += (size_t)r;
    }
    int saved = errno;
    close(fd);
    errno = saved;
    if (st == KC_KEYFILE_OK && n > KC_KEYFILE_MAX) st = KC_KEYFILE_TOO_LARGE;
    if (st == KC_KEYFILE_OK) {
        size_t b = 0, e = n, h;
        while (b < e && is_space(buf[b])) b++;
        while (e > b && is_space(buf[e - 1])) e--;
        for (h = b; h < e && hexval(buf[h]) >= 0; h++) {}
        if (h == e && e > b) {             /* hex text */
            if ((e - b) % 2) st = KC_KEYFILE_ODD_HEX;
            else {
                for (size_t i = 0; i < (e - b) / 2; i++)
                    key[i] = (uint8_t)(hexval(buf[b + 2 * i]) << 4 | hexval(buf[b + 2 * i + 1]));
                *len = (e - b) / 2;
            }
        } else {                           /* raw bytes, as they are */
            memcpy(key, buf, n);
            *len = n;
        }
    }
    kc_wipe(buf, sizeof buf);
    return st;
}

const char *kc_keyfile_strerror(kc_keyfile_status st)
{
    switch (st) {
    case KC_KEYFILE_OK: return "no error";
    case KC_KEYFILE_TOO_LARGE: return "too large for a key file";
    case KC_KEYFILE_ODD_HEX: return "odd number of hex digits";
    default: return "read error";
    }
}

int kc_keyfile_name_ok(const char *name, size_t len)
{
    if (len == 0 || len > 255 || name[0] == '.') return 0;
    for (size_t i = 0; i < len; i++)
        if (name[i] == '/' || name[i] == 0) return 0;
    return 1;
}
