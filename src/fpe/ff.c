/* SPDX-License-Identifier: MIT */
/* The part of FF1 and FF3-1 they share ([SP800-38G] Algorithms 7-10): the
 * keyed object, the length and domain limits, and the Feistel rounds over
 * integer halves.  Two arithmetic paths: halves below 2^64 in machine words
 * (card numbers, RRNs, phone numbers: the common case, batched), and small
 * multi-word integers for anything longer.
 *
 * Not constant time: the modular reduction uses the CPU's divide, and the
 * values' lengths are public. */
#include <stdlib.h>
#include <string.h>
#include "fpe/ff.h"

/* ---- multi-word integers: 32-bit limbs, least significant first ---- */

#define MAX_LIMBS ((KC_FF_MAX_LEN / 2 + 1) * 16 / 32 + 2)
typedef uint32_t limb;

/* x = x * m + a over nl limbs; returns what carries out. */
static limb big_mul_add(limb *x, size_t nl, uint32_t m, uint32_t a)
{
    uint64_t carry = a;
    for (size_t i = 0; i < nl; i++) {
        carry += (uint64_t)x[i] * m;
        x[i] = (limb)carry;
        carry >>= 32;
    }
    return (limb)carry;
}

/* x = x / d, returns x mod d (d <= 65536). */
static uint32_t big_div_small(limb *x, size_t nl, uint32_t d)
{
    uint32_t r = 0;          /* 16-bit halves: no 64-bit division on 32-bit CPUs */
    for (size_t i = nl; i-- > 0;) {
        uint32_t hi = r << 16 | x[i] >> 16;
        uint32_t lo = (hi % d) << 16 | (x[i] & 0xffff);
        x[i] = (hi / d) << 16 | lo / d;
        r = lo % d;
    }
    return r;
}

