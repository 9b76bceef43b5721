/* SPDX-License-Identifier: MIT */
/* PIPO on AArch64 NEON, the techniques of [PIPO-ARM]: the shared code of
 * the neon8, neon16, neon8-least and neon16-least backends.  The including
 * file defines PIPO_NEON_LANES (8 or 16) first.
 *
 * A batch is 8 registers of blocks: 16 blocks in 8 q registers (two blocks
 * each), or 8 blocks in 8 d registers (one each; the paper's 8-block code is
 * its 16-block code with every arrangement halved, .2d becoming .2s).
 * align() is Table 5 (left): UZP .4s, .8h, .16b, then TRN .2d, after which
 * register i holds state byte X[i] of every block, in block order;
 * unalign() is Table 5 (right), ZIP .2d, .16b, .8h, .4s.  (On two lanes
 * TRN1/TRN2 equal ZIP1/ZIP2, and GCC emits the latter.)  The S-layer
 * circuit runs on those slices as it is and each R-layer rotation is one
 * SLI plus one SRI (section 3.4).  Two strategies:
 *  - general (Fig. 4): align before the S-layer and unalign after the
 *    R-layer every round; the round key is XORed in block layout;
 *  - least alignment (Fig. 6, section 3.5): align once per batch; set_key
 *    pre-arranges every round key byte as a whole register (the paper's
 *    round-key "copy and alignment"), so the key XOR needs no realignment.
 * Only logic, shifts and permutes on registers: constant time. */
#ifndef KC_PIPO_NEON_H
#define KC_PIPO_NEON_H
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "core/util.h"   /* kc_load64_be */
#include "pipo/pipo_common.h"

#if PIPO_NEON_LANES == 16
typedef uint8x16_t V;
#define V_LOAD      vld1q_u8
#define V_STORE     vst1q_u8
#define V_XOR       veorq_u8
#define V_AND       vandq_u8
#define V_ORR       vorrq_u8
#define V_NOT       vmvnq_u8
#define V_SLI       vsliq_n_u8
#define V_SRI       vsriq_n_u8
#define V_KEY(q)    vreinterpretq_u8_u64(vdupq_n_u64(q))
#define V_OP8(op, a, b) v##op##q_u8(a, b)
#define V_OP_(op, w, a, b) \
    vreinterpretq_u8_u##w(v##op##q_u##w(vreinterpretq_u##w##_u8(a), vreinterpretq_u##w##_u8(b)))
#define HALF 64                                 /* half a register: .2d */
/* Register i of a CTR batch from counter c: blocks c + 2i and c + 2i + 1,
 * big-endian. */
static inline V V_CTR(uint64_t c, int i)
{
    uint64x2_t n = vaddq_u64(vdupq_n_u64(c + 2 * (uint64_t)i), vcombine_u64(vcreate_u64(0), vcreate_u64(1)));
    return vrev64q_u8(vreinterpretq_u8_u64(n));
}
#elif PIPO_NEON_LANES == 8
typedef uint8x8_t V;
#define V_LOAD      vld1_u8
#define V_STORE     vst1_u8
#define V_XOR       veor_u8
#define V_AND       vand_u8
#define V_ORR       vorr_u8
#define V_NOT       vmvn_u8
#define V_SLI       vsli_n_u8
#define V_SRI       vsri_n_u8
#define V_KEY(q)    vreinterpret_u8_u64(vdup_n_u64(q))
#define V_OP8(op, a, b) v##op##_u8(a, b)
#define V_OP_(op, w, a, b) \
    vreinterpret_u8_u##w(v##op##_u##w(vreinterpret_u##w##_u8(a), vreinterpret_u##w##_u8(b)))
#define HALF 32                                 /* .2s */
/* Register i of a CTR batch from counter c: block c + i, big-endian. */
static inline V V_CTR(uint64_t c, int i) { return vrev64_u8(vcreate_u8(c + (uint64_t)i)); }
#else
#error "define PIPO_NEON_LANES as 8 or 16 before including pipo_neon.h"
#endif
#define V_OP(op, w, a, b) V_OP_(op, w, a, b)    /* expands HALF first */

