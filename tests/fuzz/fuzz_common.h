/* SPDX-License-Identifier: MIT */
/* Shared by the libFuzzer harnesses: the input is read as a stream of
 * choices (cipher, backend, lengths) followed by data; reading past its end
 * gives zeros, so every input is valid. */
#ifndef KC_FUZZ_COMMON_H
#define KC_FUZZ_COMMON_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"

typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in;

static inline unsigned fz_byte(fz_in *in)
{
    if (!in->n) return 0;
    in->n--;
    return *in->p++;
}

static inline unsigned fz_u16(fz_in *in)
{
    unsigned hi = fz_byte(in);
    return hi << 8 | fz_byte(in);
}

/* Copies want bytes into dst, zero-filling what the input lacks. */
static inline void fz_take(fz_in *in, uint8_t *dst, size_t want)
{
    size_t got = want < in->n ? want : in->n;
    memcpy(dst, in->p, got);
    memset(dst + got, 0, want - got);
    in->p += got;
    in->n -= got;
}

/* Up to max bytes of the input, in place. */
static inline const uint8_t *fz_slice(fz_in *in, size_t max, size_t *len)
{
    const uint8_t *p = in->p;
    *len = max < in->n ? max : in->n;
    in->p += *len;
    in->n -= *len;
    return p;
}

/* A heap copy of exactly n bytes, so ASan sees the first byte past it. */
static inline uint8_t *fz_dup(const void *p, size_t n)
{
    uint8_t *d = malloc(n ? n : 1);
    if (!d) abort();
    if (n) memcpy(d, p, n);
    return d;
}

/* An exact-size output buffer filled with a known pattern. */
#define FZ_FILL 0xa5
static inline uint8_t *fz_out(size_t n)
{
    uint8_t *d = malloc(n ? n : 1);
    if (!d) abort();
    memset(d, FZ_FILL, n ? n : 1);
    return d;
}

static inline int fz_untouched(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != FZ_FILL) return 0;
    return 1;
}

#define FZ_CHECK(cond) do { if (!(cond)) { \
    fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); abort(); } } while (0)
#define FZ_STATUS(st, want) do { kc_status st_ = (st), want_ = (want); if (st_ != want_) { \
    fprintf(stderr, "%s:%d: %s, expected %s\n", __FILE__, __LINE__, \
            kc_status_name(st_), kc_status_name(want_)); abort(); } } while (0)

/* A cipher of the given kind, chosen by one input byte. */
static inline const kc_cipher_info *fz_cipher(fz_in *in, kc_kind kind)
{
    size_t count = 0, pick;
    for (size_t i = 0; i < kc_cipher_count(); i++) count += kc_cipher_at(i)->kind == kind;
    if (!count) abort();
    pick = fz_byte(in) % count;
    for (size_t i = 0; i < kc_cipher_count(); i++)
        if (kc_cipher_at(i)->kind == kind && pick-- == 0) return kc_cipher_at(i);
    abort();
}

/* One of the backends this CPU can run, chosen by one input byte, so every
 * available backend is exercised. */
static inline const char *fz_backend(fz_in *in, const char *cipher)
{
    kc_backend_info info;
    size_t count = 0, pick;
    for (size_t i = 0; kc_backend_at(cipher, i, &info) == KC_OK; i++) count += info.available != 0;
    if (!count) abort();
    pick = fz_byte(in) % count;
    for (size_t i = 0; kc_backend_at(cipher, i, &info) == KC_OK; i++)
        if (info.available && pick-- == 0) return info.name;
    abort();
}

#endif
