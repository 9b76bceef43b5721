/* SPDX-License-Identifier: MIT */
#ifndef KC_CLI_COMMANDS_H
#define KC_CLI_COMMANDS_H
#include "options.h"

int cmd_crypt(const options *o, int encrypt);     /* block modes, AEAD, FEA blocks */
int cmd_fpe(const options *o, int encrypt);
int cmd_tokenize(const options *o, int encrypt);  /* tokenize | detokenize columns of CSV/TSV/JSONL */
int cmd_list(void);
int cmd_mac(const options *o);                    /* CMAC, GMAC: prints or checks a tag */
int cmd_key(int argc, char **argv);               /* key new|rotate|list|retire (cli/key.c) */
int cmd_formats(int argc, char **argv);           /* kcipher formats [NAME...] */
int cmd_hash(const options *o);                   /* SHA-2, LSH: prints the digest in hex */
int cmd_kdf(int argc, char **argv);               /* kdf --prf NAME ... --bytes N (cli/kdf.c) */
int cmd_random(int argc, char **argv);            /* random --bytes N [--drbg NAME] [--hex] (cli/random.c) */

/* Reads all of stdin into a fresh buffer (*cap its size; free_wiped). */
int read_all(uint8_t **out, size_t *len, size_t *cap);
int write_out(const uint8_t *p, size_t n);
int read_error(void);

#endif
