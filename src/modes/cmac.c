/* SPDX-License-Identifier: MIT */
/* CMAC ([SP800-38B]) over a block cipher with 64-bit (PIPO; R_64 = 0x1B) or
 * 128-bit blocks (R_128 = 0x87), the two sizes the standard defines.
 * Rijndael's 192- and 256-bit blocks are refused (KC_ERR_UNKNOWN_CIPHER):
 * the standard gives them no subkey polynomial, and no other library
 * would check a choice of ours.  The CBC-MAC runs through the backend's
 * CBC encryption (fused kernels keep the chain in registers), so a MAC
 * costs what one-message CBC encryption costs; the batch runs independent
 * messages side by side through multi-buffer CBC. */
#include <string.h>
#include "modes/mode_mac.h"
#include "modes/multibuffer.h"
#include "modes/modes.h"

typedef struct cmac_key {
    uint8_t k1[16], k2[16];
} cmac_key;

typedef struct cmac_stream {
    const kc_cipher *c;
    const cmac_key *key;
    uint8_t x[16], buf[16];   /* chaining value; the last (possibly whole) block, held back */
    size_t held;
} cmac_stream;

/* x <- CBC-MAC of nblocks whole blocks, one message: the backend's CBC
 * encryption (fused kernels keep the chain in registers) into a scratch
 * buffer nobody reads. */
static void cbc_mac(const kc_cipher *c, uint8_t *x, const uint8_t *in, size_t nblocks)
{
    uint8_t scratch[KC_MODE_BATCH];
    size_t bs = c->block, per = KC_MODE_BATCH / bs, used = 0;
    for (size_t done = 0; done < nblocks;) {
        size_t k = nblocks - done < per ? nblocks - done : per;
        kc_cbc_encrypt_run(c, x, scratch, in + done * bs, k);
        done += k;
        used = used > k * bs ? used : k * bs;
    }
    kc_wipe(scratch, used);
}


/* Chains side by side; a lone chain takes the one-message path. */
static void cbc_lanes(const kc_cipher *c, size_t n, uint8_t *const out[], const uint8_t *const in[],
                      uint8_t *const iv[], size_t nblocks)
{
    if (n == 1 && !out[0]) cbc_mac(c, iv[0], in[0], nblocks);
    else kc_cbc_encrypt_multi(c, n, out, in, iv, nblocks);
}

/* Doubling in GF(2^b): shift left, reduce by R_b without a branch on the key. */
static void dbl(uint8_t *out, const uint8_t *in, size_t bs)
{
    uint8_t carry = (uint8_t)(0u - (in[0] >> 7));
    for (size_t i = 0; i + 1 < bs; i++) out[i] = (uint8_t)(in[i] << 1 | in[i + 1] >> 7);
    out[bs - 1] = (uint8_t)(in[bs - 1] << 1) ^ (carry & (bs == 16 ? 0x87 : 0x1b));
}

static kc_status cmac_check_nonce(size_t nonce_len) { return nonce_len ? KC_ERR_NONCE_LENGTH : KC_OK; }

static kc_status cmac_init(void *state, const kc_cipher *c, const char *sub)
{
    cmac_key *k = state;
    uint8_t l[16] = { 0 };
    if (c->block != 8 && c->block != 16) return KC_ERR_UNKNOWN_CIPHER;
    if (sub) return KC_ERR_UNKNOWN_BACKEND;   /* CMAC has no sub-backend */
    c->impl->encrypt(c->ctx, l, l, 1);
    dbl(k->k1, l, c->block);
    dbl(k->k2, k->k1, c->block);
    kc_wipe(l, sizeof l);
    return KC_OK;
}

static const char *cmac_sub_name(const void *state) { (void)state; return NULL; }

static kc_status cmac_start(void *st, const void *state, const kc_cipher *c, const uint8_t *nonce, size_t nonce_len)
{
    cmac_stream *s = st;
    (void)nonce;
    (void)nonce_len;
    memset(s, 0, sizeof *s);
    s->c = c;
    s->key = state;
    return KC_OK;
}

