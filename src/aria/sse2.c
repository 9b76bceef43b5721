/* SPDX-License-Identifier: MIT */
/* ARIA on SSE2 (x86-64 without SSSE3, AES-NI or GFNI), constant time:
 * bitsliced, eight blocks in eight xmm registers that stay in plane form
 * for the whole cipher.
 *
 * Plane i (one register) holds bit i of every state byte: its byte lane p
 * is byte position p, bit k of that lane block k's.  So a plane looks like
 * a block whose "bytes" are eight blocks' bits, and ARIA's diffusion layer,
 * XORs of whole bytes, is aria_common.h's word form applied to each plane
 * as if it were a block: byte moves inside dwords by 16-bit shuffles and
 * 16-bit shifts, dword mixing by pshufd.  Round keys are planes made once
 * per key (a key byte's bit as a lane of 0x00 or 0xFF, the S-boxes' affine
 * constants folded in): key addition is eight XORs.  The S-box layer is
 * ct.c's inversion circuit (aria_bitslice.h, on gcc vectors; byte
 * positions by ct.c's masks, lane p in each 64-bit half), with the state
 * kept in the tower field's basis so that half the affine maps around it
 * vanish.  (Boyar and Peralta's AES S-box circuit with ARIA's affine maps
 * around it measured 7% slower than the plain ct.c layer here.)  Blocks go
 * in and out of plane form by one 8x8 bit transposition per pass.
 *
 * A lone block (CBC encryption, CMAC, tails) takes a whole pass.  Secret
 * data only meets AND, XOR, fixed shifts and fixed shuffles. */
#include "core/arch.h"
#if KC_ARCH_X86
#include <emmintrin.h>
#include <string.h>
#include "core/backend.h"
#include "core/ctr_blocks.h"
#include "aria/aria_common.h"
KC_TARGET_BEGIN("sse2")

#define ALWAYS_INLINE inline __attribute__((always_inline))

typedef uint64_t aria_v __attribute__((vector_size(16)));
#define ARIA_BS_W aria_v
#define ARIA_BS_K(c) ((aria_v){ (uint64_t)(c), (uint64_t)(c) })
#define ARIA_BS_INLINE static ALWAYS_INLINE
#define ARIA_POS(t) ARIA_BS_K(0x000000FF000000FFull << 8 * (t))
#include "aria/aria_bitslice.h"

#define M(x) ((__m128i)(x))
#define V(x) ((aria_v)(x))

/* Round keys as planes (fold_keys), ek1..ek(n+1) and the decryption keys. */
typedef struct aria_sse2_keys {
    aria_v ek[ARIA_MAX_ROUNDS + 1][8], dk[ARIA_MAX_ROUNDS + 1][8];
    unsigned rounds;
} aria_sse2_keys;

static ALWAYS_INLINE __m128i load(const uint8_t *p) { return _mm_loadu_si128((const __m128i *)(const void *)p); }
static ALWAYS_INLINE void store(uint8_t *p, __m128i x) { _mm_storeu_si128((__m128i *)(void *)p, x); }

/* (a,b,c,d) -> (b,a,d,c) in every dword. */
static ALWAYS_INLINE __m128i swap8(__m128i x) { return _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8)); }

/* Every dword XORed with the XOR of all four: aria_mm but for a dword
 * permutation (0 <-> 3), which cancels between its two uses in A. */
static ALWAYS_INLINE __m128i add_all(__m128i x)
{
    __m128i a = _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4E));
    return _mm_xor_si128(x, _mm_xor_si128(a, _mm_shuffle_epi32(a, 0xB1)));
}

/* aria_diffuse on one plane, as M, add_all, P', add_all: P' is P
 * conjugated by the dword swap 0 <-> 3 (dword 0 byte-reversed, 1 swap8,
 * 2 rol16, 3 kept), the swaps of aria_mm moved out to cancel. */
static ALWAYS_INLINE aria_v diffuse1(aria_v v)
{
    __m128i x = M(v);
    /* M: s = x ^ rol16(x) has equal halves, so rol8(s) is a byte swap */
    __m128i s = _mm_xor_si128(x, _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xB1), 0xB1));
    x = _mm_xor_si128(x, _mm_xor_si128(s, swap8(s)));
    x = add_all(x);
    /* P': swap8 on dwords 0 and 1 (movsd takes the low half), then rol16
     * on dwords 0 and 2 */
    x = _mm_castpd_si128(_mm_move_sd(_mm_castsi128_pd(x), _mm_castsi128_pd(swap8(x))));
    x = _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, 0xE1), 0xE1);
    return V(add_all(x));
}

static ALWAYS_INLINE void add_key(aria_v x[8], const aria_v rk[8])
{
    for (int i = 0; i < 8; i++) x[i] ^= rk[i];
}

static ALWAYS_INLINE void diffuse(aria_v x[8])
{
    for (int i = 0; i < 8; i++) x[i] = diffuse1(x[i]);
}

