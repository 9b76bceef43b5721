/* SPDX-License-Identifier: MIT */
/* One-shot ECB/CBC/CTR/CFB/OFB with optional PKCS#7 (ECB/CBC).  Everything is checked before
 * the first byte is written: bad padding is found by decrypting the last
 * block into a scratch buffer first. */
#include <string.h>
#include "modes/modes.h"

kc_status kc_mode_from_name(const char *name, kc_mode *mode)
{
    static const char *const names[] = { "ecb", "cbc", "ctr", "cfb", "ofb" };
    if (!name || !mode) return KC_ERR_NULL;
    for (int i = 0; i < 5; i++)
        if (strcmp(name, names[i]) == 0) { *mode = (kc_mode)i; return KC_OK; }
    return KC_ERR_BAD_MODE;
}

size_t kc_mode_output_size(const kc_cipher *c, kc_mode mode, unsigned flags, int encrypt, size_t in_len)
{
    if (!c) return 0;
    if (kc_mode_is_stream(mode) || !(flags & KC_PAD_PKCS7) || !encrypt) return in_len;
    return in_len - in_len % c->block + c->block;
}

/* Checks shared by both directions; *blocks_len is the whole-block part. */
static kc_status check(const kc_cipher *c, kc_mode mode, unsigned flags,
                       const uint8_t *iv, size_t iv_len, const uint8_t *out, size_t out_cap,
                       const size_t *out_len, const uint8_t *in, size_t in_len)
{
    if (!c || !out_len || (!in && in_len)) return KC_ERR_NULL;
    if ((unsigned)mode > KC_MODE_OFB || (flags & ~KC_PAD_PKCS7)) return KC_ERR_BAD_MODE;
    if ((flags & KC_PAD_PKCS7) && kc_mode_is_stream(mode)) return KC_ERR_BAD_MODE;
    if (mode == KC_MODE_ECB ? iv_len != 0 : iv_len != c->block) return KC_ERR_IV_LENGTH;
    if (mode != KC_MODE_ECB && !iv) return KC_ERR_NULL;
    if (!out && out_cap) return KC_ERR_NULL;
    if (kc_bad_overlap(out, out_cap < in_len ? out_cap : in_len, in, in_len)) return KC_ERR_OVERLAP;
    return KC_OK;
}

const kc_mode_kernels kc_serial_kernels = { kc_ecb_run, kc_cbc_decrypt_run, kc_ctr_run };

static kc_status encrypt_with(const kc_mode_kernels *k, const kc_cipher *c, kc_mode mode, unsigned flags,
                              const uint8_t *iv, size_t iv_len,
                              uint8_t *out, size_t out_cap, size_t *out_len,
                              const uint8_t *in, size_t in_len)
{
    if (out_len) *out_len = 0;
    kc_status st = check(c, mode, flags, iv, iv_len, out, out_cap, out_len, in, in_len);
    if (st != KC_OK) return st;
    size_t bs = c->block, whole = in_len - in_len % bs;
    size_t need = kc_mode_output_size(c, mode, flags, 1, in_len);
    if (!kc_mode_is_stream(mode) && !(flags & KC_PAD_PKCS7) && whole != in_len) return KC_ERR_NOT_BLOCK_MULTIPLE;
    if (out_cap < need) return KC_ERR_OUTPUT_TOO_SMALL;
    if (!need) return KC_OK;

    uint8_t chain[KC_MAX_BLOCK], last[KC_MAX_BLOCK];
    if (iv_len) memcpy(chain, iv, bs);
    size_t tail = in_len - whole;
    if (flags & KC_PAD_PKCS7) kc_pkcs7_pad(last, in + whole, tail, bs);  /* before out may overwrite in */
    switch (mode) {
    case KC_MODE_ECB: k->ecb(c, 1, out, in, whole / bs); break;
    case KC_MODE_CBC: kc_cbc_encrypt_run(c, chain, out, in, whole / bs); break;   /* inherently serial */
    case KC_MODE_CTR:
        k->ctr(c, chain, out, in, whole / bs);
        if (tail) kc_ctr_keystream(c, chain, last);
        break;
    case KC_MODE_CFB:   /* serial: each block's input is the ciphertext before it */
        kc_cfb_encrypt_run(c, chain, out, in, whole / bs);
        if (tail) c->impl->encrypt(c->ctx, last, chain, 1);
        break;
    case KC_MODE_OFB:
        kc_ofb_run(c, chain, out, in, whole / bs);
        if (tail) c->impl->encrypt(c->ctx, last, chain, 1);
        break;
    default: break;   /* refused by check() */
    }
    if (kc_mode_is_stream(mode))   /* a partial final block: the keystream's first tail bytes */
        for (size_t i = 0; i < tail; i++) out[whole + i] = in[whole + i] ^ last[i];
    if (flags & KC_PAD_PKCS7) {
        if (mode == KC_MODE_CBC) kc_cbc_encrypt_run(c, chain, out + whole, last, 1);
        else kc_ecb_run(c, 1, out + whole, last, 1);
    }
    if (tail || (flags & KC_PAD_PKCS7)) kc_wipe(last, sizeof last);   /* else never written: no call */
    *out_len = need;
    return KC_OK;
}

