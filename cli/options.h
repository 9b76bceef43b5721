/* SPDX-License-Identifier: MIT */
/* The kcipher CLI's options, key sources, messages and value parsers. */
#ifndef KC_CLI_OPTIONS_H
#define KC_CLI_OPTIONS_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"

enum { EXIT_CRYPTO = 1, EXIT_USAGE = 2 };

/* What an option applies to (check_options).  FOR_AEAD_MODE: a block cipher
 * in GCM or CCM (`--mode gcm|ccm`); FOR_MAC: `kcipher mac`. */
enum { FOR_BLOCK = 1, FOR_AEAD = 2, FOR_FEA = 4, FOR_FPE = 8, FOR_TOKENIZE = 16, FOR_AEAD_MODE = 32, FOR_MAC = 64 };
enum { FOR_KEY = 128 };   /* `kcipher key ...` */
enum { FOR_RETOKENIZE = 256 };   /* `kcipher retokenize`: beside FOR_TOKENIZE */
enum { FOR_HASH = 512 };   /* `kcipher hash` */
#define KC_CLI_MAX_COLUMNS 16
#define KC_CLI_MAX_VALUES 64     /* VALUE arguments of `fpe` */

/* Every field is NULL when the option is absent; flags are "" when given. */
typedef struct options {
    const char *cipher, *key, *key_file, *backend, *threads, *hex, *mode, *iv, *pad,
               *nonce, *ad, *tweak, *bits, *radix, *allow_small, *alphabet, *format,
               *column, *tweak_column, *tweak_context, *input, *on_error, *tag_len, *verify,
               *max_record_bytes, *summary_json;
    const char *in_file, *out_file, *encoding, *output_encoding, *progress, *no_progress;   /* files, encodings */
    const char *keyring, *key_name, *expect_kcv, *kek;   /* keyring key sources (cli/key.c) */
    const char *from, *to, *from_key_file, *to_key_file, *expect_from_kcv, *expect_to_kcv;   /* retokenize */
    const char *embed_version, *version_column;   /* which key version made a token (cli/tokenize.c) */
    const char *alg, *hash;   /* `kcipher hash --alg`, `kcipher mac --mode hmac --hash` */
    const char *columns[KC_CLI_MAX_COLUMNS];   /* every --column */
    size_t ncolumns;
    const char *positional[KC_CLI_MAX_VALUES];
    size_t npositional;
} options;

/* Parses argv[0..argc) with at most maxpos positional words; prints a
 * message and returns EXIT_USAGE on a bad, repeated or unknown option. */
int parse_options(int argc, char *const *argv, size_t maxpos, options *o);
/* A usage error naming the first option given that does not apply to `where`
 * (one FOR_* value); `what` names the cipher kind in the message. */
int check_options(const options *o, unsigned where, const char *what);

/* The key from exactly one of --key HEX, --key-file FILE, KCIPHER_KEY (hex).
 * A key file that is all text (printable ASCII and whitespace) must be hex
 * digits (whitespace around them allowed); any other file is a raw key,
 * its bytes as they are (a raw key of only text bytes is refused: it would
 * be a mistyped hex key as often as not).  A key file that group or others
 * may read gets a warning.  The caller frees with free_wiped(). */
int load_key(const options *o, uint8_t **key, size_t *len);
/* The fourth key source: --key-name NAME[@V] from --keyring PATH (or
 * KCIPHER_KEYRING), the KEK from --kek SRC or KCIPHER_KEK when wrapped;
 * --expect-kcv HEX refuses any other key (every source).  After load_key:
 * "key NAME@V kcv XXXXXX" (or "key --key-file kcv ..."), for run summaries;
 * *name, *kcv get the parts ("" when unknown). */
const char *key_used(const char **name, const char **kcv);
/* The cipher the keyring records for the key load_key loaded ("" for other sources). */
const char *key_used_cipher(void);
/* A usage error when stdin and stdout are the same regular file. */
int check_same_file(void);

/* The next line of stdin in *line (grown as needed, *cap its size), without
 * its newline and a trailing \r; returns its length, or -1 at the end of the
 * input or on a read error (ferror(stdin) tells).  *nul: the line holds a
 * NUL byte. */
long read_line(char **line, size_t *cap, int *nul);

/* Prints "kcipher: <what>: <detail>" and returns the exit status. */
int fail(int status, const char *what, const char *detail);
/* As fail(), choosing the status and message from a library status. */
int fail_status(kc_status st, const char *what);
/* A usage error for a status of kc_tokenizer_new / kc_fpe_new, blaming
 * the option at fault: --cipher, --backend, the key (expected and actual
 * length), --allow-small-domain, or `spec_what` for a format spec. */
int fail_setup(kc_status st, const char *cipher, size_t key_len, const char *spec_what);
/* A keyring failure: its message (why, else the status's), exit status by kind. */
int fail_keyring(kc_status st, const char *why);
/* A CLI message for a status a value caused (not the library's generic
 * text, which may speak of tags or flags). */
const char *value_error(kc_status st);
/* kc_wipe, then free. */
void free_wiped(void *p, size_t len);

/* Decodes a hex string into a fresh buffer of *len bytes (caller frees). */
int hex_decode(const char *hex, uint8_t **out, size_t *len, const char *what);
/* Hex integer (most significant first) into exactly width bytes, left-padded;
 * fails with `status` when it is not hex or does not fit in bits bits. */
int hex_integer(const char *hex, uint8_t *out, size_t width, unsigned bits, int status, const char *what);
void print_hex(const uint8_t *p, size_t len);
/* Parses a decimal unsigned in [lo, hi]. */
int parse_uint(const char *s, unsigned long lo, unsigned long hi, unsigned long *v, const char *what);

#define MAX_DIGITS 512   /* FF1 and FF3-1: at most 512 numerals; FEA: radix^len < 2^128 */
/* Digits of one FPE value: radix <= 36 a string of 0-9a-z (lower case only),
 * else decimal digit values separated by single commas.  Every digit must be
 * below the radix.  Returns the count (1..MAX_DIGITS) or -1. */
long parse_digits(const char *text, unsigned radix, uint16_t d[MAX_DIGITS]);

#endif