/* The cipher's rounds keep the state in the tower field's basis (T
 * applied to every byte): T commutes with the diffusion layer, so
 * aria_bitslice.h's maps around the inversion lose their T and T^-1, and
 * are the identity on half the positions (the input maps on S1 and S2,
 * the output maps on X1 and X2).  The others are applied as m + I where
 * the position wants them:
 *   E1 = T.A^-1.T^-1 + I, E2 = T.B^-1.T^-1 + I   (inputs of X1, X2)
 *   F1 = T.A.T^-1 + I,    F2 = T.B.T^-1 + I      (outputs of S1, S2)
 * (from aria_bitslice.h's matrices: E1 = M_TX1.M_TI + I, E2 = M_TX2.M_TI
 * + I, F1 = M_T.M_S1TI + I, F2 = M_T.M_S2TI + I; checked by the vectors).
 * The affine constants and T of the round keys are folded into the keys
 * (fold_keys): a round adds its key after the input maps, and the output
 * constants go through A into the next key. */
#define M_E1 0x677312b3eeb3d428ull
#define M_E2 0xa5f7c0c70c0e2a37ull
#define M_F1 0x06ee8fd273d2d428ull
#define M_F2 0x487d9932a7d8bde4ull

/* x -> T.x on every byte (m = M_T), or back (M_TI). */
#define BASIS(x, m) do {                          \
    aria_v t_[8];                                 \
    LIN(t_, x, m);                                \
    for (int i_ = 0; i_ < 8; i_++) x[i_] = t_[i_]; \
} while (0)

/* The input maps of SL1 (odd) or SL2 in the tower basis, without their
 * constants. */
static ALWAYS_INLINE void in_maps(aria_v x[8], int odd)
{
    const aria_v x1 = ARIA_POS(odd ? 2 : 0), x2 = ARIA_POS(odd ? 3 : 1);
    aria_v b[8], c[8];
    LIN(b, x, M_E1);
    LIN(c, x, M_E2);
    for (int i = 0; i < 8; i++) x[i] ^= (b[i] & x1) ^ (c[i] & x2);
}

/* The constants of the input maps, and of the output maps (in the
 * bytes' own basis), as planes. */
static ALWAYS_INLINE void in_consts(aria_v k[8], int odd)
{
    for (int i = 0; i < 8; i++)
        k[i] = const_plane(0x33, i, ARIA_POS(odd ? 2 : 0)) ^ const_plane(0xeb, i, ARIA_POS(odd ? 3 : 1));
}

static ALWAYS_INLINE void out_consts(aria_v k[8], int odd)
{
    for (int i = 0; i < 8; i++)
        k[i] = const_plane(0x63, i, ARIA_POS(odd ? 0 : 2)) ^ const_plane(0xE2, i, ARIA_POS(odd ? 1 : 3));
}

/* SL in the tower basis with the folded key tk, in place. */
static ALWAYS_INLINE void sub_bytes_keyed(aria_v x[8], const aria_v tk[8], int odd)
{
    const aria_v s1 = ARIA_POS(odd ? 0 : 2), s2 = ARIA_POS(odd ? 1 : 3);
    aria_v b[8], c[8];
    in_maps(x, odd);
    add_key(x, tk);
    tower_inv(x);
    LIN(b, x, M_F1);
    LIN(c, x, M_F2);
    for (int i = 0; i < 8; i++) x[i] ^= (b[i] & s1) ^ (c[i] & s2);
}

/* Encrypts or decrypts (by the key order) eight blocks, x[k] = block k,
 * in place; rk: fold_keys's keys. */
static __attribute__((noinline)) void crypt8(const aria_v (*rk)[8], unsigned rounds, aria_v io[8])
{
    aria_v x[8];
    for (int i = 0; i < 8; i++) x[i] = io[i];
    transpose(x);
    BASIS(x, M_T);
    for (unsigned r = 0; r < rounds; r += 2) {   /* rounds is even */
        sub_bytes_keyed(x, rk[r], 1);
        diffuse(x);
        sub_bytes_keyed(x, rk[r + 1], 0);
        if (r + 2 < rounds) diffuse(x);
    }
    BASIS(x, M_TI);
    add_key(x, rk[rounds]);
    transpose(x);
    for (int i = 0; i < 8; i++) io[i] = x[i];
}

static void crypt_blocks(const aria_v (*rk)[8], unsigned rounds, uint8_t *out, const uint8_t *in, size_t n)
{
    aria_v x[8];
    for (; n >= 8; n -= 8, in += 128, out += 128) {
        for (int i = 0; i < 8; i++) x[i] = V(load(in + 16 * i));
        crypt8(rk, rounds, x);
        for (int i = 0; i < 8; i++) store(out + 16 * i, M(x[i]));
    }
    if (n) {
        for (size_t i = 0; i < 8; i++) x[i] = i < n ? V(load(in + 16 * i)) : V(_mm_setzero_si128());
        crypt8(rk, rounds, x);
        for (size_t i = 0; i < n; i++) store(out + 16 * i, M(x[i]));
    }
    kc_wipe(x, sizeof x);
}

