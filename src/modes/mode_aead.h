/* SPDX-License-Identifier: MIT */
/* The AEAD constructions behind kc_aead: GCM (gcm.c) and CCM (ccm.c) over
 * a 16-byte-block cipher, and the AEADs of the cipher table (table_aead.c).
 * src/modes/aead.c maps each name (core/names.c) to one of these, keys the
 * block cipher (kept in the kc_aead object beside the construction's
 * per-key state) or lets init_key key it, and checks every argument but the
 * mode's length limit before calling in. */
#ifndef KC_MODE_AEAD_H
#define KC_MODE_AEAD_H
#include "core/objects.h"

typedef struct kc_mode_aead {
    const char *suffix;            /* "gcm", "ccm" */
    size_t state_size;             /* per-key state, 16-byte aligned, zeroed before init, wiped at free */
    size_t nonce_default, tag_default;
    kc_status (*check_nonce)(size_t nonce_len);   /* KC_OK or KC_ERR_NONCE_LENGTH */
    kc_status (*check_tag)(size_t tag_len);       /* KC_OK or KC_ERR_TAG_LENGTH */
    /* Per-key state from the keyed cipher c (which outlives it).  sub is
     * the part of the backend name after '/' (GCM: a GHASH backend), or
     * NULL: KC_ERR_UNKNOWN_BACKEND / KC_ERR_BACKEND_UNAVAILABLE for a bad one. */
    kc_status (*init)(void *state, const kc_cipher *c, const char *sub);
    /* Instead of init, for a construction keyed without a block cipher (the
     * AEADs of the cipher table, table_aead.c): keys state from the row e
     * and the whole backend name; c is then NULL in every call.  release
     * (optional) frees what init_key allocated, also after it failed. */
    kc_status (*init_key)(void *state, const kc_cipher_entry *e, const char *backend,
                          const uint8_t *key, size_t key_len);
    void (*release)(void *state);
    /* The chosen sub-backend's name ("pclmul"), or NULL when the mode has none. */
    const char *(*sub_name)(const void *state);
    /* out gets pt_len bytes of ciphertext, then tag_len bytes of tag.
     * KC_ERR_INPUT_TOO_LONG (nothing written) beyond the mode's limit. */
    kc_status (*encrypt)(const void *state, const kc_cipher *c, size_t tag_len, uint8_t *out,
                         const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                         const uint8_t *pt, size_t pt_len);
    /* Writes ct_len bytes of plaintext to out only when the tag_len-byte
     * tag verifies; else KC_ERR_AUTH and out untouched.  out == ct allowed;
     * tag == ct + ct_len (the front passes ciphertext || tag). */
    kc_status (*decrypt)(const void *state, const kc_cipher *c, size_t tag_len, uint8_t *out,
                         const uint8_t *nonce, size_t nonce_len, const uint8_t *ad, size_t ad_len,
                         const uint8_t *ct, size_t ct_len, const uint8_t *tag);
    /* Optional: several messages at once (lanes across messages); NULL: one
     * by one.  Gets only messages that passed the checks; sets each
     * out_len and status (KC_OK, KC_ERR_AUTH or KC_ERR_INPUT_TOO_LONG). */
    void (*encrypt_batch)(const void *state, const kc_cipher *c, size_t tag_len, size_t nonce_len,
                          kc_aead_msg *msgs, size_t count);
    void (*decrypt_batch)(const void *state, const kc_cipher *c, size_t tag_len, size_t nonce_len,
                          kc_aead_msg *msgs, size_t count);
    /* Streaming (NULL for CCM, whose lengths come first).  stream_size
     * bytes of stream state; start fails only on the nonce. */
    size_t stream_size;
    kc_status (*stream_start)(void *st, const void *state, const kc_cipher *c, const uint8_t *nonce,
                              size_t nonce_len);
    void (*stream_ad)(void *st, const uint8_t *ad, size_t ad_len);
    /* Encrypts (encrypt = 1) or decrypts len bytes; the hash always runs
     * over the ciphertext.  KC_ERR_INPUT_TOO_LONG past the limit. */
    kc_status (*stream_data)(void *st, int encrypt, uint8_t *out, const uint8_t *in, size_t len);
    void (*stream_tag)(void *st, uint8_t tag[16]);   /* full tag; the caller truncates */
    /* Bytes of data one stream may take (0: no limit): the glue checks it
     * before it holds back a decryption's data. */
    uint64_t stream_max;
} kc_mode_aead;

extern const kc_mode_aead kc_gcm_aead;   /* gcm.c */
extern const kc_mode_aead kc_ccm_aead;   /* ccm.c */
extern const kc_mode_aead kc_table_aead; /* table_aead.c: TinyJAMBU */

#endif
