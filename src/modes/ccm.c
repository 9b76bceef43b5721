/* SPDX-License-Identifier: MIT */
/* CCM ([SP800-38C]) over a 16-byte-block cipher: CBC-MAC over the
 * formatted B_0, the encoded AD and the payload, then CTR with counter
 * blocks A_i (flags, nonce, i in q = 15 - nonce length bytes).  The payload
 * stays below 2^(8q) bytes, so the counter never carries into the nonce and
 * the backend's whole-block CTR (fused kernels too) is exactly CCM's.
 * Decryption releases nothing before the tag checks: a first pass decrypts
 * into a bounded scratch buffer only to feed the MAC, and only a verified
 * tag starts the second pass that writes the plaintext. */
#include <string.h>
#include "core/ctr_blocks.h"
#include "core/util.h"
#include "modes/mode_aead.h"
#include "modes/modes.h"

typedef struct ccm_key {
    uint8_t unused[16];   /* CCM keeps nothing per key beyond the cipher */
} ccm_key;

/* CBC-MAC over a byte stream that is zero-padded to blocks at mac_pad(). */
typedef struct cbcmac {
    const kc_cipher *c;
    uint8_t x[16], buf[16];
    size_t held;
} cbcmac;

static void mac_blocks(cbcmac *m, const uint8_t *in, size_t nblocks)
{
    uint8_t scratch[KC_MODE_BATCH];   /* the CBC ciphertext nobody needs */
    size_t used = 0;
    while (nblocks) {
        size_t k = nblocks < KC_MODE_BATCH / 16 ? nblocks : KC_MODE_BATCH / 16;
        kc_cbc_encrypt_run(m->c, m->x, scratch, in, k);
        in += 16 * k;
        nblocks -= k;
        used = used > 16 * k ? used : 16 * k;
    }
    kc_wipe(scratch, used);
}

static void mac_update(cbcmac *m, const uint8_t *in, size_t len)
{
    if (m->held) {
        size_t take = 16 - m->held < len ? 16 - m->held : len;
        memcpy(m->buf + m->held, in, take);
        m->held += take;
        in += take;
        len -= take;
        if (m->held < 16) return;
        mac_blocks(m, m->buf, 1);
        m->held = 0;
    }
    mac_blocks(m, in, len / 16);
    in += len - len % 16;
    len %= 16;
    if (len) memcpy(m->buf, in, len);
    m->held = len;
}

static void mac_pad(cbcmac *m)
{
    if (!m->held) return;
    memset(m->buf + m->held, 0, 16 - m->held);
    mac_blocks(m, m->buf, 1);
    m->held = 0;
}

static kc_status ccm_check_nonce(size_t n) { return n >= 7 && n <= 13 ? KC_OK : KC_ERR_NONCE_LENGTH; }
static kc_status ccm_check_tag(size_t t) { return t >= 4 && t <= 16 && t % 2 == 0 ? KC_OK : KC_ERR_TAG_LENGTH; }

static kc_status ccm_init(void *state, const kc_cipher *c, const char *sub)
{
    (void)state;
    if (c->block != 16) return KC_ERR_UNKNOWN_CIPHER;
    return sub ? KC_ERR_UNKNOWN_BACKEND : KC_OK;   /* CCM has no sub-backend */
}

static const char *ccm_sub_name(const void *state) { (void)state; return NULL; }

/* [SP800-38C] A.1: the payload is shorter than 2^(8q) bytes. */
static int too_long(size_t nonce_len, size_t len)
{
    unsigned q = 15 - (unsigned)nonce_len;
    return q < 8 && ((uint64_t)len >> (8 * q)) != 0;
}

/* T (full 16 bytes, truncated by the caller) over B_0, the AD and the payload,
 * and the counter block A_1 (ctr) for the payload. */
static void mac_start(cbcmac *m, const kc_cipher *c, size_t tag_len, const uint8_t *nonce, size_t nonce_len,
                      const uint8_t *ad, size_t ad_len, size_t payload_len, uint8_t a0[16])
{
    size_t q = 15 - nonce_len;
    uint8_t b0[16], enc[10];
    memset(m, 0, sizeof *m);
    m->c = c;
    b0[0] = (uint8_t)((ad_len ? 0x40 : 0) | ((tag_len - 2) / 2) << 3 | (q - 1));
    memcpy(b0 + 1, nonce, nonce_len);
    uint64_t v = payload_len;
    for (size_t i = 15; i > nonce_len; i--, v >>= 8) b0[i] = (uint8_t)v;
    mac_update(m, b0, 16);
    if (ad_len) {                          /* [SP800-38C] A.2.2: the AD length, then the AD */
        uint64_t a = ad_len;
        size_t n;
        if (a < 0xff00) { enc[0] = (uint8_t)(a >> 8); enc[1] = (uint8_t)a; n = 2; }
        else if (a >> 32 == 0) { enc[0] = 0xff; enc[1] = 0xfe; kc_store32_be(enc + 2, (uint32_t)a); n = 6; }
        else { enc[0] = 0xff; enc[1] = 0xff; kc_store64_be(enc + 2, a); n = 10; }
        mac_update(m, enc, n);
        mac_update(m, ad, ad_len);
        mac_pad(m);
    }
    memset(a0, 0, 16);
    a0[0] = (uint8_t)(q - 1);
    memcpy(a0 + 1, nonce, nonce_len);
}

