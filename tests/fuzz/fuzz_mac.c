/* SPDX-License-Identifier: MIT */
/* kc_mac_*: CMAC over every block cipher (64- and 128-bit blocks; wider
 * ones are refused) and GMAC over those with 16-byte blocks, every backend
 * (GMAC's also as "cipher/ghash").  The one-shot tag equals the definition
 * built here ([SP800-38B] 6.2 on kc_cipher_encrypt_blocks; GMAC: GCM with
 * the message as AD), the stream fed in random chunks and the batch; verify
 * accepts it and refuses a flipped bit of tag, message or nonce; a tag
 * length outside 4..block or a wrong nonce length is refused with the tag
 * untouched.
 * Input: cipher, mac, backend, ghash backend, backend form, tag size, nonce
 * size, key, nonce, batch count, flip (2), 8 chunk sizes, then the message. */
#include "fuzz_common.h"
#include "fuzz_ghash.h"

#define MAX_MSGS 20    /* more than the widest multi-buffer batch (16 lanes) */
#define MAX_NONCE 24

/* Multiplication by x in GF(2^64) or GF(2^128) ([SP800-38B] 5.3: R64, R128). */
static void dbl(uint8_t *out, const uint8_t *in, size_t bs)
{
    uint8_t carry = in[0] >> 7;
    for (size_t i = 0; i + 1 < bs; i++) out[i] = (uint8_t)(in[i] << 1 | in[i + 1] >> 7);
    out[bs - 1] = (uint8_t)(in[bs - 1] << 1 ^ (carry ? (bs == 16 ? 0x87 : 0x1b) : 0));
}

/* [SP800-38B] 6.2, one block call at a time. */
static void cmac_ref(const kc_cipher *c, uint8_t *tag, const uint8_t *msg, size_t len)
{
    size_t bs = kc_cipher_block_size(c), n = len ? (len + bs - 1) / bs : 1;
    uint8_t k1[16] = { 0 }, k2[16], x[16] = { 0 }, last[16] = { 0 };
    FZ_STATUS(kc_cipher_encrypt_blocks(c, k2, k1, bs), KC_OK);   /* L = E(0) */
    dbl(k1, k2, bs);
    dbl(k2, k1, bs);
    for (size_t i = 0; i + 1 < n; i++) {
        for (size_t j = 0; j < bs; j++) x[j] ^= msg[i * bs + j];
        FZ_STATUS(kc_cipher_encrypt_blocks(c, x, x, bs), KC_OK);
    }
    size_t tail = len - (n - 1) * bs;
    memcpy(last, msg + (n - 1) * bs, tail);
    if (tail < bs) last[tail] = 0x80;
    for (size_t j = 0; j < bs; j++) x[j] ^= last[j] ^ (tail == bs ? k1[j] : k2[j]);
    FZ_STATUS(kc_cipher_encrypt_blocks(c, x, x, bs), KC_OK);
    memcpy(tag, x, bs);
}

/* The full tag by definition: CMAC over the block call, GMAC as GCM. */
static void reference(const char *cipher, int gmac, const char *backend, const uint8_t *key, size_t key_len,
                      uint8_t *tag, size_t bs, const uint8_t *nonce, size_t nl, const uint8_t *msg, size_t len)
{
    if (gmac) {
        char name[48];
        kc_aead *a;
        size_t n;
        snprintf(name, sizeof name, "%s-gcm", cipher);
        FZ_STATUS(kc_aead_new(&a, name, backend, key, key_len), KC_OK);
        FZ_STATUS(kc_aead_encrypt(a, tag, 16, &n, nonce, nl, msg, len, NULL, 0), KC_OK);
        FZ_CHECK(n == 16);
        kc_aead_free(a);
    } else {
        kc_cipher *c;
        const char *slash = strchr(backend, '/');
        char blk[48];
        snprintf(blk, sizeof blk, "%.*s", slash ? (int)(slash - backend) : (int)strlen(backend), backend);
        FZ_STATUS(kc_cipher_new(&c, cipher, blk, key, key_len), KC_OK);
        cmac_ref(c, tag, msg, len);
        FZ_CHECK(bs == kc_cipher_block_size(c));
        kc_cipher_free(c);
    }
}

static void flip_bit(uint8_t *p, size_t n, unsigned bit) { p[bit / 8 % n] ^= (uint8_t)(1u << bit % 8); }

