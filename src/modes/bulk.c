/* SPDX-License-Identifier: MIT */
/* Parallel bulk kernels: ECB, CTR and CBC decryption split into contiguous
 * runs of whole blocks, one per thread.  Each run gets exactly the chaining
 * input the serial code would have used (the counter advanced by the run's
 * offset; the ciphertext block before the run), so output is identical. */
#include <string.h>
#include "modes/modes.h"
#include "parallel/pool.h"

typedef struct job {
    const kc_cipher *c;
    int kind, encrypt;              /* kind: 0 ECB, 1 CBC decrypt, 2 CTR */
    uint8_t *out;
    const uint8_t *in;
    size_t nblocks, per;            /* blocks in all; blocks per task */
    const uint8_t *chain;           /* IV / counter of the whole call */
    uint8_t (*chains)[KC_MAX_BLOCK];/* CBC: the block before each run, saved up front */
} job;

/* counter += n, both big-endian over bs bytes. */
static void add_counter(uint8_t *ctr, size_t bs, size_t n)
{
    unsigned long long carry = n;
    for (size_t i = bs; i-- > 0 && carry;) {
        carry += ctr[i];
        ctr[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

static void run_task(void *arg, size_t task)
{
    const job *j = arg;
    size_t bs = j->c->block, first = task * j->per;
    size_t n = j->nblocks - first < j->per ? j->nblocks - first : j->per;
    uint8_t *out = j->out + first * bs;
    const uint8_t *in = j->in + first * bs;
    uint8_t chain[KC_MAX_BLOCK];
    switch (j->kind) {
    case 0:
        kc_ecb_run(j->c, j->encrypt, out, in, n);
        break;
    case 1:
        memcpy(chain, j->chains[task], bs);
        kc_cbc_decrypt_run(j->c, chain, out, in, n);
        break;
    default:
        memcpy(chain, j->chain, bs);
        add_counter(chain, bs, first);
        kc_ctr_run(j->c, chain, out, in, n);
        break;
    }
}

/* Blocks per task, or 0 when the input is too small to be worth splitting. */
static size_t split(const kc_cipher *c, size_t nblocks, size_t *ntasks)
{
    unsigned threads = kc_threads();
    if (threads < 2 || nblocks * c->block < KC_PARALLEL_MIN_BYTES) return 0;
    size_t per = (nblocks + threads - 1) / threads;
    *ntasks = (nblocks + per - 1) / per;
    return per;
}

static void par_ecb(const kc_cipher *c, int encrypt, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t ntasks, per = split(c, nblocks, &ntasks);
    if (!per) { kc_ecb_run(c, encrypt, out, in, nblocks); return; }
    job j = { c, 0, encrypt, out, in, nblocks, per, NULL, NULL };
    kc_parallel_for(ntasks, run_task, &j);
}

static void par_ctr(const kc_cipher *c, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t ntasks, per = split(c, nblocks, &ntasks);
    if (!per) { kc_ctr_run(c, ctr, out, in, nblocks); return; }
    job j = { c, 2, 1, out, in, nblocks, per, ctr, NULL };
    kc_parallel_for(ntasks, run_task, &j);
    add_counter(ctr, c->block, nblocks);
}

static void par_cbc_decrypt(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t ntasks, per = split(c, nblocks, &ntasks), bs = c->block;
    if (!per || ntasks > 256) { kc_cbc_decrypt_run(c, iv, out, in, nblocks); return; }
    uint8_t chains[256][KC_MAX_BLOCK];     /* saved before any run can overwrite them in place */
    memcpy(chains[0], iv, bs);
    for (size_t t = 1; t < ntasks; t++) memcpy(chains[t], in + (t * per - 1) * bs, bs);
    uint8_t next_iv[KC_MAX_BLOCK];
    memcpy(next_iv, in + (nblocks - 1) * bs, bs);
    job j = { c, 1, 0, out, in, nblocks, per, NULL, chains };
    kc_parallel_for(ntasks, run_task, &j);
    memcpy(iv, next_iv, bs);
}

const kc_mode_kernels kc_parallel_kernels = { par_ecb, par_cbc_decrypt, par_ctr };
