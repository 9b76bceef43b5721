/* SPDX-License-Identifier: MIT */
/* GCM and GMAC ([SP800-38D]) over any 16-byte-block cipher.  Data runs
 * through the block backend's stitched kernel (ghash/stitch.h: CTR and
 * GHASH in one pass) when it has one for the GHASH backend in use;
 * otherwise in chunks that stay in L1: the chunk through the block
 * backend's CTR kernel, then GHASH over it while it is hot.  One-shot
 * decryption hashes the whole ciphertext and checks the tag before it
 * writes any plaintext, so it cannot stitch; streaming decryption, which
 * decrypts as the data comes (released, or held in the stream's buffer
 * until the tag checks), does. */
#include <string.h>
#include "core/util.h"
#include "ghash/ghash.h"
#include "ghash/stitch.h"
#include "modes/mode_aead.h"
#include "modes/mode_mac.h"
#include "modes/modes.h"

#define CHUNK 4096                                   /* bytes per CTR-then-GHASH pass */
#define MAX_DATA ((UINT64_C(1) << 36) - 32)          /* 2^39 - 256 bits ([SP800-38D] 5.2.1.1) */
#define MAX_AAD ((UINT64_C(1) << 61) - 1)            /* 2^64 - 1 bits, in whole bytes */

typedef struct gcm_key {
    _Alignas(16) uint8_t hkey[KC_GHASH_KEY_MAX];     /* the GHASH backend's precomputed H */
    const kc_ghash_backend *gh;
} gcm_key;

typedef struct gcm_stream {
    const gcm_key *k;
    const kc_cipher *c;
    const kc_gcm_stitch *stitch;   /* the block backend's kernel for k->gh, if any; else NULL */
    uint8_t j0[16], ctr[16];    /* pre-counter block; the next counter block */
    uint8_t y[16];              /* GHASH accumulator */
    uint8_t buf[16];            /* partial GHASH block */
    uint8_t ks[16];             /* keystream of a partial data block */
    size_t buf_n, ks_left;
    uint64_t ad_len, ct_len;
    int in_data;
    int secret_ctr;             /* J0 came from GHASH (IV not 12 bytes): it reveals H */
} gcm_stream;

/* n > max, written so that 32-bit size_t gives no always-false warning. */
static int exceeds(uint64_t n, uint64_t max) { return n > max; }

static kc_status check_nonce(size_t nonce_len)
{
    return nonce_len >= 1 && !exceeds(nonce_len, MAX_AAD) ? KC_OK : KC_ERR_NONCE_LENGTH;
}

static kc_status check_tag(size_t tag_len)
{
    return tag_len >= 4 && tag_len <= 16 ? KC_OK : KC_ERR_TAG_LENGTH;
}

static kc_status gcm_init(void *state, const kc_cipher *c, const char *sub)
{
    gcm_key *k = state;
    kc_status st;
    k->gh = kc_ghash_find(sub, &st);
    if (!k->gh) return st;
    uint8_t h[16] = { 0 };
    c->impl->encrypt(c->ctx, h, h, 1);
    k->gh->init(k->hkey, h);
    kc_wipe(h, sizeof h);
    return KC_OK;
}

static const char *gcm_sub_name(const void *state)
{
    return ((const gcm_key *)state)->gh->head.name;
}

/* ---- GHASH over a byte stream, holding a partial block ---- */

static void absorb(gcm_stream *s, const uint8_t *in, size_t len)
{
    if (!len) return;           /* in may be NULL */
    if (s->buf_n) {
        size_t take = 16 - s->buf_n < len ? 16 - s->buf_n : len;
        memcpy(s->buf + s->buf_n, in, take);
        s->buf_n += take; in += take; len -= take;
        if (s->buf_n < 16) return;
        s->k->gh->update(s->k->hkey, s->y, s->buf, 1);
        s->buf_n = 0;
    }
    if (len >= 16) s->k->gh->update(s->k->hkey, s->y, in, len / 16);
    memcpy(s->buf, in + len / 16 * 16, len % 16);
    s->buf_n = len % 16;
}

/* Zero-pads a partial block into the hash. */
static void absorb_pad(gcm_stream *s)
{
    if (!s->buf_n) return;
    memset(s->buf + s->buf_n, 0, 16 - s->buf_n);
    s->k->gh->update(s->k->hkey, s->y, s->buf, 1);
    s->buf_n = 0;
}

/* ---- counters: inc32 ([SP800-38D] 6.2), only the low 32 bits wrap ---- */

static void inc32(uint8_t *ctr)
{
    kc_store32_be(ctr + 12, kc_load32_be(ctr + 12) + 1);
}

#define ECB_BATCH 64   /* counter blocks per encrypt call on the secret-counter path */

