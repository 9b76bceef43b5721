/* TinyJAMBU v2 internals shared by the backends and the benchmark: the key
 * layout and the keyed permutation P_n (specs/tinyjambu.md section 3).
 *
 * State bit s_(32w+b) is bit b of S[w]; key bit k_(32w+b) is bit b of
 * K[w] = LE32(key + 4w).  One 32-step update computes 32 feedback bits at
 * once, which only works because no tap (47, 70, 85, 91) lies within 32 of
 * the end: S0 ^= (s47..) ^ ~((s70..) & (s85..)) ^ (s91..) ^ K[i mod words]. */
#ifndef KC_TINYJAMBU_COMMON_H
#define KC_TINYJAMBU_COMMON_H
#include <stddef.h>
#include <stdint.h>
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

/* 32 NLFSR steps: the new word that replaces s0 (s3 is the newest word). */
static inline uint32_t tj_update(uint32_t s0, uint32_t s1, uint32_t s2, uint32_t s3, uint32_t k)
{
    uint32_t t1 = (s1 >> 15) | (s2 << 17);   /* s47..s78 */
    uint32_t t2 = (s2 >> 6) | (s3 << 26);    /* s70..s101 */
    uint32_t t3 = (s2 >> 21) | (s3 << 11);   /* s85..s116 */
    uint32_t t4 = (s2 >> 27) | (s3 << 5);    /* s91..s122 */
    return s0 ^ t1 ^ ~(t2 & t3) ^ t4 ^ k;
}

/* P_steps on S[0..3]; steps is a multiple of 128 (640, 1024, 1152, 1280).
 * Four updates per iteration with rotating word roles instead of moving
 * words; the key index restarts at 0 on every call (spec pitfall 2). */
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

#endif
