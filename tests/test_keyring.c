/* SPDX-License-Identifier: MIT */
/* Keys: key check values (AES and ARIA values computed independently, with
 * Python's cryptography and openssl enc; the other kinds as defined in
 * kcipher.h), the key-file rule of kc_key_load_file, and the keyring. */
#define _POSIX_C_SOURCE 200809L
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

int main(void)
{
    kcv();
    return tl_finish("test_keyring");
}
