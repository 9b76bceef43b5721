/* SPDX-License-Identifier: MIT */
/* Streaming ECB/CBC/CTR/CFB/OFB for inputs of any size, fed in pieces.
 * ECB/CBC keep a partial block (and, when removing padding, the last whole
 * block) until more input or final() arrives; CTR, CFB and OFB keep unused
 * keystream (CFB also the partial ciphertext block, its next feedback). */
#include <stdlib.h>
#include <string.h>
#include "modes/modes.h"

struct kc_stream {
    const kc_cipher *c;
    kc_mode mode;
    unsigned flags;
    int encrypt, finished;
    uint8_t chain[KC_MAX_BLOCK];   /* CBC chaining value, CTR counter, CFB/OFB feedback */
    uint8_t buf[KC_MAX_BLOCK];     /* ECB/CBC: pending input; CTR/CFB/OFB: keystream */
    size_t held;                   /* ECB/CBC: bytes in buf; CTR/CFB/OFB: keystream bytes left */
};

kc_status kc_stream_new(kc_stream **out, const kc_cipher *c, kc_mode mode, unsigned flags,
                        int encrypt, const uint8_t *iv, size_t iv_len)
{
    if (!out || !c) return KC_ERR_NULL;
    *out = NULL;
    if ((unsigned)mode > KC_MODE_OFB || (flags & ~KC_PAD_PKCS7)) return KC_ERR_BAD_MODE;
    if ((flags & KC_PAD_PKCS7) && kc_mode_is_stream(mode)) return KC_ERR_BAD_MODE;
    if (mode == KC_MODE_ECB ? iv_len != 0 : iv_len != c->block) return KC_ERR_IV_LENGTH;
    if (iv_len && !iv) return KC_ERR_NULL;
    kc_stream *s = calloc(1, sizeof *s);
    if (!s) return KC_ERR_NO_MEMORY;
    s->c = c;
    s->mode = mode;
    s->flags = flags;
    s->encrypt = encrypt != 0;
    if (iv_len) memcpy(s->chain, iv, iv_len);
    *out = s;
    return KC_OK;
}

void kc_stream_free(kc_stream *s)
{
    if (!s) return;
    kc_wipe(s, sizeof *s);
    free(s);
}

/* Decrypting with padding must hold back the final block until final(). */
static int holds_last_block(const kc_stream *s)
{
    return !s->encrypt && (s->flags & KC_PAD_PKCS7);
}

/* Large updates spread over the thread pool (same bytes as serial). */
static void run_blocks(kc_stream *s, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    if (s->mode == KC_MODE_ECB) kc_parallel_kernels.ecb(s->c, s->encrypt, out, in, nblocks);
    else if (s->encrypt) kc_cbc_encrypt_run(s->c, s->chain, out, in, nblocks);
    else kc_parallel_kernels.cbc_decrypt(s->c, s->chain, out, in, nblocks);
}

/* Uses up to len bytes of held keystream; CFB keeps the ciphertext bytes
 * as the next block's feedback. */
static size_t use_keystream(kc_stream *s, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t bs = s->c->block, done = 0;
    for (; s->held && done < len; done++, s->held--) {
        size_t pos = bs - s->held;
        uint8_t x = in[done], y = x ^ s->buf[pos];
        if (s->mode == KC_MODE_CFB) s->chain[pos] = s->encrypt ? y : x;
        out[done] = y;
    }
    return done;
}

static size_t keystream_update(kc_stream *s, uint8_t *out, const uint8_t *in, size_t len)
{
    size_t bs = s->c->block, done = use_keystream(s, out, in, len);
    size_t n = (len - done) / bs;
    switch (s->mode) {
    case KC_MODE_CTR: kc_parallel_kernels.ctr(s->c, s->chain, out + done, in + done, n); break;
    case KC_MODE_OFB: kc_ofb_run(s->c, s->chain, out + done, in + done, n); break;
    default:
        (s->encrypt ? kc_cfb_encrypt_run : kc_cfb_decrypt_par)(s->c, s->chain, out + done, in + done, n);
        break;
    }
    done += n * bs;
    if (done < len) {
        if (s->mode == KC_MODE_CTR) {
            kc_ctr_keystream(s->c, s->chain, s->buf);
        } else {
            s->c->impl->encrypt(s->c->ctx, s->buf, s->chain, 1);
            if (s->mode == KC_MODE_OFB) memcpy(s->chain, s->buf, bs);
        }
        s->held = bs;
        use_keystream(s, out + done, in + done, len - done);   /* the rest: fewer than bs bytes */
    }
    return len;
}

