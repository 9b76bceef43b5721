/* SPDX-License-Identifier: MIT */
/* kcipher mac: CMAC ([SP800-38B]), GMAC ([SP800-38D]) or HMAC (RFC 2104,
 * --mode hmac --hash NAME, no --cipher) of --hex DATA or of
 * stdin (streamed); prints the tag in hex, or with --verify TAG checks it
 * (exit 0, or 1 with a message when it does not verify). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"

#define CHUNK (1 << 20)

/* The tag of stdin (or data, when not NULL) into tag. */
static kc_status mac_input(const kc_mac *m, const uint8_t *nonce, size_t nonce_len, const uint8_t *data,
                           size_t len, uint8_t *tag, size_t tag_len, const uint8_t *check, int *read_failed)
{
    if (data)
        return check ? kc_mac_verify(m, check, tag_len, nonce, nonce_len, data, len)
                     : kc_mac_compute(m, tag, tag_len, nonce, nonce_len, data, len);
    kc_mac_stream *s;
    kc_status st = kc_mac_stream_new(&s, m, nonce, nonce_len);
    if (st != KC_OK) return st;
    uint8_t *buf = malloc(CHUNK);
    size_t got;
    if (!buf) st = KC_ERR_NO_MEMORY;
    while (st == KC_OK && (got = fread(buf, 1, CHUNK, stdin)) > 0) st = kc_mac_stream_update(s, buf, got);
    if (st == KC_OK && ferror(stdin)) *read_failed = 1;
    else if (st == KC_OK) st = check ? kc_mac_stream_verify(s, check, tag_len) : kc_mac_stream_final(s, tag, tag_len);
    if (buf) free_wiped(buf, CHUNK);
    kc_mac_stream_free(s);
    return st;
}

int cmd_mac(const options *o)
{
    int hmac = o->mode && !strcmp(o->mode, "hmac");
    if (hmac && !o->hash) return fail(EXIT_USAGE, "--hash", "required with --mode hmac (a hash, see `kcipher list`)");
    if (hmac && o->cipher) return fail(EXIT_USAGE, "--cipher", "not with --mode hmac (--hash names the hash)");
    if (!hmac && o->hash) return fail(EXIT_USAGE, "--hash", "only with --mode hmac");
    if (!hmac && !o->cipher) return fail(EXIT_USAGE, "--cipher", "required (a block cipher, see `kcipher list`)");
    if (!o->mode || (strcmp(o->mode, "cmac") && strcmp(o->mode, "gmac") && !hmac))
        return fail(EXIT_USAGE, "--mode", "required: cmac, gmac or hmac");
    int rc = check_options(o, FOR_MAC, "mac");
    if (!rc && o->tag_len && o->verify) rc = fail(EXIT_USAGE, "--tag-len", "not with --verify (the tag's length is used)");
    if (rc) return rc;
    const kc_cipher_info *info = hmac ? NULL : kc_cipher_find(o->cipher);
    if (!hmac && (!info || info->kind != KC_KIND_BLOCK)) return fail(EXIT_USAGE, o->cipher, "not a block cipher");
    uint8_t *key = NULL, *nonce = NULL, *data = NULL, *check = NULL, tag[64];
    size_t key_len = 0, nonce_len = 0, len = 0, tag_len = 0;
    unsigned long want = 0;
    kc_mac *m = NULL;
    char name[64];
    if (hmac) snprintf(name, sizeof name, "hmac-%s", o->hash);
    else snprintf(name, sizeof name, "%s-%s", o->cipher, o->mode);
    if (o->tag_len && (rc = parse_uint(o->tag_len, 1, sizeof tag, &want, "--tag-len"))) return rc;
    if ((rc = load_key(o, &key, &key_len))) return rc;
    if (o->nonce && (rc = hex_decode(o->nonce, &nonce, &nonce_len, "--nonce"))) goto done;
    if (o->verify && (rc = hex_decode(o->verify, &check, &tag_len, "--verify"))) goto done;
    kc_status st = kc_mac_new(&m, name, o->backend, key, key_len);
    if (st != KC_OK) { rc = fail_status(st, name); goto done; }
    if (!o->verify) tag_len = want ? want : kc_mac_tag_size(m);
    if (tag_len > sizeof tag) tag_len = sizeof tag;    /* refused below with KC_ERR_TAG_LENGTH */
    if (!strcmp(o->mode, "gmac") && !o->nonce) { rc = fail(EXIT_USAGE, "--nonce", "required for GMAC"); goto done; }
    if (o->hex && (rc = hex_decode(o->hex, &data, &len, "--hex"))) { rc = EXIT_CRYPTO; goto done; }
    int read_failed = 0;
    uint8_t empty[1];
    st = mac_input(m, nonce, nonce_len, o->hex ? (data ? data : empty) : NULL, len, tag, tag_len, check, &read_failed);
    if (read_failed) rc = read_error();
    else if (st == KC_ERR_AUTH) rc = fail(EXIT_CRYPTO, "verify", "the tag does not match");
    else if (st != KC_OK) rc = fail_status(st, st == KC_ERR_TAG_LENGTH ? (o->verify ? "--verify" : "--tag-len") : name);
    else if (!o->verify) print_hex(tag, tag_len);
done:
    kc_mac_free(m);
    kc_wipe(tag, sizeof tag);
    free_wiped(data, len);
    free_wiped(check, tag_len);
    free_wiped(nonce, nonce_len);
    free_wiped(key, key_len);
    return rc;
}