static void aria_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const aria_sse2_keys *k = ctx;
    crypt_blocks(k->ek, k->rounds, out, in, n);
}

static void aria_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const aria_sse2_keys *k = ctx;
    crypt_blocks(k->dk, k->rounds, out, in, n);
}

/* FO / FE for the key schedule, on one block (the other lanes idle). */
static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    aria_v x[8];
    x[0] = V(_mm_xor_si128(load(in), load(rk)));
    for (int i = 1; i < 8; i++) x[i] = V(_mm_setzero_si128());
    transpose(x);
    if (odd) sub_bytes(x, 1);
    else sub_bytes(x, 0);
    diffuse(x);
    transpose(x);
    store(out, M(x[0]));
    kc_wipe(x, sizeof x);
}

/* A round key as planes: the key in every block, transposed. */
static void key_planes(aria_v p[8], const uint8_t rk[16])
{
    aria_v x[8];
    for (int i = 0; i < 8; i++) x[i] = V(load(rk));
    transpose(x);
    for (int i = 0; i < 8; i++) p[i] = x[i];
    kc_wipe(x, sizeof x);
}

/* Round keys rk (bytes) as crypt8 takes them: round r's key plus the
 * previous round's output constants through A, in the tower basis, through
 * the input maps, plus their constants; the last key plus the last output
 * constants (added after the state left the tower basis). */
static void fold_keys(aria_v (*tk)[8], aria_round_keys rk, unsigned rounds)
{
    aria_v x[8], c[8];
    for (unsigned r = 0; r < rounds; r++) {
        int odd = r % 2 == 0;
        key_planes(x, rk[r]);
        if (r > 0) {
            out_consts(c, !odd);
            diffuse(c);
            add_key(x, c);
        }
        BASIS(x, M_T);
        in_consts(c, odd);
        if (odd) in_maps(x, 1);
        else in_maps(x, 0);
        add_key(x, c);
        for (int i = 0; i < 8; i++) tk[r][i] = x[i];
    }
    key_planes(x, rk[rounds]);
    out_consts(c, (rounds - 1) % 2 == 0);
    add_key(x, c);
    for (int i = 0; i < 8; i++) tk[rounds][i] = x[i];
    kc_wipe(x, sizeof x);
}

static kc_status aria_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    aria_sse2_keys *k = ctx;
    aria_round_keys ek, dk;
    (void)block_len;
    if (key_len != 16 && key_len != 24 && key_len != 32) return KC_ERR_KEY_LENGTH;
    k->rounds = aria_rounds(key_len);
    aria_expand_key(ek, key, key_len, key_round);
    aria_decrypt_keys(dk, ek, k->rounds);
    fold_keys(k->ek, ek, k->rounds);
    fold_keys(k->dk, dk, k->rounds);
    kc_wipe(ek, sizeof ek);
    kc_wipe(dk, sizeof dk);
    return KC_OK;
}

/* CTR on a run of kc_ctr_runs: counter blocks made in registers (the last
 * word big-endian, by a scalar byte swap: SSE2 has no pshufb), the
 * keystream XORed in as it is stored. */
static void ctr_run(const void *ctx, const uint8_t *ctr, uint32_t low, uint8_t *out, const uint8_t *in, size_t n)
{
    const aria_sse2_keys *k = ctx;
    const __m128i head = _mm_and_si128(load(ctr), _mm_setr_epi32(-1, -1, -1, 0));
    aria_v x[8];
    while (n) {
        size_t m = n < 8 ? n : 8;
        for (unsigned i = 0; i < 8; i++)
            x[i] = V(_mm_or_si128(head, _mm_slli_si128(_mm_cvtsi32_si128((int)__builtin_bswap32(low + i)), 12)));
        crypt8(k->ek, k->rounds, x);
        for (size_t i = 0; i < m; i++) store(out + 16 * i, _mm_xor_si128(M(x[i]), load(in + 16 * i)));
        in += 16 * m;
        out += 16 * m;
        low += (uint32_t)m;
        n -= m;
    }
    kc_wipe(x, sizeof x);
}

static void aria_ctr(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_ctr_runs(ctr_run, 128, 0, aria_encrypt, ctx, 16, counter, out, in, nblocks);
}

const kc_block_backend kc_aria_sse2 = {
    .head = {
        .name = "sse2",
        .summary = "bitsliced over SSE2, 8 blocks in 8 xmm planes for the whole cipher, diffusion by "
                   "shuffles; ct's S-box circuit, constant time",
        .cpu = KC_CPU_SSE2,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(aria_sse2_keys),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
    .ctr = aria_ctr,
};
KC_TARGET_END
#endif
