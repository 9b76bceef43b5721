/* SPDX-License-Identifier: MIT */
/* TinyJAMBU v2 internals shared by the backends and the benchmarks: the key
 * layout, the keyed permutation P_n of [TINYJAMBU] and
 * its one-message AEAD mode, over any permutation.
 *
 * State bit s_(32w+b) is bit b of S[w]; key bit k_(32w+b) is bit b of
 * K[w] = LE32(key + 4w).  One 32-step update computes 32 feedback bits at
 * once, which only works because no tap (47, 70, 85, 91) lies within 32 of
 * the end: S0 ^= (s47..) ^ ~((s70..) & (s85..)) ^ (s91..) ^ K[i mod words]. */
#ifndef KC_TINYJAMBU_COMMON_H
#define KC_TINYJAMBU_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "kcipher.h"
#include "core/util.h"

#define TJ_NONCE_BYTES 12
#define TJ_TAG_BYTES   8
#define TJ_SMALL_STEPS 640   /* P_a: nonce, AD, second tag half (v1 had 384) */

/* Frame bits, XORed into s36..s38 before each permutation call. */
#define TJ_FRAME_NONCE 0x10u
#define TJ_FRAME_AD    0x30u
#define TJ_FRAME_MSG   0x50u
#define TJ_FRAME_FINAL 0x70u

typedef struct tj_key {
    /* The key words, then K[0..3] again, so that a group of four updates
     * starting at word 0, 2 or 4 never has to wrap (192-bit keys). */
    uint32_t k[12];
    unsigned words;          /* 4, 6 or 8 */
    unsigned big_steps;      /* P_b: 1024, 1152 or 1280 */
} tj_key;

/* key_len must be 16, 24 or 32. */
static inline void tj_load_key(tj_key *key, const uint8_t *bytes, size_t key_len)
{
    unsigned words = (unsigned)(key_len / 4);
    for (unsigned i = 0; i < words; i++) key->k[i] = kc_load32_le(bytes + 4 * i);
    for (unsigned i = 0; i < 4; i++) key->k[words + i] = key->k[i];
    key->words = words;
    key->big_steps = 1024 + 128 * (words / 2 - 2);
}

/* 32 NLFSR steps: the new word that replaces s0 (s3 is the newest word).
 * s3 was made by the previous update, so everything without it is summed
 * first (the empty asm keeps the compiler from reordering the XORs): the
 * serial chain is then shift, or, and, two XORs per 32 steps. */
static inline uint32_t tj_update(uint32_t s0, uint32_t s1, uint32_t s2, uint32_t s3, uint32_t k)
{
    uint32_t early = ~(s0 ^ ((s1 >> 15) | (s2 << 17)) ^ k);   /* s0, s47..s78, key; ~ of the AND term */
#if KC_ARCH_X86 || KC_ARCH_AARCH64
    __asm__("" : "+r"(early));   /* out-of-order cores; in-order AVR gains nothing */
#endif
    uint32_t t2 = (s2 >> 6) | (s3 << 26);    /* s70..s101 */
    uint32_t t3 = (s2 >> 21) | (s3 << 11);   /* s85..s116 */
    uint32_t t4 = (s2 >> 27) | (s3 << 5);    /* s91..s122 */
    return early ^ (t2 & t3) ^ t4;
}

/* P_steps on S[0..3]; steps is a multiple of 128 (640, 1024, 1152, 1280).
 * Four updates per iteration with rotating word roles instead of moving
 * words; the key index restarts at 0 on every call, as in [TINYJAMBU] (a
 * 192-bit key cycles K[j mod 6] from K[0] in each call). */
static inline void tj_permute(uint32_t s[4], const tj_key *key, unsigned steps)
{
    uint32_t s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3];
    unsigned j = 0;
    for (unsigned n = steps / 128; n; n--) {
        const uint32_t *k = key->k + j;
        s0 = tj_update(s0, s1, s2, s3, k[0]);
        s1 = tj_update(s1, s2, s3, s0, k[1]);
        s2 = tj_update(s2, s3, s0, s1, k[2]);
        s3 = tj_update(s3, s0, s1, s2, k[3]);
        j += 4;
        if (j >= key->words) j -= key->words;   /* public: depends on key length only */
    }
    s[0] = s0; s[1] = s1; s[2] = s2; s[3] = s3;
}

/* ---- The AEAD mode, over any permutation ----
 * Used by ref (over tj_permute), avr-rs (its assembly) and the AVR
 * benchmark (the paper's permutations).  A permutation call gets the number
 * of 128-step groups: 5 for P640, big (8, 9 or 10) for P1024/1152/1280.
 * Two-pass verified decryption, no branch on secret data. */
#define TJ_SMALL_GROUPS (TJ_SMALL_STEPS / 128)

typedef struct tj_mode_perm {
    void (*fn)(uint32_t s[4], const void *key, uint8_t groups);
    const void *key;
    uint8_t big;
} tj_mode_perm;

/* Bytes p[0..r-1] as the low bytes of a word (little endian), r = 1..4;
 * small counters, as AVR wants them. */
static inline uint32_t tj_load_part(const uint8_t *p, uint8_t r)
{
    if (r == 4) return kc_load32_le(p);
    uint32_t w = 0;
    for (uint8_t i = r; i-- > 0;) w = w << 8 | p[i];
    return w;
}

static inline void tj_store_part(uint8_t *p, uint32_t w, uint8_t r)
{
    if (r == 4) { kc_store32_le(p, w); return; }
    for (uint8_t i = 0; i < r; i++, w >>= 8) p[i] = (uint8_t)w;
}

