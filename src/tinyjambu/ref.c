/* TinyJAMBU-128/192/256 v2 reference backend: portable C, 32-bit words
 * (specs/tinyjambu.md section 4).  Only shifts, ANDs and XORs on the state
 * and no branch on secret data, also not on the tag check. */
#include <string.h>
#include "core/backend.h"
#include "tinyjambu/tinyjambu_common.h"

/* Little-endian word of r <= 4 bytes (missing high bytes zero). */
static uint32_t load_part(const uint8_t *p, size_t r)
{
    uint32_t w = 0;
    for (size_t i = 0; i < r; i++) w |= (uint32_t)p[i] << (8 * i);
    return w;
}

static void store_part(uint8_t *p, uint32_t w, size_t r)
{
    for (size_t i = 0; i < r; i++) p[i] = (uint8_t)(w >> (8 * i));
}

/* Low r bytes of a word set (r = 1..4). */
static uint32_t byte_mask(size_t r)
{
    return 0xFFFFFFFFu >> (8 * (4 - r));
}

static kc_status tj_set_key(void *ctx, const uint8_t *key, size_t key_len)
{
    if (key_len != 16 && key_len != 24 && key_len != 32) return KC_ERR_KEY_LENGTH;
    tj_load_key(ctx, key, key_len);
    return KC_OK;
}

/* Key setup, nonce and associated data.  A final partial AD block adds its
 * byte count r to s32..s33; r & 3 is 0 for a whole block. */
static void start(uint32_t s[4], const tj_key *k, const uint8_t *nonce,
                  const uint8_t *ad, size_t ad_len)
{
    s[0] = s[1] = s[2] = s[3] = 0;
    tj_permute(s, k, k->big_steps);
    for (int i = 0; i < 3; i++) {
        s[1] ^= TJ_FRAME_NONCE;
        tj_permute(s, k, TJ_SMALL_STEPS);
        s[3] ^= kc_load32_le(nonce + 4 * i);
    }
    for (size_t i = 0; i < ad_len; i += 4) {
        size_t r = ad_len - i < 4 ? ad_len - i : 4;
        s[1] ^= TJ_FRAME_AD;
        tj_permute(s, k, TJ_SMALL_STEPS);
        s[3] ^= load_part(ad + i, r);
        s[1] ^= (uint32_t)(r & 3);
    }
}

/* One message block: permute, return the keystream word (S2). */
static uint32_t next_keystream(uint32_t s[4], const tj_key *k)
{
    s[1] ^= TJ_FRAME_MSG;
    tj_permute(s, k, k->big_steps);
    return s[2];
}

/* Absorbs the plaintext word m of r bytes. */
static void absorb(uint32_t s[4], uint32_t m, size_t r)
{
    s[3] ^= m;
    s[1] ^= (uint32_t)(r & 3);
}

static void finish(uint32_t s[4], const tj_key *k, uint8_t tag[TJ_TAG_BYTES])
{
    s[1] ^= TJ_FRAME_FINAL;
    tj_permute(s, k, k->big_steps);
    kc_store32_le(tag, s[2]);
    s[1] ^= TJ_FRAME_FINAL;
    tj_permute(s, k, TJ_SMALL_STEPS);
    kc_store32_le(tag + 4, s[2]);
}

/* out == pt is fine: each block is read before it is written. */
static void tj_encrypt(const void *ctx, uint8_t *out, const uint8_t *nonce,
                       const uint8_t *ad, size_t ad_len, const uint8_t *pt, size_t pt_len)
{
    const tj_key *k = ctx;
    uint32_t s[4];
    start(s, k, nonce, ad, ad_len);
    for (size_t i = 0; i < pt_len; i += 4) {
        size_t r = pt_len - i < 4 ? pt_len - i : 4;
        uint32_t ks = next_keystream(s, k);
        uint32_t m = load_part(pt + i, r);
        store_part(out + i, m ^ ks, r);
        absorb(s, m, r);
    }
    finish(s, k, out + pt_len);
    kc_wipe(s, sizeof s);
}

/* Decrypts len bytes, absorbing the plaintext.  With out, stores the
 * plaintext where keep is all ones and stores back out's own bytes where
 * keep is 0: no branch or address depends on keep. */
static void decrypt_pass(uint32_t s[4], const tj_key *k, const uint8_t *ct, size_t len, uint8_t *out)
{
    for (size_t i = 0; i < len; i += 4) {
        size_t r = len - i < 4 ? len - i : 4;
        uint32_t m = (load_part(ct + i, r) ^ next_keystream(s, k)) & byte_mask(r);
        absorb(s, m, r);
        if (out) store_part(out + i, m, r);
    }
}

/* Two passes so that no plaintext is released before the tag verifies: the
 * first only computes the tag; only if it matches does the second restart
 * from the state after the AD and write out.  Whether the tag matched is
 * public (the caller learns it), hence the declassification before the
 * branch.  out == ct is fine. */
static int tj_decrypt(const void *ctx, uint8_t *out, const uint8_t *nonce,
                      const uint8_t *ad, size_t ad_len, const uint8_t *ct, size_t ct_len)
{
    const tj_key *k = ctx;
    size_t len = ct_len - TJ_TAG_BYTES;
    uint32_t s[4], after_ad[4];
    uint8_t tag[TJ_TAG_BYTES];

    start(s, k, nonce, ad, ad_len);
    memcpy(after_ad, s, sizeof s);
    decrypt_pass(s, k, ct, len, NULL);
    finish(s, k, tag);
    int result = kc_ct_compare(tag, ct + len, TJ_TAG_BYTES);     /* 0 or -1 */
    kc_ct_declassify(&result, sizeof result);
    if (result == 0) decrypt_pass(after_ad, k, ct, len, out);
    kc_wipe(s, sizeof s);
    kc_wipe(after_ad, sizeof after_ad);
    kc_wipe(tag, sizeof tag);
    return result;
}

const kc_aead_backend kc_tinyjambu_ref = {
    { "ref", "portable C, 32-bit words", 0, 1, sizeof(tj_key) },
    tj_set_key, tj_encrypt, tj_decrypt, NULL, NULL
};
