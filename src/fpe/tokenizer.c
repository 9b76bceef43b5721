/* SPDX-License-Identifier: MIT */
/* Tokenization of formatted text: the format (format.c) picks out the
 * characters to encrypt, an FPE cipher of kc_fpe encrypts them as one
 * numeral string, the format puts them back.  One kc_fpe per number of
 * encrypted characters, made on first use and kept. */
#include <stdlib.h>
#include <string.h>
#include "fpe/format.h"
#include "core/sha256.h"
#if defined(KC_HAVE_PTHREADS)
#include <pthread.h>
#endif

struct kc_tokenizer {
    kc_format fmt;
    char cipher[32], backend[32];
    int has_backend;
    uint8_t key[32];
    size_t key_len;
    unsigned flags;
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_t lock;    /* guards by_len */
#endif
    kc_fpe *by_len[KC_FORMAT_MAX_CHARS + 1];
};

/* The cipher for values of n encrypted characters (made once). */
static kc_status fpe_for(kc_tokenizer *t, size_t n, kc_fpe **out)
{
    kc_status st = KC_OK;
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_lock(&t->lock);
#endif
    if (!t->by_len[n])
        st = kc_fpe_new(&t->by_len[n], t->cipher, t->has_backend ? t->backend : NULL, t->key, t->key_len,
                        t->fmt.radix, n, t->flags & KC_FPE_ALLOW_SMALL_DOMAIN);
    *out = t->by_len[n];
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_unlock(&t->lock);
#endif
    return st;
}

kc_status kc_tokenizer_new(kc_tokenizer **out, const char *cipher, const char *backend,
                           const uint8_t *key, size_t key_len, const char *format, unsigned flags)
{
    if (!out || !cipher || !format || (!key && key_len)) return KC_ERR_NULL;
    *out = NULL;
    if (strlen(cipher) >= sizeof ((kc_tokenizer *)0)->cipher) return KC_ERR_UNKNOWN_CIPHER;
    if (backend && strlen(backend) >= sizeof ((kc_tokenizer *)0)->backend) return KC_ERR_UNKNOWN_BACKEND;
    if (key_len > sizeof ((kc_tokenizer *)0)->key) return KC_ERR_KEY_LENGTH;
    kc_tokenizer *t = calloc(1, sizeof *t);
    if (!t) return KC_ERR_NO_MEMORY;
    kc_status st = kc_format_parse(&t->fmt, format);
    if (st != KC_OK) { free(t); return st; }
    strcpy(t->cipher, cipher);
    if (backend) { strcpy(t->backend, backend); t->has_backend = 1; }
    memcpy(t->key, key, key_len);
    t->key_len = key_len;
    t->flags = flags;
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_init(&t->lock, NULL);
#endif
    /* Name, backend and key are checked now, on the smallest safe length. */
    size_t n = 1;
    for (uint64_t d = t->fmt.radix; d < KC_FPE_MIN_DOMAIN; d *= t->fmt.radix) n++;
    kc_fpe *probe;
    st = fpe_for(t, n < 2 ? 2 : n, &probe);
    if (st != KC_OK) { kc_tokenizer_free(t); return st; }
    *out = t;
    return KC_OK;
}

void kc_tokenizer_free(kc_tokenizer *t)
{
    if (!t) return;
    for (size_t i = 0; i <= KC_FORMAT_MAX_CHARS; i++) kc_fpe_free(t->by_len[i]);
    kc_format_clear(&t->fmt);
#if defined(KC_HAVE_PTHREADS)
    pthread_mutex_destroy(&t->lock);
#endif
    kc_wipe(t, sizeof *t);
    free(t);
}

/* The cipher's tweak for a context, as kcipher.h says.  FF1 gets 8 bytes:
 * its PRF stays one block per round for halves of up to 7 bytes. */