/* CFB decryption: every cipher input is known, so it runs in parallel. */
static kc_status cfb_decrypt(const kc_mode_kernels *k, const kc_cipher *c, const uint8_t *iv,
                             uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in, size_t in_len)
{
    size_t bs = c->block, whole = in_len - in_len % bs;
    uint8_t chain[KC_MAX_BLOCK], ks[KC_MAX_BLOCK];
    if (out_cap < in_len) return KC_ERR_OUTPUT_TOO_SMALL;
    memcpy(chain, iv, bs);
    (k == &kc_parallel_kernels ? kc_cfb_decrypt_par : kc_cfb_decrypt_run)(c, chain, out, in, whole / bs);
    if (whole != in_len) {
        c->impl->encrypt(c->ctx, ks, chain, 1);
        for (size_t i = whole; i < in_len; i++) out[i] = in[i] ^ ks[i - whole];
        kc_wipe(ks, sizeof ks);
    }
    *out_len = in_len;
    return KC_OK;
}

static kc_status decrypt_with(const kc_mode_kernels *k, const kc_cipher *c, kc_mode mode, unsigned flags,
                              const uint8_t *iv, size_t iv_len,
                              uint8_t *out, size_t out_cap, size_t *out_len,
                              const uint8_t *in, size_t in_len)
{
    if (out_len) *out_len = 0;
    kc_status st = check(c, mode, flags, iv, iv_len, out, out_cap, out_len, in, in_len);
    if (st != KC_OK) return st;
    if (mode == KC_MODE_CTR || mode == KC_MODE_OFB)   /* their own inverses */
        return encrypt_with(k, c, mode, flags, iv, iv_len, out, out_cap, out_len, in, in_len);
    if (mode == KC_MODE_CFB) return cfb_decrypt(k, c, iv, out, out_cap, out_len, in, in_len);
    size_t bs = c->block, nblocks = in_len / bs;
    if (in_len % bs) return KC_ERR_NOT_BLOCK_MULTIPLE;

    uint8_t chain[KC_MAX_BLOCK], last[KC_MAX_BLOCK];
    size_t need = in_len;
    if (flags & KC_PAD_PKCS7) {
        if (!nblocks) return KC_ERR_BAD_PADDING;
        const uint8_t *prev = nblocks > 1 ? in + in_len - 2 * bs : iv;
        kc_ecb_run(c, 0, last, in + in_len - bs, 1);
        if (mode == KC_MODE_CBC)
            for (size_t i = 0; i < bs; i++) last[i] ^= prev[i];
        int keep = kc_pkcs7_unpad_len(last, bs);
        if (keep < 0) { kc_wipe(last, sizeof last); return KC_ERR_BAD_PADDING; }
        need = in_len - bs + (size_t)keep;
        nblocks--;
    }
    if (out_cap < need) {
        if (flags & KC_PAD_PKCS7) kc_wipe(last, sizeof last);   /* only padding writes it */
        return KC_ERR_OUTPUT_TOO_SMALL;
    }
    if (mode == KC_MODE_CBC) memcpy(chain, iv, bs);
    if (mode == KC_MODE_CBC) k->cbc_decrypt(c, chain, out, in, nblocks);
    else k->ecb(c, 0, out, in, nblocks);
    if (flags & KC_PAD_PKCS7) {
        memcpy(out + nblocks * bs, last, need - nblocks * bs);
        kc_wipe(last, sizeof last);
    }
    *out_len = need;
    return KC_OK;
}

kc_status kc_mode_encrypt(const kc_cipher *c, kc_mode mode, unsigned flags,
                          const uint8_t *iv, size_t iv_len,
                          uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *in, size_t in_len)
{
    return encrypt_with(&kc_serial_kernels, c, mode, flags, iv, iv_len, out, out_cap, out_len, in, in_len);
}

kc_status kc_mode_decrypt(const kc_cipher *c, kc_mode mode, unsigned flags,
                          const uint8_t *iv, size_t iv_len,
                          uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *in, size_t in_len)
{
    return decrypt_with(&kc_serial_kernels, c, mode, flags, iv, iv_len, out, out_cap, out_len, in, in_len);
}

kc_status kc_mode_encrypt_mt(const kc_cipher *c, kc_mode mode, unsigned flags,
                             const uint8_t *iv, size_t iv_len,
                             uint8_t *out, size_t out_cap, size_t *out_len,
                             const uint8_t *in, size_t in_len)
{
    return encrypt_with(&kc_parallel_kernels, c, mode, flags, iv, iv_len, out, out_cap, out_len, in, in_len);
}

kc_status kc_mode_decrypt_mt(const kc_cipher *c, kc_mode mode, unsigned flags,
                             const uint8_t *iv, size_t iv_len,
                             uint8_t *out, size_t out_cap, size_t *out_len,
                             const uint8_t *in, size_t in_len)
{
    return decrypt_with(&kc_parallel_kernels, c, mode, flags, iv, iv_len, out, out_cap, out_len, in, in_len);
}
