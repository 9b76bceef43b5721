/* SPDX-License-Identifier: MIT */
/* Keyed block cipher objects and the helpers every keyed object shares. */
#include <stdlib.h>
#include <string.h>
#include "core/objects.h"

void *kc_alloc_with_ctx(size_t hdr, size_t ctx_size, void **ctx)
{
    size_t off = (hdr + 15) & ~(size_t)15;
    uint8_t *p = aligned_alloc(16, (off + ctx_size + 15) & ~(size_t)15);
    if (!p) return NULL;
    memset(p, 0, off + ctx_size);
    *ctx = p + off;
    return p;
}

void kc_free_with_ctx(void *obj, void *ctx, size_t ctx_size)
{
    if (!obj) return;
    kc_wipe(ctx, ctx_size);
    free(obj);
}

int kc_bad_overlap(const void *a, size_t alen, const void *b, size_t blen)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    if (x == y || !alen || !blen) return 0;
    return x < y + blen && y < x + alen;
}

kc_status kc_resolve(const char *name, const char *backend, kc_kind kind,
                     const kc_cipher_entry **entry, const void **impl)
{
    if (!name) return KC_ERR_NULL;
    const kc_cipher_entry *e = kc_registry_cipher(name);
    if (!e) return KC_ERR_UNKNOWN_CIPHER;
    if (e->info.kind != kind) return KC_ERR_WRONG_KIND;
    *entry = e;
    return kc_registry_backend(e->family, backend, impl);
}

kc_status kc_cipher_new(kc_cipher **out, const char *name, const char *backend,
                        const uint8_t *key, size_t key_len)
{
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    const kc_cipher_entry *e;
    const void *impl;
    kc_status st = kc_resolve(name, backend, KC_KIND_BLOCK, &e, &impl);
    if (st != KC_OK) return st;
    if (key_len != e->info.key_bytes) return KC_ERR_KEY_LENGTH;
    if (!key) return KC_ERR_NULL;

    const kc_block_backend *b = impl;
    void *ctx;
    kc_cipher *c = kc_alloc_with_ctx(sizeof *c, b->head.ctx_size, &ctx);
    if (!c) return KC_ERR_NO_MEMORY;
    c->entry = e;
    c->impl = b;
    c->block = e->info.block_bytes;
    c->ctx = ctx;
    st = b->set_key(ctx, key, key_len, c->block);
    if (st != KC_OK) { kc_free_with_ctx(c, ctx, b->head.ctx_size); return st; }
    *out = c;
    return KC_OK;
}

void kc_cipher_free(kc_cipher *c)
{
    if (c) kc_free_with_ctx(c, c->ctx, c->impl->head.ctx_size);
}

size_t kc_cipher_block_size(const kc_cipher *c) { return c ? c->block : 0; }
const char *kc_cipher_name(const kc_cipher *c) { return c ? c->entry->info.name : NULL; }
const char *kc_cipher_backend_name(const kc_cipher *c) { return c ? c->impl->head.name : NULL; }

static kc_status check_blocks(const kc_cipher *c, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!c || ((!out || !in) && len)) return KC_ERR_NULL;
    if (len % c->block) return KC_ERR_NOT_BLOCK_MULTIPLE;
    if (kc_bad_overlap(out, len, in, len)) return KC_ERR_OVERLAP;
    return KC_OK;
}

kc_status kc_cipher_encrypt_blocks(const kc_cipher *c, uint8_t *out, const uint8_t *in, size_t len)
{
    kc_status st = check_blocks(c, out, in, len);
    if (st == KC_OK && len) c->impl->encrypt(c->ctx, out, in, len / c->block);
    return st;
}

kc_status kc_cipher_decrypt_blocks(const kc_cipher *c, uint8_t *out, const uint8_t *in, size_t len)
{
    kc_status st = check_blocks(c, out, in, len);
    if (st == KC_OK && len) c->impl->decrypt(c->ctx, out, in, len / c->block);
    return st;
}
