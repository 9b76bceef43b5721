/* SPDX-License-Identifier: MIT */
/* Key files for the SQL extensions, read exactly as the CLI's --key-file:
 * kc_key_load_file (kcipher.h, "Key files"). */
#ifndef KC_KEYFILE_H
#define KC_KEYFILE_H
#include <stddef.h>
#include <stdint.h>

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

/* A key name is a plain file name: not empty, no '/', not starting with '.'
 * (so neither "." nor ".." nor hidden files), at most 255 bytes. */
int kc_keyfile_name_ok(const char *name, size_t len);
#endif
