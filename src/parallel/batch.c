/* SPDX-License-Identifier: MIT */
/* Batches of independent messages across threads: each thread takes a
 * contiguous share of the messages (CBC encryption of many messages, AEAD,
 * FPE tokenization). */
#include "kcipher.h"
#include "parallel/pool.h"

typedef struct share {
    size_t count, per;
    void (*one)(void *arg, size_t first, size_t n);
    void *arg;
} share;

static void run_share(void *arg, size_t task)
{
    const share *s = arg;
    size_t first = task * s->per, n = s->count - first < s->per ? s->count - first : s->per;
    s->one(s->arg, first, n);
}

void kc_parallel_shares(size_t count, size_t bytes, void (*one)(void *, size_t, size_t), void *arg)
{
    if (count < 2 || bytes < KC_PARALLEL_MIN_BYTES / 4) { one(arg, 0, count); return; }   /* before the pool's lock */
    unsigned threads = kc_threads();
    if (threads < 2) { one(arg, 0, count); return; }
    size_t per = (count + threads - 1) / threads;
    share s = { count, per, one, arg };
    kc_parallel_for((count + per - 1) / per, run_share, &s);
}
