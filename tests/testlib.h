/* SPDX-License-Identifier: MIT */
/* Minimal test support: checks with counts, hex, a seeded PRNG, and a
 * reader for Crypto++ "TestVectors" files.  Each test program ends with
 * "N passed, N failed" and exits non-zero on any failure. */
#ifndef KC_TESTLIB_H
#define KC_TESTLIB_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "kcipher.h"

#ifdef __cplusplus
extern "C" {
#endif

extern unsigned long tl_passed, tl_failed;

/* Records one check; prints the message (printf-style) when it fails. */
int tl_check(int ok, const char *fmt, ...);
#define TL_CHECK(cond, ...) tl_check((cond) != 0, __VA_ARGS__)
/* Compares bytes; prints both in hex on mismatch. */
int tl_check_bytes(const uint8_t *got, const uint8_t *want, size_t len, const char *fmt, ...);
/* Compares a status with the expected one, printing both names. */
int tl_check_status(kc_status got, kc_status want, const char *fmt, ...);
/* Prints the closing line; returns the process exit code (77: skipped). */
int tl_finish(const char *suite);

/* Hex digits only (spaces, "0x", ',' and '\\' are skipped).  Returns the byte
 * count, or -1 on an odd digit count or overflow. */
long tl_unhex(const char *text, uint8_t *out, size_t cap);
void tl_hex(char *out, const uint8_t *in, size_t len);   /* out: 2*len+1 */

/* Path of a vector file committed under tests/vectors (static buffer). */
const char *tl_vector_path(const char *relative);
/* Path of a vector file the repository does not carry (tests/vectors/README.md):
 * `shared` under the shared vectors folder ($KC_VECTORS_EXTRA, else
 * <source>/../shared/vectors), else `package` (NULL: none) under Crypto++'s
 * installed data ($KC_CRYPTOPP_DATA, else /usr/share/crypto++, Debian package
 * libcrypto++-utils).  Static buffer.  When neither exists: prints a SKIP line
 * saying what is missing and how to get it, returns NULL, and tl_finish()
 * then reports the program as skipped (exit 77) unless a check failed. */
const char *tl_external_vector(const char *shared, const char *package);

/* Deterministic PRNG (xoshiro256**), seeded from KC_TEST_SEED or a constant. */
void tl_seed(uint64_t seed);
uint64_t tl_rand(void);
void tl_random_bytes(uint8_t *out, size_t len);
size_t tl_rand_below(size_t bound);

/* ---- every backend of a block cipher, through the public API ---- */

/* Name of backend i of the cipher, or NULL when there is none or this CPU
 * cannot run it. */
const char *tl_backend_at(const char *cipher, size_t i);
/* Prints each backend of the cipher, marking the default and the skipped ones. */
void tl_list_backends(const char *cipher);
/* The block cipher "<family>-<8 * key_len>" ("lea", 16: "lea-128"), or NULL. */
const char *tl_cipher_for_key(const char *family, size_t key_len);
/* One known answer for every backend this CPU runs: kc_mode_* without
 * padding, both directions, and in ECB the block interface in place too.
 * A NULL cipher (from tl_cipher_for_key) counts as a failure. */
void tl_check_kat(const char *cipher, kc_mode mode, const uint8_t *key, const uint8_t *iv,
                  const uint8_t *pt, const uint8_t *ct, size_t len, const char *label);
/* Every backend this CPU runs against the reference backend (one block per
 * call) on random keys and inputs of 1, 2, ..., max_blocks, 1, ... blocks:
 * encrypt, decrypt, decrypt(encrypt(x)) = x in place, and nothing written
 * past the output.  Input and output are at an odd address in every other
 * case, and each count gets both alignments from the second cycle on. */
void tl_differential_blocks(const char *cipher, const char *reference, int cases, size_t max_blocks);
/* CBC encryption and CMAC of every backend (their one-block chains) against
 * a CBC chain and a CMAC ([SP800-38B]) built here from the reference
 * backend's single blocks: CBC one-shot (in place in every other case) and
 * decrypted back, CBC streamed in uneven pieces that split blocks (the
 * chaining value carried from call to call), CMAC one-shot and streamed;
 * 0 to 8 blocks, then random counts up to max_blocks (every tenth case
 * max_blocks), messages of any length up to that. */
void tl_differential_cbc_cmac(const char *cipher, const char *reference, int cases, size_t max_blocks);

/* "key plaintext ciphertext" files (hex, one block per line; '#' lines and
 * blank lines skipped): fn gets each line's values and number.  Returns the
 * line count, or -1 if the file cannot be read (a failed check). */
typedef void tl_kat_fn(const uint8_t *key, long kl, const uint8_t *pt, long pl, const uint8_t *ct, long cl,
                       int line, void *arg);
long tl_kat_lines(const char *path, tl_kat_fn *fn, void *arg);

/* Crypto++ TestVectors reader: fields persist across tests; every
 * "Test:" line calls fn with the current field values. */
typedef struct tl_fields tl_fields;
const char *tl_field(const tl_fields *f, const char *name);   /* raw text or NULL */
/* Field as bytes (handles "rN <hex>" repetition); -1 when absent or bad. */
long tl_field_bytes(const tl_fields *f, const char *name, uint8_t *out, size_t cap);
/* Returns the number of tests seen, or -1 if the file cannot be read. */
long tl_cryptopp_file(const char *path, void (*fn)(const tl_fields *f, void *arg), void *arg);

#ifdef __cplusplus
}
#endif
#endif