/* Table 5 (left), line for line; t[] are the paper's v8..v15. */
static inline void align(V v[8])
{
    V t[8];
    t[0] = V_OP(uzp1, 32, v[0], v[1]); t[1] = V_OP(uzp1, 32, v[2], v[3]);
    t[2] = V_OP(uzp2, 32, v[0], v[1]); t[3] = V_OP(uzp2, 32, v[2], v[3]);
    t[4] = V_OP(uzp1, 32, v[4], v[5]); t[5] = V_OP(uzp1, 32, v[6], v[7]);
    t[6] = V_OP(uzp2, 32, v[4], v[5]); t[7] = V_OP(uzp2, 32, v[6], v[7]);
    v[0] = V_OP(uzp1, 16, t[0], t[1]); v[1] = V_OP(uzp1, 16, t[2], t[3]);
    v[2] = V_OP(uzp2, 16, t[0], t[1]); v[3] = V_OP(uzp2, 16, t[2], t[3]);
    v[4] = V_OP(uzp1, 16, t[4], t[5]); v[5] = V_OP(uzp1, 16, t[6], t[7]);
    v[6] = V_OP(uzp2, 16, t[4], t[5]); v[7] = V_OP(uzp2, 16, t[6], t[7]);
    t[0] = V_OP8(uzp1, v[0], v[1]);    t[1] = V_OP8(uzp1, v[2], v[3]);
    t[2] = V_OP8(uzp2, v[0], v[1]);    t[3] = V_OP8(uzp2, v[2], v[3]);
    t[4] = V_OP8(uzp1, v[4], v[5]);    t[5] = V_OP8(uzp1, v[6], v[7]);
    t[6] = V_OP8(uzp2, v[4], v[5]);    t[7] = V_OP8(uzp2, v[6], v[7]);
    v[0] = V_OP(trn1, HALF, t[0], t[4]); v[1] = V_OP(trn1, HALF, t[2], t[6]);
    v[2] = V_OP(trn1, HALF, t[1], t[5]); v[3] = V_OP(trn1, HALF, t[3], t[7]);
    v[4] = V_OP(trn2, HALF, t[0], t[4]); v[5] = V_OP(trn2, HALF, t[2], t[6]);
    v[6] = V_OP(trn2, HALF, t[1], t[5]); v[7] = V_OP(trn2, HALF, t[3], t[7]);
}

/* Table 5 (right), line for line: the inverse of align(). */
static inline void unalign(V v[8])
{
    V t[8];
    t[0] = V_OP(zip1, HALF, v[0], v[4]); t[1] = V_OP(zip1, HALF, v[2], v[6]);
    t[2] = V_OP(zip1, HALF, v[1], v[5]); t[3] = V_OP(zip1, HALF, v[3], v[7]);
    t[4] = V_OP(zip2, HALF, v[0], v[4]); t[5] = V_OP(zip2, HALF, v[2], v[6]);
    t[6] = V_OP(zip2, HALF, v[1], v[5]); t[7] = V_OP(zip2, HALF, v[3], v[7]);
    v[0] = V_OP8(zip1, t[0], t[2]);    v[1] = V_OP8(zip1, t[1], t[3]);
    v[2] = V_OP8(zip2, t[0], t[2]);    v[3] = V_OP8(zip2, t[1], t[3]);
    v[4] = V_OP8(zip1, t[4], t[6]);    v[5] = V_OP8(zip1, t[5], t[7]);
    v[6] = V_OP8(zip2, t[4], t[6]);    v[7] = V_OP8(zip2, t[5], t[7]);
    t[0] = V_OP(zip1, 16, v[0], v[1]); t[1] = V_OP(zip1, 16, v[2], v[3]);
    t[2] = V_OP(zip2, 16, v[0], v[1]); t[3] = V_OP(zip2, 16, v[2], v[3]);
    t[4] = V_OP(zip1, 16, v[4], v[5]); t[5] = V_OP(zip1, 16, v[6], v[7]);
    t[6] = V_OP(zip2, 16, v[4], v[5]); t[7] = V_OP(zip2, 16, v[6], v[7]);
    v[0] = V_OP(zip1, 32, t[0], t[1]); v[1] = V_OP(zip2, 32, t[0], t[1]);
    v[2] = V_OP(zip1, 32, t[2], t[3]); v[3] = V_OP(zip2, 32, t[2], t[3]);
    v[4] = V_OP(zip1, 32, t[4], t[5]); v[5] = V_OP(zip2, 32, t[4], t[5]);
    v[6] = V_OP(zip1, 32, t[6], t[7]); v[7] = V_OP(zip2, 32, t[6], t[7]);
}

/* The designers' bitsliced S-layer circuit ([PIPO]) on slices (11 AND/OR,
 * 23 XOR/NOT). */
