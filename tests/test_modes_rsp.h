/* SPDX-License-Identifier: MIT */
/* Reader for "Name = value" vector files: NIST CAVS .rsp (CCM, CMAC), the
 * KISA LEA mode files and OpenSSL's evpciph stanzas.  Records are runs of
 * lines separated by blank lines that begin with the start field ("Count",
 * "Cipher").  Fields set inside a record end with it; fields set between
 * records (CCM's "Key = ..." after a group line, "Plen = 24") and group
 * lines ("[Alen = 0, Plen = 4]", "[OFB LEA-128 ENCRYPT]" as field "[")
 * persist until set again.  Values are trimmed; '#' lines are comments. */
#ifndef KC_TEST_MODES_RSP_H
#define KC_TEST_MODES_RSP_H
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

#define RSP_MAX 48
typedef struct rsp {
    char *name[RSP_MAX], *value[RSP_MAX];
    int in_record[RSP_MAX];
    size_t n;
    int line;            /* line number of the record's start */
} rsp;

static inline const char *rsp_get(const rsp *r, const char *name)
{
    for (size_t i = 0; i < r->n; i++)
        if (strcmp(r->name[i], name) == 0) return r->value[i];
    return NULL;
}

/* Hex field into out; -1 when absent or not hex. */
static inline long rsp_bytes(const rsp *r, const char *name, uint8_t *out, size_t cap)
{
    const char *v = rsp_get(r, name);
    return v ? tl_unhex(v, out, cap) : -1;
}

static inline long rsp_int(const rsp *r, const char *name)
{
    const char *v = rsp_get(r, name);
    return v ? strtol(v, NULL, 10) : -1;
}

static inline char *rsp_trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && strchr(" \t\r\n", s[n - 1])) s[--n] = 0;
    return s;
}

static inline void rsp_set(rsp *r, const char *name, const char *value, int in_record)
{
    size_t i = 0;
    while (i < r->n && strcmp(r->name[i], name) != 0) i++;
    if (i == r->n) {
        if (r->n == RSP_MAX) return;
        r->name[r->n++] = strdup(name);
    } else {
        free(r->value[i]);
    }
    r->value[i] = strdup(value);
    r->in_record[i] = in_record;
}

static inline void rsp_end_record(rsp *r)
{
    size_t k = 0;
    for (size_t i = 0; i < r->n; i++) {
        if (r->in_record[i]) { free(r->name[i]); free(r->value[i]); continue; }
        r->name[k] = r->name[i]; r->value[k] = r->value[i]; r->in_record[k] = 0; k++;
    }
    r->n = k;
}

/* "A = 1, B = 2" (a group line's inside) as persisting fields. */
static inline void rsp_group(rsp *r, char *text)
{
    rsp_set(r, "[", text, 0);
    for (char *item = strtok(text, ","); item; item = strtok(NULL, ",")) {
        char *eq = strchr(item, '=');
        if (!eq) continue;
        *eq = 0;
        rsp_set(r, rsp_trim(item), rsp_trim(eq + 1), 0);
    }
}

/* One line of any length into *line (grown as needed), without getline:
 * picolibc on the bare-metal targets has none.  -1 at the end. */
static inline long rsp_getline(char **line, size_t *cap, FILE *f)
{
    size_t n = 0;
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (n + 2 > *cap) {
            size_t want = *cap ? *cap * 2 : 256;
            char *p = realloc(*line, want);
            if (!p) return -1;
            *line = p;
            *cap = want;
        }
        (*line)[n++] = (char)c;
        if (c == '\n') break;
    }
    if (!n) return -1;
    (*line)[n] = 0;
    return (long)n;
}

/* Calls fn for each record; returns the record count or -1 when unreadable. */
static inline long rsp_read(const char *path, const char *start, void (*fn)(const rsp *r, void *arg), void *arg)
{
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    rsp r = { .n = 0 };
    char *line = NULL;
    size_t cap = 0;
    long count = 0;
    int open = 0, no = 0;
    for (;;) {
        long got = rsp_getline(&line, &cap, f);
        char *s = got < 0 ? NULL : rsp_trim(line);
        no++;
        if (!s || !*s) {                              /* blank line or end: a record ends */
            if (open) { fn(&r, arg); count++; rsp_end_record(&r); open = 0; }
            if (!s) break;
            continue;
        }
        if (*s == '#') continue;
        if (*s == '[') {
            char *end = strrchr(s, ']');
            if (end) *end = 0;
            rsp_group(&r, s + 1);
            continue;
        }
        char *eq = strchr(s, '=');
        char *name = s, *value = (char *)"";
        if (eq) { *eq = 0; value = rsp_trim(eq + 1); }
        name = rsp_trim(name);
        if (strcmp(name, start) == 0) { open = 1; r.line = no; }
        rsp_set(&r, name, value, open);
    }
    free(line);
    rsp_end_record(&r);
    for (size_t i = 0; i < r.n; i++) { free(r.name[i]); free(r.value[i]); }
    fclose(f);
    return count;
}

#endif
