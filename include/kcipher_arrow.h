/* SPDX-License-Identifier: MIT */
/* kcipher over the Arrow C Data Interface: tokenize a whole string column
 * (pyarrow, DuckDB, Spark, Polars and pandas hand such columns over without
 * copying).  The two structs are the interface's stable ABI, declared here
 * as the Arrow specification defines them, so no Arrow library is needed. */
#ifndef KCIPHER_ARROW_H
#define KCIPHER_ARROW_H
#include <stdint.h>
#include "kcipher.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE
#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
    const char *format;
    const char *name;
    const char *metadata;
    int64_t flags;
    int64_t n_children;
    struct ArrowSchema **children;
    struct ArrowSchema *dictionary;
    void (*release)(struct ArrowSchema *);
    void *private_data;
};

struct ArrowArray {
    int64_t length;
    int64_t null_count;
    int64_t offset;
    int64_t n_buffers;
    int64_t n_children;
    const void **buffers;
    struct ArrowArray **children;
    struct ArrowArray *dictionary;
    void (*release)(struct ArrowArray *);
    void *private_data;
};
#endif

#if defined(__GNUC__)
#pragma GCC visibility push(default)
#endif

/* What a value that does not fit its format becomes. */
typedef enum kc_on_error {
    KC_ON_ERROR_FAIL = 0,    /* the call fails: *first_bad is the row, nothing is produced */
    KC_ON_ERROR_NULL = 1,    /* the row becomes null */
    KC_ON_ERROR_KEEP = 2     /* the row is copied unchanged */
} kc_on_error;

/* Tokenizes (encrypt = 1) or detokenizes (0) a UTF-8 string array (format
 * "u" or "U") into a new array of the same length and format ("U" when the
 * result needs 64-bit offsets), which the caller releases.  Nulls stay
 * null, empty strings empty.
 * tweaks (NULL: none) is a string or binary array ("u", "U", "z", "Z") of
 * the same length: row k's context, as for kc_tokenize (a null: no tweak).
 * The inputs are only read; they may be released after the call. */
kc_status kc_tokenize_arrow(const kc_tokenizer *t, int encrypt,
                            const struct ArrowSchema *schema, const struct ArrowArray *values,
                            const struct ArrowSchema *tweak_schema, const struct ArrowArray *tweaks,
                            kc_on_error on_error, struct ArrowSchema *out_schema, struct ArrowArray *out,
                            int64_t *first_bad);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif
#endif
