/* SPDX-License-Identifier: MIT */
/* Keys: key check values (AES and ARIA values computed independently, with
 * Python's cryptography and openssl enc; the other kinds as defined in
 * kcipher.h), the key-file rule of kc_key_load_file, and the keyring. */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE   /* mkdtemp, setenv */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "keys/keys.h"
#if KC_KEYS_OS
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

static void kcv_is(const char *cipher, const char *key_hex, const char *want)
{
    uint8_t key[32], kcv[KC_KCV_BYTES];
    char hex[7];
    long kl = tl_unhex(key_hex, key, sizeof key);
    tl_check_status(kc_key_check_value(cipher, key, (size_t)kl, kcv), KC_OK, "KCV %s", cipher);
    tl_hex(hex, kcv, sizeof kcv);
    TL_CHECK(!strcmp(hex, want), "KCV %s: %s, want %s", cipher, hex, want);
}

static void kcv(void)
{
    const char *k128 = "000102030405060708090a0b0c0d0e0f",
               *k256 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    /* AES-128(2b7e...)(0) = 7df76b0c...; AES-256(00..1f)(0) = f29000b6... (Python cryptography). */
    kcv_is("aes-128", "2b7e151628aed2a6abf7158809cf4f3c", "7df76b");
    kcv_is("aes-256", k256, "f29000");
    kcv_is("rijndael-128-256", k256, "f29000");
    /* ARIA (openssl enc -aria-128-ecb / -aria-256-ecb of 16 zero bytes). */
    kcv_is("aria-128", k128, "fa2827");
    kcv_is("aria-256", k256, "629dc7");
    /* Names built on a block cipher have its KCV. */
    kcv_is("ff1-aes-128", "2b7e151628aed2a6abf7158809cf4f3c", "7df76b");
    kcv_is("ff3-1-aes-256", k256, "f29000");
    kcv_is("aes-128-gcm", "2b7e151628aed2a6abf7158809cf4f3c", "7df76b");
    kcv_is("aria-256-cmac", k256, "629dc7");
    /* The other kinds, as defined: FEA's zero block at n = 128, TinyJAMBU's empty tag. */
    uint8_t key[32], want[32] = { 0 }, got[KC_KCV_BYTES];
    tl_unhex(k128, key, sizeof key);
    kc_fea *f;
    tl_check_status(kc_fea_new(&f, "fea2-128", NULL, key, 16, 128), KC_OK, "fea");
    kc_fea_encrypt(f, want, want, 1, NULL, 0);
    kc_fea_free(f);
    tl_check_status(kc_key_check_value("fea2-128", key, 16, got), KC_OK, "KCV fea2-128");
    tl_check_bytes(got, want, 3, "KCV fea2-128");
    kc_aead *a;
    uint8_t nonce[12] = { 0 };
    size_t n;
    tl_check_status(kc_aead_new(&a, "tinyjambu-128", NULL, key, 16), KC_OK, "tinyjambu");
    kc_aead_encrypt(a, want, sizeof want, &n, nonce, 12, NULL, 0, NULL, 0);
    kc_aead_free(a);
    tl_check_status(kc_key_check_value("tinyjambu-128", key, 16, got), KC_OK, "KCV tinyjambu-128");
    tl_check_bytes(got, want, 3, "KCV tinyjambu-128");
    kc_cipher *c;
    memset(want, 0, sizeof want);
    kc_cipher_new(&c, "pipo-64-128", NULL, key, 16);
    kc_cipher_encrypt_blocks(c, want, want, 8);
    kc_cipher_free(c);
    tl_check_status(kc_key_check_value("pipo-64-128", key, 16, got), KC_OK, "KCV pipo");
    tl_check_bytes(got, want, 3, "KCV pipo-64-128");
    /* Another key, another KCV; errors. */
    key[0] ^= 1;
    kcv_is("aes-128", "2b7e151628aed2a6abf7158809cf4f3d", "978e4f");
    tl_check_status(kc_key_check_value("aes-128", key, 15, got), KC_ERR_KEY_LENGTH, "KCV key length");
    tl_check_status(kc_key_check_value("nope-128", key, 16, got), KC_ERR_UNKNOWN_CIPHER, "KCV unknown");
    tl_check_status(kc_key_check_value("pipo-64-128-gcm", key, 16, got), KC_ERR_UNKNOWN_CIPHER, "KCV bad name");
}

#if KC_KEYS_OS
static char dir[256];

static void put(const char *name, const void *data, size_t len, int mode)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    fwrite(data, 1, len, f);
    fclose(f);
    chmod(path, (mode_t)mode);
}