/* CTR over nblocks whole blocks.  A public counter (J0 = IV || 1) goes
 * through the mode layer's kernel, which counts the whole block: its low
 * word starts at 2 and the data limit is 2^32 - 2 blocks, so it never wraps
 * and inc32 is what the kernel does.  A secret one (GHASH-derived J0, any
 * low word) must steer no branch, so its blocks are built here (inc32:
 * only the low word wraps) and encrypted as ECB. */
static void ctr32(const kc_cipher *c, int secret, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (!secret) {
        kc_ctr_run(c, ctr, out, in, nblocks);
        return;
    }
    uint8_t ks[ECB_BATCH * 16];
    uint32_t w = kc_load32_be(ctr + 12);
    while (nblocks) {
        size_t n = nblocks < ECB_BATCH ? nblocks : ECB_BATCH;
        for (size_t i = 0; i < n; i++) {
            memcpy(ks + 16 * i, ctr, 12);
            kc_store32_be(ks + 16 * i + 12, w + (uint32_t)i);
        }
        c->impl->encrypt(c->ctx, ks, ks, n);
        for (size_t i = 0; i < 16 * n; i++) out[i] = (uint8_t)(in[i] ^ ks[i]);
        w += (uint32_t)n;
        out += 16 * n; in += 16 * n; nblocks -= n;
    }
    kc_store32_be(ctr + 12, w);
    kc_wipe(ks, sizeof ks);
}

/* ---- the message ---- */

static void start(gcm_stream *s, const gcm_key *k, const kc_cipher *c, const uint8_t *iv, size_t iv_len)
{
    memset(s, 0, sizeof *s);
    s->k = k;
    s->c = c;
    s->stitch = kc_gcm_stitch_for(c->impl->gcm_stitch, k->gh);
    if (iv_len == 12) {
        memcpy(s->j0, iv, 12);
        s->j0[15] = 1;
    } else {                    /* J0 = GHASH(IV || 0^(s+64) || [len(IV)]_64) */
        absorb(s, iv, iv_len);
        absorb_pad(s);
        uint8_t lens[16] = { 0 };
        kc_store64_be(lens + 8, (uint64_t)iv_len * 8);
        k->gh->update(k->hkey, s->y, lens, 1);
        memcpy(s->j0, s->y, 16);
        memset(s->y, 0, 16);
        s->secret_ctr = 1;
    }
    memcpy(s->ctr, s->j0, 16);
    inc32(s->ctr);
}

static kc_status stream_start(void *st, const void *state, const kc_cipher *c, const uint8_t *nonce,
                              size_t nonce_len)
{
    if (check_nonce(nonce_len) != KC_OK) return KC_ERR_NONCE_LENGTH;
    start(st, state, c, nonce, nonce_len);
    return KC_OK;
}

static void stream_ad(void *st, const uint8_t *ad, size_t ad_len)
{
    gcm_stream *s = st;
    s->ad_len += ad_len;
    absorb(s, ad, ad_len);
}

/* Bytes through the partial keystream block; the hash sees the ciphertext. */
static size_t partial(gcm_stream *s, int encrypt, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t n = s->ks_left < len ? s->ks_left : len;
    uint8_t ct[16];
    const uint8_t *ks = s->ks + 16 - s->ks_left;
    for (size_t i = 0; i < n; i++) {
        uint8_t x = in[i];
        ct[i] = encrypt ? (uint8_t)(x ^ ks[i]) : x;
        out[i] = (uint8_t)(x ^ ks[i]);
    }
    absorb(s, ct, n);
    s->ks_left -= n;
    return n;
}

/* Hash-and-crypt over len bytes (the ciphertext is hashed in either direction). */
static void data(gcm_stream *s, int encrypt, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!s->in_data) { absorb_pad(s); s->in_data = 1; }
    if (!len) return;           /* in and out may be NULL */
    s->ct_len += len;
    size_t done = partial(s, encrypt, out, in, len);
    out += done; in += done; len -= done;
    if (s->stitch && len >= 16) {   /* its whole batches; the rest below */
        done = 16 * s->stitch->run(s->c->ctx, s->k->hkey, s->ctr, s->y, encrypt, out, in, len / 16);
        out += done; in += done; len -= done;
    }
    while (len >= 16) {         /* buf_n is 0 here: data blocks are aligned */
        size_t n = len < CHUNK ? len / 16 * 16 : CHUNK;
        if (!encrypt) s->k->gh->update(s->k->hkey, s->y, in, n / 16);
        ctr32(s->c, s->secret_ctr, s->ctr, out, in, n / 16);
        if (encrypt) s->k->gh->update(s->k->hkey, s->y, out, n / 16);
        out += n; in += n; len -= n;
    }
    if (len) {
        s->c->impl->encrypt(s->c->ctx, s->ks, s->ctr, 1);
        inc32(s->ctr);
        s->ks_left = 16;
        partial(s, encrypt, out, in, len);
    }
}

