/* SPDX-License-Identifier: MIT */
/* TinyJAMBU, AArch64 NEON: four messages at once, one in each 32-bit lane
 * of the state registers S[0..3] (the batch entry points; single messages
 * go to the ref code).  An NLFSR update is a shift plus an SLI per tap
 * word, an AND and four XORs, for four messages.
 *
 * Each lane runs its own sequence of permutation calls ("ops"): its AD
 * words (P_a), message words (P_b), then the two tag words (P_b, P_a).
 * The lanes step through op indices together.  P_a (640 steps) is the
 * first 640 steps of P_b, as the key index restarts at 0 in every call,
 * so an op runs 640 steps, keeps that state in the lanes that wanted P_a,
 * and carries on only if some lane wants P_b; lanes with no op left keep
 * their state.  Lanes differ only in lengths, which are public.
 *
 * Decryption is two passes as in the ref code: the first computes the
 * tags and writes nothing; the second restarts from the state after the
 * nonce and writes the plaintext of the lanes whose tag verified.
 * Only shifts, ANDs and XORs on secrets: constant time. */
#include "core/arch.h"
#if KC_ARCH_AARCH64
#include <arm_neon.h>
#include <string.h>
#include "core/backend.h"
#include "tinyjambu/tinyjambu_common.h"

#define LANES 4
#define MAX_GROUPS 10       /* P_b of TinyJAMBU-256: 1280 steps, 128 per group */

typedef struct lanes {
    kc_aead_msg *msg[LANES];    /* NULL: idle lane */
    size_t len[LANES];          /* plaintext bytes */
    /* ops [0, ad_end): AD words; [ad_end, msg_end): message words, whole
     * ones before full_end; msg_end and msg_end + 1: the tag words; ops in
     * all (idle lanes: none).  32 bits: see fits(). */
    uint32_t ad_end[LANES], msg_end[LANES], full_end[LANES], ops[LANES];
    int write[LANES];           /* store the output of this lane */
    uint8_t tag[LANES][TJ_TAG_BYTES];
} lanes;

typedef struct state {
    uint32x4_t s[4];
    /* the keys of 128-step group g, ~K[(4g + i) mod words] in every lane
     * (the NOT of the update folded in) */
    uint32x4_t nk[MAX_GROUPS][4];
} state;

/* 32 steps in every lane: the new word that replaces s0. */
static inline uint32x4_t update(uint32x4_t s0, uint32x4_t s1, uint32x4_t s2, uint32x4_t s3, uint32x4_t nk)
{
    uint32x4_t t1 = vsliq_n_u32(vshrq_n_u32(s1, 15), s2, 17);   /* s47..s78 */
    uint32x4_t t2 = vsliq_n_u32(vshrq_n_u32(s2, 6), s3, 26);    /* s70..s101 */
    uint32x4_t t3 = vsliq_n_u32(vshrq_n_u32(s2, 21), s3, 11);   /* s85..s116 */
    uint32x4_t t4 = vsliq_n_u32(vshrq_n_u32(s2, 27), s3, 5);    /* s91..s122 */
    return veorq_u32(veorq_u32(veorq_u32(s0, t1), veorq_u32(t4, nk)), vandq_u32(t2, t3));
}

/* Steps 128 * from .. 128 * to - 1 of a permutation call. */
static void permute(state *st, unsigned from, unsigned to)
{
    uint32x4_t s0 = st->s[0], s1 = st->s[1], s2 = st->s[2], s3 = st->s[3];
    for (const uint32x4_t (*k)[4] = st->nk + from; k < st->nk + to; k++) {
        s0 = update(s0, s1, s2, s3, (*k)[0]);
        s1 = update(s1, s2, s3, s0, (*k)[1]);
        s2 = update(s2, s3, s0, s1, (*k)[2]);
        s3 = update(s3, s0, s1, s2, (*k)[3]);
    }
    st->s[0] = s0; st->s[1] = s1; st->s[2] = s2; st->s[3] = s3;
}

/* Little-endian word of r <= 4 bytes (missing high bytes zero). */
static inline uint32_t load_part(const uint8_t *p, size_t r)
{
    uint32_t w = 0;
    if (r == 4) return kc_load32_le(p);
    for (size_t i = 0; i < r; i++) w |= (uint32_t)p[i] << (8 * i);
    return w;
}

static inline void store_part(uint8_t *p, uint32_t w, size_t r)
{
    if (r == 4) { kc_store32_le(p, w); return; }
    for (size_t i = 0; i < r; i++) p[i] = (uint8_t)(w >> (8 * i));
}

