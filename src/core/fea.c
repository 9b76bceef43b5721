/* SPDX-License-Identifier: MIT */
/* Keyed FEA objects: one key schedule per (variant, key, n). */
#include "core/objects.h"

struct kc_fea {
    const kc_cipher_entry *entry;
    const kc_fea_backend *impl;
    unsigned n;
    void *ctx;
};

static kc_status fea_init(void *obj, void *ctx, const kc_cipher_entry *e, const void *impl,
                          const uint8_t *key, size_t key_len, const void *n_bits)
{
    kc_fea *f = obj;
    f->entry = e;
    f->impl = impl;
    f->n = *(const unsigned *)n_bits;
    f->ctx = ctx;
    return f->impl->set_key(ctx, e->variant, key, key_len, f->n);
}

kc_status kc_fea_new(kc_fea **out, const char *name, const char *backend,
                     const uint8_t *key, size_t key_len, unsigned n_bits)
{
    if (!out) return KC_ERR_NULL;
    kc_status st, bits = n_bits < 8 || n_bits > 128 ? KC_ERR_BLOCK_BITS : KC_OK;
    *out = kc_keyed_new(&st, sizeof **out, name, backend, KC_KIND_FEA, key, key_len, bits, fea_init, &n_bits);
    return st;
}

void kc_fea_free(kc_fea *f)
{
    if (f) kc_free_with_ctx(f, f->ctx, f->impl->head.ctx_size);
}

unsigned kc_fea_bits(const kc_fea *f) { return f ? f->n : 0; }
size_t kc_fea_block_size(const kc_fea *f) { return f ? (f->n + 7) / 8 : 0; }
size_t kc_fea_tweak_size(const kc_fea *f) { return f ? kc_fea_tweak_bytes(f->entry->variant, f->n) : 0; }
const char *kc_fea_backend_name(const kc_fea *f) { return f ? f->impl->head.name : NULL; }

/* Bits of the first byte above an integer of `bits` bits stored in whole bytes. */
static unsigned excess_bits(uint8_t first, unsigned bits)
{
    return bits % 8 ? (unsigned)(first >> (bits % 8)) : 0;
}

/* per_block: tweaks holds one tweak of tweak_len bytes per block. */
static kc_status run(const kc_fea *f, int encrypt, uint8_t *out, const uint8_t *in, size_t count,
                     const uint8_t *tweak, size_t tweak_len, int per_block)
{
    if (!f || ((!out || !in) && count) || (!tweak && tweak_len && count)) return KC_ERR_NULL;
    size_t bs = (f->n + 7) / 8, tsize = kc_fea_tweak_size(f);
    if (tweak_len != tsize && (per_block || tweak_len)) return KC_ERR_TWEAK_LENGTH;
    if (count > SIZE_MAX / bs) return KC_ERR_INPUT_TOO_LONG;
    if (kc_bad_overlap(out, count * bs, in, count * bs)) return KC_ERR_OVERLAP;
    unsigned excess = 0;
    size_t ntweaks = per_block ? count : tweak_len ? 1 : 0;
    if (f->entry->variant == 1)
        for (size_t i = 0; i < ntweaks && tsize; i++) excess |= excess_bits(tweak[i * tsize], 128 - f->n);
    for (size_t i = 0; i < count; i++) excess |= excess_bits(in[i * bs], f->n);
    if (excess) return KC_ERR_VALUE_OUT_OF_DOMAIN;
    if (count)
        (encrypt ? f->impl->encrypt : f->impl->decrypt)(f->ctx, out, in, count, tweak_len ? tweak : NULL,
                                                        per_block ? tweak_len : 0);
    return KC_OK;
}

kc_status kc_fea_encrypt(const kc_fea *f, uint8_t *out, const uint8_t *in, size_t count,
                         const uint8_t *tweak, size_t tweak_len)
{
    return run(f, 1, out, in, count, tweak, tweak_len, 0);
}

kc_status kc_fea_decrypt(const kc_fea *f, uint8_t *out, const uint8_t *in, size_t count,
                         const uint8_t *tweak, size_t tweak_len)
{
    return run(f, 0, out, in, count, tweak, tweak_len, 0);
}

kc_status kc_fea_encrypt_tweaks(const kc_fea *f, uint8_t *out, const uint8_t *in, size_t count,
                                const uint8_t *tweaks, size_t tweak_len)
{
    return run(f, 1, out, in, count, tweaks, tweak_len, 1);
}

kc_status kc_fea_decrypt_tweaks(const kc_fea *f, uint8_t *out, const uint8_t *in, size_t count,
                                const uint8_t *tweaks, size_t tweak_len)
{
    return run(f, 0, out, in, count, tweaks, tweak_len, 1);
}