static kc_status stream_data(void *st, int encrypt, uint8_t *out, const uint8_t *in, size_t len)
{
    gcm_stream *s = st;
    if ((uint64_t)len > MAX_DATA - s->ct_len) return KC_ERR_INPUT_TOO_LONG;
    data(s, encrypt, out, in, len);
    return KC_OK;
}

/* T = E(J0) xor GHASH(A || C || [len(A)]_64 || [len(C)]_64). */
static void stream_tag(void *st, uint8_t tag[16])
{
    gcm_stream *s = st;
    absorb_pad(s);
    uint8_t lens[16];
    kc_store64_be(lens, s->ad_len * 8);
    kc_store64_be(lens + 8, s->ct_len * 8);
    s->k->gh->update(s->k->hkey, s->y, lens, 1);
    s->c->impl->encrypt(s->c->ctx, tag, s->j0, 1);
    for (int i = 0; i < 16; i++) tag[i] ^= s->y[i];
}

static int too_long(size_t ad_len, size_t len)
{
    return exceeds(ad_len, MAX_AAD) || exceeds(len, MAX_DATA);
}

static kc_status gcm_encrypt(const void *state, const kc_cipher *c, size_t tag_len, uint8_t *out,
                             const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                             const uint8_t *pt, size_t pt_len)
{
    if (too_long(ad_len, pt_len)) return KC_ERR_INPUT_TOO_LONG;
    gcm_stream s;
    uint8_t tag[16];
    start(&s, state, c, nonce, nonce_len);
    stream_ad(&s, ad, ad_len);
    data(&s, 1, out, pt, pt_len);
    stream_tag(&s, tag);
    memcpy(out + pt_len, tag, tag_len);
    kc_wipe(tag, sizeof tag);
    kc_wipe(&s, sizeof s);
    return KC_OK;
}

static kc_status gcm_decrypt(const void *state, const kc_cipher *c, size_t tag_len, uint8_t *out,
                             const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                             const uint8_t *ct, size_t ct_len, const uint8_t *tag)
{
    if (too_long(ad_len, ct_len)) return KC_ERR_INPUT_TOO_LONG;
    gcm_stream s;
    uint8_t want[16], ctr[16];
    start(&s, state, c, nonce, nonce_len);
    stream_ad(&s, ad, ad_len);
    memcpy(ctr, s.ctr, 16);
    absorb_pad(&s);             /* hash first, over the whole ciphertext */
    absorb(&s, ct, ct_len);
    s.ct_len = ct_len;
    stream_tag(&s, want);
    int bad = kc_ct_compare(want, tag, tag_len);
    kc_wipe(want, sizeof want);
    kc_ct_declassify(&bad, sizeof bad);
    if (!bad && ct_len) {       /* then decrypt */
        size_t whole = ct_len / 16;
        ctr32(c, s.secret_ctr, ctr, out, ct, whole);
        if (ct_len % 16) {
            uint8_t ks[16];
            c->impl->encrypt(c->ctx, ks, ctr, 1);
            for (size_t i = 0; i < ct_len % 16; i++) out[whole * 16 + i] = (uint8_t)(ct[whole * 16 + i] ^ ks[i]);
            kc_wipe(ks, sizeof ks);
        }
    }
    kc_wipe(ctr, sizeof ctr);
    kc_wipe(&s, sizeof s);
    return bad ? KC_ERR_AUTH : KC_OK;
}

const kc_mode_aead kc_gcm_aead = {
    .suffix = "gcm",
    .state_size = (sizeof(gcm_key) + 15) & ~(size_t)15,
    .nonce_default = 12,
    .tag_default = 16,
    .check_nonce = check_nonce,
    .check_tag = check_tag,
    .init = gcm_init,
    .sub_name = gcm_sub_name,
    .encrypt = gcm_encrypt,
    .decrypt = gcm_decrypt,
    .stream_size = sizeof(gcm_stream),
    .stream_start = stream_start,
    .stream_ad = stream_ad,
    .stream_data = stream_data,
    .stream_tag = stream_tag,
    .stream_max = MAX_DATA,
};

/* ---- GMAC: GCM with the message as AD and no data ---- */

static kc_status gmac_update(void *st, const uint8_t *in, size_t len)
{
    gcm_stream *s = st;
    if ((uint64_t)len > MAX_AAD - s->ad_len) return KC_ERR_INPUT_TOO_LONG;
    stream_ad(s, in, len);
    return KC_OK;
}

const kc_mode_mac kc_gmac_mac = {
    .suffix = "gmac",
    .block16_only = 1,
    .state_size = (sizeof(gcm_key) + 15) & ~(size_t)15,
    .stream_size = sizeof(gcm_stream),
    .check_nonce = check_nonce,
    .init = gcm_init,
    .sub_name = gcm_sub_name,
    .start = stream_start,
    .update = gmac_update,
    .final = stream_tag,
};
