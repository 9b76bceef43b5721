/* SPDX-License-Identifier: MIT */
/* CFB with full-block feedback ([SP800-38A] 6.3, s = block size).
 * Encryption is serial: each block's input is the ciphertext before it.
 * Decryption is not: the cipher inputs are IV, C_1, ..., C_{n-1}, all known,
 * so whole batches go through the backend's multi-block ECB, and large runs
 * are split across the thread pool as CBC decryption is. */
#include <string.h>
#include "modes/modes.h"
#include "parallel/pool.h"

/* The cipher inputs IV, C_1, C_2, ... are x_1 = IV, x_i = P_(i-1) ^ E(x_(i-1)):
 * CBC's recurrence on IV, P_1, ..., P_(n-1) from a zero IV, whose output
 * blocks are the keystream E(x_i).  So a backend's CBC chain (one block in
 * registers at a time) runs CFB encryption too, without a SIMD pass a block. */
static void cfb_encrypt_by_cbc(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block, per = KC_MODE_BATCH / bs;
    uint8_t ks[KC_MODE_BATCH], zero[KC_MAX_BLOCK];
    while (nblocks) {
        size_t n = nblocks < per ? nblocks : per, len = n * bs;
        memcpy(ks, iv, bs);
        memcpy(ks + bs, in, len - bs);
        memset(zero, 0, bs);                     /* each call leaves its last block in its IV */
        c->impl->cbc_encrypt(c->ctx, zero, ks, ks, n);
        for (size_t k = 0; k < len; k++) out[k] = in[k] ^ ks[k];
        memcpy(iv, out + len - bs, bs);
        in += len; out += len; nblocks -= n;
    }
    kc_wipe(ks, sizeof ks);
    kc_wipe(zero, sizeof zero);
}

void kc_cfb_encrypt_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block;
    uint8_t ks[KC_MAX_BLOCK];
    if (c->impl->cbc_encrypt && nblocks > 1) { cfb_encrypt_by_cbc(c, iv, out, in, nblocks); return; }
    for (size_t i = 0; i < nblocks; i++, in += bs, out += bs) {
        c->impl->encrypt(c->ctx, ks, iv, 1);
        for (size_t k = 0; k < bs; k++) iv[k] = out[k] = in[k] ^ ks[k];
    }
    kc_wipe(ks, sizeof ks);
}

void kc_cfb_decrypt_run(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block, per = KC_MODE_BATCH / bs;
    uint8_t saved[KC_MODE_BATCH], ks[KC_MODE_BATCH];   /* saved: the batch's ciphertext (out may be in) */
    while (nblocks) {
        size_t n = nblocks < per ? nblocks : per, len = n * bs;
        memcpy(saved, in, len);
        memcpy(ks, iv, bs);
        memcpy(ks + bs, saved, len - bs);
        c->impl->encrypt(c->ctx, ks, ks, n);
        for (size_t k = 0; k < len; k++) out[k] = saved[k] ^ ks[k];
        memcpy(iv, saved + len - bs, bs);
        in += len; out += len; nblocks -= n;
    }
    kc_wipe(ks, sizeof ks);
}

typedef struct cfb_job {
    const kc_cipher *c;
    uint8_t *out;
    const uint8_t *in;
    size_t nblocks, per;
    uint8_t (*chains)[KC_MAX_BLOCK];   /* the ciphertext block before each run, saved up front */
} cfb_job;

static void cfb_task(void *arg, size_t task)
{
    const cfb_job *j = arg;
    size_t bs = j->c->block, first = task * j->per;
    size_t n = j->nblocks - first < j->per ? j->nblocks - first : j->per;
    uint8_t chain[KC_MAX_BLOCK];
    memcpy(chain, j->chains[task], bs);
    kc_cfb_decrypt_run(j->c, chain, j->out + first * bs, j->in + first * bs, n);
}

void kc_cfb_decrypt_par(const kc_cipher *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    size_t bs = c->block;
    unsigned threads = kc_threads();
    if (threads < 2 || nblocks * bs < KC_PARALLEL_MIN_BYTES) { kc_cfb_decrypt_run(c, iv, out, in, nblocks); return; }
    size_t per = (nblocks + threads - 1) / threads, ntasks = (nblocks + per - 1) / per;
    if (ntasks > 256) { kc_cfb_decrypt_run(c, iv, out, in, nblocks); return; }
    uint8_t chains[256][KC_MAX_BLOCK], next_iv[KC_MAX_BLOCK];
    memcpy(chains[0], iv, bs);
    for (size_t t = 1; t < ntasks; t++) memcpy(chains[t], in + (t * per - 1) * bs, bs);
    memcpy(next_iv, in + (nblocks - 1) * bs, bs);
    cfb_job j = { c, out, in, nblocks, per, chains };
    kc_parallel_for(ntasks, cfb_task, &j);
    memcpy(iv, next_iv, bs);
}
