/* SPDX-License-Identifier: MIT */
/* PIPO on x86 SIMD, byte-sliced: the shared code of the avx2, avx2-least,
 * avx512 and avx512-least backends.  The including file defines PIPO_WIDTH
 * (256 or 512) first; this header then enables the ISA for the rest of
 * that file and defines V (one vector) and the code on it.
 *
 * A batch is 8 vectors of blocks (32 or 64 blocks).  transpose() turns it
 * into 8 slices, slice x[i] holding state byte X[i] of every block, so the
 * S-layer circuit runs on the slices as it is and the R-layer rotates the
 * bytes of each slice ([PIPO-ARM] section 3.3).  Two strategies:
 *  - realign ([PIPO-ARM] Fig. 4): transpose before the S-layer and back after
 *    the R-layer every round, so the round key is XORed in block layout;
 *  - least alignment (Fig. 6): transpose once per batch, with the round keys
 *    pre-arranged in set_key as one 32-bit word per slice (the byte 4 times,
 *    which a broadcast load turns into a whole slice).
 *
 * Bulk data goes PIPO_GROUPS batches at a time (interleaved for latency),
 * a short tail through masked loads and stores; CTR has a fused kernel
 * (counter blocks made in registers, the keystream XORed in as stored).
 *
 * One NOT is saved per round: between the S-layer's output and the next
 * key addition (and from the key addition to the inverse S-layer's input)
 * slice 2 is held complemented, and the round keys RK_1.. carry the
 * complement of their byte 2 instead. */
#ifndef KC_PIPO_X86_H
#define KC_PIPO_X86_H
#include <string.h>
#include "core/backend.h"
#include "core/util.h"
#include "pipo/pipo_common.h"

#if PIPO_WIDTH == 256
KC_TARGET_BEGIN("avx2")
#include <immintrin.h>
typedef __m256i V;
#define V_LOAD(p)           _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, x)       _mm256_storeu_si256((__m256i *)(void *)(p), (x))
/* The first k = 1..3 blocks (64-bit lanes) only: vpmaskmovq. */
#define V_FIRST(k)          _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)(k)), \
                                               _mm256_setr_epi64x(0, 1, 2, 3))
#define V_LOAD_PART(p, k)   _mm256_maskload_epi64((const long long *)(const void *)(p), V_FIRST(k))
#define V_STORE_PART(p, k, x) _mm256_maskstore_epi64((long long *)(void *)(p), V_FIRST(k), (x))
#define V_ZERO              _mm256_setzero_si256()
#define V_SET8(b)           _mm256_set1_epi8((char)(b))
#define V_SET32(d)          _mm256_set1_epi32((int)(d))
#define V_SET64(q)          _mm256_set1_epi64x((long long)(q))
#define V_ADD64             _mm256_add_epi64
#define V_COUNT             _mm256_setr_epi64x(0, 1, 2, 3)       /* lane numbers */
#define V_LANES(m)          _mm256_broadcastsi128_si256(m)
#define V_SHUFFLE8          _mm256_shuffle_epi8
#define V_UNPACKLO(w, a, b) _mm256_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm256_unpackhi_epi##w(a, b)
#define V_XOR               _mm256_xor_si256
#define V_XAND(x, a, b)     V_XOR(x, _mm256_and_si256(a, b))      /* x ^ (a & b) */
#define V_XOR_OR(x, a, b)   V_XOR(x, _mm256_or_si256(a, b))       /* x ^ (a | b) */
#define V_XNOR(a, b)        V_XOR(V_XOR(a, b), _mm256_set1_epi32(-1))
#define V_ADD8              _mm256_add_epi8
/* a, plus 1 in the bytes where sum = lo + pos carried (sum < pos): the
 * compare is -1 where it did not */
#define V_ADD_CARRY(a, sum, pos) \
    V_ADD8(V_ADD8(a, V_SET8(1)), _mm256_cmpeq_epi8(_mm256_max_epu8(sum, pos), sum))