/* Bytes a block-mode update of in_len bytes writes now. */
static size_t block_output(const kc_stream *s, size_t in_len)
{
    size_t bs = s->c->block, total = s->held + in_len, blocks = total / bs;
    if (holds_last_block(s) && blocks && total % bs == 0) blocks--;
    return blocks * bs;
}

static size_t block_update(kc_stream *s, uint8_t *out, const uint8_t *in, size_t in_len)
{
    size_t bs = s->c->block, produced = block_output(s, in_len), written = 0;
    if (s->held && produced) {             /* complete the pending block first */
        size_t take = bs - s->held;
        memcpy(s->buf + s->held, in, take);
        run_blocks(s, out, s->buf, 1);
        in += take; in_len -= take; written = bs; s->held = 0;
    }
    size_t direct = produced - written;
    run_blocks(s, out + written, in, direct / bs);
    in += direct; in_len -= direct;
    memcpy(s->buf + s->held, in, in_len);  /* what is left fits in one block */
    s->held += in_len;
    return produced;
}

kc_status kc_stream_update(kc_stream *s, uint8_t *out, size_t out_cap, size_t *out_len,
                           const uint8_t *in, size_t in_len)
{
    if (out_len) *out_len = 0;
    if (!s || !out_len || (!in && in_len)) return KC_ERR_NULL;
    if (s->finished) return KC_ERR_STATE;
    if (!in_len) return KC_OK;             /* writes nothing; in may be NULL */
    size_t need = kc_mode_is_stream(s->mode) ? in_len : block_output(s, in_len);
    if (out_cap < need) return KC_ERR_OUTPUT_TOO_SMALL;
    if (need && !out) return KC_ERR_NULL;
    if (kc_bad_overlap(out, need, in, in_len)) return KC_ERR_OVERLAP;
    if (kc_mode_is_stream(s->mode)) { *out_len = keystream_update(s, out, in, in_len); return KC_OK; }
    if (out != in || !s->held) { *out_len = block_update(s, out, in, in_len); return KC_OK; }
    /* In place with a pending block: output runs ahead of input, so work
     * from a copy of the input. */
    uint8_t *copy = malloc(in_len);
    if (!copy) return KC_ERR_NO_MEMORY;
    memcpy(copy, in, in_len);
    *out_len = block_update(s, out, copy, in_len);
    kc_wipe(copy, in_len);
    free(copy);
    return KC_OK;
}

kc_status kc_stream_final(kc_stream *s, uint8_t *out, size_t out_cap, size_t *out_len)
{
    if (out_len) *out_len = 0;
    if (!s || !out_len) return KC_ERR_NULL;
    if (s->finished) return KC_ERR_STATE;
    size_t bs = s->c->block;
    if (kc_mode_is_stream(s->mode) || (!(s->flags & KC_PAD_PKCS7) && s->held == 0)) {
        s->finished = 1;
        return KC_OK;
    }
    if (!(s->flags & KC_PAD_PKCS7)) return KC_ERR_NOT_BLOCK_MULTIPLE;
    uint8_t block[KC_MAX_BLOCK];
    size_t n = bs;
    if (s->encrypt) {
        if (out_cap < bs) return KC_ERR_OUTPUT_TOO_SMALL;
        if (!out) return KC_ERR_NULL;
        kc_pkcs7_pad(block, s->buf, s->held, bs);
        run_blocks(s, out, block, 1);
    } else {
        if (s->held != bs) return s->held ? KC_ERR_NOT_BLOCK_MULTIPLE : KC_ERR_BAD_PADDING;
        uint8_t chain[KC_MAX_BLOCK];
        memcpy(chain, s->chain, bs);         /* keep state intact on failure */
        if (s->mode == KC_MODE_ECB) kc_ecb_run(s->c, 0, block, s->buf, 1);
        else kc_cbc_decrypt_run(s->c, chain, block, s->buf, 1);
        int keep = kc_pkcs7_unpad_len(block, bs);
        if (keep < 0) { kc_wipe(block, sizeof block); return KC_ERR_BAD_PADDING; }
        n = (size_t)keep;
        if (out_cap < n) { kc_wipe(block, sizeof block); return KC_ERR_OUTPUT_TOO_SMALL; }
        if (n && !out) return KC_ERR_NULL;
        memcpy(out, block, n);
    }
    kc_wipe(block, sizeof block);
    s->held = 0;
    s->finished = 1;
    *out_len = n;
    return KC_OK;
}
