/* SPDX-License-Identifier: MIT */
/* Internal layout of the keyed objects, shared by src/core and src/modes. */
#ifndef KC_OBJECTS_H
#define KC_OBJECTS_H
#include "core/registry.h"

#define KC_MAX_BLOCK 32   /* Rijndael-256 */

struct kc_cipher {
    const kc_cipher_entry *entry;
    const kc_block_backend *impl;
    size_t block;          /* bytes */
    void *ctx;             /* impl->head.ctx_size bytes, 16-byte aligned, inside this allocation */
};

/* One allocation holding a header of hdr bytes followed by a 16-byte
 * aligned, zeroed context of ctx_size bytes; *ctx points at the latter. */
void *kc_alloc_with_ctx(size_t hdr, size_t ctx_size, void **ctx);
/* Wipes the context and frees the allocation. */
void kc_free_with_ctx(void *obj, void *ctx, size_t ctx_size);

/* 1 when [a, a+alen) and [b, b+blen) overlap but do not start at the same address. */
int kc_bad_overlap(const void *a, size_t alen, const void *b, size_t blen);

/* Looks up name + backend for a kind; fills entry and impl. */
kc_status kc_resolve(const char *name, const char *backend, kc_kind kind,
                     const kc_cipher_entry **entry, const void **impl);

/* Fills a new keyed object (its entry, impl and ctx fields) and keys ctx
 * with the backend's set_key; arg is the constructor's own extra. */
typedef kc_status kc_keyed_init(void *obj, void *ctx, const kc_cipher_entry *e, const void *impl,
                                const uint8_t *key, size_t key_len, const void *arg);

/* The constructor of every keyed object: resolves name + backend of kind,
 * checks the key length, then the caller's own argument check (args, a
 * status), then key; allocates obj_size bytes with the backend's context
 * behind them and runs init.  Returns the object, or NULL with *st set and
 * nothing left allocated (a context that was keyed is wiped). */
void *kc_keyed_new(kc_status *st, size_t obj_size, const char *name, const char *backend, kc_kind kind,
                   const uint8_t *key, size_t key_len, kc_status args, kc_keyed_init *init, const void *arg);

#endif