static size_t derive_tweak(const kc_tokenizer *t, const kc_fpe *p, const uint8_t *context, size_t len,
                           uint8_t out[32])
{
    static const char label[] = "kcipher tokenization tweak";
    uint8_t buf[sizeof label + 256];
    if (len > 256) {            /* long contexts: hashed first */
        kc_sha256(buf + sizeof label, context, len);
        len = 32;
    } else {
        memcpy(buf + sizeof label, context, len);
    }
    memcpy(buf, label, sizeof label);   /* the label's NUL separates it from the context */
    kc_sha256(out, buf, sizeof label + len);
    kc_wipe(buf, sizeof buf);
    if (!strncmp(t->cipher, "ff1-", 4)) return 8;
    size_t size = kc_fpe_tweak_size(p);   /* FF3-1: 7; FEA: by n */
    unsigned bits = 128 - kc_fpe_bits(p);
    if (strncmp(t->cipher, "ff", 2) && size < 16 && size * 8 > bits)   /* FEA-1: a (128 - n)-bit integer */
        out[0] &= (uint8_t)(0xff >> (size * 8 - bits));
    return size;
}

static kc_status crypt(const kc_tokenizer *ct, int encrypt, char *out, size_t out_cap, size_t *out_len,
                       const char *in, size_t in_len, const uint8_t *tweak, size_t tweak_len, size_t *error_pos)
{
    size_t ignored;
    if (!error_pos) error_pos = &ignored;
    *error_pos = 0;
    if (!ct || !out_len || (!in && in_len) || (!out && out_cap) || (!tweak && tweak_len)) return KC_ERR_NULL;
    *out_len = 0;
    kc_tokenizer *t = (kc_tokenizer *)ct;   /* only the cache changes, under its lock */
    kc_split *s = malloc(sizeof *s);
    uint16_t *d = malloc(KC_FORMAT_MAX_CHARS * sizeof *d);
    kc_status st = s && d ? KC_OK : KC_ERR_NO_MEMORY;
    if (st == KC_OK) st = kc_format_split(&t->fmt, s, in, in_len, error_pos);
    kc_fpe *p = NULL;
    if (st == KC_OK) {
        st = fpe_for(t, s->nenc, &p);
        if (st != KC_OK) *error_pos = s->n;
    }
    uint8_t derived[32];
    if (st == KC_OK && tweak_len && !(t->flags & KC_TOKENIZER_RAW_TWEAK)) {
        tweak_len = derive_tweak(t, p, tweak, tweak_len, derived);
        tweak = derived;
    }
    if (st == KC_OK) {
        for (size_t i = 0; i < s->nenc; i++) d[i] = (uint16_t)s->digit[s->enc[i]];
        st = (encrypt ? kc_fpe_encrypt : kc_fpe_decrypt)(p, d, d, s->nenc, tweak, tweak_len);
    }
    kc_wipe(derived, sizeof derived);
    if (st == KC_OK) {
        for (size_t i = 0; i < s->nenc; i++) s->digit[s->enc[i]] = d[i];
        st = kc_format_join(&t->fmt, s, out, out_cap, out_len);
    }
    if (s) kc_wipe(s, sizeof *s);
    if (d) kc_wipe(d, KC_FORMAT_MAX_CHARS * sizeof *d);
    free(s);
    free(d);
    return st;
}

kc_status kc_tokenize(const kc_tokenizer *t, char *out, size_t out_cap, size_t *out_len,
                      const char *in, size_t in_len, const uint8_t *tweak, size_t tweak_len, size_t *error_pos)
{
    return crypt(t, 1, out, out_cap, out_len, in, in_len, tweak, tweak_len, error_pos);
}

kc_status kc_detokenize(const kc_tokenizer *t, char *out, size_t out_cap, size_t *out_len,
                        const char *in, size_t in_len, const uint8_t *tweak, size_t tweak_len, size_t *error_pos)
{
    return crypt(t, 0, out, out_cap, out_len, in, in_len, tweak, tweak_len, error_pos);
}
