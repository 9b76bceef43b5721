/* SPDX-License-Identifier: MIT */
/* Keyed AEAD objects (TinyJAMBU): argument checks around the backend. */
#include "core/objects.h"
#include "parallel/pool.h"

struct kc_aead {
    const kc_cipher_entry *entry;
    const kc_aead_backend *impl;
    void *ctx;
};

static kc_status aead_init(void *obj, void *ctx, const kc_cipher_entry *e, const void *impl,
                           const uint8_t *key, size_t key_len, const void *unused)
{
    kc_aead *a = obj;
    (void)unused;
    a->entry = e;
    a->impl = impl;
    a->ctx = ctx;
    return a->impl->set_key(ctx, key, key_len);
}

kc_status kc_aead_new(kc_aead **out, const char *name, const char *backend,
                      const uint8_t *key, size_t key_len)
{
    if (!out) return KC_ERR_NULL;
    kc_status st;
    *out = kc_keyed_new(&st, sizeof **out, name, backend, KC_KIND_AEAD, key, key_len, KC_OK, aead_init, NULL);
    return st;
}

void kc_aead_free(kc_aead *a)
{
    if (a) kc_free_with_ctx(a, a->ctx, a->impl->head.ctx_size);
}

size_t kc_aead_tag_size(const kc_aead *a) { return a ? a->entry->info.tag_bytes : 0; }
size_t kc_aead_nonce_size(const kc_aead *a) { return a ? a->entry->info.nonce_bytes : 0; }
const char *kc_aead_backend_name(const kc_aead *a) { return a ? a->impl->head.name : NULL; }

/* Any overlap at all, including the same start (AD and nonce are read after output starts). */
static int overlaps(const void *a, size_t alen, const void *b, size_t blen)
{
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return alen && blen && x < y + blen && y < x + alen;
}

static kc_status check(const kc_aead *a, const uint8_t *out, size_t out_len,
                       const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                       const uint8_t *in, size_t in_len)
{
    if (!a || !nonce || (!ad && ad_len) || (!in && in_len) || (!out && out_len)) return KC_ERR_NULL;
    if (nonce_len != a->entry->info.nonce_bytes) return KC_ERR_NONCE_LENGTH;
    if (kc_bad_overlap(out, out_len, in, in_len) || overlaps(out, out_len, ad, ad_len) ||
        overlaps(out, out_len, nonce, nonce_len))
        return KC_ERR_OVERLAP;
    return KC_OK;
}

kc_status kc_aead_encrypt(const kc_aead *a, uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *ad, size_t ad_len,
                          const uint8_t *pt, size_t pt_len)
{
    if (!out_len) return KC_ERR_NULL;
    *out_len = 0;
    if (!a) return KC_ERR_NULL;
    size_t need = pt_len + a->entry->info.tag_bytes;
    if (out_cap < need) return KC_ERR_OUTPUT_TOO_SMALL;
    kc_status st = check(a, out, need, nonce, nonce_len, ad, ad_len, pt, pt_len);
    if (st != KC_OK) return st;
    a->impl->encrypt(a->ctx, out, nonce, ad, ad_len, pt, pt_len);
    *out_len = need;
    return KC_OK;
}

kc_status kc_aead_decrypt(const kc_aead *a, uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *ad, size_t ad_len,
                          const uint8_t *in, size_t in_len)
{
    if (!out_len) return KC_ERR_NULL;
    *out_len = 0;
    if (!a) return KC_ERR_NULL;
    size_t tag = a->entry->info.tag_bytes;
    if (in && in_len < tag) return KC_ERR_INPUT_TOO_SHORT;
    size_t need = in_len >= tag ? in_len - tag : 0;
    if (out_cap < need) return KC_ERR_OUTPUT_TOO_SMALL;
    kc_status st = check(a, out, need, nonce, nonce_len, ad, ad_len, in, in_len);
    if (st != KC_OK) return st;
    if (!in) return KC_ERR_INPUT_TOO_SHORT;
    if (a->impl->decrypt(a->ctx, out, nonce, ad, ad_len, in, in_len) != 0) return KC_ERR_AUTH;
    *out_len = need;
    return KC_OK;
}

typedef struct aead_batch {
    const kc_aead *a;
    kc_aead_msg *msgs;
    int encrypt;
} aead_batch;

/* One message through the single-message entry point. */
static void one_message(const kc_aead *a, kc_aead_msg *m, int encrypt)
{
    size_t tag = a->entry->info.tag_bytes;
    if (encrypt) {
        a->impl->encrypt(a->ctx, m->out, m->nonce, m->ad, m->ad_len, m->in, m->in_len);
        m->out_len = m->in_len + tag;
    } else if (a->impl->decrypt(a->ctx, m->out, m->nonce, m->ad, m->ad_len, m->in, m->in_len) == 0) {
        m->out_len = m->in_len - tag;
    } else {
        m->status = KC_ERR_AUTH;
    }
}

/* A thread's share: runs of valid messages go to the backend's batch entry
 * point together (SIMD backends fill their lanes), or one by one. */
static void aead_share(void *arg, size_t first, size_t n)
{
    const aead_batch *b = arg;
    const kc_aead *a = b->a;
    void (*run)(const void *, kc_aead_msg *, size_t) = b->encrypt ? a->impl->encrypt_batch : a->impl->decrypt_batch;
    for (size_t i = first; i < first + n;) {
        if (b->msgs[i].status != KC_OK) { i++; continue; }
        size_t k = i;
        while (k < first + n && b->msgs[k].status == KC_OK) k++;
        if (run) run(a->ctx, b->msgs + i, k - i);
        else for (size_t j = i; j < k; j++) one_message(a, &b->msgs[j], b->encrypt);
        i = k;
    }
}

/* Checks every message, then spreads the valid ones across threads. */
static kc_status batch(const kc_aead *a, kc_aead_msg *msgs, size_t count, int encrypt)
{
    if (!a || (!msgs && count)) return KC_ERR_NULL;
    size_t tag = a->entry->info.tag_bytes, bytes = 0;
    for (size_t i = 0; i < count; i++) {
        kc_aead_msg *m = &msgs[i];
        size_t need = encrypt ? m->in_len + tag : m->in_len >= tag ? m->in_len - tag : 0;
        m->out_len = 0;
        m->status = !encrypt && m->in_len < tag ? KC_ERR_INPUT_TOO_SHORT
                  : m->out_cap < need ? KC_ERR_OUTPUT_TOO_SMALL
                  : check(a, m->out, need, m->nonce, a->entry->info.nonce_bytes, m->ad, m->ad_len,
                          m->in, m->in_len);
        bytes += m->in_len + m->ad_len;
    }
    aead_batch b = { a, msgs, encrypt };
    kc_parallel_shares(count, bytes, aead_share, &b);
    for (size_t i = 0; i < count; i++)
        if (msgs[i].status != KC_OK) return msgs[i].status;
    return KC_OK;
}

kc_status kc_aead_encrypt_batch(const kc_aead *a, kc_aead_msg *msgs, size_t count)
{
    return batch(a, msgs, count, 1);
}

kc_status kc_aead_decrypt_batch(const kc_aead *a, kc_aead_msg *msgs, size_t count)
{
    return batch(a, msgs, count, 0);
}
