/* SPDX-License-Identifier: MIT */
/* Text encodings of tokenize's input and output (--encoding,
 * --output-encoding): UTF-8, CP949 (Microsoft's Unified Hangul Code, what
 * Korean Excel writes; all 11,172 syllables) and EUC-KR (KS X 1001: 2,350
 * syllables), through glibc's iconv.  The records are found in the raw
 * bytes (the trail bytes of CP949 and EUC-KR are never an ASCII separator,
 * quote, backslash or newline) and each is converted whole, so a multibyte
 * character is never cut by a read. */
#ifndef KC_CLI_ENCODING_H
#define KC_CLI_ENCODING_H
#include <stddef.h>
#include <stdint.h>
#include "table.h"

enum { ENC_UTF8, ENC_CP949, ENC_EUCKR };

/* ENC_* for a name (utf-8, utf8, cp949, ms949, uhc, euc-kr, euckr; any
 * case), or -1. */
int enc_parse(const char *name);
const char *enc_name(int enc);          /* "UTF-8", "CP949", "EUC-KR" */

/* A conversion from one ENC_* to another; NULL when iconv lacks it. */
typedef struct enc_conv enc_conv;
enc_conv *enc_open(int to, int from);
void enc_close(enc_conv *c);
/* Appends src[0..n) converted to out.  -1 (out's length as it was) when a
 * byte sequence is malformed or incomplete, or a character has no
 * equivalent in the target; *bad (when not NULL) gets its offset in src. */
int enc_convert(enc_conv *c, const char *src, size_t n, table_out *out, size_t *bad);

/* 1 when s[0..n) is well-formed UTF-8. */
int enc_utf8_valid(const char *s, size_t n);
/* 1 when s[0..n) is not UTF-8 but is CP949 with a non-ASCII character:
 * a CP949 file read as UTF-8. */
int enc_looks_cp949(const char *s, size_t n);

#endif