/* The stream in random chunks; verify on a second stream (flipped or not). */
static void stream(const kc_mac *m, const uint8_t *nonce, size_t nl, const uint8_t *msg, size_t len,
                   const uint8_t *want, size_t t, const uint8_t chunks[8], unsigned flip)
{
    for (int verify = 0; verify <= 1; verify++) {
        kc_mac_stream *s;
        FZ_STATUS(kc_mac_stream_new(&s, m, nonce, nl), KC_OK);
        for (size_t done = 0, piece, k = flip; done < len; done += piece, k++) {
            piece = chunks[k % 8];
            if (piece > 200) piece = (piece - 200) * 37;
            if (!piece && k % 8 == 7) piece = 1;
            if (piece > len - done) piece = len - done;
            uint8_t *part = fz_dup(msg + done, piece);
            FZ_STATUS(kc_mac_stream_update(s, part, piece), KC_OK);
            free(part);
        }
        uint8_t *tag = fz_out(t);
        FZ_STATUS(kc_mac_stream_final(s, tag, 3), KC_ERR_TAG_LENGTH);   /* refused, the stream goes on */
        if (!verify) {
            FZ_STATUS(kc_mac_stream_final(s, tag, t), KC_OK);
            FZ_CHECK(memcmp(tag, want, t) == 0);
        } else {
            memcpy(tag, want, t);
            if (flip & 1) flip_bit(tag, t, flip >> 1);
            FZ_STATUS(kc_mac_stream_verify(s, tag, t), flip & 1 ? KC_ERR_AUTH : KC_OK);
        }
        FZ_STATUS(kc_mac_stream_update(s, msg, 0), KC_ERR_STATE);      /* closed */
        FZ_STATUS(kc_mac_stream_final(s, tag, t), KC_ERR_STATE);
        kc_mac_stream_free(s);
        free(tag);
    }
}

/* count messages cut from msg, tags of varied lengths (one refused when
 * bad), against the single call. */
