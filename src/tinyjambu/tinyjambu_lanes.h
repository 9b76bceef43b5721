/* SPDX-License-Identifier: MIT */
/* TinyJAMBU, many messages under one key, one per SIMD lane: the lane
 * scheduler of the AVX2 (8 lanes) and AVX-512 (16 lanes) backends, which
 * supply the vector code (tj_simd).
 *
 * A message is a sequence of blocks, each a frame constant XORed into s1,
 * a keyed permutation, then an input word XORed into s3 and the byte count
 * of a partial word into s1: three nonce words and the AD words (P_a), the
 * message words (P_b; S2 is the keystream), the two tag words (P_b, then
 * P_a; S2 is the tag).  A tick runs one block in every lane.  P_a's updates
 * are the first ones of P_b (the key index restarts at 0 in every call),
 * so lanes in a P_b block carry on while the others keep their P_a state.
 * A lane that finishes takes the next message, so lanes stay busy whatever
 * the lengths.  The state after key setup is the same for every message
 * and is computed once per call.
 *
 * Ticks go through memory and per-lane bookkeeping, which costs about as
 * much as the permutation.  So while every busy lane has whole words left
 * in its nonce, AD or message, the backend's "stream" runs that many ticks
 * with the state in registers, gathering each lane's words from its own
 * address (the addresses are public).  Tag words and partial words take
 * single ticks.
 *
 * Decryption is two passes, as in the ref code: the first computes the
 * tags, keeps each state after the AD and writes nothing; the second
 * restarts the verified messages from that state and writes plaintext.
 * Branches depend on lengths and on the declassified tag verdicts only. */
#ifndef KC_TINYJAMBU_LANES_H
#define KC_TINYJAMBU_LANES_H
#include <string.h>
#include "core/backend.h"
#include "tinyjambu/tinyjambu_common.h"

#define TJ_LANES 16   /* the most any backend uses */
#define TJ_CHUNK 64   /* messages scheduled together */

/* One tick's lanes, word-sliced: word w of lane l's state is s[w][l]. */
typedef struct tj_tick {
    uint32_t s[4][TJ_LANES];
    uint32_t frame[TJ_LANES];   /* into s1 before the permutation */
    uint32_t in[TJ_LANES];      /* into s3 after it, together with S2 & dmask */
    uint32_t dmask[TJ_LANES];   /* decryption: ciphertext in, plaintext absorbed */
    uint32_t count[TJ_LANES];   /* into s1 last: the bytes of a partial word */
    uint32_t big;               /* lanes whose block runs P_b, not P_a */
} tj_tick;

/* A run of ticks on whole words in the busy lanes, each lane staying in
 * one phase: s1 ^= frame, P_b (big lanes) or P_a, s3 ^= word ^ (S2 & dmask);
 * write lanes store word ^ S2.  Addresses advance by 4 per tick. */
typedef struct tj_stream {
    uint64_t src[TJ_LANES], dst[TJ_LANES];   /* addresses, as integers for the gathers */
    uint32_t frame[TJ_LANES], dmask[TJ_LANES];
    uint32_t busy, big, write;               /* lane masks */
} tj_stream;

typedef struct tj_simd {
    unsigned lanes;
    void (*tick)(const tj_key *k, tj_tick *t);
    void (*stream)(const tj_key *k, tj_tick *t, const tj_stream *st, size_t words);
} tj_simd;

enum { TJ_ENCRYPT, TJ_TAGS, TJ_OPEN };   /* encryption; decryption's passes */
enum { TJ_NONCE, TJ_AD, TJ_MSG, TJ_TAG0, TJ_TAG1 };

typedef struct tj_lane {
    kc_aead_msg *m;             /* NULL: idle */
    size_t i, len, pos;         /* message index, message bytes, byte offset in the phase */
    int phase;
} tj_lane;

typedef struct tj_job {
    const tj_key *k;
    const tj_simd *simd;
    int mode;
    kc_aead_msg *msgs;
    size_t count, next;              /* count <= TJ_CHUNK */
    unsigned char order[TJ_CHUNK];   /* longest first, so that the lanes finish together */
    uint8_t (*tags)[TJ_TAG_BYTES];   /* TJ_TAGS: the computed tags */
    uint32_t (*saved)[4];            /* TJ_TAGS: state after the AD; TJ_OPEN: start state */
    uint32_t init[4];                /* state after key setup */
} tj_job;

/* Puts the next message into idle lane l (TJ_OPEN: verified, non-empty ones only). */
static inline void tj_lane_take(tj_job *j, tj_tick *t, unsigned l, tj_lane *ln)
{
    while (j->next < j->count) {
        size_t i = j->order[j->next++];
        kc_aead_msg *m = &j->msgs[i];
        size_t len = j->mode == TJ_ENCRYPT ? m->in_len : m->in_len - TJ_TAG_BYTES;
        if (j->mode == TJ_OPEN && (m->status != KC_OK || len == 0)) continue;
        const uint32_t *start = j->mode == TJ_OPEN ? j->saved[i] : j->init;
        for (unsigned w = 0; w < 4; w++) t->s[w][l] = start[w];
        *ln = (tj_lane){ m, i, len, 0, j->mode == TJ_OPEN ? TJ_MSG : TJ_NONCE };
        return;
    }
}