/* Left rotation of every byte by r = 1..7: 16-bit shifts, then masks drop
 * the bits that crossed into the neighbouring byte.  Three instead of five
 * operations for r = 1: x + x, plus 1 where the top bit fell out (x < 0 is
 * -1); for r = 7, a right rotation by 1: (x + 256 (x & 1)) >> 1, which is
 * vpavgb(x, -(x & 1)) as vpavgb adds 1 before its 9-bit shift. */
static inline V rol8(V x, int r)
{
    const V zero = _mm256_setzero_si256();
    if (r == 1)
        return _mm256_sub_epi8(_mm256_add_epi8(x, x), _mm256_cmpgt_epi8(zero, x));
    if (r == 7)
        return _mm256_avg_epu8(x, _mm256_sub_epi8(zero, _mm256_and_si256(x, V_SET8(1))));
    return _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi16(x, r), V_SET8(0xFF << r)),
                           _mm256_and_si256(_mm256_srli_epi16(x, 8 - r), V_SET8(0xFF >> (8 - r))));
}

#elif PIPO_WIDTH == 512
KC_TARGET_BEGIN("avx512f,avx512bw,gfni")
#include <immintrin.h>
typedef __m512i V;
#define V_LOAD(p)           _mm512_loadu_si512((const void *)(p))
#define V_STORE(p, x)       _mm512_storeu_si512((void *)(p), (x))
/* The first k = 1..7 blocks (64-bit lanes) only: masked moves. */
#define V_LOAD_PART(p, k)   _mm512_maskz_loadu_epi64((__mmask8)((1u << (k)) - 1), (const void *)(p))
#define V_STORE_PART(p, k, x) _mm512_mask_storeu_epi64((void *)(p), (__mmask8)((1u << (k)) - 1), (x))
#define V_ZERO              _mm512_setzero_si512()
#define V_SET32(d)          _mm512_set1_epi32((int)(d))
#define V_SET64(q)          _mm512_set1_epi64((long long)(q))
#define V_ADD64             _mm512_add_epi64
#define V_COUNT             _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7)
#define V_LANES(m)          _mm512_broadcast_i32x4(m)
#define V_SHUFFLE8          _mm512_shuffle_epi8
#define V_UNPACKLO(w, a, b) _mm512_unpacklo_epi##w(a, b)
#define V_UNPACKHI(w, a, b) _mm512_unpackhi_epi##w(a, b)
/* vpternlog: the immediate is the truth table of (a, b, c) = (0xF0, 0xCC, 0xAA). */
#define V_XOR               _mm512_xor_si512
#define V_XAND(x, a, b)     _mm512_ternarylogic_epi64(x, a, b, 0x78)
#define V_XOR_OR(x, a, b)   _mm512_ternarylogic_epi64(x, a, b, 0x1E)
#define V_XNOR(a, b)        _mm512_ternarylogic_epi64(a, b, b, 0xC3)
#define V_SET8(b)           _mm512_set1_epi8((char)(b))
#define V_ADD8              _mm512_add_epi8
/* a, plus 1 in the bytes where sum = lo + pos carried (sum < pos) */
#define V_ADD_CARRY(a, sum, pos) _mm512_mask_add_epi8(a, _mm512_cmplt_epu8_mask(sum, pos), a, V_SET8(1))

/* Left rotation of every byte by r: one gf2p8affineqb.  Byte 7 - i of the
 * matrix selects the input bits of output bit i, here bit i - r. */
static inline V rol8(V x, int r)
{
    uint64_t m = 0;
    for (int i = 0; i < 8; i++) m |= (uint64_t)1 << (((i - r) & 7) + 8 * (7 - i));
    return _mm512_gf2p8affine_epi64_epi8(x, V_SET64(m), 0);
}
#else
#error "define PIPO_WIDTH as 256 or 512 before including pipo_x86.h"
#endif

#define PIPO_LANES (PIPO_WIDTH / 8)          /* blocks per batch of 8 vectors */
#ifndef PIPO_GROUPS
#define PIPO_GROUPS 2
#endif

