/* SPDX-License-Identifier: MIT */
/* Backend descriptors: one per implementation technique, listed best first
 * in src/<alg>/backends.c.  A backend file defines one const descriptor, with
 * designated initializers, and nothing else that is not static. */
#ifndef KC_BACKEND_H
#define KC_BACKEND_H

#include <stddef.h>
#include <stdint.h>
#include "kcipher.h"
#include "cpu.h"

struct kc_gcm_stitch;   /* ghash/stitch.h */

/* Whether a backend's timing and memory accesses are independent of secrets:
 * no secret-dependent branches or memory indices.  Only constant-time
 * backends can be a cipher's default. */
typedef enum kc_timing { KC_VARIABLE_TIME = 0, KC_CONSTANT_TIME = 1 } kc_timing;

/* Fields every backend descriptor starts with. */
typedef struct kc_backend_head {
    const char *name;        /* "ref", "ct", "table", "naive", "avx2", ... */
    const char *summary;     /* one line for `kcipher list` */
    uint32_t cpu;            /* KC_CPU_* bits required */
    kc_timing timing;
    size_t ctx_size;         /* bytes of key schedule */
} kc_backend_head;

/* Block cipher.  ctx is ctx_size bytes, 16-byte aligned, zeroed before
 * set_key.  key_len and block_len (bytes) were already checked against the
 * cipher table, so set_key only fails on its own limits.  encrypt/decrypt
 * process nblocks consecutive blocks (ECB); out == in is allowed.  nblocks
 * == 1 is the single-block entry point; SIMD backends batch larger counts. */
typedef struct kc_block_backend {
    kc_backend_head head;
    kc_status (*set_key)(void *ctx, const uint8_t *key, size_t key_len, size_t block_len);
    void (*encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
    void (*decrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
    /* Optional fused mode kernels (NULL: src/modes builds them from
     * encrypt): CTR over nblocks whole blocks, the counter (the whole block,
     * big-endian) advanced in place; CBC encryption with iv advanced in
     * place (keeps the chaining value in registers).  out == in allowed. */
    void (*ctr)(const void *ctx, uint8_t *counter, uint8_t *out, const uint8_t *in, size_t nblocks);
    void (*cbc_encrypt)(const void *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks);
    /* Optional multi-buffer CBC encryption (NULL: modes/multibuffer.c
     * runs the chains through encrypt): n independent chains, 2 <= n <=
     * KC_MODE_BATCH / block, nblocks blocks each; chain i reads in[i],
     * writes out[i] (NULL: discarded, CBC-MAC) and advances iv[i] in place;
     * in[i] == out[i] allowed.  Keeps the chaining values in registers. */
    void (*cbc_encrypt_multi)(const void *ctx, size_t n, uint8_t *const out[], const uint8_t *const in[],
                              uint8_t *const iv[], size_t nblocks);
    /* Optional GCM kernels with GHASH stitched into CTR (NULL: modes/gcm.c
     * runs ctr, then GHASH over the chunk), one per GHASH backend, a list
     * through next.  Contract in ghash/stitch.h; GCM calls the one for the
     * GHASH backend in use, if any. */
    const struct kc_gcm_stitch *gcm_stitch;
} kc_block_backend;

/* AEAD.  encrypt writes pt_len bytes of ciphertext then the tag.  decrypt
 * gets ct_len >= tag bytes, returns 0 and writes ct_len - tag bytes of
 * plaintext only when the tag verifies; otherwise returns -1 and writes
 * nothing.  Lengths were checked by the caller. */
typedef struct kc_aead_backend {
    kc_backend_head head;
    kc_status (*set_key)(void *ctx, const uint8_t *key, size_t key_len);
    void (*encrypt)(const void *ctx, uint8_t *out, const uint8_t *nonce,
                    const uint8_t *ad, size_t ad_len, const uint8_t *pt, size_t pt_len);
    int (*decrypt)(const void *ctx, uint8_t *out, const uint8_t *nonce,
                   const uint8_t *ad, size_t ad_len, const uint8_t *ct, size_t ct_len);
    /* Optional (NULL: the core loops over the single-message calls).  Gets
     * only messages that passed the argument checks; sets out_len and
     * status (KC_OK, or KC_ERR_AUTH with nothing written) of each. */
    void (*encrypt_batch)(const void *ctx, kc_aead_msg *msgs, size_t count);
    void (*decrypt_batch)(const void *ctx, kc_aead_msg *msgs, size_t count);
} kc_aead_backend;

/* FEA.  variant is 1 or 2; n_bits 8..128 and key_len 16/24/32 were checked.
 * Blocks: ceil(n/8) bytes, big-endian integer, value < 2^n (checked).
 * tweak: NULL for the zero tweak, else kc_fea_tweak_bytes(variant, n) bytes
 * big-endian (FEA-1: value < 2^(128-n), checked).  count blocks; block k
 * uses the tweak at tweak + k * tweak_stride (stride 0: one tweak for all,
 * as in cycle walking; stride = tweak size: a tweak per block, for bulk
 * tokenization). */
typedef struct kc_fea_backend {
    kc_backend_head head;
    kc_status (*set_key)(void *ctx, int variant, const uint8_t *key, size_t key_len, unsigned n_bits);
    void (*encrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride);
    void (*decrypt)(const void *ctx, uint8_t *out, const uint8_t *in, size_t count,
                    const uint8_t *tweak, size_t tweak_stride);
} kc_fea_backend;

/* Hash.  A backend is one compression function; the padding and the
 * output, shared by the family's backends, come with it.  state is
 * ctx_size bytes (at most KC_HASH_STATE_MAX), 32-byte aligned.  variant is
 * the hash table's row value (the output length in bits). */
#define KC_HASH_STATE_MAX 128
#define KC_HASH_BLOCK_MAX 256
typedef struct kc_hash_backend {
    kc_backend_head head;
    size_t block_bytes;
    void (*init)(void *state, unsigned variant);
    void (*compress)(void *state, const uint8_t *blocks, size_t nblocks);
    /* Pads the last len (< block_bytes) bytes in buf (2 blocks of room)
     * after total bytes of message; returns the blocks to compress. */
    size_t (*pad)(uint8_t *buf, size_t len, uint64_t total);
    void (*output)(const void *state, uint8_t *out, size_t out_len);
    /* Optional (0, NULL: none): nblocks blocks of `lanes` messages side by
     * side, lane i's state states[i] and blocks at blocks[i] (kc_hash_batch). */
    size_t lanes;
    void (*compress_lanes)(void *const states[], const uint8_t *const blocks[], size_t nblocks);
} kc_hash_backend;

static inline size_t kc_fea_tweak_bytes(int variant, unsigned n_bits)
{
    return variant == 1 ? (128u - n_bits + 7u) / 8u : 16u;
}

#endif
