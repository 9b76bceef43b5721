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

/* LUHN, BRN, CRN: the last alphabet character is a check digit, recomputed.
 * LUHN_FAIL, LUHN_INNER: the value passes Luhn; the last alphabet character
 * before the kept trailing ones is not encrypted but set so that the token
 * fails Luhn (LUHN_FAIL: the Luhn digit + 5, mod 10) or passes it
 * (LUHN_INNER); detokenizing sets it back. */
typedef enum kc_check { KC_CHECK_NONE, KC_CHECK_LUHN, KC_CHECK_BRN, KC_CHECK_CRN, KC_CHECK_LUHN_FAIL,
                        KC_CHECK_LUHN_INNER } kc_check;

struct kc_split;
struct kc_format;
/* A shape check (shape=NAME, formats_kr.c): the value's layout (where its
 * separators and letters are, the digits a kind of number must have);
 * may set *keep_lead (e.g. a phone number's area code).  KC_OK,
 * KC_ERR_FORMAT with *error_pos, or KC_ERR_DOMAIN_TOO_SMALL. */
typedef kc_status (*kc_shape_fn)(const struct kc_format *f, const struct kc_split *s, size_t alpha,
                                 size_t *keep_lead, size_t *error_pos);
kc_shape_fn kc_shape_find(const char *name, size_t len);

/* Classes of case=preserve (e-mail local parts over alnum): digits and
 * lower case (radix 36), digits and upper case with an upper-case letter
 * (radix 36), both cases present (radix 62). */
enum { KC_CASE_MIXED = 0, KC_CASE_LOWER = 1, KC_CASE_UPPER = 2, KC_CASE_CLASSES = 3 };

typedef struct kc_format {
    uint32_t *alphabet;          /* code points in digit order */
    uint32_t radix;
    uint32_t pass[KC_FORMAT_MAX_PASS];   /* passed through in place */
    size_t npass;
    size_t keep_lead, keep_trail;        /* alphabet characters left in clear at each end */
    size_t min_chars, max_chars;         /* alphabet characters per value (0: any) */
    kc_check check;                      /* last alphabet character is a check digit */
    uint32_t stop;                       /* from this character on, the value stays in clear (0: none) */
    uint32_t mask;                       /* mask=C: irreversible, C replaces the characters not kept (0: FPE) */
    int case_preserve;                   /* case=preserve: alnum by case class (KC_CASE_*) */
    kc_shape_fn shape;                   /* shape=NAME, or NULL */
    const char *hint;                    /* named format: what to use when a value's domain is too small */
    struct kc_run { uint32_t lo, len, digit; } *runs;   /* the alphabet as runs of consecutive code points */
    size_t nruns;
    int alphabet_given;                  /* alphabet= was in the spec */
    int digits_alphabet;                 /* alphabet is 0-9 (check digits need it) */
    int uniform_width;                   /* every alphabet character has one UTF-8 length:
                                            tokens have their values' byte lengths */
    /* ASCII at a glance (the common case: one look-up a character) */
    uint32_t ascii_digit[128];           /* digit, or KC_FORMAT_CLEAR */
    uint8_t ascii_pass[128];             /* 1: passed through */
    int ascii_alphabet;                  /* every alphabet character is ASCII */
    /* embed-version=ALPHABET: a token's first encrypted character is
     * embed[(version - 1) * radix + digit] (kcipher.h) */
    uint32_t *embed;
    uint32_t embed_radix;
    unsigned embed_versions;             /* embed_radix / radix */
    int embed_ascii;                     /* every embed character is ASCII */
} kc_format;

/* The named formats, in order: name, spec, a one-line description
 * (NULL past the end; the hint is for a value too short to encrypt). */
typedef struct kc_named_format { const char *name, *spec, *description, *hint; } kc_named_format;
const kc_named_format *kc_format_named(size_t i);

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
#define KC_FORMAT_EMBED 0xfffffffeu  /* inside split only: a character of the embed alphabet */
typedef struct kc_split {
    uint32_t cp[KC_FORMAT_MAX_CHARS];
    uint32_t digit[KC_FORMAT_MAX_CHARS];
    size_t n;                    /* characters */
    uint16_t enc[KC_FORMAT_MAX_CHARS]; /* positions encrypted, in order */
    size_t nenc;
    size_t check_at;             /* position of the check digit, or SIZE_MAX */
    int cls;                     /* case=preserve: KC_CASE_* (digits renumbered in radix 36 for LOWER) */
    int ascii;                   /* every character is ASCII */
    unsigned version;            /* embed-version: read from a token (decrypt), written by join (encrypt) */
} kc_split;

/* Decodes UTF-8 and classifies every character.  On KC_ERR_FORMAT or
 * KC_ERR_CHECK_DIGIT, *error_pos is the character position (0-based). */
kc_status kc_format_split(const kc_format *f, kc_split *s, const char *in, size_t in_len, size_t *error_pos);
/* After the digits at s->enc were replaced: recomputes the check digit and
 * encodes UTF-8 into out (*out_len bytes). */
kc_status kc_format_join(const kc_format *f, kc_split *s, char *out, size_t out_cap, size_t *out_len);
/* The same for either direction (decrypt: in is a token; LUHN_FAIL checks
 * and sets the adjusted digit by direction; embed-version: split reads
 * s->version from a token, join writes s->version into one).  A mask format masks on split
 * and join writes the masked value. */
kc_status kc_format_split_dir(const kc_format *f, kc_split *s, const char *in, size_t in_len, int decrypt,
                              size_t *error_pos);
kc_status kc_format_join_dir(const kc_format *f, kc_split *s, int decrypt, char *out, size_t out_cap,
                             size_t *out_len);
/* The radix values of class cls are encrypted in (case=preserve: 36 or 62). */
uint32_t kc_format_radix(const kc_format *f, int cls);
/* case=preserve: 1 if the encrypted digits d[0..n) (in class cls's radix)
 * are of class cls (cycle walking repeats the cipher until they are). */
int kc_format_in_class(int cls, const uint16_t *d, size_t n);

#endif