/* 8x8 transpose of the 16-bit words of each 128-bit lane; its own inverse. */
static inline void transpose16(V x[8])
{
    V t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = V_UNPACKLO(16, x[i], x[i + 1]);
        t[i + 1] = V_UNPACKHI(16, x[i], x[i + 1]);
    }
    for (int i = 0; i < 8; i += 4)
        for (int j = 0; j < 2; j++) {
            u[i + 2 * j] = V_UNPACKLO(32, t[i + j], t[i + j + 2]);
            u[i + 2 * j + 1] = V_UNPACKHI(32, t[i + j], t[i + j + 2]);
        }
    for (int j = 0; j < 4; j++) {
        x[2 * j] = V_UNPACKLO(64, u[j], u[j + 4]);
        x[2 * j + 1] = V_UNPACKHI(64, u[j], u[j + 4]);
    }
}

/* Blocks to slices: in each lane the byte shuffle pairs up byte i of its
 * two blocks as word i; the word transpose gathers word i of every vector
 * into x[i].  The order of blocks inside a slice is irrelevant to the
 * cipher and undone by untranspose(). */
static inline void transpose(V x[8])
{
    const V pair = V_LANES(_mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
    for (int i = 0; i < 8; i++) x[i] = V_SHUFFLE8(x[i], pair);
    transpose16(x);
}

static inline void untranspose(V x[8])
{
    const V unpair = V_LANES(_mm_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15));
    transpose16(x);
    for (int i = 0; i < 8; i++) x[i] = V_SHUFFLE8(x[i], unpair);
}

/* The designers' bitsliced S-layer ([PIPO]) on slices, except that slice 2
 * comes out complemented: its NOT is deferred into its uses, one XNOR and
 * the round key. */
static inline void s_layer(V x[8])
{
    V t0, t1, t2, s;
    x[5] = V_XAND(x[5], x[7], x[6]);
    x[4] = V_XAND(x[4], x[3], x[5]);
    x[7] = V_XOR(x[7], x[4]);
    x[6] = V_XOR(x[6], x[3]);
    x[3] = V_XOR_OR(x[3], x[4], x[5]);
    x[5] = V_XOR(x[5], x[7]);
    x[4] = V_XAND(x[4], x[5], x[6]);
    x[2] = V_XAND(x[2], x[1], x[0]);
    x[0] = V_XOR_OR(x[0], x[2], x[1]);
    x[1] = V_XOR_OR(x[1], x[2], x[0]);
    x[7] = V_XOR(x[7], x[1]); x[3] = V_XNOR(x[3], x[2]); x[4] = V_XOR(x[4], x[0]);
    t0 = x[7]; t1 = x[3]; t2 = x[4];
    x[6] = V_XAND(x[6], t0, x[5]);
    t0 = V_XOR(t0, x[6]);
    x[6] = V_XOR_OR(x[6], t2, t1);
    t1 = V_XOR(t1, x[5]);
    x[5] = V_XOR_OR(x[5], x[6], t2);
    t2 = V_XAND(t2, t1, t0);
    x[2] = V_XOR(x[2], t0);
    t0 = V_XOR(x[1], t2);
    x[1] = V_XOR(x[0], t1);
    x[0] = x[7]; x[7] = t0;
    s = x[3]; x[3] = x[6]; x[6] = s;
    s = x[4]; x[4] = x[5]; x[5] = s;
}

/* The inverse circuit ([PIPO]), taking slice 2 complemented: its
 * first XOR keeps it so, which is what the circuit's own NOT would have
 * made of it, and the XOR into slice 3 becomes an XNOR. */
