/* SPDX-License-Identifier: MIT */
/* Key-encryption keys for the keyring, from where they are kept:
 *   file:PATH     a key file (kc_key_load_file's rule)
 *   env:VAR       an environment variable holding hex
 *   cmd:COMMAND   what /bin/sh -c COMMAND prints (hex, or raw bytes; the
 *                 key-file rule), refused when it exits non-zero: Vault,
 *                 a cloud KMS or any secret store without an SDK
 *   pkcs11:URI    a KEK inside a PKCS#11 token, which does the wrapping
 * File, env and cmd KEKs of 16, 24 or 32 bytes wrap with KWP over AES of
 * that size (SP 800-38F).  Every copy of a KEK is wiped after the call. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "keys/keys.h"
#include "keys/pkcs11.h"
#if KC_KEYS_OS
#include <sys/wait.h>
#endif

#define KEK_MAX 64
#define CMD_OUT_MAX 4096

static kc_status say(kc_status st, char *why, size_t why_cap, const char *fmt, const char *arg)
{
    if (why && why_cap) snprintf(why, why_cap, fmt, arg);
    return st;
}

#if KC_KEYS_OS
static kc_status from_cmd(const char *cmd, uint8_t *kek, size_t *len, char *why, size_t why_cap)
{
    uint8_t buf[CMD_OUT_MAX + 1];
    size_t n = 0, r;
    fflush(NULL);                          /* the child must not repeat our buffered output */
    FILE *f = popen(cmd, "r");
    if (!f) return say(KC_ERR_KEK, why, why_cap, "KEK command: cannot run %.200s", cmd);
    setvbuf(f, NULL, _IONBF, 0);           /* no stdio buffer keeps a copy of the KEK */
    while ((r = fread(buf + (n < CMD_OUT_MAX ? n : CMD_OUT_MAX), 1, n < CMD_OUT_MAX ? sizeof buf - n : 1, f)) > 0)
        n += r;
    int status = pclose(f);
    kc_status st;
    if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        st = say(KC_ERR_KEK, why, why_cap, "KEK command failed (non-zero exit): %.200s", cmd);
    else if (n > CMD_OUT_MAX) st = say(KC_ERR_KEK, why, why_cap, "KEK command printed too much: %.200s", cmd);
    else {
        char w[200];
        st = kc_key_parse(buf, n, kek, KEK_MAX, len, "KEK command output", w, sizeof w);
        if (st != KC_OK) st = say(KC_ERR_KEK, why, why_cap, "%s", w);
    }
    kc_wipe(buf, sizeof buf);
    return st;
}
#endif

/* The KEK bytes of a file, env or cmd source. */
static kc_status get_kek(const char *src, uint8_t *kek, size_t *len, char *why, size_t why_cap)
{
    char w[300];
    kc_status st;
    if (!strncmp(src, "file:", 5)) {
        st = kc_key_load_file(src + 5, kek, KEK_MAX, len, NULL, w, sizeof w);
        return st == KC_OK ? KC_OK : say(KC_ERR_KEK, why, why_cap, "KEK file %s", w);
    }
    if (!strncmp(src, "env:", 4)) {
        const char *v = getenv(src + 4);
        if (!v || !*v) return say(KC_ERR_KEK, why, why_cap, "KEK variable %.100s is not set", src + 4);
        st = kc_key_parse((const uint8_t *)v, strlen(v), kek, KEK_MAX, len, src, w, sizeof w);
        return st == KC_OK ? KC_OK : say(KC_ERR_KEK, why, why_cap, "%s", w);
    }
#if KC_KEYS_OS
    if (!strncmp(src, "cmd:", 4)) return from_cmd(src + 4, kek, len, why, why_cap);
#endif
    return say(KC_ERR_KEK, why, why_cap, "KEK source %.200s: expected file:PATH, env:VAR, cmd:COMMAND or pkcs11:URI", src);
}

static int is_pkcs11(const char *src) { return !strncmp(src, "pkcs11:", 7); }

kc_status kc_kek_wrap(const char *source, const uint8_t *key, size_t key_len, char alg[KC_KEK_ALG_MAX],
                      uint8_t *out, size_t out_cap, size_t *out_len, char *why, size_t why_cap)
{
    if (is_pkcs11(source)) {
        snprintf(alg, KC_KEK_ALG_MAX, "pkcs11");
        return kc_pkcs11_wrap(source, key, key_len, out, out_cap, out_len, why, why_cap);
    }
    uint8_t kek[KEK_MAX];
    size_t kl = 0;
    kc_status st = get_kek(source, kek, &kl, why, why_cap);
    if (st == KC_OK && kl != 16 && kl != 24 && kl != 32)
        st = say(KC_ERR_KEK, why, why_cap, "KEK of %s: must be 16, 24 or 32 bytes (AES)", source);
    if (st == KC_OK) {
        snprintf(alg, KC_KEK_ALG_MAX, "kwp-aes-%zu", kl * 8);
        st = kc_key_wrap(alg, kek, kl, out, out_cap, out_len, key, key_len);
    }
    kc_wipe(kek, sizeof kek);
    return st;
}

kc_status kc_kek_unwrap(const char *source, const char *alg, const uint8_t *in, size_t in_len,
                        uint8_t *key, size_t key_cap, size_t *key_len, char *why, size_t why_cap)
{
    if (!strcmp(alg, "pkcs11") || is_pkcs11(source)) {
        if (strcmp(alg, "pkcs11") || !is_pkcs11(source))
            return say(KC_ERR_UNWRAP, why, why_cap, "wrapped as %s: another KEK kind than this one", alg);
        return kc_pkcs11_unwrap(source, in, in_len, key, key_cap, key_len, why, why_cap);
    }
    uint8_t kek[KEK_MAX];
    size_t kl = 0;
    kc_status st = get_kek(source, kek, &kl, why, why_cap);
    if (st == KC_OK) {
        st = kc_key_unwrap(alg, kek, kl, key, key_cap, key_len, in, in_len);
        if (st == KC_ERR_KEY_LENGTH || st == KC_ERR_UNWRAP) {
            st = KC_ERR_UNWRAP;
            say(st, why, why_cap, "the key does not unwrap under this KEK (%s): wrong KEK or damaged key", source);
        } else if (st != KC_OK) say(st, why, why_cap, "unwrapping with %s failed", alg);
    }
    kc_wipe(kek, sizeof kek);
    return st;
}