static inline void s_layer(V x[8])
{
    V t0, t1, t2, s;
    x[5] = V_XOR(x[5], V_AND(x[7], x[6]));
    x[4] = V_XOR(x[4], V_AND(x[3], x[5]));
    x[7] = V_XOR(x[7], x[4]);
    x[6] = V_XOR(x[6], x[3]);
    x[3] = V_XOR(x[3], V_ORR(x[4], x[5]));
    x[5] = V_XOR(x[5], x[7]);
    x[4] = V_XOR(x[4], V_AND(x[5], x[6]));
    x[2] = V_XOR(x[2], V_AND(x[1], x[0]));
    x[0] = V_XOR(x[0], V_ORR(x[2], x[1]));
    x[1] = V_XOR(x[1], V_ORR(x[2], x[0]));
    x[2] = V_NOT(x[2]);
    x[7] = V_XOR(x[7], x[1]); x[3] = V_XOR(x[3], x[2]); x[4] = V_XOR(x[4], x[0]);
    t0 = x[7]; t1 = x[3]; t2 = x[4];
    x[6] = V_XOR(x[6], V_AND(t0, x[5]));
    t0 = V_XOR(t0, x[6]);
    x[6] = V_XOR(x[6], V_ORR(t2, t1));
    t1 = V_XOR(t1, x[5]);
    x[5] = V_XOR(x[5], V_ORR(x[6], t2));
    t2 = V_XOR(t2, V_AND(t1, t0));
    x[2] = V_XOR(x[2], t0);
    t0 = V_XOR(x[1], t2);
    x[1] = V_XOR(x[0], t1);
    x[0] = x[7]; x[7] = t0;
    s = x[3]; x[3] = x[6]; x[6] = s;
    s = x[4]; x[4] = x[5]; x[5] = s;
}

/* The inverse circuit ([PIPO]). */
static inline void inv_s_layer(V x[8])
{
    V t0, t1, t2, s;
    t0 = x[7]; x[7] = x[0]; x[0] = x[1]; x[1] = t0;
    t0 = x[7]; t1 = x[6]; t2 = x[5];
    x[4] = V_XOR(x[4], V_ORR(x[3], t2));
    x[3] = V_XOR(x[3], V_ORR(t2, t1));
    t1 = V_XOR(t1, x[4]);
    t0 = V_XOR(t0, x[3]);
    t2 = V_XOR(t2, V_AND(t1, t0));
    x[3] = V_XOR(x[3], V_AND(x[4], x[7]));
    x[0] = V_XOR(x[0], t1); x[1] = V_XOR(x[1], t2); x[2] = V_XOR(x[2], t0);
    s = x[3]; x[3] = x[6]; x[6] = s;
    s = x[5]; x[5] = x[4]; x[4] = s;
    x[7] = V_XOR(x[7], x[1]); x[3] = V_XOR(x[3], x[2]); x[4] = V_XOR(x[4], x[0]);
    x[4] = V_XOR(x[4], V_AND(x[5], x[6]));
    x[5] = V_XOR(x[5], x[7]);
    x[3] = V_XOR(x[3], V_ORR(x[4], x[5]));
    x[6] = V_XOR(x[6], x[3]);
    x[7] = V_XOR(x[7], x[4]);
    x[4] = V_XOR(x[4], V_AND(x[3], x[5]));
    x[5] = V_XOR(x[5], V_AND(x[7], x[6]));
    x[2] = V_NOT(x[2]);
    x[1] = V_XOR(x[1], V_ORR(x[2], x[0]));
    x[0] = V_XOR(x[0], V_ORR(x[2], x[1]));
    x[2] = V_XOR(x[2], V_AND(x[1], x[0]));
}

/* Every byte rotated left by r = 1..7 with SLI then SRI (section 3.4).  Each
 * keeps some bits of its destination, but together they overwrite all of
 * it, so the destination may start as any dead value ("spare").  Passing
 * the previous slice's old value lets the register allocator skip most of
 * the copies into a temporary register that x itself would need. */
#define ROTL(spare, x, r) V_SRI(V_SLI(spare, x, r), x, 8 - (r))

