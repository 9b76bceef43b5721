/* SPDX-License-Identifier: MIT */
/* Many independent messages under one key.  CBC encryption, serial within
 * a message, runs groups of messages side by side through the backend's
 * lanes (multibuffer.c), groups spread across threads; the other modes
 * give each thread a contiguous share of messages. */
#include <string.h>
#include "modes/modes.h"
#include "modes/multibuffer.h"
#include "parallel/pool.h"

/* Messages per multi-buffer group: enough to fill the widest backend (32
 * lanes of 16 bytes), bounded by the lane buffer.  Fewer messages than
 * threads x CBC_GROUP are split into smaller groups, one per thread: two
 * cores with half the lanes each beat one core with all of them. */
#define CBC_GROUP 32

typedef struct mode_batch {
    const kc_cipher *c;
    kc_mode mode;
    unsigned flags;
    int encrypt;
    kc_msg *msgs;
    size_t count, group;   /* group: messages per CBC group */
} mode_batch;

static void mode_share(void *arg, size_t first, size_t n)
{
    const mode_batch *b = arg;
    size_t iv_len = b->mode == KC_MODE_ECB ? 0 : b->c->block;
    for (size_t i = first; i < first + n; i++) {
        kc_msg *m = &b->msgs[i];
        m->status = (b->encrypt ? kc_mode_encrypt : kc_mode_decrypt)(b->c, b->mode, b->flags, m->iv, iv_len,
                                                                     m->out, m->out_cap, &m->out_len, m->in, m->in_len);
    }
}

/* The checks kc_mode_encrypt makes for CBC, with the same statuses. */
static kc_status cbc_check(const kc_cipher *c, unsigned flags, const kc_msg *m, size_t *need)
{
    size_t bs = c->block;
    if (!m->in && m->in_len) return KC_ERR_NULL;
    if (flags & ~KC_PAD_PKCS7) return KC_ERR_BAD_MODE;
    if (!m->iv) return KC_ERR_NULL;
    if (!m->out && m->out_cap) return KC_ERR_NULL;
    if (kc_bad_overlap(m->out, m->out_cap < m->in_len ? m->out_cap : m->in_len, m->in, m->in_len))
        return KC_ERR_OVERLAP;
    *need = kc_mode_output_size(c, KC_MODE_CBC, flags, 1, m->in_len);
    if (!(flags & KC_PAD_PKCS7) && m->in_len % bs) return KC_ERR_NOT_BLOCK_MULTIPLE;
    if (m->out_cap < *need) return KC_ERR_OUTPUT_TOO_SMALL;
    return KC_OK;
}

/* One group of up to CBC_GROUP messages: the valid ones sorted by length,
 * longest first, all chains advance together until the shortest ends, then
 * the rest, and so on; the padded last blocks go through one more pass. */
static void cbc_group(const mode_batch *b, kc_msg *msgs, size_t count)
{
    const kc_cipher *c = b->c;
    size_t bs = c->block, n = 0, nb[CBC_GROUP];
    kc_msg *m[CBC_GROUP];
    uint8_t chain[CBC_GROUP][KC_MAX_BLOCK], last[CBC_GROUP][KC_MAX_BLOCK];
    uint8_t *out[CBC_GROUP], *iv[CBC_GROUP];
    const uint8_t *in[CBC_GROUP];
    int pad = (b->flags & KC_PAD_PKCS7) != 0;
    for (size_t i = 0; i < count; i++) {
        size_t need;
        kc_msg *x = &msgs[i];
        x->out_len = 0;
        x->status = cbc_check(c, b->flags, x, &need);
        if (x->status != KC_OK || !need) continue;
        size_t k = n++, blocks = x->in_len / bs;
        for (; k > 0 && nb[k - 1] < blocks; k--) { m[k] = m[k - 1]; nb[k] = nb[k - 1]; }   /* insertion sort */
        m[k] = x;
        nb[k] = blocks;
    }
    for (size_t k = 0; k < n; k++) {
        size_t whole = nb[k] * bs;
        memcpy(chain[k], m[k]->iv, bs);
        if (pad) kc_pkcs7_pad(last[k], m[k]->in + whole, m[k]->in_len - whole, bs);   /* before out may overwrite in */
        in[k] = m[k]->in;
        out[k] = m[k]->out;
        iv[k] = chain[k];
    }
    size_t active = n, done = 0;
    while (active && nb[active - 1] == 0) active--;
    while (active) {
        size_t len = nb[active - 1] - done;   /* until the shortest active chain ends */
        kc_cbc_encrypt_multi(c, active, out, in, iv, len);
        for (size_t k = 0; k < active; k++) { in[k] += len * bs; out[k] += len * bs; }
        done += len;
        while (active && nb[active - 1] == done) active--;
    }
    if (pad && n) {
        for (size_t k = 0; k < n; k++) {
            in[k] = last[k];
            out[k] = m[k]->out + nb[k] * bs;
        }
        kc_cbc_encrypt_multi(c, n, out, in, iv, 1);
    }
    for (size_t k = 0; k < n; k++) m[k]->out_len = kc_mode_output_size(c, KC_MODE_CBC, b->flags, 1, m[k]->in_len);
    kc_wipe(last, sizeof last);
}

static void cbc_share(void *arg, size_t first, size_t n)
{
    const mode_batch *b = arg;
    for (size_t g = first; g < first + n; g++) {
        size_t start = g * b->group, len = b->count - start < b->group ? b->count - start : b->group;
        cbc_group(b, b->msgs + start, len);
    }
}

static kc_status mode_batch_run(const kc_cipher *c, kc_mode mode, unsigned flags, int encrypt,
                                kc_msg *msgs, size_t count)
{
    if (!c || (!msgs && count)) return KC_ERR_NULL;
    size_t bytes = 0;
    for (size_t i = 0; i < count; i++) bytes += msgs[i].in_len;
    mode_batch b = { c, mode, flags, encrypt, msgs, count, CBC_GROUP };
    if (encrypt && mode == KC_MODE_CBC) {
        size_t threads = bytes >= KC_PARALLEL_MIN_BYTES ? kc_threads() : 1;
        if (threads > 1 && count && count < threads * CBC_GROUP) b.group = (count + threads - 1) / threads;
        kc_parallel_shares((count + b.group - 1) / b.group, bytes, cbc_share, &b);
    }
    else
        kc_parallel_shares(count, bytes, mode_share, &b);
    for (size_t i = 0; i < count; i++)
        if (msgs[i].status != KC_OK) return msgs[i].status;
    return KC_OK;
}

kc_status kc_mode_encrypt_batch(const kc_cipher *c, kc_mode mode, unsigned flags, kc_msg *msgs, size_t count)
{
    return mode_batch_run(c, mode, flags, 1, msgs, count);
}

kc_status kc_mode_decrypt_batch(const kc_cipher *c, kc_mode mode, unsigned flags, kc_msg *msgs, size_t count)
{
    return mode_batch_run(c, mode, flags, 0, msgs, count);
}
