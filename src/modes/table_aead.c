/* SPDX-License-Identifier: MIT */
/* The AEADs of the cipher table (TinyJAMBU: one kc_aead_backend per
 * technique, core/backend.h) as one more construction behind kc_aead, beside
 * GCM and CCM: keyed from the table row and the backend name instead of a
 * block cipher.  Every AEAD row has a 12-byte nonce and an 8-byte tag
 * (the AEAD() rows of core/registry.c). */
#include "core/objects.h"
#include "modes/mode_aead.h"

typedef struct table_state {
    const kc_aead_backend *impl;
    void *ctx;            /* impl->head.ctx_size bytes, 16-byte aligned, in mem */
    void *mem;
} table_state;

static kc_status check_nonce(size_t nonce_len) { return nonce_len == 12 ? KC_OK : KC_ERR_NONCE_LENGTH; }
static kc_status check_tag(size_t tag_len) { return tag_len == 8 ? KC_OK : KC_ERR_TAG_LENGTH; }

/* The checks and their order of kc_keyed_new: backend, key length, key. */
static kc_status init_key(void *state, const kc_cipher_entry *e, const char *backend,
                          const uint8_t *key, size_t key_len)
{
    table_state *s = state;
    const void *impl;
    kc_status st = kc_registry_backend(e->family, backend, &impl);
    if (st != KC_OK) return st;
    if (key_len != e->info.key_bytes) return KC_ERR_KEY_LENGTH;
    if (!key) return KC_ERR_NULL;
    s->impl = impl;
    s->mem = kc_alloc_with_ctx(0, s->impl->head.ctx_size, &s->ctx);
    return s->mem ? s->impl->set_key(s->ctx, key, key_len) : KC_ERR_NO_MEMORY;
}

static void release(void *state)
{
    table_state *s = state;
    if (s->mem) kc_free_with_ctx(s->mem, s->ctx, s->impl->head.ctx_size);
}

static const char *sub_name(const void *state) { return ((const table_state *)state)->impl->head.name; }

static kc_status encrypt(const void *state, const kc_cipher *c, size_t tag_len, uint8_t *out,
                         const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                         const uint8_t *pt, size_t pt_len)
{
    const table_state *s = state;
    (void)c, (void)tag_len, (void)nonce_len;
    s->impl->encrypt(s->ctx, out, nonce, ad, ad_len, pt, pt_len);
    return KC_OK;
}

/* The backend takes ciphertext || tag as one buffer: the front passes tag == ct + ct_len. */
static kc_status decrypt(const void *state, const kc_cipher *c, size_t tag_len, uint8_t *out,
                         const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                         const uint8_t *ct, size_t ct_len, const uint8_t *tag)
{
    const table_state *s = state;
    (void)c, (void)nonce_len, (void)tag;
    return s->impl->decrypt(s->ctx, out, nonce, ad, ad_len, ct, ct_len + tag_len) == 0 ? KC_OK : KC_ERR_AUTH;
}

/* The backend's batch entry point, or its single-message calls one by one. */
static void encrypt_batch(const void *state, const kc_cipher *c, size_t tag_len, size_t nonce_len,
                          kc_aead_msg *msgs, size_t count)
{
    const table_state *s = state;
    (void)c, (void)nonce_len;
    if (s->impl->encrypt_batch) { s->impl->encrypt_batch(s->ctx, msgs, count); return; }
    for (size_t i = 0; i < count; i++) {
        kc_aead_msg *m = &msgs[i];
        s->impl->encrypt(s->ctx, m->out, m->nonce, m->ad, m->ad_len, m->in, m->in_len);
        m->status = KC_OK;
        m->out_len = m->in_len + tag_len;
    }
}

static void decrypt_batch(const void *state, const kc_cipher *c, size_t tag_len, size_t nonce_len,
                          kc_aead_msg *msgs, size_t count)
{
    const table_state *s = state;
    (void)c, (void)nonce_len;
    if (s->impl->decrypt_batch) { s->impl->decrypt_batch(s->ctx, msgs, count); return; }
    for (size_t i = 0; i < count; i++) {
        kc_aead_msg *m = &msgs[i];
        int bad = s->impl->decrypt(s->ctx, m->out, m->nonce, m->ad, m->ad_len, m->in, m->in_len);
        m->status = bad ? KC_ERR_AUTH : KC_OK;
        m->out_len = bad ? 0 : m->in_len - tag_len;
    }
}

/* No streaming: the backends take whole messages. */
const kc_mode_aead kc_table_aead = {
    .suffix = "",
    .state_size = sizeof(table_state),
    .nonce_default = 12,
    .tag_default = 8,
    .check_nonce = check_nonce,
    .check_tag = check_tag,
    .init_key = init_key,
    .release = release,
    .sub_name = sub_name,
    .encrypt = encrypt,
    .decrypt = decrypt,
    .encrypt_batch = encrypt_batch,
    .decrypt_batch = decrypt_batch,
};