/* Key setup and nonce, every lane at once (idle lanes: a zero nonce). */
static void start(state *st, const tj_key *key, const lanes *b)
{
    for (unsigned g = 0; g < MAX_GROUPS; g++)
        for (unsigned i = 0; i < 4; i++) st->nk[g][i] = vdupq_n_u32(~key->k[(4 * g + i) % key->words]);
    for (int i = 0; i < 4; i++) st->s[i] = vdupq_n_u32(0);
    permute(st, 0, key->big_steps / 128);
    for (int w = 0; w < 3; w++) {
        uint32_t n[LANES] = { 0 };
        for (int l = 0; l < LANES; l++)
            if (b->msg[l]) n[l] = kc_load32_le(b->msg[l]->nonce + 4 * w);
        st->s[1] = veorq_u32(st->s[1], vdupq_n_u32(TJ_FRAME_NONCE));
        permute(st, 0, TJ_SMALL_STEPS / 128);
        st->s[3] = veorq_u32(st->s[3], vld1q_u32(n));
    }
}

/* The AD, message and tag ops of every lane, from the state after the
 * nonce.  Messages are read from msg->in and written (when write) to
 * msg->out; decrypt reads ciphertext. */
static void run_ops(state *st, const tj_key *key, lanes *b, int decrypt)
{
    const uint32x4_t ad_end = vld1q_u32(b->ad_end), msg_end = vld1q_u32(b->msg_end);
    const uint32x4_t full_end = vld1q_u32(b->full_end), ops = vld1q_u32(b->ops);
    const uint32x4_t tag1 = vaddq_u32(msg_end, vdupq_n_u32(1));
    const uint32_t total = vmaxvq_u32(ops);
    for (uint32_t i = 0; i < total; i++) {
        /* which op each lane runs: masks of all ones or zeros */
        const uint32x4_t at = vdupq_n_u32(i), ad = vcltq_u32(at, ad_end);
        const uint32x4_t msg = vbicq_u32(vcltq_u32(at, msg_end), ad), active = vcltq_u32(at, ops);
        const uint32x4_t small = vorrq_u32(ad, vceqq_u32(at, tag1));
        const uint32x4_t frame = vandq_u32(active, vbslq_u32(ad, vdupq_n_u32(TJ_FRAME_AD),
                                 vbslq_u32(msg, vdupq_n_u32(TJ_FRAME_MSG), vdupq_n_u32(TJ_FRAME_FINAL))));
        int big = vmaxvq_u32(vandq_u32(active, vorrq_u32(msg, vceqq_u32(at, msg_end)))) != 0;
        uint32_t s2[LANES];
        uint32x4_t old[4], after_a[4];
        for (int k = 0; k < 4; k++) old[k] = st->s[k];
        st->s[1] = veorq_u32(st->s[1], frame);
        permute(st, 0, TJ_SMALL_STEPS / 128);
        if (big) {                     /* P_b lanes go on; P_a lanes keep step 640 */
            for (int k = 0; k < 4; k++) after_a[k] = st->s[k];
            permute(st, TJ_SMALL_STEPS / 128, key->big_steps / 128);
            for (int k = 0; k < 4; k++) st->s[k] = vbslq_u32(small, after_a[k], st->s[k]);
        }
        for (int k = 0; k < 4; k++) st->s[k] = vbslq_u32(active, st->s[k], old[k]);

        if (vminvq_u32(vandq_u32(vcgeq_u32(at, ad_end), vcltq_u32(at, full_end)))) {
            /* the bulk: a whole message word in every lane */
            uint32_t w[LANES];
            for (int l = 0; l < LANES; l++) w[l] = kc_load32_le(b->msg[l]->in + 4 * (size_t)(i - b->ad_end[l]));
            const uint32x4_t in = vld1q_u32(w), out = veorq_u32(in, st->s[2]);
            vst1q_u32(w, out);
            for (int l = 0; l < LANES; l++)
                if (b->write[l]) kc_store32_le(b->msg[l]->out + 4 * (size_t)(i - b->ad_end[l]), w[l]);
            st->s[3] = veorq_u32(st->s[3], decrypt ? out : in);
            continue;
        }
        uint32_t x1[LANES] = { 0 }, x3[LANES] = { 0 };
        vst1q_u32(s2, st->s[2]);
        for (int l = 0; l < LANES; l++) {
            const kc_aead_msg *m = b->msg[l];
            if (i < b->ad_end[l]) {                            /* absorb an AD word */
                size_t at = 4 * (size_t)i, r = m->ad_len - at < 4 ? m->ad_len - at : 4;
                x3[l] = load_part(m->ad + at, r);
                x1[l] = (uint32_t)(r & 3);
            } else if (i < b->msg_end[l]) {                    /* a message word */
                size_t at = 4 * (size_t)(i - b->ad_end[l]), r = b->len[l] - at < 4 ? b->len[l] - at : 4;
                uint32_t in = load_part(m->in + at, r), p = decrypt ? in ^ s2[l] : in;
                p &= 0xFFFFFFFFu >> (8 * (4 - r));
                if (b->write[l]) store_part(m->out + at, decrypt ? p : in ^ s2[l], r);
                x3[l] = p;
                x1[l] = (uint32_t)(r & 3);
            } else if (i == b->msg_end[l] && m) {
                kc_store32_le(b->tag[l], s2[l]);
            } else if (i == b->msg_end[l] + 1 && m) {
                kc_store32_le(b->tag[l] + 4, s2[l]);
            }
        }
        st->s[3] = veorq_u32(st->s[3], vld1q_u32(x3));
        st->s[1] = veorq_u32(st->s[1], vld1q_u32(x1));
    }
}