static int big_cmp(const limb *a, const limb *b, size_t nl)
{
    for (size_t i = nl; i-- > 0;)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

/* r = a - b; returns the borrow. */
static limb big_sub(limb *r, const limb *a, const limb *b, size_t nl)
{
    uint64_t borrow = 0;
    for (size_t i = 0; i < nl; i++) {
        uint64_t t = (uint64_t)a[i] - b[i] - borrow;
        r[i] = (limb)t;
        borrow = t >> 63;
    }
    return (limb)borrow;
}

static limb big_add(limb *r, const limb *a, const limb *b, size_t nl)
{
    uint64_t carry = 0;
    for (size_t i = 0; i < nl; i++) {
        carry += (uint64_t)a[i] + b[i];
        r[i] = (limb)carry;
        carry >>= 32;
    }
    return (limb)carry;
}

/* n big-endian bytes of x (x < 2^(8n)). */
static void big_to_bytes(const limb *x, uint8_t *p, size_t n)
{
    for (size_t k = 0; k < n; k++) p[n - 1 - k] = (uint8_t)(x[k / 4] >> (8 * (k % 4)));
}

/* r = (n big-endian bytes) mod M, a bit at a time (r < M stays below 2^(32 nl - 1)). */
static void big_mod_bytes(limb *r, size_t nl, const uint8_t *p, size_t n, const limb *M)
{
    memset(r, 0, nl * sizeof *r);
    for (size_t k = 0; k < n; k++)
        for (int bit = 7; bit >= 0; bit--) {
            big_mul_add(r, nl, 2, (uint32_t)(p[k] >> bit) & 1);
            if (big_cmp(r, M, nl) >= 0) big_sub(r, r, M, nl);
        }
}

/* Numerals <-> integers.  rev = 0: digits[0] most significant (FF1);
 * rev = 1: digits[0] least significant (FF3-1's NUM(REV(X))). */
static void big_from_digits(limb *x, size_t nl, const uint16_t *d, size_t n, uint32_t radix, int rev)
{
    memset(x, 0, nl * sizeof *x);
    for (size_t i = 0; i < n; i++) big_mul_add(x, nl, radix, d[rev ? n - 1 - i : i]);
}

static void big_to_digits(limb *x, size_t nl, uint16_t *d, size_t n, uint32_t radix, int rev)
{
    for (size_t i = 0; i < n; i++) {
        uint16_t digit = (uint16_t)big_div_small(x, nl, radix);
        d[rev ? i : n - 1 - i] = digit;
    }
}

/* Bit length of x. */
static unsigned big_bits(const limb *x, size_t nl)
{
    for (size_t i = nl; i-- > 0;)
        for (int b = 31; b >= 0; b--)
            if (x[i] >> b & 1) return (unsigned)(32 * i + (unsigned)b + 1);
    return 0;
}

static void big_pow(limb *x, size_t nl, uint32_t radix, size_t e)
{
    memset(x, 0, nl * sizeof *x);
    x[0] = 1;
    while (e--) big_mul_add(x, nl, radix, 0);
}

unsigned kc_ff_pow_bits(uint32_t radix, size_t e)
{
    limb x[MAX_LIMBS * 2];
    size_t nl = sizeof x / sizeof x[0];
    big_pow(x, nl, radix, e);
    limb one[MAX_LIMBS * 2] = { 1 };
    big_sub(x, x, one, nl);
    return big_bits(x, nl);
}

void kc_ff_ecb(const kc_ff *f, uint8_t *blocks, size_t count)
{
    kc_cipher_encrypt_blocks(f->cipher, blocks, blocks, count * 16);   /* sizes checked: cannot fail */
}

/* ---- the object ---- */

#if defined(__SIZEOF_INT128__)
/* radix^e, or 0 when it does not fit 64 bits. */
static uint64_t pow_word(uint32_t radix, size_t e)
{
    uint64_t x = 1;
    while (e--) {
        if (x > UINT64_MAX / radix) return 0;
        x *= radix;
    }
    return x;
}

#endif

/* The one-word path's moduli, once per key. */
static void word_moduli(kc_ff *f)
{
#if defined(__SIZEOF_INT128__)
    uint64_t m[2] = { pow_word(f->radix, f->u), pow_word(f->radix, f->v) };
    f->word_path = m[0] && m[1] && f->out_len <= 16;
    for (int h = 0; h < 2 && f->word_path; h++) {
        kc_ff_modulus *w = &f->modulus[h];
        w->m = m[h];
        w->inverse = UINT64_MAX / m[h];
        w->r[0] = 1 % m[h];
        for (int i = 1; i < 4; i++) w->r[i] = m[h] >> 29 ? 0 : (w->r[i - 1] << 32) % m[h];
    }
#else
    f->word_path = 0;
#endif
}

kc_status kc_ff_new(kc_ff **out, const kc_ff_alg *alg, const char *cipher_name,
                    const char *backend, const uint8_t *key, size_t key_len,
                    uint32_t radix, size_t len, unsigned flags)
{
    *out = NULL;
    if (radix < 2 || radix > 65536) return KC_ERR_RADIX;
    if (len < 2) return KC_ERR_DOMAIN_TOO_SMALL;
    if (len > KC_FF_MAX_LEN) return KC_ERR_DOMAIN_TOO_LARGE;
    const kc_cipher_info *info = kc_cipher_find(cipher_name);
    if (!info) return KC_ERR_UNKNOWN_CIPHER;
    if (info->kind != KC_KIND_BLOCK || info->block_bytes != 16) return KC_ERR_WRONG_KIND;
    if (key_len != info->key_bytes) return KC_ERR_KEY_LENGTH;

    /* radix^len against the domain floor, and FF3-1's ceiling 2^96 per half. */
    limb m[MAX_LIMBS * 2];
    size_t nl = sizeof m / sizeof m[0];
    big_pow(m, nl, radix, len);
    limb floor_[MAX_LIMBS * 2] = { flags & KC_FPE_ALLOW_SMALL_DOMAIN ? 256u : KC_FPE_MIN_DOMAIN };
    if (big_cmp(m, floor_, nl) < 0) return KC_ERR_DOMAIN_TOO_SMALL;
    unsigned bits = big_bits(m, nl);

    kc_ff *f = calloc(1, sizeof *f);
    if (!f) return KC_ERR_NO_MEMORY;
    f->alg = alg;
    f->radix = radix;
    f->len = len;
    f->bits = bits;
    kc_status st = alg->prepare(f);   /* halves, PRF sizes, FF3-1's length ceiling */
    if (st == KC_OK) word_moduli(f);
    if (st == KC_OK) {
        uint8_t k[32];
        memcpy(k, key, key_len);
        if (alg->reverse_key)
            for (size_t i = 0; i < key_len / 2; i++) {
                uint8_t t = k[i];
                k[i] = k[key_len - 1 - i];
                k[key_len - 1 - i] = t;
            }
        st = kc_cipher_new(&f->cipher, cipher_name, backend, k, key_len);
        kc_wipe(k, sizeof k);
    }
    if (st != KC_OK) {
        kc_ff_free(f);
        return st;
    }
    *out = f;
    return KC_OK;
}

void kc_ff_free(kc_ff *f)
{
    if (!f) return;
    kc_cipher_free(f->cipher);
    kc_wipe(f, sizeof *f);
    free(f);
}

size_t kc_ff_tweak_size(const kc_ff *f) { return f->alg->max_tweak; }

/* ---- rounds on halves below 2^64 ---- */

#if defined(__SIZEOF_INT128__)
#define WORD_CHUNK 64        /* values per pass: the cipher gets 64-block ECB calls */

static uint64_t word_from_digits(const uint16_t *d, size_t n, uint32_t radix, int rev)
{
    uint64_t x = 0;
    if (rev)
        for (size_t i = n; i-- > 0;) x = x * radix + d[i];
    else
        for (size_t i = 0; i < n; i++) x = x * radix + d[i];
    return x;
}

/* Least significant digit first, written from the end (or, reversed, from
 * the start).  Radix 10 below 2^32 goes four digits at a time, by constant
 * divisors (multiplications and shifts): the common case's main cost. */
static void word_to_digits(uint64_t x, uint16_t *d, size_t n, uint32_t radix, int rev)
{
    uint16_t *p = rev ? d : d + n - 1;
    ptrdiff_t step = rev ? 1 : -1;
    size_t i = 0;
    if (radix == 10) {
        for (; i < n && x >> 32; i++, p += step) {
            *p = (uint16_t)(x % 10);
            x /= 10;
        }
        uint32_t y = (uint32_t)x;
        for (; i + 4 <= n; i += 4, p += 4 * step) {
            uint32_t q = y / 10000, r = y - q * 10000;
            uint32_t hi = r / 100, lo = r - hi * 100;
            uint32_t h1 = hi * 103 >> 10, l1 = lo * 103 >> 10;   /* t / 10 for t < 100 */
            p[0] = (uint16_t)(lo - l1 * 10);
            p[step] = (uint16_t)l1;
            p[2 * step] = (uint16_t)(hi - h1 * 10);
            p[3 * step] = (uint16_t)h1;
            y = q;
        }
        for (; i < n; i++, p += step) {
            uint32_t q = y / 10;
            *p = (uint16_t)(y - q * 10);
            y = q;
        }
        return;
    }
    for (; i < n; i++, p += step) {
        *p = (uint16_t)(x % radix);
        x /= radix;
    }
}

/* y mod m for y < 2^64 (Barrett: the estimate is short by less than 3m). */
static inline uint64_t word_mod1(uint64_t y, const kc_ff_modulus *w)
{
    uint64_t r = y - (uint64_t)(((unsigned __int128)y * w->inverse) >> 64) * w->m;
    while (r >= w->m) r -= w->m;
    return r;
}

/* y mod m for y = hi 2^64 + lo and m < 2^64.  Below 2^29, m needs no
 * division: y's 32-bit pieces times 2^(32 i) mod m sum below 2^63, and a
 * multiplication by floor((2^64 - 1) / m) reduces that (Barrett). */
static inline uint64_t word_mod2(uint64_t hi, uint64_t lo, const kc_ff_modulus *w)
{
    if (!hi) return word_mod1(lo, w);   /* FF1's y of 8 bytes: every value of a call */
    if (w->m >> 29) return (uint64_t)((((unsigned __int128)hi << 64) | lo) % w->m);
    uint64_t sum = (lo & 0xffffffff) + (lo >> 32) * w->r[1] + (hi & 0xffffffff) * w->r[2] + (hi >> 32) * w->r[3];
    uint64_t r = sum - (uint64_t)(((unsigned __int128)sum * w->inverse) >> 64) * w->m;
    while (r >= w->m) r -= w->m;
    return r;
}

/* The same for y of ol <= 16 big-endian bytes. */
static inline uint64_t word_mod(const uint8_t *y, size_t ol, const kc_ff_modulus *w)
{
    if (w->m >> 29) {
        unsigned __int128 v = 0;
        for (size_t i = 0; i < ol; i++) v = v << 8 | y[i];
        return (uint64_t)(v % w->m);
    }
    uint64_t sum = 0;
    for (size_t i = 0; i < ol; i += 4) {   /* ol is 4 * (b / 4 + 1) or 16 */
        uint32_t piece = (uint32_t)y[ol - 4 - i] << 24 | (uint32_t)y[ol - 3 - i] << 16 |
                         (uint32_t)y[ol - 2 - i] << 8 | y[ol - 1 - i];
        sum += piece * w->r[i / 4];
    }
    uint64_t r = sum - (uint64_t)(((unsigned __int128)sum * w->inverse) >> 64) * w->m;
    while (r >= w->m) r -= w->m;
    return r;
}

static void word_rounds(const kc_ff *f, int encrypt, uint16_t *out, const uint16_t *in, size_t count,
                        const uint8_t *tweaks, size_t stride, size_t tweak_len)
{
    uint64_t a[WORD_CHUNK], b[WORD_CHUNK];
    uint8_t x[WORD_CHUNK * 16], y[WORD_CHUNK * 16], state[WORD_CHUNK * 16], scratch[WORD_CHUNK * 32];
    const kc_ff_alg *alg = f->alg;
    int rev = alg->reverse_digits;
    size_t u = f->u, v = f->v, il = f->in_len, ol = f->out_len;
    uint64_t y_hi[WORD_CHUNK], y_lo[WORD_CHUNK];
    int words = alg->word_prf && !stride && alg->word_prf_ok(f, tweak_len);
    for (size_t first = 0; first < count; first += WORD_CHUNK) {
        size_t n = count - first < WORD_CHUNK ? count - first : WORD_CHUNK;
        const uint8_t *tw = tweaks + first * stride;
        for (size_t k = 0; k < n; k++) {
            const uint16_t *d = in + (first + k) * f->len;
            a[k] = word_from_digits(d, u, f->radix, rev);
            b[k] = word_from_digits(d + u, v, f->radix, rev);
        }
        alg->begin(f, tw, stride, tweak_len, n, state);
        for (unsigned r = 0; r < alg->rounds; r++) {
            unsigned round = encrypt ? r : alg->rounds - 1 - r;
            const kc_ff_modulus *wm = &f->modulus[round % 2];
            uint64_t mod = wm->m;
            const uint64_t *src = encrypt ? b : a;
            if (words) {
                alg->word_prf(f, round, tw, tweak_len, state, src, y_hi, y_lo, n, scratch);
            } else {
                for (size_t k = 0; k < n; k++)
                    for (size_t i = 0; i < il; i++)
                        x[k * il + il - 1 - i] = i < 8 ? (uint8_t)(src[k] >> (8 * i)) : 0;
                alg->prf(f, round, tw, stride, tweak_len, state, x, y, n, scratch);
            }
            uint64_t *c = y_lo;   /* y mod radix^m, in place */
            if (words)
                for (size_t k = 0; k < n; k++) c[k] = word_mod2(y_hi[k], y_lo[k], wm);
            else
                for (size_t k = 0; k < n; k++) c[k] = word_mod(y + k * ol, ol, wm);
            if (encrypt)          /* A, B = B, (A + c) mod m */
                for (size_t k = 0; k < n; k++) {
                    uint64_t s = a[k] + c[k];
                    s -= s < c[k] || s >= mod ? mod : 0;
                    a[k] = b[k];
                    b[k] = s;
                }
            else                  /* A, B = (B - c) mod m, A */
                for (size_t k = 0; k < n; k++) {
                    uint64_t s = b[k] - c[k] + (b[k] < c[k] ? mod : 0);
                    b[k] = a[k];
                    a[k] = s;
                }
        }
        for (size_t k = 0; k < n; k++) {
            uint16_t *d = out + (first + k) * f->len;
            word_to_digits(a[k], d, u, f->radix, rev);
            word_to_digits(b[k], d + u, v, f->radix, rev);
        }
    }
    size_t used = count < WORD_CHUNK ? count : WORD_CHUNK;   /* what held values, nothing more */
    kc_wipe(a, used * sizeof a[0]);
    kc_wipe(b, used * sizeof b[0]);
    kc_wipe(y_hi, used * sizeof y_hi[0]);
    kc_wipe(y_lo, used * sizeof y_lo[0]);
    if (!words) {
        kc_wipe(x, used * il);
        kc_wipe(y, used * ol);
    }
    kc_wipe(state, used * 16);
    kc_wipe(scratch, used * 32);
}
#endif

/* ---- rounds on multi-word halves, one value at a time ---- */

typedef struct big_work {
    limb a[MAX_LIMBS], b[MAX_LIMBS], c[MAX_LIMBS], mod_u[MAX_LIMBS], mod_v[MAX_LIMBS];
    uint8_t x[MAX_LIMBS * 4], y[MAX_LIMBS * 4 + 16], state[16], scratch[MAX_LIMBS * 4 + 64];
} big_work;

static void big_rounds(const kc_ff *f, big_work *w, int encrypt, uint16_t *out, const uint16_t *in,
                       const uint8_t *tweak, size_t tweak_len)
{
    const kc_ff_alg *alg = f->alg;
    int rev = alg->reverse_digits;
    size_t u = f->u, v = f->v, longer = u > v ? u : v;
    size_t nl = (size_t)(longer * 16 + 31) / 32 + 2;   /* radix <= 2^16 */
    if (nl > MAX_LIMBS) nl = MAX_LIMBS;
    big_from_digits(w->a, nl, in, u, f->radix, rev);
    big_from_digits(w->b, nl, in + u, v, f->radix, rev);
    alg->begin(f, tweak, 0, tweak_len, 1, w->state);
    for (unsigned r = 0; r < alg->rounds; r++) {
        unsigned round = encrypt ? r : alg->rounds - 1 - r;
        const limb *mod = round % 2 == 0 ? w->mod_u : w->mod_v;
        big_to_bytes(encrypt ? w->b : w->a, w->x, f->in_len);
        alg->prf(f, round, tweak, 0, tweak_len, w->state, w->x, w->y, 1, w->scratch);
        big_mod_bytes(w->c, nl, w->y, f->out_len, mod);
        if (encrypt) {            /* (A + y) mod m; both below m < 2^(32 nl - 1) */
            big_add(w->c, w->a, w->c, nl);
            if (big_cmp(w->c, mod, nl) >= 0) big_sub(w->c, w->c, mod, nl);
            memcpy(w->a, w->b, sizeof w->a);
            memcpy(w->b, w->c, sizeof w->b);
        } else {                  /* (B - y) mod m */
            if (big_sub(w->c, w->b, w->c, nl)) big_add(w->c, w->c, mod, nl);
            memcpy(w->b, w->a, sizeof w->b);
            memcpy(w->a, w->c, sizeof w->a);
        }
    }
    big_to_digits(w->a, nl, out, u, f->radix, rev);
    big_to_digits(w->b, nl, out + u, v, f->radix, rev);
}

kc_status kc_ff_crypt(const kc_ff *f, int encrypt, uint16_t *out, const uint16_t *in, size_t count,
                      const uint8_t *tweaks, size_t tweak_stride, size_t tweak_len)
{
    static const uint8_t no_tweak[1];
    if (!f->alg->tweak_ok(tweak_len)) return KC_ERR_TWEAK_LENGTH;
    if (!tweaks) {           /* tweak_len is 0 (checked by the caller) */
        tweaks = no_tweak;
        tweak_stride = 0;
    }
#if defined(__SIZEOF_INT128__)
    if (f->word_path) {
        word_rounds(f, encrypt, out, in, count, tweaks, tweak_stride, tweak_len);
        return KC_OK;
    }
#endif
    big_work *w = malloc(sizeof *w);
    if (!w) return KC_ERR_NO_MEMORY;
    big_pow(w->mod_u, MAX_LIMBS, f->radix, f->u);    /* the moduli once for every value */
    big_pow(w->mod_v, MAX_LIMBS, f->radix, f->v);
    for (size_t k = 0; k < count; k++)
        big_rounds(f, w, encrypt, out + k * f->len, in + k * f->len, tweaks + k * tweak_stride, tweak_len);
    kc_wipe(w, sizeof *w);
    free(w);
    return KC_OK;
}