/* Key setup, nonce and associated data.  A final partial AD block adds its
 * byte count r to s32..s33; r & 3 is 0 for a whole block. */
static inline void tj_mode_start(const tj_mode_perm *p, uint32_t s[4], const uint8_t *nonce,
                                 const uint8_t *ad, size_t ad_len)
{
    s[0] = s[1] = s[2] = s[3] = 0;
    p->fn(s, p->key, p->big);
    for (uint8_t i = 0; i < 3; i++) {
        s[1] ^= TJ_FRAME_NONCE;
        p->fn(s, p->key, TJ_SMALL_GROUPS);
        s[3] ^= kc_load32_le(nonce + 4 * i);
    }
    for (size_t i = 0; i < ad_len; i += 4) {
        uint8_t r = ad_len - i < 4 ? (uint8_t)(ad_len - i) : 4;
        s[1] ^= TJ_FRAME_AD;
        p->fn(s, p->key, TJ_SMALL_GROUPS);
        s[3] ^= tj_load_part(ad + i, r);
        s[1] ^= r & 3u;
    }
}

static inline void tj_mode_finish(const tj_mode_perm *p, uint32_t s[4], uint8_t tag[TJ_TAG_BYTES])
{
    s[1] ^= TJ_FRAME_FINAL;
    p->fn(s, p->key, p->big);
    kc_store32_le(tag, s[2]);
    s[1] ^= TJ_FRAME_FINAL;
    p->fn(s, p->key, TJ_SMALL_GROUPS);
    kc_store32_le(tag + 4, s[2]);
}

/* One message pass; encrypt: in = plaintext, else in = ciphertext.  out
 * (may be NULL when decrypting) gets the other text; out == in is fine,
 * each word is read before it is written. */
static inline void tj_mode_pass(const tj_mode_perm *p, uint32_t s[4], uint8_t *out, const uint8_t *in,
                                size_t len, int encrypt)
{
    for (size_t i = 0; i < len; i += 4) {
        uint8_t r = len - i < 4 ? (uint8_t)(len - i) : 4;
        s[1] ^= TJ_FRAME_MSG;
        p->fn(s, p->key, p->big);
        uint32_t x = tj_load_part(in + i, r), m = encrypt ? x : (x ^ s[2]) & (0xFFFFFFFFu >> (32 - 8 * r));
        if (out) tj_store_part(out + i, x ^ s[2], r);
        s[3] ^= m;
        s[1] ^= r & 3u;
    }
}

static inline void tj_aead_encrypt(const tj_mode_perm *p, uint8_t *out, const uint8_t *nonce,
                                   const uint8_t *ad, size_t ad_len, const uint8_t *pt, size_t pt_len)
{
    uint32_t s[4];
    tj_mode_start(p, s, nonce, ad, ad_len);
    tj_mode_pass(p, s, out, pt, pt_len, 1);
    tj_mode_finish(p, s, out + pt_len);
    kc_wipe(s, sizeof s);
}

/* Two passes so that no plaintext is released before the tag verifies: the
 * first only computes the tag; only if it matches does the second restart
 * from the state after the AD and write out.  Whether the tag matched is
 * public (the caller learns it), hence the declassification before the
 * branch.  out == ct is fine. */
static inline int tj_aead_decrypt(const tj_mode_perm *p, uint8_t *out, const uint8_t *nonce,
                                  const uint8_t *ad, size_t ad_len, const uint8_t *ct, size_t ct_len)
{
    size_t len = ct_len - TJ_TAG_BYTES;
    uint32_t s[4], after_ad[4];
    uint8_t tag[TJ_TAG_BYTES];
    tj_mode_start(p, s, nonce, ad, ad_len);
    memcpy(after_ad, s, sizeof s);
    tj_mode_pass(p, s, NULL, ct, len, 0);
    tj_mode_finish(p, s, tag);
    int result = kc_ct_compare(tag, ct + len, TJ_TAG_BYTES);     /* 0 or -1 */
    kc_ct_declassify(&result, sizeof result);
    if (result == 0) tj_mode_pass(p, after_ad, out, ct, len, 0);
    kc_wipe(s, sizeof s);
    kc_wipe(after_ad, sizeof after_ad);
    kc_wipe(tag, sizeof tag);
    return result;
}

/* The single-message entry points of every backend but avr-rs: the mode
 * over tj_permute (the SIMD backends' lanes pay off only in batches). */
static inline void tj_ref_permute(uint32_t s[4], const void *key, uint8_t groups)
{
    tj_permute(s, key, 128u * groups);
}

static inline kc_status tj_ref_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
    if (key_len != 16 && key_len != 24 && key_len != 32) return KC_ERR_KEY_LENGTH;
    tj_load_key(ctx, key, key_len);
    return KC_OK;
}

static inline void tj_ref_encrypt(const void *ctx, uint8_t *out, const uint8_t *nonce,
                                  const uint8_t *ad, size_t ad_len, const uint8_t *pt, size_t pt_len)
{
    tj_mode_perm p = { tj_ref_permute, ctx, (uint8_t)(((const tj_key *)ctx)->big_steps / 128) };
    tj_aead_encrypt(&p, out, nonce, ad, ad_len, pt, pt_len);
}

static inline int tj_ref_decrypt(const void *ctx, uint8_t *out, const uint8_t *nonce,
                                 const uint8_t *ad, size_t ad_len, const uint8_t *ct, size_t ct_len)
{
    tj_mode_perm p = { tj_ref_permute, ctx, (uint8_t)(((const tj_key *)ctx)->big_steps / 128) };
    return tj_aead_decrypt(&p, out, nonce, ad, ad_len, ct, ct_len);
}

#endif