/* The block lane l runs in this tick. */
static inline void tj_lane_plan(const tj_job *j, tj_tick *t, unsigned l, const tj_lane *ln)
{
    const kc_aead_msg *m = ln->m;
    uint32_t frame = TJ_FRAME_FINAL, in = 0, dmask = 0, count = 0, big = 0;
    size_t r = 4;
    switch (ln->phase) {
    case TJ_NONCE:
        frame = TJ_FRAME_NONCE;
        in = kc_load32_le(m->nonce + ln->pos);
        break;
    case TJ_AD:
        r = m->ad_len - ln->pos < 4 ? m->ad_len - ln->pos : 4;
        frame = TJ_FRAME_AD;
        in = tj_load_part(m->ad + ln->pos, r);
        count = (uint32_t)(r & 3);
        break;
    case TJ_MSG:
        r = ln->len - ln->pos < 4 ? ln->len - ln->pos : 4;
        frame = TJ_FRAME_MSG;
        big = 1;
        in = tj_load_part(m->in + ln->pos, r);
        dmask = j->mode == TJ_ENCRYPT ? 0 : 0xFFFFFFFFu >> (8 * (4 - r));
        count = (uint32_t)(r & 3);
        break;
    case TJ_TAG0:
        big = 1;
        break;
    default:   /* TJ_TAG1 */
        break;
    }
    t->frame[l] = frame;
    t->in[l] = in;
    t->dmask[l] = dmask;
    t->count[l] = count;
    t->big |= big << l;
}

/* Moves lane l on by the nonce, AD or message bytes it just absorbed (the
 * state after them is in t); at the end of the AD, TJ_TAGS keeps it. */
static inline void tj_lane_advance(tj_job *j, const tj_tick *t, unsigned l, tj_lane *ln, size_t bytes)
{
    const kc_aead_msg *m = ln->m;
    ln->pos += bytes;
    if (ln->phase == TJ_NONCE && ln->pos == TJ_NONCE_BYTES) {
        ln->pos = 0;
        ln->phase = TJ_AD;
    }
    if (ln->phase == TJ_AD && ln->pos >= m->ad_len) {
        if (j->mode == TJ_TAGS)
            for (unsigned w = 0; w < 4; w++) j->saved[ln->i][w] = t->s[w][l];
        ln->pos = 0;
        ln->phase = TJ_MSG;
    }
    if (ln->phase == TJ_MSG && ln->pos >= ln->len) {
        if (j->mode == TJ_OPEN) ln->m = NULL;
        else ln->phase = TJ_TAG0;
    }
}

/* Takes lane l's output of this tick and moves it on. */
static inline void tj_lane_done(tj_job *j, tj_tick *t, unsigned l, tj_lane *ln)
{
    kc_aead_msg *m = ln->m;
    uint32_t s2 = t->s[2][l];
    uint8_t *tag = j->mode == TJ_ENCRYPT ? m->out + ln->len : j->tags[ln->i];
    switch (ln->phase) {
    case TJ_MSG: {
        size_t r = ln->len - ln->pos < 4 ? ln->len - ln->pos : 4;
        if (j->mode != TJ_TAGS) tj_store_part(m->out + ln->pos, t->in[l] ^ s2, r);
        tj_lane_advance(j, t, l, ln, 4);
        break;
    }
    case TJ_TAG0:
        kc_store32_le(tag, s2);
        ln->phase = TJ_TAG1;
        break;
    case TJ_TAG1:
        kc_store32_le(tag + 4, s2);
        if (j->mode == TJ_ENCRYPT) { m->out_len = ln->len + TJ_TAG_BYTES; m->status = KC_OK; }
        ln->m = NULL;
        break;
    default:   /* nonce, AD */
        tj_lane_advance(j, t, l, ln, 4);
        break;
    }
}

/* Whole words every busy lane has left in its nonce, AD or message (0 if
 * some lane has none); fills st. */