/* len bytes of CTR from ctr (advanced; partial final block allowed). */
static void ctr_bytes(const kc_cipher *c, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t whole = len - len % 16;
    kc_ctr_run(c, ctr, out, in, whole / 16);
    if (whole < len) {
        uint8_t ks[16];
        kc_ctr_keystream(c, ctr, ks);
        for (size_t i = whole; i < len; i++) out[i] = in[i] ^ ks[i - whole];
        kc_wipe(ks, sizeof ks);
    }
}

/* tag = T xor E(A_0); ctr becomes A_1. */
static void tag_and_counter(cbcmac *m, uint8_t *ctr, uint8_t *tag)
{
    mac_pad(m);
    kc_ctr_keystream(m->c, ctr, tag);
    for (size_t i = 0; i < 16; i++) tag[i] ^= m->x[i];
}

static kc_status ccm_encrypt(const void *state, const kc_cipher *c, size_t tag_len, uint8_t *out,
                             const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                             const uint8_t *pt, size_t pt_len)
{
    (void)state;
    if (too_long(nonce_len, pt_len)) return KC_ERR_INPUT_TOO_LONG;
    cbcmac m;
    uint8_t ctr[16], tag[16];
    mac_start(&m, c, tag_len, nonce, nonce_len, ad, ad_len, pt_len, ctr);
    mac_update(&m, pt, pt_len);            /* before out (which may be pt) is written */
    tag_and_counter(&m, ctr, tag);
    ctr_bytes(c, ctr, out, pt, pt_len);
    memcpy(out + pt_len, tag, tag_len);
    kc_wipe(&m, sizeof m);
    kc_wipe(tag, sizeof tag);
    return KC_OK;
}

static kc_status ccm_decrypt(const void *state, const kc_cipher *c, size_t tag_len, uint8_t *out,
                             const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                             const uint8_t *ct, size_t ct_len, const uint8_t *tag)
{
    (void)state;
    if (too_long(nonce_len, ct_len)) return KC_ERR_INPUT_TOO_LONG;
    cbcmac m;
    uint8_t a0[16], ctr[16], want[16], tmp[KC_MODE_BATCH];
    mac_start(&m, c, tag_len, nonce, nonce_len, ad, ad_len, ct_len, a0);
    memcpy(ctr, a0, 16);
    kc_ctr_increment(ctr, 16);             /* A_1 */
    for (size_t off = 0; off < ct_len; off += sizeof tmp) {   /* pass 1: plaintext for the MAC only */
        size_t n = ct_len - off < sizeof tmp ? ct_len - off : sizeof tmp;
        ctr_bytes(c, ctr, tmp, ct + off, n);
        mac_update(&m, tmp, n);
    }
    kc_wipe(tmp, ct_len < sizeof tmp ? ct_len : sizeof tmp);
    tag_and_counter(&m, a0, want);         /* a0 becomes A_1 again */
    int bad = kc_ct_compare(want, tag, tag_len);
    kc_ct_declassify(&bad, sizeof bad);
    kc_wipe(&m, sizeof m);
    kc_wipe(want, sizeof want);
    if (bad) return KC_ERR_AUTH;
    ctr_bytes(c, a0, out, ct, ct_len);     /* pass 2: the verified plaintext */
    return KC_OK;
}

const kc_mode_aead kc_ccm_aead = {
    .suffix = "ccm",
    .state_size = sizeof(ccm_key),
    .nonce_default = 12,
    .tag_default = 16,
    .check_nonce = ccm_check_nonce,
    .check_tag = ccm_check_tag,
    .init = ccm_init,
    .sub_name = ccm_sub_name,
    .encrypt = ccm_encrypt,
    .decrypt = ccm_decrypt,
    .encrypt_batch = NULL,
    .decrypt_batch = NULL,
    .stream_size = 0,
    .stream_start = NULL,
    .stream_ad = NULL,
    .stream_data = NULL,
    .stream_tag = NULL,
};