static void batch(const kc_mac *m, const uint8_t *nonce, size_t nl, const uint8_t *msg, size_t len,
                  size_t t, unsigned count, int bad)
{
    size_t bs = kc_mac_tag_size(m), off = 0;
    kc_mac_msg g[MAX_MSGS];
    uint8_t nonces[MAX_MSGS][MAX_NONCE];
    for (unsigned i = 0; i < count; i++) {
        size_t piece = i + 1 == count ? len - off : (len - off) / 2 * (i % 3) / 2;
        size_t tl = bad && i == count / 2 ? bs + 1 : i % 2 ? t : bs;
        if (nl) {
            memcpy(nonces[i], nonce, nl);
            nonces[i][0] ^= (uint8_t)i;
        }
        g[i] = (kc_mac_msg){ nl ? nonces[i] : NULL, nl, msg + off, piece, fz_out(tl), tl, KC_ERR_STATE };
        off += piece;
    }
    FZ_STATUS(kc_mac_compute_batch(m, g, count), bad ? KC_ERR_TAG_LENGTH : KC_OK);
    for (unsigned i = 0; i < count; i++) {
        if (bad && i == count / 2) {
            FZ_STATUS(g[i].status, KC_ERR_TAG_LENGTH);
            FZ_CHECK(fz_untouched(g[i].tag, g[i].tag_len));
        } else {
            uint8_t one[32];
            FZ_STATUS(g[i].status, KC_OK);
            FZ_STATUS(kc_mac_compute(m, one, g[i].tag_len, g[i].nonce, nl, g[i].in, g[i].in_len), KC_OK);
            FZ_CHECK(memcmp(one, g[i].tag, g[i].tag_len) == 0);
        }
        free(g[i].tag);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    const kc_cipher_info *ci = fz_cipher(&in, KC_KIND_BLOCK);
    int gmac = fz_byte(&in) & 1;
    const char *blk = fz_backend(&in, ci->name), *ghash = fz_ghash(fz_byte(&in));
    unsigned form = fz_byte(&in) % 4;
    size_t bs = ci->block_bytes, t = fz_byte(&in) % (bs + 5), nl = fz_byte(&in) % MAX_NONCE, len;
    uint8_t key[32], nonce_buf[MAX_NONCE], chunks[8];
    fz_take(&in, key, ci->key_bytes);
    fz_take(&in, nonce_buf, sizeof nonce_buf);
    unsigned count = 1 + fz_byte(&in) % MAX_MSGS, flip = fz_u16(&in);
    fz_take(&in, chunks, sizeof chunks);
    const uint8_t *rest = fz_slice(&in, 4096, &len);
    uint8_t *msg = fz_dup(rest, len);

    char name[48], backend[96];
    snprintf(name, sizeof name, "%s-%s", ci->name, gmac ? "gmac" : "cmac");
    switch (form) {
    case 0: snprintf(backend, sizeof backend, "%s", blk); break;
    case 1: snprintf(backend, sizeof backend, "%s/%s", blk, ghash); break;
    case 2: snprintf(backend, sizeof backend, "/%s", ghash); break;
    default: backend[0] = 0; break;
    }
    kc_mac *m = NULL;
    kc_status st = kc_mac_new(&m, name, backend, key, ci->key_bytes);
    if (gmac ? bs != 16 : bs != 8 && bs != 16) {  /* no GMAC but on 16-byte blocks, no CMAC on wider ones */
        FZ_STATUS(st, KC_ERR_UNKNOWN_CIPHER);
        FZ_CHECK(m == NULL);
        free(msg);
        return 0;
    }
    if (!gmac && (form == 1 || form == 2)) {      /* CMAC has no GHASH part */
        FZ_STATUS(st, KC_ERR_UNKNOWN_BACKEND);
        FZ_CHECK(m == NULL);
        snprintf(backend, sizeof backend, "%s", blk);
        st = kc_mac_new(&m, name, backend, key, ci->key_bytes);
    }
    FZ_STATUS(st, KC_OK);
    FZ_CHECK(kc_mac_tag_size(m) == bs);
    if (form <= 1) FZ_CHECK(strncmp(kc_mac_backend_name(m), blk, strlen(blk)) == 0);
    if (gmac && form == 1) FZ_CHECK(strcmp(kc_mac_backend_name(m), backend) == 0);

    /* Nonce: CMAC takes none, GMAC at least a byte; a wrong one writes nothing. */
    if (gmac ? nl == 0 : nl != 0) {
        uint8_t *tag = fz_out(bs), *nb = fz_dup(nonce_buf, nl);
        kc_mac_stream *s = (kc_mac_stream *)1;
        FZ_STATUS(kc_mac_compute(m, tag, bs, nb, nl, msg, len), KC_ERR_NONCE_LENGTH);
        FZ_CHECK(fz_untouched(tag, bs));
        FZ_STATUS(kc_mac_stream_new(&s, m, nb, nl), KC_ERR_NONCE_LENGTH);
        FZ_CHECK(s == NULL);
        free(nb);
        free(tag);
        nl = gmac ? 12 : 0;
    }
    uint8_t *nonce = nl ? fz_dup(nonce_buf, nl) : NULL;
    /* Tag length 4..block; outside it nothing is written. */
    if (t < 4 || t > bs) {
        uint8_t *tag = fz_out(t);
        FZ_STATUS(kc_mac_compute(m, tag, t, nonce, nl, msg, len), KC_ERR_TAG_LENGTH);
        FZ_CHECK(fz_untouched(tag, t));
        FZ_STATUS(kc_mac_verify(m, tag, t, nonce, nl, msg, len), KC_ERR_TAG_LENGTH);
        free(tag);
        t = bs;
    }

    uint8_t full[16], *tag = fz_out(t);
    reference(ci->name, gmac, backend, key, ci->key_bytes, full, bs, nonce, nl, msg, len);
    FZ_STATUS(kc_mac_compute(m, tag, t, nonce, nl, msg, len), KC_OK);
    FZ_CHECK(memcmp(tag, full, t) == 0);
    FZ_STATUS(kc_mac_verify(m, tag, t, nonce, nl, msg, len), KC_OK);
    flip_bit(tag, t, flip);
    FZ_STATUS(kc_mac_verify(m, tag, t, nonce, nl, msg, len), KC_ERR_AUTH);
    flip_bit(tag, t, flip);
    if (len) {                                    /* a flipped message bit */
        uint8_t *other = fz_dup(msg, len);
        flip_bit(other, len, flip * 7);
        FZ_STATUS(kc_mac_verify(m, tag, t, nonce, nl, other, len), KC_ERR_AUTH);
        free(other);
    }
    if (nl) {                                     /* a flipped nonce bit */
        uint8_t *other = fz_dup(nonce, nl);
        flip_bit(other, nl, flip * 3);
        FZ_STATUS(kc_mac_verify(m, tag, t, other, nl, msg, len), KC_ERR_AUTH);
        free(other);
    }
    stream(m, nonce, nl, msg, len, full, t, chunks, flip);
    batch(m, nonce, nl, msg, len, t, count, flip >> 15);
    free(tag);
    free(nonce);
    kc_mac_free(m);
    free(msg);
    return 0;
}
