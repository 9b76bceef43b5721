/* TinyJAMBU v2 AEAD mode over any permutation, for the AVR backend and the
 * AVR benchmark (which runs the same mode over the designers' reference
 * permutation, the optimized C one and the assembly).  Same schedule as
 * ref.c (specs/tinyjambu.md section 4): two-pass verified decryption, no
 * branch on secret data.  A permutation call gets the number of 128-step
 * groups: 5 for P640, the key's `big` (8, 9 or 10) for P1024/1152/1280. */
#ifndef KC_TINYJAMBU_AVR_MODE_H
#define KC_TINYJAMBU_AVR_MODE_H
#include <string.h>
#include "core/backend.h"
#include "tinyjambu/tinyjambu_common.h"

#define TJA_SMALL (TJ_SMALL_STEPS / 128)

typedef struct tja_perm {
    void (*fn)(uint32_t s[4], const void *key, uint8_t groups);
    const void *key;
    uint8_t big;
} tja_perm;

/* Bytes p[0..r-1] XORed into the low bytes of w (little endian). */
static inline uint32_t tja_load(const uint8_t *p, uint8_t r)
{
    uint32_t w = 0;
    for (uint8_t i = r; i-- > 0;) w = w << 8 | p[i];
    return w;
}

static inline void tja_store(uint8_t *p, uint32_t w, uint8_t r)
{
    for (uint8_t i = 0; i < r; i++, w >>= 8) p[i] = (uint8_t)w;
}

static inline void tja_start(const tja_perm *p, uint32_t s[4], const uint8_t *nonce,
                             const uint8_t *ad, size_t ad_len)
{
    s[0] = s[1] = s[2] = s[3] = 0;
    p->fn(s, p->key, p->big);
    for (uint8_t i = 0; i < 3; i++) {
        s[1] ^= TJ_FRAME_NONCE;
        p->fn(s, p->key, TJA_SMALL);
        s[3] ^= kc_load32_le(nonce + 4 * i);
    }
    for (size_t i = 0; i < ad_len; i += 4) {
        uint8_t r = ad_len - i < 4 ? (uint8_t)(ad_len - i) : 4;
        s[1] ^= TJ_FRAME_AD;
        p->fn(s, p->key, TJA_SMALL);
        s[3] ^= tja_load(ad + i, r);
        s[1] ^= r & 3u;
    }
}

static inline void tja_finish(const tja_perm *p, uint32_t s[4], uint8_t tag[TJ_TAG_BYTES])
{
    s[1] ^= TJ_FRAME_FINAL;
    p->fn(s, p->key, p->big);
    kc_store32_le(tag, s[2]);
    s[1] ^= TJ_FRAME_FINAL;
    p->fn(s, p->key, TJA_SMALL);
    kc_store32_le(tag + 4, s[2]);
}

/* One message pass; encrypt: in = plaintext, else in = ciphertext.  out
 * (may be NULL when decrypting) gets the other text. */
static inline void tja_pass(const tja_perm *p, uint32_t s[4], uint8_t *out, const uint8_t *in,
                            size_t len, int encrypt)
{
    for (size_t i = 0; i < len; i += 4) {
        uint8_t r = len - i < 4 ? (uint8_t)(len - i) : 4;
        s[1] ^= TJ_FRAME_MSG;
        p->fn(s, p->key, p->big);
        uint32_t x = tja_load(in + i, r), m = encrypt ? x : (x ^ s[2]) & (0xFFFFFFFFu >> (32 - 8 * r));
        if (out) tja_store(out + i, x ^ s[2], r);
        s[3] ^= m;
        s[1] ^= r & 3u;
    }
}

static inline void tja_encrypt(const tja_perm *p, uint8_t *out, const uint8_t *nonce,
                               const uint8_t *ad, size_t ad_len, const uint8_t *pt, size_t pt_len)
{
    uint32_t s[4];
    tja_start(p, s, nonce, ad, ad_len);
    tja_pass(p, s, out, pt, pt_len, 1);
    tja_finish(p, s, out + pt_len);
    kc_wipe(s, sizeof s);
}

/* Plaintext is written only after the tag verified (second pass). */
static inline int tja_decrypt(const tja_perm *p, uint8_t *out, const uint8_t *nonce,
                              const uint8_t *ad, size_t ad_len, const uint8_t *ct, size_t ct_len)
{
    size_t len = ct_len - TJ_TAG_BYTES;
    uint32_t s[4], after_ad[4];
    uint8_t tag[TJ_TAG_BYTES];
    tja_start(p, s, nonce, ad, ad_len);
    memcpy(after_ad, s, sizeof s);
    tja_pass(p, s, NULL, ct, len, 0);
    tja_finish(p, s, tag);
    int result = kc_ct_compare(tag, ct + len, TJ_TAG_BYTES);
    kc_ct_declassify(&result, sizeof result);
    if (result == 0) tja_pass(p, after_ad, out, ct, len, 0);
    kc_wipe(s, sizeof s);
    kc_wipe(after_ad, sizeof after_ad);
    kc_wipe(tag, sizeof tag);
    return result;
}

#endif
