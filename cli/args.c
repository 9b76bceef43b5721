/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>
#include "args.h"

int args_parse(const arg_opt *opts, size_t nopts, int argc, char *const *argv, void *dest,
               const char **pos, size_t maxpos, size_t *npos, char *err, size_t errcap)
{
    *npos = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-' || a[1] == 0) {
            if (*npos == maxpos) { snprintf(err, errcap, "unexpected argument: %s", a); return -1; }
            pos[(*npos)++] = a;
            continue;
        }
        size_t k = 0;
        while (k < nopts && strcmp(a, opts[k].name) != 0) k++;
        if (k == nopts) { snprintf(err, errcap, "unknown option: %s", a); return -1; }
        const char *v = "";
        if (opts[k].kind == ARG_VALUE) {
            if (i + 1 >= argc) { snprintf(err, errcap, "missing value for %s", a); return -1; }
            v = argv[++i];
        }
        const char **field = (const char **)((char *)dest + opts[k].offset);
        if (opts[k].each) {
            if (opts[k].each(dest, v)) { snprintf(err, errcap, "%s: bad value: %s", a, v); return -1; }
        } else if (*field) {
            snprintf(err, errcap, "%s: given more than once", a);
            return -1;
        }
        *field = v;
    }
    return 0;
}

int args_uint(const char *s, unsigned long lo, unsigned long hi, unsigned long *v)
{
    unsigned long x = 0;
    if (!s || !*s) return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -1;
        unsigned long d = (unsigned long)(*s - '0');
        if (d > hi || x > (hi - d) / 10) return -1;   /* above hi, checked before it can overflow */
        x = x * 10 + d;
    }
    if (x < lo) return -1;
    *v = x;
    return 0;
}