static void key_files(void)
{
    uint8_t key[KC_KEY_FILE_MAX], raw[16];
    size_t n = 0;
    unsigned warn = 9;
    char path[512], why[300];
    for (int i = 0; i < 16; i++) raw[i] = (uint8_t)(0x80 + i);
    put("hex", " 000102030405060708090a0b0c0d0e0f\n", 34, 0600);
    snprintf(path, sizeof path, "%s/hex", dir);
    tl_check_status(kc_key_load_file(path, key, sizeof key, &n, &warn, why, sizeof why), KC_OK, "hex key file");
    TL_CHECK(n == 16 && key[15] == 15 && warn == 0, "hex key file: %zu bytes, warnings %u", n, warn);
    put("raw", raw, 16, 0644);
    snprintf(path, sizeof path, "%s/raw", dir);
    tl_check_status(kc_key_load_file(path, key, sizeof key, &n, &warn, why, sizeof why), KC_OK, "raw key file");
    TL_CHECK(n == 16 && key[0] == 0x80 && (warn & KC_KEY_FILE_READABLE), "raw key file, readable: warned (%u)", warn);
    const char *bad[] = { "", "  \n", "0001020g", "abc", "Correct Horse!!!" };
    for (size_t i = 0; i < 5; i++) {
        put("bad", bad[i], strlen(bad[i]), 0600);
        snprintf(path, sizeof path, "%s/bad", dir);
        memset(key, 0x5a, 4);
        tl_check_status(kc_key_load_file(path, key, sizeof key, &n, NULL, why, sizeof why), KC_ERR_FORMAT, "bad key file '%s'", bad[i]);
        TL_CHECK(key[0] == 0x5a && key[3] == 0x5a, "bad key file: key untouched");
    }
    char big[300];
    memset(big, 'a', sizeof big);
    put("big", big, sizeof big, 0600);
    snprintf(path, sizeof path, "%s/big", dir);
    tl_check_status(kc_key_load_file(path, key, sizeof key, &n, NULL, why, sizeof why), KC_ERR_INPUT_TOO_LONG, "big key file");
    snprintf(path, sizeof path, "%s/missing", dir);
    tl_check_status(kc_key_load_file(path, key, sizeof key, &n, NULL, why, sizeof why), KC_ERR_KEY_NOT_FOUND, "missing key file");
    TL_CHECK(strstr(why, "missing") != NULL, "why names the file: %s", why);
}

static kc_keyring *open_ring(const char *sub, int create)
{
    char path[512], why[600] = "";
    kc_keyring *kr = NULL;
    snprintf(path, sizeof path, "%s/%s", dir, sub);
    tl_check_status(kc_keyring_open(&kr, path, create ? KC_KEYRING_CREATE : 0, why, sizeof why), KC_OK, "open %s: %s", sub, why);
    return kr;
}

static void get_ok(kc_keyring *kr, const char *ref, uint8_t *key, size_t *len, kc_key_info *info)
{
    kc_status st = kc_keyring_get(kr, ref, key, 64, len, info);
    tl_check_status(st, KC_OK, "get %s: %s", ref, kc_keyring_error(kr));
}