static inline void inv_s_layer(V x[8])
{
    V t0, t1, t2, s;
    t0 = x[7]; x[7] = x[0]; x[0] = x[1]; x[1] = t0;
    t0 = x[7]; t1 = x[6]; t2 = x[5];
    x[4] = V_XOR_OR(x[4], x[3], t2);
    x[3] = V_XOR_OR(x[3], t2, t1);
    t1 = V_XOR(t1, x[4]);
    t0 = V_XOR(t0, x[3]);
    t2 = V_XAND(t2, t1, t0);
    x[3] = V_XAND(x[3], x[4], x[7]);
    x[0] = V_XOR(x[0], t1); x[1] = V_XOR(x[1], t2); x[2] = V_XOR(x[2], t0);
    s = x[3]; x[3] = x[6]; x[6] = s;
    s = x[5]; x[5] = x[4]; x[4] = s;
    x[7] = V_XOR(x[7], x[1]); x[3] = V_XNOR(x[3], x[2]); x[4] = V_XOR(x[4], x[0]);
    x[4] = V_XAND(x[4], x[5], x[6]);
    x[5] = V_XOR(x[5], x[7]);
    x[3] = V_XOR_OR(x[3], x[4], x[5]);
    x[6] = V_XOR(x[6], x[3]);
    x[7] = V_XOR(x[7], x[4]);
    x[4] = V_XAND(x[4], x[3], x[5]);
    x[5] = V_XAND(x[5], x[7], x[6]);
    x[1] = V_XOR_OR(x[1], x[2], x[0]);
    x[0] = V_XOR_OR(x[0], x[2], x[1]);
    x[2] = V_XAND(x[2], x[1], x[0]);
}

static inline void r_layer(V x[8])
{
#pragma GCC unroll 8
    for (int i = 1; i < 8; i++) x[i] = rol8(x[i], (int)PIPO_ROT[i]);
}

static inline void inv_r_layer(V x[8])
{
#pragma GCC unroll 8
    for (int i = 1; i < 8; i++) x[i] = rol8(x[i], 8 - (int)PIPO_ROT[i]);
}

/* Batches of n < PIPO_LANES blocks (a tail) load and store only their own
 * blocks; the lanes of missing blocks compute on zeros. */
#define PIPO_PER_V (sizeof(V) / PIPO_BLOCK)    /* blocks per vector */

static inline void load_batch(V x[8], const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < 8; i++, in += sizeof(V)) {
        size_t k = n > i * PIPO_PER_V ? n - i * PIPO_PER_V : 0;
        x[i] = k >= PIPO_PER_V ? V_LOAD(in) : k ? V_LOAD_PART(in, k) : V_ZERO;
    }
}

static inline void store_batch(uint8_t *out, const V x[8], size_t n)
{
    for (size_t i = 0; i < 8; i++, out += sizeof(V)) {
        size_t k = n > i * PIPO_PER_V ? n - i * PIPO_PER_V : 0;
        if (k >= PIPO_PER_V) V_STORE(out, x[i]);
        else if (k) V_STORE_PART(out, k, x[i]);
    }
}

/* CTR: the batch of counter blocks c, c + 1, ... (an 8-byte block is one
 * big-endian counter, wrapping mod 2^64) made in registers, a 64-bit lane
 * each; and the keystream XORed into the input as it is stored.  Counters
 * are public. */
static inline void ctr_batch(V x[8], uint64_t c)
{
    const V bswap = V_LANES(_mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8));
    V next = V_ADD64(V_SET64(c), V_COUNT);
    for (size_t i = 0; i < 8; i++, next = V_ADD64(next, V_SET64(PIPO_PER_V))) x[i] = V_SHUFFLE8(next, bswap);
}

/* The same batch, plus the first round key rk, made straight in the sliced
 * layout (least alignment) for a c whose low 16 bits do not wrap within
 * it: slice i is byte i (big-endian) of every counter, so slices 0..5 are
 * c's bytes broadcast, slice 7 is c's low byte plus the block number of
 * each byte position (as transpose() places blocks: position 16 L + 2 w + h
 * of a slice is block PIPO_PER_V w + 2 L + h), and slice 6 takes its
 * carry.  No transpose. */
#if PIPO_WIDTH == 512
static const uint8_t pipo_ctr_pos[64] __attribute__((aligned(64))) = {
    0, 1, 8, 9, 16, 17, 24, 25, 32, 33, 40, 41, 48, 49, 56, 57,
    2, 3, 10, 11, 18, 19, 26, 27, 34, 35, 42, 43, 50, 51, 58, 59,
    4, 5, 12, 13, 20, 21, 28, 29, 36, 37, 44, 45, 52, 53, 60, 61,
    6, 7, 14, 15, 22, 23, 30, 31, 38, 39, 46, 47, 54, 55, 62, 63
};
#else
static const uint8_t pipo_ctr_pos[32] __attribute__((aligned(32))) = {
    0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29,
    2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23, 26, 27, 30, 31
};
#endif