static inline size_t tj_stream_plan(const tj_job *j, const tj_lane *lane, tj_stream *st)
{
    size_t words = (size_t)-1;
    st->busy = st->big = st->write = 0;
    for (unsigned l = 0; l < j->simd->lanes; l++) {
        const tj_lane *ln = &lane[l];
        const kc_aead_msg *m = ln->m;
        if (!m) continue;
        const uint8_t *src;
        size_t end;
        switch (ln->phase) {
        case TJ_NONCE: src = m->nonce; end = TJ_NONCE_BYTES; st->frame[l] = TJ_FRAME_NONCE; break;
        case TJ_AD:    src = m->ad;    end = m->ad_len;      st->frame[l] = TJ_FRAME_AD; break;
        case TJ_MSG:   src = m->in;    end = ln->len;        st->frame[l] = TJ_FRAME_MSG; break;
        default: return 0;
        }
        size_t left = (end - ln->pos) / 4;
        if (left == 0) return 0;
        words = left < words ? left : words;
        int msg = ln->phase == TJ_MSG;
        st->busy |= 1u << l;
        st->big |= (uint32_t)msg << l;
        st->write |= (uint32_t)(msg && j->mode != TJ_TAGS) << l;
        st->dmask[l] = msg && j->mode != TJ_ENCRYPT ? 0xFFFFFFFFu : 0;
        st->src[l] = (uintptr_t)(src + ln->pos);
        st->dst[l] = msg ? (uintptr_t)(m->out + ln->pos) : 0;
    }
    return st->busy ? words : 0;
}

static inline void tj_run(tj_job *j)
{
    tj_tick t;
    tj_stream st;
    tj_lane lane[TJ_LANES];
    unsigned lanes = j->simd->lanes;
    memset(&t, 0, sizeof t);
    memset(&st, 0, sizeof st);
    memset(lane, 0, sizeof lane);
    size_t work[TJ_CHUNK];   /* permutation groups, roughly: P_a is 5, P_b 8 to 10 */
    for (size_t i = 0; i < j->count; i++) {
        const kc_aead_msg *m = &j->msgs[i];
        work[i] = 5 * ((m->ad_len + 3) / 4) + 8 * ((m->in_len + 3) / 4);
        size_t k = i;
        for (; k > 0 && work[j->order[k - 1]] < work[i]; k--) j->order[k] = j->order[k - 1];
        j->order[k] = (unsigned char)i;
    }
    j->next = 0;
    for (;;) {
        int busy = 0;
        for (unsigned l = 0; l < lanes; l++) {
            if (!lane[l].m) tj_lane_take(j, &t, l, &lane[l]);
            busy |= lane[l].m != NULL;
        }
        if (!busy) break;
        size_t words = tj_stream_plan(j, lane, &st);
        if (words) {
            j->simd->stream(j->k, &t, &st, words);
            for (unsigned l = 0; l < lanes; l++)
                if (lane[l].m) tj_lane_advance(j, &t, l, &lane[l], 4 * words);
            continue;
        }
        t.big = 0;
        for (unsigned l = 0; l < lanes; l++)
            if (lane[l].m) tj_lane_plan(j, &t, l, &lane[l]);
        j->simd->tick(j->k, &t);
        for (unsigned l = 0; l < lanes; l++)
            if (lane[l].m) tj_lane_done(j, &t, l, &lane[l]);
    }
    kc_wipe(&t, sizeof t);
}

static inline void tj_job_init(tj_job *j, const tj_key *k, const tj_simd *simd)
{
    memset(j, 0, sizeof *j);
    j->k = k;
    j->simd = simd;
    tj_permute(j->init, k, k->big_steps);   /* from the zero state */
}

static inline void tj_encrypt_lanes(const tj_key *k, const tj_simd *simd, kc_aead_msg *msgs, size_t count)
{
    tj_job j;
    tj_job_init(&j, k, simd);
    j.mode = TJ_ENCRYPT;
    for (size_t first = 0; first < count; first += TJ_CHUNK) {
        j.msgs = msgs + first;
        j.count = count - first < TJ_CHUNK ? count - first : TJ_CHUNK;
        tj_run(&j);
    }
    kc_wipe(&j, sizeof j);
}

static inline void tj_decrypt_lanes(const tj_key *k, const tj_simd *simd, kc_aead_msg *msgs, size_t count)
{
    uint8_t tags[TJ_CHUNK][TJ_TAG_BYTES];
    uint32_t saved[TJ_CHUNK][4];
    tj_job j;
    tj_job_init(&j, k, simd);
    j.tags = tags;
    j.saved = saved;
    for (size_t first = 0; first < count; first += TJ_CHUNK) {
        j.msgs = msgs + first;
        j.count = count - first < TJ_CHUNK ? count - first : TJ_CHUNK;
        j.mode = TJ_TAGS;
        tj_run(&j);
        for (size_t i = 0; i < j.count; i++) {
            kc_aead_msg *m = &j.msgs[i];
            size_t len = m->in_len - TJ_TAG_BYTES;
            int bad = kc_ct_compare(tags[i], m->in + len, TJ_TAG_BYTES);   /* 0 or -1 */
            kc_ct_declassify(&bad, sizeof bad);                              /* the verdict is public */
            m->status = bad ? KC_ERR_AUTH : KC_OK;
            m->out_len = bad ? 0 : len;
        }
        j.mode = TJ_OPEN;
        tj_run(&j);
    }
    kc_wipe(&j, sizeof j);
    kc_wipe(tags, sizeof tags);
    kc_wipe(saved, sizeof saved);
}

#endif
