/* LEA, AArch64 NEON: 4 blocks word-sliced in q registers.  LD4 loads them
 * already transposed (register j = word j of the 4 blocks) and ST4 stores
 * them back, so no shuffles are needed; a rotation is a shift plus a
 * shift-and-insert (SLI/SRI).  set_key also stores every round-key word
 * broadcast to a whole register, so a round loads its keys with three LDPs.
 * A tail of 2..3 blocks is padded to 4 on the stack; a lone block goes to
 * the ref code.  ARX only: constant time. */
#if defined(__aarch64__)
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "lea/lea_common.h"

extern const kc_block_backend kc_lea_ref;

typedef struct lea_neon_key {
    lea_key k;                                 /* first: the ref code's view */
    uint32x4_t rk[LEA_MAX_ROUNDS][6];          /* k.rk[i][j] in every lane */
} lea_neon_key;

static kc_status lea_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    lea_neon_key *nk = ctx;
    (void)block_len;
    lea_expand_key(&nk->k, key, key_len);
    for (unsigned i = 0; i < nk->k.rounds; i++)
        for (unsigned j = 0; j < 6; j++) nk->rk[i][j] = vdupq_n_u32(nk->k.rk[i][j]);
    return KC_OK;
}

#define K(j) k[j]
#define XOR veorq_u32
#define ADD vaddq_u32
#define SUB vsubq_u32
#define ROL(x, n) vsliq_n_u32(vshrq_n_u32(x, 32 - (n)), x, n)
#define ROR(x, n) vsriq_n_u32(vshlq_n_u32(x, 32 - (n)), x, n)

/* One round on (a, b, c, d) = (X0, X1, X2, X3), leaving the new state in
 * (b, c, d, a): d, c, b are overwritten in the order that reads each old
 * value before it is replaced. */
#define ROUND(a, b, c, d, round_keys) do { const uint32x4_t *k = (round_keys); \
    d = ROR(ADD(XOR(c, K(4)), XOR(d, K(5))), 3); \
    c = ROR(ADD(XOR(b, K(2)), XOR(c, K(3))), 5); \
    b = ROL(ADD(XOR(a, K(0)), XOR(b, K(1))), 9); \
} while (0)
/* Its inverse: a holds the old X0, which unlocks b, then c, then d. */
#define UNROUND(a, b, c, d, round_keys) do { const uint32x4_t *k = (round_keys); \
    b = XOR(SUB(ROR(b, 9), XOR(a, K(0))), K(1)); \
    c = XOR(SUB(ROL(c, 5), XOR(b, K(2))), K(3)); \
    d = XOR(SUB(ROL(d, 3), XOR(c, K(4))), K(5)); \
} while (0)

/* 4 blocks.  Words are little-endian, as AArch64 Linux loads them. */
static void crypt4(const lea_neon_key *nk, uint8_t *out, const uint8_t *in, int enc)
{
    uint32x4x4_t x = vld4q_u32((const uint32_t *)(const void *)in);
    uint32x4_t x0 = x.val[0], x1 = x.val[1], x2 = x.val[2], x3 = x.val[3];
    const uint32x4_t (*rk)[6] = nk->rk, (*end)[6] = nk->rk + nk->k.rounds;
    if (enc) {
        for (; rk != end; rk += 4) {
            ROUND(x0, x1, x2, x3, rk[0]);
            ROUND(x1, x2, x3, x0, rk[1]);
            ROUND(x2, x3, x0, x1, rk[2]);
            ROUND(x3, x0, x1, x2, rk[3]);
        }
    } else {
        for (; end != rk; end -= 4) {
            UNROUND(x3, x0, x1, x2, end[-1]);
            UNROUND(x2, x3, x0, x1, end[-2]);
            UNROUND(x1, x2, x3, x0, end[-3]);
            UNROUND(x0, x1, x2, x3, end[-4]);
        }
    }
    x.val[0] = x0; x.val[1] = x1; x.val[2] = x2; x.val[3] = x3;
    vst4q_u32((uint32_t *)(void *)out, x);
}

static void crypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks, int enc)
{
    for (; nblocks >= 4; nblocks -= 4, in += 64, out += 64) crypt4(ctx, out, in, enc);
    if (nblocks > 1) {
        uint8_t buf[64] = { 0 };
        memcpy(buf, in, 16 * nblocks);
        crypt4(ctx, buf, buf, enc);
        memcpy(out, buf, 16 * nblocks);
        kc_wipe(buf, sizeof buf);
    } else if (nblocks) {
        (enc ? kc_lea_ref.encrypt : kc_lea_ref.decrypt)(ctx, out, in, 1);
    }
}

static void lea_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 1);
}

static void lea_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    crypt(ctx, out, in, nblocks, 0);
}

const kc_block_backend kc_lea_neon = {
    { "neon", "NEON, 4 blocks word-sliced (LD4/ST4), SLI/SRI rotations",
      KC_CPU_NEON, 1, sizeof(lea_neon_key) },
    lea_set_key, lea_encrypt, lea_decrypt
};
#endif