static inline void ctr_sliced(V x[8], uint64_t c, const uint32_t rk[8])
{
    const V pos = V_LOAD(pipo_ctr_pos), sum = V_ADD8(V_SET8((uint8_t)c), pos);
    for (int i = 0; i < 6; i++)   /* with the first round key: one broadcast */
        x[i] = V_SET32((uint8_t)(c >> (56 - 8 * i)) * 0x01010101u ^ rk[i]);
    x[6] = V_XOR(V_ADD_CARRY(V_SET8((uint8_t)(c >> 8)), sum, pos), V_SET32(rk[6]));
    x[7] = V_XOR(sum, V_SET32(rk[7]));
}

static inline void xor_store_batch(uint8_t *out, const uint8_t *in, const V x[8], size_t n)
{
    for (size_t i = 0; i < 8; i++, out += sizeof(V), in += sizeof(V)) {
        size_t k = n > i * PIPO_PER_V ? n - i * PIPO_PER_V : 0;
        if (k >= PIPO_PER_V) V_STORE(out, V_XOR(x[i], V_LOAD(in)));
        else if (k) V_STORE_PART(out, k, V_XOR(x[i], V_LOAD_PART(in, k)));
    }
}

/* Batch functions handle `groups` independent batches of 8 vectors at once
 * (their rounds interleave, which hides the latency of the S-layer's long
 * dependency chains); each is instantiated for constant group counts.  n
 * blocks in all: batch g starts at block g * PIPO_LANES.  With ctr (a
 * constant), encryption runs on the counter blocks from c instead of in
 * and XORs the keystream into in (fused CTR). */
#define PIPO_FOR_GROUPS _Pragma("GCC unroll 4") for (int g = 0; g < groups; g++)
#define PIPO_INLINE static inline __attribute__((always_inline))
#define LOAD_GROUP(x, g) do { \
    if (ctr) ctr_batch(x, c + (uint64_t)(g) * PIPO_LANES); \
    else load_batch(x, in + (g) * 8 * sizeof(V), n - (g) * PIPO_LANES); } while (0)
#define STORE_GROUP(x, g) do { \
    if (ctr) xor_store_batch(out + (g) * 8 * sizeof(V), in + (g) * 8 * sizeof(V), x, n - (g) * PIPO_LANES); \
    else store_batch(out + (g) * 8 * sizeof(V), x, n - (g) * PIPO_LANES); } while (0)

/* ---- realign every round: the state is in block layout between rounds ---- */

/* XORs RK_r into every block: the 8 key bytes are one 64-bit lane.  For
 * r > 0 byte 2 is complemented (see the top of the file). */
static inline void add_block_key(V x[8], const pipo_key *k, unsigned r)
{
    uint64_t q;
    memcpy(&q, k->rk[r], sizeof q);            /* x86: little-endian, as the block */
    const V key = V_SET64(r ? q ^ 0xFF0000u : q);
    for (int i = 0; i < 8; i++) x[i] = V_XOR(x[i], key);
}

PIPO_INLINE void encrypt_realign(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int groups,
                                 uint64_t c, const int ctr)
{
    const pipo_key *k = ctx;
    V x[PIPO_GROUPS][8];
    PIPO_FOR_GROUPS { LOAD_GROUP(x[g], g); add_block_key(x[g], k, 0); }
    for (unsigned r = 1; r <= k->rounds; r++) {
        PIPO_FOR_GROUPS transpose(x[g]);
        PIPO_FOR_GROUPS s_layer(x[g]);
        PIPO_FOR_GROUPS r_layer(x[g]);
        PIPO_FOR_GROUPS untranspose(x[g]);
        PIPO_FOR_GROUPS add_block_key(x[g], k, r);
    }
    PIPO_FOR_GROUPS STORE_GROUP(x[g], g);
}

