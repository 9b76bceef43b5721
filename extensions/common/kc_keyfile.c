/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "kc_keyfile.h"
#include "kcipher.h"

/* The library's rule (kc_key_load_file), statuses mapped to ours. */
kc_keyfile_status kc_keyfile_read(const char *path, uint8_t key[KC_KEYFILE_MAX], size_t *len)
{
    memset(key, 0, KC_KEYFILE_MAX);
    *len = 0;
    kc_status st = kc_key_load_file(path, key, KC_KEYFILE_MAX, len, NULL, NULL, 0);
    if (st == KC_OK) return KC_KEYFILE_OK;
    int saved = errno;
    memset(key, 0, KC_KEYFILE_MAX);
    *len = 0;
    errno = saved;
    return st == KC_ERR_KEY_NOT_FOUND ? KC_KEYFILE_ERRNO
         : st == KC_ERR_INPUT_TOO_LONG || st == KC_ERR_OUTPUT_TOO_SMALL ? KC_KEYFILE_TOO_LARGE : KC_KEYFILE_FORMAT;
}

const char *kc_keyfile_strerror(kc_keyfile_status st)
{
    switch (st) {
    case KC_KEYFILE_OK: return "no error";
    case KC_KEYFILE_TOO_LARGE: return "too large for a key file";
    case KC_KEYFILE_ODD_HEX: return "odd number of hex digits";
    case KC_KEYFILE_FORMAT: return "empty, or text that is not an even number of hex digits "
                                   "(a raw key file must hold binary bytes)";
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

kc_status kc_ext_keyring_read(const char *dir, const char *ref, const char *kek, uint8_t key[KC_KEYFILE_MAX],
                              size_t *len, kc_key_info *info, char *why, size_t why_cap)
{
    kc_keyring *kr = NULL;
    memset(key, 0, KC_KEYFILE_MAX);
    *len = 0;
    if (why && why_cap) why[0] = 0;
    kc_status st = kc_keyring_open(&kr, dir, 0, why, why_cap);
    if (st == KC_OK && kek && *kek) st = kc_keyring_set_kek(kr, kek);
    if (st == KC_OK) st = kc_keyring_get(kr, ref, key, KC_KEYFILE_MAX, len, info);
    if (st != KC_OK && kr && why && why_cap) snprintf(why, why_cap, "%s", kc_keyring_error(kr));
    if (st != KC_OK) {
        memset(key, 0, KC_KEYFILE_MAX);
        *len = 0;
    }
    kc_keyring_close(kr);
    return st;
}

int kc_ext_keyring_path(const char *path, char *buf, size_t cap, const char **dir, const char **ref)
{
    static const char prefix[] = "keyring:";
    size_t n = strlen(path);
    if (strncmp(path, prefix, sizeof prefix - 1) != 0 || n >= cap) return 0;
    memcpy(buf, path + sizeof prefix - 1, n - (sizeof prefix - 1) + 1);
    char *slash = strrchr(buf, '/');
    if (!slash || slash == buf || !slash[1]) return 0;
    *slash = 0;
    *dir = buf;
    *ref = slash + 1;
    return 1;
}