static kc_status cmac_update(void *st, const uint8_t *in, size_t len)
{
    cmac_stream *s = st;
    size_t bs = s->c->block;
    if (s->held + len <= bs) {             /* the last block is only known at final() */
        if (len) memcpy(s->buf + s->held, in, len);
        s->held += len;
        return KC_OK;
    }
    if (s->held) {
        size_t take = bs - s->held;
        memcpy(s->buf + s->held, in, take);
        in += take;
        len -= take;
        for (size_t i = 0; i < bs; i++) s->x[i] ^= s->buf[i];
        s->c->impl->encrypt(s->c->ctx, s->x, s->x, 1);
    }
    size_t n = (len - 1) >> (bs == 16 ? 4 : 3);   /* len > 0 here: keep the last 1..bs bytes back */
    cbc_mac(s->c, s->x, in, n);
    in += n * bs;
    len -= n * bs;
    memcpy(s->buf, in, len);
    s->held = len;
    return KC_OK;
}

/* M_n* xor K1 (whole) or K2 (padded with 10*), ready to go into the chain. */
static void last_block(uint8_t *m, const uint8_t *buf, size_t held, const cmac_key *k, size_t bs)
{
    memset(m, 0, bs);
    if (held) memcpy(m, buf, held);
    if (held < bs) m[held] = 0x80;
    const uint8_t *sub = held == bs ? k->k1 : k->k2;
    for (size_t i = 0; i < bs; i++) m[i] ^= sub[i];
}

static void cmac_final(void *st, uint8_t *tag)
{
    cmac_stream *s = st;
    size_t bs = s->c->block;
    uint8_t m[16];
    last_block(m, s->buf, s->held, s->key, bs);
    for (size_t i = 0; i < bs; i++) s->x[i] ^= m[i];
    s->c->impl->encrypt(s->c->ctx, tag, s->x, 1);
    kc_wipe(m, sizeof m);
    kc_wipe(s, sizeof *s);
}

#define LANES 16   /* messages side by side: the widest backend's blocks per pass */

/* Up to LANES messages: the whole blocks before each last block through
 * multi-buffer CBC (in rounds of the shortest remaining run), then every
 * last block in one more pass. */
static void cmac_lanes(const cmac_key *k, const kc_cipher *c, kc_mac_msg *msgs, size_t count)
{
    size_t bs = c->block, rem[LANES], n;
    uint8_t x[LANES][16], last[LANES][16], tag[LANES][16];
    const uint8_t *pos[LANES];
    memset(x, 0, sizeof x);
    for (size_t i = 0; i < count; i++) {
        rem[i] = msgs[i].in_len ? (msgs[i].in_len - 1) / bs : 0;
        pos[i] = msgs[i].in;
    }
    for (;;) {
        uint8_t *out[LANES] = { NULL }, *iv[LANES] = { NULL };
        const uint8_t *in[LANES] = { NULL };
        size_t min = 0, lane[LANES];
        n = 0;
        for (size_t i = 0; i < count; i++)
            if (rem[i]) { lane[n++] = i; if (!min || rem[i] < min) min = rem[i]; }
        if (!n) break;
        for (size_t j = 0; j < n; j++) { out[j] = NULL; in[j] = pos[lane[j]]; iv[j] = x[lane[j]]; }
        cbc_lanes(c, n, out, in, iv, min);
        for (size_t j = 0; j < n; j++) { pos[lane[j]] += min * bs; rem[lane[j]] -= min; }
    }
    uint8_t *out[LANES] = { NULL }, *iv[LANES] = { NULL };
    const uint8_t *in[LANES] = { NULL };
    for (size_t i = 0; i < count; i++) {
        size_t tail = msgs[i].in_len - (size_t)(pos[i] - msgs[i].in);
        last_block(last[i], pos[i], tail, k, bs);
        out[i] = tag[i];
        in[i] = last[i];
        iv[i] = x[i];
    }
    cbc_lanes(c, count, out, in, iv, 1);
    for (size_t i = 0; i < count; i++) memcpy(msgs[i].tag, tag[i], msgs[i].tag_len);
    kc_wipe(x, sizeof x);
    kc_wipe(last, sizeof last);
    kc_wipe(tag, sizeof tag);
}

static void cmac_batch(const void *state, const kc_cipher *c, kc_mac_msg *msgs, size_t count)
{
    for (size_t i = 0; i < count; i += LANES) cmac_lanes(state, c, msgs + i, count - i < LANES ? count - i : LANES);
}

const kc_mode_mac kc_cmac_mac = {
    .suffix = "cmac",
    .block16_only = 0,
    .state_size = sizeof(cmac_key),
    .stream_size = sizeof(cmac_stream),
    .check_nonce = cmac_check_nonce,
    .init = cmac_init,
    .sub_name = cmac_sub_name,
    .start = cmac_start,
    .update = cmac_update,
    .final = cmac_final,
    .batch = cmac_batch,
};