PIPO_INLINE void decrypt_realign(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int groups,
                                 uint64_t c, const int ctr)
{
    const pipo_key *k = ctx;
    V x[PIPO_GROUPS][8];
    PIPO_FOR_GROUPS LOAD_GROUP(x[g], g);
    for (unsigned r = k->rounds; r >= 1; r--) {
        PIPO_FOR_GROUPS add_block_key(x[g], k, r);
        PIPO_FOR_GROUPS transpose(x[g]);
        PIPO_FOR_GROUPS inv_r_layer(x[g]);
        PIPO_FOR_GROUPS inv_s_layer(x[g]);
        PIPO_FOR_GROUPS untranspose(x[g]);
    }
    PIPO_FOR_GROUPS { add_block_key(x[g], k, 0); STORE_GROUP(x[g], g); }
}

/* ---- least alignment: sliced from the first round key to the last ---- */

/* Byte i of RK_r, 4 times.  For r > 0 it is rotated right by PIPO_ROT[i]
 * (and slice 2 complemented), so it is added between the S- and the
 * R-layer (decryption: between the inverse R- and S-layers); there the
 * compiler merges three of the eight XORs into the S-layer's last
 * operations (vpternlog). */
typedef struct pipo_sliced_key {
    uint32_t rk[PIPO_MAX_ROUNDS + 1][8];
    unsigned rounds;
    pipo_key plain;   /* for CBC encryption's one block at a time (kc_pipo_cbc_encrypt) */
} pipo_sliced_key;

/* RK_r = K_(r mod n) ^ r as in pipo_set_key(), computed straight into the
 * arrangement (no expanded copy on the stack to wipe); the plain bytes
 * beside it. */
static inline kc_status pipo_sliced_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    pipo_sliced_key *s = ctx;
    (void)block_len;
    if (key_len != 16 && key_len != 32) return KC_ERR_KEY_LENGTH;
    unsigned words = (unsigned)key_len / 8;
    s->rounds = words == 2 ? 13 : 17;
    pipo_set_key(&s->plain, key, key_len, block_len);
    for (unsigned i = 0; i < 8; i++) s->rk[0][i] = key[i] * 0x01010101u;
    for (unsigned r = 1; r <= s->rounds; r++) {
        const uint8_t *kw = key + 8 * (r & (words - 1));
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; i++) {
            uint8_t b = pipo_rol8(kw[i] ^ (uint8_t)(i == 0 ? r : 0), 8 - PIPO_ROT[i]);
            s->rk[r][i] = (uint8_t)(i == 2 ? ~b : b) * 0x01010101u;
        }
    }
    return KC_OK;
}

static inline void pipo_sliced_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_pipo_cbc_encrypt(&((const pipo_sliced_key *)ctx)->plain, iv, out, in, nblocks);
}

static inline void add_sliced_key(V x[8], const uint32_t rk[8])
{
    for (int i = 0; i < 8; i++) x[i] = V_XOR(x[i], V_SET32(rk[i]));
}

PIPO_INLINE void encrypt_least(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int groups,
                               uint64_t c, const int ctr)
{
    const pipo_sliced_key *k = ctx;
    V x[PIPO_GROUPS][8];
    /* CTR: counters made sliced unless their low 16 bits wrap in this call */
    const int sliced = ctr && (c & 0xFFFF) <= 0x10000 - (uint64_t)groups * PIPO_LANES;
    PIPO_FOR_GROUPS {
        if (sliced) ctr_sliced(x[g], c + (uint64_t)g * PIPO_LANES, k->rk[0]);
        else { LOAD_GROUP(x[g], g); transpose(x[g]); add_sliced_key(x[g], k->rk[0]); }
    }
    for (unsigned r = 1; r <= k->rounds; r++) {
        PIPO_FOR_GROUPS s_layer(x[g]);
        PIPO_FOR_GROUPS add_sliced_key(x[g], k->rk[r]);
        PIPO_FOR_GROUPS r_layer(x[g]);
    }
    PIPO_FOR_GROUPS { untranspose(x[g]); STORE_GROUP(x[g], g); }
}

