/* SPDX-License-Identifier: MIT */
/* One table-driven argument parser for the kcipher CLI and kcipher-bench.
 * Each option names a `const char *` field of the caller's struct: a flag
 * stores "", an option with a value stores the value.  Giving an option twice
 * is an error unless it has an `each` callback (lists such as bench --cipher). */
#ifndef KC_CLI_ARGS_H
#define KC_CLI_ARGS_H
#include <stddef.h>

enum { ARG_FLAG = 0, ARG_VALUE = 1 };

typedef struct arg_opt {
    const char *name;                       /* "--cipher" */
    int kind;                               /* ARG_FLAG or ARG_VALUE */
    size_t offset;                          /* of the const char * field it sets */
    int (*each)(void *dest, const char *v); /* non-NULL: may repeat, called per occurrence */
} arg_opt;

/* Parses argv[0..argc) into dest.  Words not starting with '-' (and "-" itself)
 * go to pos[0..maxpos).  Returns 0, or -1 with a one-line message in err. */
int args_parse(const arg_opt *opts, size_t nopts, int argc, char *const *argv, void *dest,
               const char **pos, size_t maxpos, size_t *npos, char *err, size_t errcap);

/* Strict decimal: digits only, no sign or space, value in [lo, hi]. */
int args_uint(const char *s, unsigned long lo, unsigned long hi, unsigned long *v);

#endif