/* R-layer: X[i] <<<= PIPO_ROT[i] = 0, 7, 4, 3, 6, 5, 1, 2. */
static inline void r_layer(V x[8])
{
    V o1 = x[1], o2 = x[2], o3 = x[3], o4 = x[4], o5 = x[5], o6 = x[6];
    x[1] = ROTL(x[1], o1, 7); x[2] = ROTL(o1, o2, 4); x[3] = ROTL(o2, o3, 3);
    x[4] = ROTL(o3, o4, 6); x[5] = ROTL(o4, o5, 5); x[6] = ROTL(o5, o6, 1);
    x[7] = ROTL(o6, x[7], 2);
}

/* Its inverse: X[i] <<<= 8 - PIPO_ROT[i]. */
static inline void inv_r_layer(V x[8])
{
    V o1 = x[1], o2 = x[2], o3 = x[3], o4 = x[4], o5 = x[5], o6 = x[6];
    x[1] = ROTL(x[1], o1, 1); x[2] = ROTL(o1, o2, 4); x[3] = ROTL(o2, o3, 5);
    x[4] = ROTL(o3, o4, 2); x[5] = ROTL(o4, o5, 3); x[6] = ROTL(o5, o6, 7);
    x[7] = ROTL(o6, x[7], 6);
}

/* With ctr (a constant: fused CTR) the batch is the counter blocks from c,
 * made in registers, and the output the input XOR the keystream. */
static inline void load_batch(V x[8], const uint8_t *in, uint64_t c, const int ctr)
{
    for (int i = 0; i < 8; i++) x[i] = ctr ? V_CTR(c, i) : V_LOAD(in + i * sizeof(V));
}

static inline void store_batch(uint8_t *out, const uint8_t *in, const V x[8], const int ctr)
{
    for (int i = 0; i < 8; i++) V_STORE(out + i * sizeof(V), ctr ? V_XOR(x[i], V_LOAD(in + i * sizeof(V))) : x[i]);
}

/* ---- general: block layout between rounds ---- */

/* RK_r into every block: its 8 bytes are one 64-bit lane. */
static inline void add_block_key(V x[8], const uint8_t rk[PIPO_BLOCK])
{
    uint64_t q;
    memcpy(&q, rk, sizeof q);                  /* little-endian, as the block */
    const V key = V_KEY(q);
    for (int i = 0; i < 8; i++) x[i] = V_XOR(x[i], key);
}

static inline __attribute__((always_inline))
void encrypt_general_x(const void *ctx, uint8_t *out, const uint8_t *in, uint64_t c, const int ctr)
{
    const pipo_key *k = ctx;
    V x[8];
    load_batch(x, in, c, ctr);
    add_block_key(x, k->rk[0]);
    for (unsigned r = 1; r <= k->rounds; r++) {
        align(x);
        s_layer(x);
        r_layer(x);
        unalign(x);
        add_block_key(x, k->rk[r]);
    }
    store_batch(out, in, x, ctr);
}

static inline void decrypt_general(const void *ctx, uint8_t *out, const uint8_t *in)
{
    const pipo_key *k = ctx;
    V x[8];
    load_batch(x, in, 0, 0);
    for (unsigned r = k->rounds; r >= 1; r--) {
        add_block_key(x, k->rk[r]);
        align(x);
        inv_r_layer(x);
        inv_s_layer(x);
        unalign(x);
    }
    add_block_key(x, k->rk[0]);
    store_batch(out, in, x, 0);
}

/* ---- least alignment: sliced from the first round key to the last ---- */

typedef struct pipo_neon_key {
    uint8_t rk[PIPO_MAX_ROUNDS + 1][8][PIPO_NEON_LANES];   /* byte i of RK_r, in every lane */
    unsigned rounds;
    pipo_key plain;   /* for CBC encryption's one block at a time (kc_pipo_cbc_encrypt) */
} pipo_neon_key;

static inline kc_status pipo_neon_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    pipo_neon_key *s = ctx;
    pipo_key k;
    kc_status st = pipo_set_key(&k, key, key_len, block_len);
    if (st == KC_OK) {
        s->rounds = k.rounds;
        s->plain = k;
        for (unsigned r = 0; r <= k.rounds; r++)
            for (int i = 0; i < 8; i++) memset(s->rk[r][i], k.rk[r][i], PIPO_NEON_LANES);
    }
    kc_wipe(&k, sizeof k);
    return st;
}

static inline void pipo_neon_cbc(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    kc_pipo_cbc_encrypt(&((const pipo_neon_key *)ctx)->plain, iv, out, in, nblocks);
}

static inline void add_sliced_key(V x[8], const uint8_t rk[8][PIPO_NEON_LANES])
{
    for (int i = 0; i < 8; i++) x[i] = V_XOR(x[i], V_LOAD(rk[i]));
}