static void lifecycle(void)
{
    kc_keyring *kr = open_ring("ring", 1);
    if (!kr) return;
    kc_key_info a, b, i;
    uint8_t k1[64], k2[64], k[64], kcv[3];
    size_t l1 = 0, l2 = 0, l = 0;
    char hex[7], path[512];
    struct stat st;
    snprintf(path, sizeof path, "%s/ring", dir);
    TL_CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0700, "keyring directory is 0700");
    tl_check_status(kc_keyring_new(kr, "cards", "ff1-aes-256", &a), KC_OK, "new: %s", kc_keyring_error(kr));
    TL_CHECK(a.version == 1 && a.state == KC_KEY_ACTIVE && !*a.kek, "new: version 1 active, in hex");
    snprintf(path, sizeof path, "%s/ring/cards.key", dir);
    TL_CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600, "key file is 0600");
    tl_check_status(kc_keyring_new(kr, "cards", "ff1-aes-256", NULL), KC_ERR_KEYRING, "new twice");
    tl_check_status(kc_keyring_new(kr, "../x", "aes-128", NULL), KC_ERR_KEY_NOT_FOUND, "bad name");
    tl_check_status(kc_keyring_new(kr, "x", "nope-1", NULL), KC_ERR_UNKNOWN_CIPHER, "bad cipher");
    get_ok(kr, "cards", k1, &l1, &i);
    TL_CHECK(l1 == 32 && i.version == 1, "get cards: 32 bytes, version 1");
    kc_key_check_value("aes-256", k1, l1, kcv);
    tl_hex(hex, kcv, 3);
    TL_CHECK(!strcmp(hex, a.kcv), "KCV recorded is the key's");
    tl_check_status(kc_keyring_rotate(kr, "cards", &b), KC_OK, "rotate");
    TL_CHECK(b.version == 2 && b.state == KC_KEY_ACTIVE && strcmp(a.kcv, b.kcv), "rotate: version 2, another KCV");
    get_ok(kr, "cards", k2, &l2, &i);
    TL_CHECK(i.version == 2 && memcmp(k1, k2, 32), "cards is now version 2, another key");
    get_ok(kr, "cards@1", k, &l, &i);
    TL_CHECK(i.version == 1 && i.state == KC_KEY_DECRYPT_ONLY && !memcmp(k, k1, 32), "cards@1: still there, decrypt-only");
    tl_check_status(kc_keyring_retire(kr, "cards@1"), KC_OK, "retire");
    tl_check_status(kc_keyring_get(kr, "cards@1", k, sizeof k, &l, NULL), KC_ERR_KEY_NOT_FOUND, "retired refused");
    tl_check_status(kc_keyring_get(kr, "cards@3", k, sizeof k, &l, NULL), KC_ERR_KEY_NOT_FOUND, "no version 3");
    tl_check_status(kc_keyring_get(kr, "other", k, sizeof k, &l, NULL), KC_ERR_KEY_NOT_FOUND, "no such name");
    tl_check_status(kc_keyring_retire(kr, "cards"), KC_ERR_KEY_NOT_FOUND, "retire needs @V");
    tl_check_status(kc_keyring_new(kr, "a-key", "lea-128", NULL), KC_OK, "new a-key");
    size_t count = 0;
    const char *want[] = { "a-key1active", "cards1retired", "cards2active" };
    for (; kc_keyring_list(kr, count, &i) == KC_OK; count++) {
        char got[128];
        snprintf(got, sizeof got, "%s%u%s", i.name, i.version, kc_key_state_name(i.state));
        TL_CHECK(count < 3 && !strcmp(got, want[count]), "list %zu: %s", count, got);
    }
    TL_CHECK(count == 3, "list: %zu versions", count);
    /* A KCV that does not match: the key is refused. */
    FILE *f = fopen(path, "r");
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *p = strstr(text, b.kcv);
    p[0] = p[0] == '0' ? '1' : '0';
    put("ring/cards.key", text, n, 0600);
    tl_check_status(kc_keyring_get(kr, "cards", k, sizeof k, &l, NULL), KC_ERR_KCV, "KCV mismatch refused");
    /* Permissions: a file or directory others may write is refused. */
    chmod(path, 0666);
    tl_check_status(kc_keyring_get(kr, "cards", k, sizeof k, &l, NULL), KC_ERR_KEYRING, "world-writable key file");
    chmod(path, 0600);
    snprintf(path, sizeof path, "%s/ring", dir);
    chmod(path, 0770);
    kc_keyring *bad = NULL;
    char why[600];
    tl_check_status(kc_keyring_open(&bad, path, 0, why, sizeof why), KC_ERR_KEYRING, "group-writable keyring");
    TL_CHECK(bad == NULL && strstr(why, "chmod 700"), "why: %s", why);
    chmod(path, 0700);
    snprintf(path, sizeof path, "%s/none", dir);
    tl_check_status(kc_keyring_open(&bad, path, 0, why, sizeof why), KC_ERR_KEYRING, "missing keyring");
    kc_keyring_close(kr);
    kc_wipe(k1, sizeof k1);
}

