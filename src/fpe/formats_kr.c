/* SPDX-License-Identifier: MIT */
/* Shape checks of Korean identifiers (shape=NAME in a format spec): where
 * the separators and letters may be, what a kept digit must be, and, for
 * phone numbers and names, how many leading characters stay in clear.
 * They look only at characters a token keeps as they were (separators,
 * letters, kept digits) or at the counts, so a token passes the check its
 * value passed, and detokenizing finds the same kept part. */
#include <string.h>
#include "fpe/format.h"

/* The separators (characters outside the alphabet) are none, or one after
 * each of the alphabet-character counts after[0..n). */
static kc_status separators_at(const kc_split *s, const size_t *after, size_t n, size_t *error_pos)
{
    size_t seen = 0, k = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (s->digit[i] != KC_FORMAT_CLEAR) { seen++; continue; }
        if (k == n || after[k] != seen) { *error_pos = i; return KC_ERR_FORMAT; }
        k++;
    }
    if (k && k != n) { *error_pos = s->n; return KC_ERR_FORMAT; }
    return KC_OK;
}

/* The alphabet character number `nth` (0-based) as a digit value. */
static uint32_t nth_digit(const kc_split *s, size_t nth)
{
    for (size_t i = 0, seen = 0; i < s->n; i++)
        if (s->digit[i] != KC_FORMAT_CLEAR && seen++ == nth) return s->digit[i];
    return KC_FORMAT_CLEAR;
}

static size_t nth_pos(const kc_split *s, size_t nth)
{
    for (size_t i = 0, seen = 0; i < s->n; i++)
        if (s->digit[i] != KC_FORMAT_CLEAR && seen++ == nth) return i;
    return s->n;
}

/* Foreigner registration number YYMMDD-GNNNNNN: G (kept) is 5 to 8. */
static kc_status kr_frn(const kc_format *f, const kc_split *s, size_t alpha, size_t *keep_lead, size_t *error_pos)
{
    (void)f; (void)alpha; (void)keep_lead;
    static const size_t dash[] = { 6 };
    uint32_t g = nth_digit(s, 6);
    if (g < 5 || g > 8) { *error_pos = nth_pos(s, 6); return KC_ERR_FORMAT; }
    return separators_at(s, dash, 1, error_pos);
}

/* Passport: a letter and 8 digits (M12345678), or letter, 3 digits,
 * letter, 4 digits (M123A4567, since 2021). */
static kc_status kr_passport(const kc_format *f, const kc_split *s, size_t alpha, size_t *keep_lead,
                             size_t *error_pos)
{
    (void)f; (void)alpha; (void)keep_lead;
    if (s->n != 9) { *error_pos = s->n; return KC_ERR_FORMAT; }
    int is_new = s->digit[4] == KC_FORMAT_CLEAR;
    for (size_t i = 0; i < 9; i++) {
        int letter = i == 0 || (i == 4 && is_new);
        if (letter != (s->digit[i] == KC_FORMAT_CLEAR)) { *error_pos = i; return KC_ERR_FORMAT; }
    }
    return KC_OK;
}

/* Driver's licence RR-YY-NNNNNN-NN (12 digits; dashes all or none). */
static kc_status kr_driver(const kc_format *f, const kc_split *s, size_t alpha, size_t *keep_lead,
                           size_t *error_pos)
{
    (void)f; (void)alpha; (void)keep_lead;
    static const size_t dash[] = { 2, 4, 10 };
    return separators_at(s, dash, 3, error_pos);
}

/* Phone numbers: mobile 010 (11 digits), 011 and 016-019 (10 or 11);
 * Seoul 02 (9 or 10); area codes 031-033, 041-044, 051-055, 061-064, and
 * 070 and 080 (10 or 11).  The prefix or area code is kept; separators
 * none, or one after it and one before the last 4 digits. */
static kc_status kr_tel(const kc_format *f, const kc_split *s, size_t alpha, size_t *keep_lead, size_t *error_pos)
{
    (void)f;
    uint32_t a = nth_digit(s, 0), b = nth_digit(s, 1), c = nth_digit(s, 2);
    size_t area = 3, min = 10, max = 11;
    int ok = a == 0;
    if (ok && b == 2) { area = 2; min = 9; max = 10; }
    else if (ok && b == 1) {
        ok = c == 0 || c == 1 || c >= 6;
        min = c == 0 ? 11 : 10;
    }
    else if (ok && b >= 3 && b <= 6) ok = c >= 1 && c <= (b == 3 ? 3 : b == 4 ? 4 : b == 5 ? 5 : 4);
    else ok = ok && (b == 7 || b == 8) && c == 0;
    if (!ok) { *error_pos = nth_pos(s, 2); return KC_ERR_FORMAT; }
    if (alpha < min || alpha > max) { *error_pos = s->n; return KC_ERR_FORMAT; }
    *keep_lead = area;
    size_t dash[2] = { area, alpha - 4 };
    return separators_at(s, dash, 2, error_pos);
}

/* Korean names: the first syllable (the surname; a two-syllable surname
 * keeps its first) stays; a two-syllable name is encrypted whole (one
 * syllable alone would be a domain of 11172). */
static kc_status kr_name(const kc_format *f, const kc_split *s, size_t alpha, size_t *keep_lead, size_t *error_pos)
{
    (void)f; (void)s; (void)error_pos;
    *keep_lead = alpha >= 3 ? 1 : 0;
    return KC_OK;
}

static const struct { const char *name; kc_shape_fn fn; } shapes[] = {
    { "kr-frn", kr_frn }, { "kr-passport", kr_passport }, { "kr-driver", kr_driver },
    { "kr-tel", kr_tel }, { "kr-name", kr_name },
};

kc_shape_fn kc_shape_find(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        if (strlen(shapes[i].name) == len && !memcmp(shapes[i].name, name, len)) return shapes[i].fn;
    return NULL;
}