static inline __attribute__((always_inline))
void encrypt_least_x(const void *ctx, uint8_t *out, const uint8_t *in, uint64_t c, const int ctr)
{
    const pipo_neon_key *k = ctx;
    V x[8];
    load_batch(x, in, c, ctr);
    align(x);
    add_sliced_key(x, k->rk[0]);
    for (const uint8_t (*rk)[8][PIPO_NEON_LANES] = k->rk + 1; rk <= k->rk + k->rounds; rk++) {
        s_layer(x);
        r_layer(x);
        add_sliced_key(x, *rk);
    }
    unalign(x);
    store_batch(out, in, x, ctr);
}

static inline void decrypt_least(const void *ctx, uint8_t *out, const uint8_t *in)
{
    const pipo_neon_key *k = ctx;
    V x[8];
    load_batch(x, in, 0, 0);
    align(x);
    for (const uint8_t (*rk)[8][PIPO_NEON_LANES] = k->rk + k->rounds; rk > k->rk; rk--) {
        add_sliced_key(x, *rk);
        inv_r_layer(x);
        inv_s_layer(x);
    }
    add_sliced_key(x, k->rk[0]);
    unalign(x);
    store_batch(out, in, x, 0);
}

static inline void encrypt_general(const void *ctx, uint8_t *out, const uint8_t *in)
{
    encrypt_general_x(ctx, out, in, 0, 0);
}

static inline void encrypt_least(const void *ctx, uint8_t *out, const uint8_t *in)
{
    encrypt_least_x(ctx, out, in, 0, 0);
}

static inline void encrypt_general_ctr(const void *ctx, uint64_t c, uint8_t *out, const uint8_t *in)
{
    encrypt_general_x(ctx, out, in, c, 1);
}

static inline void encrypt_least_ctr(const void *ctx, uint64_t c, uint8_t *out, const uint8_t *in)
{
    encrypt_least_x(ctx, out, in, c, 1);
}

/* ---- any number of blocks ---- */

typedef void pipo_batch_fn(const void *ctx, uint8_t *out, const uint8_t *in);

/* Whole batches in place; a short last batch through a zero-padded copy,
 * so every block count runs the same (constant-time) code. */
static inline void pipo_neon_run(pipo_batch_fn *batch, const void *ctx, uint8_t *out,
                                 const uint8_t *in, size_t nblocks)
{
    for (; nblocks >= PIPO_NEON_LANES; nblocks -= PIPO_NEON_LANES) {
        batch(ctx, out, in);
        in += PIPO_BLOCK * PIPO_NEON_LANES;
        out += PIPO_BLOCK * PIPO_NEON_LANES;
    }
    if (nblocks) {
        uint8_t buf[PIPO_BLOCK * PIPO_NEON_LANES];
        size_t len = PIPO_BLOCK * nblocks;
        memcpy(buf, in, len);
        memset(buf + len, 0, sizeof buf - len);
        batch(ctx, buf, buf);
        memcpy(out, buf, len);
        kc_wipe(buf, sizeof buf);
    }
}

/* CTR through a fused batch kernel (encrypt_*_ctr: counter blocks made
 * in registers, the keystream XORed into the input); a short last batch
 * through a zero-padded copy.  The counter is public. */
typedef void pipo_ctr_fn(const void *ctx, uint64_t c, uint8_t *out, const uint8_t *in);

static inline void pipo_neon_ctr(pipo_ctr_fn *batch, const void *ctx, uint8_t *counter, uint8_t *out,
                                 const uint8_t *in, size_t nblocks)
{
    uint64_t c = kc_load64_be(counter);
    for (; nblocks >= PIPO_NEON_LANES; nblocks -= PIPO_NEON_LANES, c += PIPO_NEON_LANES) {
        batch(ctx, c, out, in);
        in += PIPO_BLOCK * PIPO_NEON_LANES;
        out += PIPO_BLOCK * PIPO_NEON_LANES;
    }
    if (nblocks) {
        uint8_t buf[PIPO_BLOCK * PIPO_NEON_LANES];
        size_t len = PIPO_BLOCK * nblocks;
        memcpy(buf, in, len);
        memset(buf + len, 0, sizeof buf - len);
        batch(ctx, c, buf, buf);
        memcpy(out, buf, len);
        kc_wipe(buf, sizeof buf);
        c += nblocks;
    }
    kc_store64_be(counter, c);
}

#endif