static void wrapped(void)
{
    kc_keyring *kr = open_ring("wrapped", 1);
    if (!kr) return;
    char src[600], kek2[600];
    uint8_t k1[64], k[64];
    size_t l1, l;
    kc_key_info i;
    put("kek.hex", "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\n", 65, 0600);
    put("kek2.hex", "ff112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\n", 65, 0600);
    snprintf(src, sizeof src, "file:%s/kek.hex", dir);
    snprintf(kek2, sizeof kek2, "file:%s/kek2.hex", dir);
    tl_check_status(kc_keyring_set_kek(kr, src), KC_OK, "set KEK");
    tl_check_status(kc_keyring_new(kr, "w", "aria-256", &i), KC_OK, "new wrapped: %s", kc_keyring_error(kr));
    TL_CHECK(!strcmp(i.kek, src), "the KEK source is recorded");
    char path[512], text[4096];
    snprintf(path, sizeof path, "%s/wrapped/w.key", dir);
    FILE *f = fopen(path, "r");
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    TL_CHECK(strstr(text, " kwp-aes-256:") && !strstr(text, "hex:"), "stored wrapped (KWP), not in hex");
    get_ok(kr, "w", k1, &l1, NULL);
    /* The recorded source alone unwraps it. */
    kc_keyring_set_kek(kr, NULL);
    get_ok(kr, "w", k, &l, NULL);
    TL_CHECK(l == l1 && !memcmp(k, k1, l), "recorded KEK: same key");
    /* The wrong KEK: KC_ERR_UNWRAP. */
    kc_keyring_set_kek(kr, kek2);
    tl_check_status(kc_keyring_get(kr, "w", k, sizeof k, &l, NULL), KC_ERR_UNWRAP, "wrong KEK");
    /* An environment variable, and a command, holding the same KEK. */
    setenv("KC_TEST_KEK", "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff", 1);
    kc_keyring_set_kek(kr, "env:KC_TEST_KEK");
    get_ok(kr, "w", k, &l, NULL);
    TL_CHECK(!memcmp(k, k1, l1), "env KEK: same key");
    snprintf(src, sizeof src, "cmd:cat '%s/kek.hex'", dir);
    kc_keyring_set_kek(kr, src);
    get_ok(kr, "w", k, &l, NULL);
    TL_CHECK(!memcmp(k, k1, l1), "cmd KEK: same key");
    tl_check_status(kc_keyring_rotate(kr, "w", &i), KC_OK, "rotate under the cmd KEK");
    TL_CHECK(!strcmp(i.kek, src), "rotate records the cmd source");
    kc_keyring_set_kek(kr, NULL);
    get_ok(kr, "w", k, &l, &i);
    TL_CHECK(i.version == 2, "cmd-wrapped version 2 through its recorded source");
    kc_keyring_set_kek(kr, "cmd:cat /nonexistent/kek 2>/dev/null");
    tl_check_status(kc_keyring_get(kr, "w", k, sizeof k, &l, NULL), KC_ERR_KEK, "failing KEK command");
    kc_keyring_set_kek(kr, "env:KC_TEST_NO_SUCH_VAR");
    tl_check_status(kc_keyring_get(kr, "w", k, sizeof k, &l, NULL), KC_ERR_KEK, "unset KEK variable");
    /* PKCS#11 (src/keys/pkcs11.c): a module that is not there is KC_ERR_KEK, nothing written. */
    kc_keyring_set_kek(kr, "pkcs11:token=none;object=kek?module-path=/nonexistent/libnone.so&pin-value=1");
    tl_check_status(kc_keyring_new(kr, "p", "aes-128", NULL), KC_ERR_KEK, "PKCS#11 module missing");
    snprintf(path, sizeof path, "%s/wrapped/p.key", dir);
    TL_CHECK(access(path, F_OK) != 0, "nothing written when the KEK fails");
    kc_keyring_set_kek(kr, "pkcs12:x");
    tl_check_status(kc_keyring_new(kr, "p", "aes-128", NULL), KC_ERR_KEK, "unknown KEK source");
    setenv("KC_TEST_KEK", "0011", 1);
    kc_keyring_set_kek(kr, "env:KC_TEST_KEK");
    tl_check_status(kc_keyring_new(kr, "p", "aes-128", NULL), KC_ERR_KEK, "2-byte KEK");
    kc_keyring_close(kr);
    kc_wipe(k1, sizeof k1);
    kc_wipe(k, sizeof k);
}

/* Eight processes rotate one key five times each: 41 versions, none lost. */
static void concurrent(void)
{
    kc_keyring *kr = open_ring("busy", 1);
    if (!kr) return;
    kc_keyring_new(kr, "k", "aes-128", NULL);
    pid_t pids[8];
    for (int p = 0; p < 8; p++)
        if ((pids[p] = fork()) == 0) {
            int bad = 0;
            for (int r = 0; r < 5; r++) bad |= kc_keyring_rotate(kr, "k", NULL) != KC_OK;
            _exit(bad);
        }
    int ok = 1;
    for (int p = 0; p < 8; p++) {
        int status = 1;
        waitpid(pids[p], &status, 0);
        ok &= WIFEXITED(status) && WEXITSTATUS(status) == 0;
    }
    TL_CHECK(ok, "every concurrent rotation succeeded");
    kc_key_info i;
    size_t n = 0, active = 0;
    for (; kc_keyring_list(kr, n, &i) == KC_OK; n++) {
        TL_CHECK(i.version == n + 1, "version %u at %zu", i.version, n);
        active += i.state == KC_KEY_ACTIVE;
    }
    TL_CHECK(n == 41 && active == 1, "41 versions (%zu), one active (%zu)", n, active);
    kc_keyring_close(kr);
}
#endif

int main(void)
{
    kcv();
#if KC_KEYS_OS
    snprintf(dir, sizeof dir, "/tmp/kc_test_keyring.XXXXXX");
    if (!mkdtemp(dir)) { perror("mkdtemp"); return 1; }
    key_files();
    lifecycle();
    wrapped();
    concurrent();
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) puts("could not remove the test folder");
#endif
    return tl_finish("test_keyring");
}
