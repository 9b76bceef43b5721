/* SPDX-License-Identifier: MIT */
/* A block backend's GCM kernel with GHASH stitched into its CTR loop
 * (kc_block_backend.gcm_stitch): the cipher's rounds on one batch of
 * counter blocks and the carry-less multiplies of another batch's
 * ciphertext are independent, so they overlap in the pipelines.  A kernel
 * reads one GHASH backend's key layout, so GCM uses it only with that
 * backend; a block backend's kernels for other GHASH backends follow it
 * through next (kc_gcm_stitch_for). */
#ifndef KC_GHASH_STITCH_H
#define KC_GHASH_STITCH_H
#include "ghash/ghash.h"

struct kc_gcm_stitch {
    const kc_ghash_backend *ghash;   /* whose key (its init's output) hkey is */
    /* GCM's bulk over whole blocks: the counter blocks from ctr (inc32,
     * [SP800-38D] 6.2: only the last 32-bit word counts and wraps) are
     * encrypted and XORed from in into out, ctr is advanced; the
     * ciphertext (out when encrypting, in when decrypting) is absorbed
     * into y (standard byte order).  Does the largest multiple of its
     * batch <= nblocks (or, a kernel that pairs batches, one batch less)
     * and returns that count (the caller does the rest).
     * out == in allowed.  No branch or address depends on ctr, y or data. */
    size_t (*run)(const void *ctx, const void *hkey, uint8_t ctr[16], uint8_t y[16], int encrypt,
                  uint8_t *out, const uint8_t *in, size_t nblocks);
    const struct kc_gcm_stitch *next;   /* the same cipher backend's kernel for another GHASH, or NULL */
};
typedef struct kc_gcm_stitch kc_gcm_stitch;

/* The kernel of the list that reads gh's key, or NULL. */
static inline const kc_gcm_stitch *kc_gcm_stitch_for(const kc_gcm_stitch *list, const kc_ghash_backend *gh)
{
    while (list && list->ghash != gh) list = list->next;
    return list;
}

/* The loop around a kernel's batch of B blocks, n batches: encryption
 * hashes batch i's ciphertext during batch i + 1 and the last one after the
 * loop (TAIL(p)), decryption each batch's own input.  BATCH_AT(i, hash, h,
 * o, s) runs batch i from s into o, hashing the B blocks at h when hash
 * (a constant at each use, so the batch specialises). */
#define KC_GCM_STITCH_LOOP(n, B, encrypt, out, in, BATCH_AT, TAIL)                                   \
    do {                                                                                           \
        if (encrypt) {                                                                             \
            BATCH_AT(0, 0, NULL, (out), (in));                                                     \
            for (size_t i_ = 1; i_ < (n); i_++)                                                    \
                BATCH_AT(i_, 1, (out) + 16 * (B) * (i_ - 1), (out) + 16 * (B) * i_, (in) + 16 * (B) * i_); \
            TAIL((out) + 16 * (B) * ((n) - 1));                                                    \
        } else {                                                                                   \
            for (size_t i_ = 0; i_ < (n); i_++)                                                    \
                BATCH_AT(i_, 1, (in) + 16 * (B) * i_, (out) + 16 * (B) * i_, (in) + 16 * (B) * i_); \
        }                                                                                          \
    } while (0)

#endif