PIPO_INLINE void decrypt_least(const void *ctx, uint8_t *out, const uint8_t *in, size_t n, int groups,
                               uint64_t c, const int ctr)
{
    const pipo_sliced_key *k = ctx;
    V x[PIPO_GROUPS][8];
    PIPO_FOR_GROUPS { LOAD_GROUP(x[g], g); transpose(x[g]); }
    for (unsigned r = k->rounds; r >= 1; r--) {
        PIPO_FOR_GROUPS inv_r_layer(x[g]);
        PIPO_FOR_GROUPS add_sliced_key(x[g], k->rk[r]);
        PIPO_FOR_GROUPS inv_s_layer(x[g]);
    }
    PIPO_FOR_GROUPS { add_sliced_key(x[g], k->rk[0]); untranspose(x[g]); STORE_GROUP(x[g], g); }
}

/* ---- any number of blocks ---- */

typedef void pipo_batch_fn(const void *ctx, uint8_t *out, const uint8_t *in, size_t n);

/* Instantiates fn_1 (one batch of n = 1..PIPO_LANES blocks) and fn_g
 * (PIPO_GROUPS full batches) of fn. */
#define PIPO_BATCHES(fn) \
    static void fn##_1(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) \
    { fn(ctx, out, in, n, 1, 0, 0); } \
    static void fn##_g(const void *ctx, uint8_t *out, const uint8_t *in, size_t n) \
    { fn(ctx, out, in, n, PIPO_GROUPS, 0, 0); }

/* Instantiates the CTR kernels fn_ctr1 and fn_ctrg of an encryption fn. */
typedef void pipo_ctr_fn(const void *ctx, uint64_t c, uint8_t *out, const uint8_t *in, size_t n);
#define PIPO_CTR_BATCHES(fn) \
    static void fn##_ctr1(const void *ctx, uint64_t c, uint8_t *out, const uint8_t *in, size_t n) \
    { fn(ctx, out, in, n, 1, c, 1); } \
    static void fn##_ctrg(const void *ctx, uint64_t c, uint8_t *out, const uint8_t *in, size_t n) \
    { fn(ctx, out, in, n, PIPO_GROUPS, c, 1); }

/* PIPO_GROUPS batches at a time, then single ones; the last one may be
 * short.  Every block count runs the same (constant-time) code. */
static inline void pipo_x86_run(pipo_batch_fn *batch_g, pipo_batch_fn *batch_1, const void *ctx,
                                uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const size_t group = PIPO_GROUPS * PIPO_LANES;
    for (; nblocks >= group; nblocks -= group, in += PIPO_BLOCK * group, out += PIPO_BLOCK * group)
        batch_g(ctx, out, in, group);
    for (; nblocks; in += PIPO_BLOCK * PIPO_LANES, out += PIPO_BLOCK * PIPO_LANES) {
        size_t n = nblocks < PIPO_LANES ? nblocks : PIPO_LANES;
        batch_1(ctx, out, in, n);
        nblocks -= n;
    }
}

/* CTR as pipo_x86_run, through the CTR kernels. */
static inline void pipo_x86_ctr(pipo_ctr_fn *ctr_g, pipo_ctr_fn *ctr_1, const void *ctx,
                                uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const size_t group = PIPO_GROUPS * PIPO_LANES;
    uint64_t c = kc_load64_be(counter);
    for (; nblocks >= group; nblocks -= group, in += PIPO_BLOCK * group, out += PIPO_BLOCK * group, c += group)
        ctr_g(ctx, c, out, in, group);
    for (; nblocks; in += PIPO_BLOCK * PIPO_LANES, out += PIPO_BLOCK * PIPO_LANES) {
        size_t n = nblocks < PIPO_LANES ? nblocks : PIPO_LANES;
        ctr_1(ctx, c, out, in, n);
        c += n;
        nblocks -= n;
    }
    kc_store64_be(counter, c);
}

#endif
