/* SPDX-License-Identifier: MIT */
/* Tokenization: FF1, FF3-1 and FEA on 16-digit values through the batch
 * API (kc_fpe_encrypt_batch, 65536 values a call, digits as uint16_t), and
 * kc_tokenize_batch on formatted card numbers, and their re-tokenization
 * under a second key (kc_detokenize_batch then kc_tokenize_batch, as
 * `kcipher retokenize` does), at 1 and 2 threads.  Every
 * value per call is timed; the report turns the medians into values/s.
 * The Python FPE packages and `kcipher tokenize` on a CSV file are measured
 * beside these by bench/tokenize_bench.py in the same bench job. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "bench_int.h"

#define TOKENS 65536
#define DIGITS 16
#define CARD_LEN 19              /* "4111-1111-1111-1111" */

const char *const bench_tokenize_names[] = { "ff1-aes-128", "ff3-1-aes-128", "ff1-aria-128", "ff1-lea-128", "fea1-128" };
const size_t bench_tokenize_count = sizeof bench_tokenize_names / sizeof bench_tokenize_names[0];
static const uint8_t KEY[16] = { 0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c };

typedef struct tok_job {
    const kc_fpe *p;
    const kc_tokenizer *t, *t2;
    const uint16_t *in;
    uint16_t *out;
    kc_token_row *rows, *rows2;   /* rows2: the clear values tokenized again under t2 */
    uint8_t tweak[16];
    size_t tweak_len;
} tok_job;

static void fpe_call(void *arg)
{
    tok_job *j = arg;
    kc_fpe_encrypt_batch(j->p, j->out, j->in, TOKENS, j->tweak, j->tweak_len);
}

static void token_call(void *arg)
{
    tok_job *j = arg;
    kc_tokenize_batch(j->t, j->rows, TOKENS, NULL);
}

/* Re-tokenization: rows2 takes the tokens under t back to clear values,
 * rows takes those to tokens under t2. */
static void retoken_call(void *arg)
{
    tok_job *j = arg;
    kc_detokenize_batch(j->t, j->rows2, TOKENS, NULL);
    kc_tokenize_batch(j->t2, j->rows, TOKENS, NULL);
}

/* The default backend of the block cipher under an FPE name ("aes-128"
 * for "ff1-aes-128"; FEA is its own cipher). */
static void block_backend(const char *name, kc_backend_info *bi)
{
    char cipher[32];
    const char *dash = strncmp(name, "ff3-1-", 6) == 0 ? name + 5 : strchr(name, '-');
    snprintf(cipher, sizeof cipher, "%s", strncmp(name, "fea", 3) == 0 ? name : dash + 1);
    memset(bi, 0, sizeof *bi);
    for (size_t i = 0; kc_backend_at(cipher, i, bi) == KC_OK; i++)
        if (bi->is_default) return;
    memset(bi, 0, sizeof *bi);
}

static bench_point fpe_point(const char *name, const char *family, const kc_backend_info *bi,
                             const char *api, size_t msg_len, unsigned threads)
{
    bench_point p;
    memset(&p, 0, sizeof p);
    p.library = "kcipher";
    p.primitive = name;
    p.family = family;
    p.impl = bi->name ? bi->name : "";
    p.isa = bi->cpu_features;
    p.constant_time = 0;           /* FPE's arithmetic is not constant-time (README) */
    p.is_default = 1;
    p.op = "encrypt";
    p.mode = "fpe";
    p.scenario = "tokenize";
    p.msg_len = msg_len;
    p.messages = TOKENS;
    p.bits = 54;                   /* 10^16 < 2^54 */
    p.verified = -1;
    p.api = api;
    p.threads = threads;
    return p;
}

static void sweep(bench_run *r, bench_point *p, bt_fn fn, tok_job *j)
{
    double one = 0;
    for (unsigned t = 1; t <= 2; t++) {
        if (!bench_counting(r)) kc_set_threads(t);
        p->threads = t;
        p->base = t > 1 ? "threads=1" : NULL;
        p->base_median = t > 1 ? one : 0;
        if (bench_point_run(r, p, fn, j) && t == 1) one = r->last_median;
    }
    if (!bench_counting(r)) kc_set_threads(0);
}

