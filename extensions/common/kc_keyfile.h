/* SPDX-License-Identifier: MIT */
/* Key files for the SQL extensions, read exactly as the CLI's --key-file:
 * kc_key_load_file (kcipher.h, "Key files"). */
#ifndef KC_KEYFILE_H
#define KC_KEYFILE_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"

#define KC_KEYFILE_MAX 256   /* as the CLI: well above any key, in hex with whitespace */

typedef enum kc_keyfile_status {
    KC_KEYFILE_OK = 0,
    KC_KEYFILE_ERRNO,        /* open or read failed: errno says why */
    KC_KEYFILE_TOO_LARGE,    /* over KC_KEYFILE_MAX bytes */
    KC_KEYFILE_ODD_HEX,      /* hex text with an odd number of digits */
    KC_KEYFILE_FORMAT        /* empty, or text not hex (kc_key_load_file's rule) */
} kc_keyfile_status;

/* Reads path into key (KC_KEYFILE_MAX bytes), *len its length.  Every
 * buffer holding key bytes is wiped; key is left zeroed on failure. */
kc_keyfile_status kc_keyfile_read(const char *path, uint8_t key[KC_KEYFILE_MAX], size_t *len);

/* Message for a status other than KC_KEYFILE_ERRNO. */
const char *kc_keyfile_strerror(kc_keyfile_status st);

/* The key of ref ("NAME" or "NAME@V") in the keyring directory dir
 * (kc_keyring_get: KCV checked, wrapped versions unwrapped under kek, or
 * under their recorded KEK source when kek is NULL or "").  *info (may be
 * NULL) describes the version.  why receives the keyring's reason. */
kc_status kc_ext_keyring_read(const char *dir, const char *ref, const char *kek, uint8_t key[KC_KEYFILE_MAX],
                              size_t *len, kc_key_info *info, char *why, size_t why_cap);

/* "keyring:DIR/NAME[@V]" (DuckDB's key_path): 1 and *dir, *ref pointing
 * into buf (a copy of path, cap bytes), else 0. */
int kc_ext_keyring_path(const char *path, char *buf, size_t cap, const char **dir, const char **ref);

/* A key name is a plain file name: not empty, no '/', not starting with '.'
 * (so neither "." nor ".." nor hidden files), at most 255 bytes. */
int kc_keyfile_name_ok(const char *name, size_t len);
#endif
