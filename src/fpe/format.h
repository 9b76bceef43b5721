/* SPDX-License-Identifier: MIT */
/* Formats for tokenization: which characters of a value are encrypted,
 * which stay in clear, and which check digit is recomputed.  Pure
 * functions, no cipher: format.c parses a spec and splits a value;
 * tokenizer.c encrypts the part that format.c picks out. */
#ifndef KC_FPE_FORMAT_H
#define KC_FPE_FORMAT_H
#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"

#define KC_FORMAT_MAX_PASS 32
#define KC_FORMAT_MAX_CHARS 1024   /* characters per value */

typedef enum kc_check { KC_CHECK_NONE, KC_CHECK_LUHN, KC_CHECK_BRN } kc_check;

typedef struct kc_format {
    uint32_t *alphabet;          /* code points in digit order */
    uint32_t radix;
    uint32_t pass[KC_FORMAT_MAX_PASS];   /* passed through in place */
    size_t npass;
    size_t keep_lead, keep_trail;        /* alphabet characters left in clear at each end */
    size_t min_chars, max_chars;         /* alphabet characters per value (0: any) */
    kc_check check;                      /* last alphabet character is a check digit */
    uint32_t stop;                       /* from this character on, the value stays in clear (0: none) */
    int digits_alphabet;                 /* alphabet is 0-9 (check digits need it) */
    int uniform_width;                   /* every alphabet character has one UTF-8 length:
                                            tokens have their values' byte lengths */
    /* ASCII at a glance (the common case: one look-up a character) */
    uint32_t ascii_digit[128];           /* digit, or KC_FORMAT_CLEAR */
    uint8_t ascii_pass[128];             /* 1: passed through */
    int ascii_alphabet;                  /* every alphabet character is ASCII */
} kc_format;

/* Writes code point c (at most U+10FFFF) as UTF-8; returns its 1..4 bytes. */
size_t kc_utf8_encode(uint32_t c, char *out);

/* A named format ("card") or a spec ("alphabet=digits;pass=- ;keep=6,4").
 * KC_ERR_FORMAT_SPEC on anything not understood. */
kc_status kc_format_parse(kc_format *f, const char *spec);
/* The same; on a refusal, why (why_cap bytes, NUL-terminated) says what
 * is wrong, e.g. a character in two of alphabet, pass and stop. */
kc_status kc_format_parse_why(kc_format *f, const char *spec, char *why, size_t why_cap);
void kc_format_clear(kc_format *f);

/* A value split by its format: the code points, and for each the digit
 * (< radix) or KC_FORMAT_CLEAR. */
#define KC_FORMAT_CLEAR 0xffffffffu
typedef struct kc_split {
    uint32_t cp[KC_FORMAT_MAX_CHARS];
    uint32_t digit[KC_FORMAT_MAX_CHARS];
    size_t n;                    /* characters */
    uint16_t enc[KC_FORMAT_MAX_CHARS]; /* positions encrypted, in order */
    size_t nenc;
    size_t check_at;             /* position of the check digit, or SIZE_MAX */
    int ascii;                   /* every character is ASCII */
} kc_split;

/* Decodes UTF-8 and classifies every character.  On KC_ERR_FORMAT or
 * KC_ERR_CHECK_DIGIT, *error_pos is the character position (0-based). */
kc_status kc_format_split(const kc_format *f, kc_split *s, const char *in, size_t in_len, size_t *error_pos);
/* After the digits at s->enc were replaced: recomputes the check digit and
 * encodes UTF-8 into out (*out_len bytes). */
kc_status kc_format_join(const kc_format *f, kc_split *s, char *out, size_t out_cap, size_t *out_len);

#endif
