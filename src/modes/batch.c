/* SPDX-License-Identifier: MIT */
/* Many independent messages under one key (e.g. CBC encryption, which is
 * serial within a message), each thread taking a contiguous share. */
#include "modes/modes.h"
#include "parallel/pool.h"

typedef struct mode_batch {
    const kc_cipher *c;
    kc_mode mode;
    unsigned flags;
    int encrypt;
    kc_msg *msgs;
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

static kc_status mode_batch_run(const kc_cipher *c, kc_mode mode, unsigned flags, int encrypt,
                                kc_msg *msgs, size_t count)
{
    if (!c || (!msgs && count)) return KC_ERR_NULL;
    size_t bytes = 0;
    for (size_t i = 0; i < count; i++) bytes += msgs[i].in_len;
    mode_batch b = { c, mode, flags, encrypt, msgs };
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