void bench_tokenize(bench_run *r, int (*selected)(const bench_run *, const char *))
{
    uint16_t *in = NULL, *out = NULL;
    if (!bench_counting(r)) {
        in = malloc(sizeof *in * TOKENS * DIGITS);
        out = malloc(sizeof *out * TOKENS * DIGITS);
        if (!in || !out) { bench_note(r, "tokenize: out of memory"); free(in); free(out); return; }
        for (size_t i = 0; i < (size_t)TOKENS * DIGITS; i++) in[i] = (uint16_t)((i * 7u + (i >> 5)) % 10u);
    }
    for (size_t n = 0; n < bench_tokenize_count; n++) {
        const char *name = bench_tokenize_names[n];
        if (!selected(r, name)) continue;
        kc_backend_info bi;
        block_backend(name, &bi);
        if (!bench_want_impl(r, bi.name ? bi.name : "")) continue;
        const char *family = strncmp(name, "ff3-1", 5) == 0 ? "ff3-1" : strncmp(name, "ff1", 3) == 0 ? "ff1" : "fea1";
        tok_job j;
        memset(&j, 0, sizeof j);
        kc_fpe *p = NULL;
        if (!bench_counting(r)) {
            if (kc_fpe_new(&p, name, NULL, KEY, 16, 10, DIGITS, 0) != KC_OK) continue;
            r->cycles_per_unit = bt_calibrate();
            /* The tokenizer's tweak sizes: FF1 8 bytes, FF3-1 7, FEA-1 its 74 bits. */
            j.tweak_len = family[1] == 'e' ? kc_fpe_tweak_size(p) : family[2] == '3' ? 7 : 8;
            memcpy(j.tweak, "kcipher tokenize", 16);
            if (family[1] == 'e') j.tweak[0] &= 0x03;
            if (kc_fpe_encrypt_batch(p, out, in, TOKENS, j.tweak, j.tweak_len) != KC_OK) {
                bench_note(r, "tokenize: %s refused the batch", name);
                kc_fpe_free(p);
                continue;
            }
        }
        j.p = p;
        j.in = in;
        j.out = out;
        bench_point pt = fpe_point(name, family, &bi, "kc_fpe_encrypt_batch", DIGITS * sizeof(uint16_t), 1);
        sweep(r, &pt, fpe_call, &j);
        kc_fpe_free(p);
    }

    /* Formatted strings: card numbers with separators, first 6 and last 4 kept. */
    const char *name = "ff1-aes-128";
    if (selected(r, name)) {
        kc_backend_info bi;
        block_backend(name, &bi);
        tok_job j;
        memset(&j, 0, sizeof j);
        char *text = NULL, *outs = NULL, *back = NULL, *again = NULL;
        kc_tokenizer *t = NULL;
        if (!bench_counting(r)) {
            text = malloc((size_t)TOKENS * CARD_LEN);
            outs = malloc((size_t)TOKENS * 32);
            j.rows = calloc(TOKENS, sizeof *j.rows);
            if (!text || !outs || !j.rows ||
                kc_tokenizer_new(&t, name, NULL, KEY, 16, "card", 0) != KC_OK) {
                bench_note(r, "tokenize: could not set up the card rows");
                goto done;
            }
            for (size_t k = 0; k < TOKENS; k++) {
                char *s = text + k * CARD_LEN;
                for (int i = 0, d = 0; i < CARD_LEN; i++)
                    s[i] = i % 5 == 4 ? '-' : (char)('0' + (k * 7 + (size_t)d++ * 3 + (k >> 4)) % 10);
                j.rows[k] = (kc_token_row){ .in = s, .in_len = CARD_LEN, .tweak = (const uint8_t *)"card",
                                            .tweak_len = 4, .out = outs + k * 32, .out_cap = 32 };
            }
            if (kc_tokenize_batch(t, j.rows, TOKENS, NULL) != KC_OK) {
                bench_note(r, "tokenize: the card rows were refused");
                goto done;
            }
        }
        j.t = t;
        bench_point pt = fpe_point(name, "ff1", &bi, "kc_tokenize_batch", CARD_LEN, 1);
        pt.bits = 20;   /* 6 digits encrypted: 10^6 < 2^20 */
        sweep(r, &pt, token_call, &j);

        /* Re-tokenization: the tokens just made (outs) back to clear (text) and under a second key. */
        if (!bench_counting(r)) {
            static const uint8_t KEY2[16] = { 0x0f, 0x0e, 0x0d, 0x0c, 0x0b, 0x0a, 0x09, 0x08,
                                              0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x00 };
            back = malloc((size_t)TOKENS * 32);
            again = malloc((size_t)TOKENS * 32);
            j.rows2 = calloc(TOKENS, sizeof *j.rows2);
            if (!back || !again || !j.rows2 || kc_tokenizer_new((kc_tokenizer **)&j.t2, name, NULL, KEY2, 16, "card", 0) != KC_OK) {
                bench_note(r, "tokenize: could not set up re-tokenization");
                goto done;
            }
            for (size_t k = 0; k < TOKENS; k++) {
                j.rows2[k] = (kc_token_row){ .in = j.rows[k].out, .in_len = j.rows[k].out_len, .tweak = (const uint8_t *)"card",
                                             .tweak_len = 4, .out = back + k * 32, .out_cap = 32 };
                j.rows[k].in = back + k * 32;     /* the clear values, as detokenized */
                j.rows[k].out = again + k * 32;   /* the tokens under the second key */
            }
        }
        pt = fpe_point(name, "ff1", &bi, "kc_detokenize_batch+kc_tokenize_batch", CARD_LEN, 1);
        pt.op = "retokenize";
        pt.bits = 20;
        sweep(r, &pt, retoken_call, &j);
    done:
        if (back) kc_wipe(back, (size_t)TOKENS * 32);
        free(back);
        free(again);
        kc_tokenizer_free(t);
        kc_tokenizer_free((kc_tokenizer *)j.t2);
        free(text);
        free(outs);
        free(j.rows);
        free(j.rows2);
    }
    free(in);
    free(out);
}