static void fill(lanes *b, kc_aead_msg *msgs, size_t count, int decrypt)
{
    memset(b, 0, sizeof *b);
    for (size_t l = 0; l < count; l++) {
        b->msg[l] = &msgs[l];
        b->len[l] = decrypt ? msgs[l].in_len - TJ_TAG_BYTES : msgs[l].in_len;
        b->ad_end[l] = (uint32_t)((msgs[l].ad_len + 3) / 4);
        b->msg_end[l] = b->ad_end[l] + (uint32_t)((b->len[l] + 3) / 4);
        b->full_end[l] = b->ad_end[l] + (uint32_t)(b->len[l] / 4);
        b->ops[l] = b->msg_end[l] + 2;
        b->write[l] = !decrypt;
    }
}

/* Up to LANES messages. */
static void encrypt_lanes(const tj_key *key, kc_aead_msg *msgs, size_t count)
{
    lanes b;
    state st;
    fill(&b, msgs, count, 0);
    start(&st, key, &b);
    run_ops(&st, key, &b, 0);
    for (size_t l = 0; l < count; l++) {
        memcpy(msgs[l].out + b.len[l], b.tag[l], TJ_TAG_BYTES);
        msgs[l].out_len = b.len[l] + TJ_TAG_BYTES;
        msgs[l].status = KC_OK;
    }
    kc_wipe(&st, sizeof st);
    kc_wipe(&b, sizeof b);
}

static void decrypt_lanes(const tj_key *key, kc_aead_msg *msgs, size_t count)
{
    lanes b;
    state st;
    uint32x4_t after_nonce[4];
    int any = 0;
    fill(&b, msgs, count, 1);
    start(&st, key, &b);
    memcpy(after_nonce, st.s, sizeof after_nonce);
    run_ops(&st, key, &b, 1);
    for (size_t l = 0; l < count; l++) {
        int result = kc_ct_compare(b.tag[l], msgs[l].in + b.len[l], TJ_TAG_BYTES);   /* 0 or -1 */
        kc_ct_declassify(&result, sizeof result);
        b.write[l] = result == 0;
        any |= b.write[l];
        msgs[l].out_len = result == 0 ? b.len[l] : 0;
        msgs[l].status = result == 0 ? KC_OK : KC_ERR_AUTH;
    }
    if (any) {
        memcpy(st.s, after_nonce, sizeof after_nonce);
        run_ops(&st, key, &b, 1);
    }
    kc_wipe(&st, sizeof st);
    kc_wipe(after_nonce, sizeof after_nonce);
    kc_wipe(&b, sizeof b);
}

/* One message through the ref code. */
static void one(const void *ctx, kc_aead_msg *m, int decrypt)
{
    if (!decrypt) {
        tj_ref_encrypt(ctx, m->out, m->nonce, m->ad, m->ad_len, m->in, m->in_len);
        m->out_len = m->in_len + TJ_TAG_BYTES;
        m->status = KC_OK;
    } else if (tj_ref_decrypt(ctx, m->out, m->nonce, m->ad, m->ad_len, m->in, m->in_len) == 0) {
        m->out_len = m->in_len - TJ_TAG_BYTES;
        m->status = KC_OK;
    } else {
        m->out_len = 0;
        m->status = KC_ERR_AUTH;
    }
}

/* The lanes count ops in 32 bits: AD and message below 4 GiB each. */
static int fits(const kc_aead_msg *m)
{
    return (uint64_t)m->ad_len < UINT64_C(1) << 32 && (uint64_t)m->in_len < UINT64_C(1) << 32;
}

/* Groups of up to four; a lone message is cheaper through the ref code. */
static void batch(const void *ctx, kc_aead_msg *msgs, size_t count, int decrypt)
{
    while (count) {
        size_t n = 0;
        while (n < LANES && n < count && fits(&msgs[n])) n++;
        if (n >= 2 && decrypt) decrypt_lanes(ctx, msgs, n);
        else if (n >= 2) encrypt_lanes(ctx, msgs, n);
        else one(ctx, msgs, decrypt), n = 1;
        msgs += n;
        count -= n;
    }
}

static void encrypt_batch(const void *ctx, kc_aead_msg *msgs, size_t count)
{
    batch(ctx, msgs, count, 0);
}

static void decrypt_batch(const void *ctx, kc_aead_msg *msgs, size_t count)
{
    batch(ctx, msgs, count, 1);
}

const kc_aead_backend kc_tinyjambu_neon = {
    .head = {
        .name = "neon",
        .summary = "NEON batches: four messages in the lanes of the state (single messages: ref)",
        .cpu = KC_CPU_NEON,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(tj_key),
    },
    .set_key = tj_ref_set_key,
    .encrypt = tj_ref_encrypt,
    .decrypt = tj_ref_decrypt,
    .encrypt_batch = encrypt_batch,
    .decrypt_batch = decrypt_batch,
};
#endif
