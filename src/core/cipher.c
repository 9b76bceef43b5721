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

void *kc_keyed_new(kc_status *st, size_t obj_size, const char *name, const char *backend, kc_kind kind,
                   const uint8_t *key, size_t key_len, kc_status args, kc_keyed_init *init, const void *arg)
{
    const kc_cipher_entry *e;
    const void *impl;
    *st = kc_resolve(name, backend, kind, &e, &impl);
    if (*st != KC_OK) return NULL;
    *st = key_len != e->info.key_bytes ? KC_ERR_KEY_LENGTH : args != KC_OK ? args : !key ? KC_ERR_NULL : KC_OK;
    if (*st != KC_OK) return NULL;
    size_t ctx_size = ((const kc_backend_head *)impl)->ctx_size;   /* every descriptor starts with its head */
    void *ctx, *obj = kc_alloc_with_ctx(obj_size, ctx_size, &ctx);
    if (!obj) { *st = KC_ERR_NO_MEMORY; return NULL; }
    *st = init(obj, ctx, e, impl, key, key_len, arg);
    if (*st != KC_OK) { kc_free_with_ctx(obj, ctx, ctx_size); return NULL; }
    return obj;
}

static kc_status cipher_init(void *obj, void *ctx, const kc_cipher_entry *e, const void *impl,
                             const uint8_t *key, size_t key_len, const void *unused)
{
    kc_cipher *c = obj;
    (void)unused;
    c->entry = e;
    c->impl = impl;
    c->block = e->info.block_bytes;
    c->ctx = ctx;
    return c->impl->set_key(ctx, key, key_len, c->block);
}

kc_status kc_cipher_new(kc_cipher **out, const char *name, const char *backend,
                        const uint8_t *key, size_t key_len)
{
    if (!out) return KC_ERR_NULL;
    kc_status st;
    *out = kc_keyed_new(&st, sizeof **out, name, backend, KC_KIND_BLOCK, key, key_len, KC_OK, cipher_init, NULL);
    return st;
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
