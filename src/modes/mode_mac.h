/* SPDX-License-Identifier: MIT */
/* MACs built from a block cipher: CMAC (cmac.c) and GMAC (gcm.c).
 * src/modes/mac.c resolves "<cipher>-cmac" / "<cipher>-gmac" to one of
 * these, keys the block cipher (kept beside the per-key state) and checks
 * the arguments before calling in. */
#ifndef KC_MODE_MAC_H
#define KC_MODE_MAC_H
#include "core/names.h"
#include "core/objects.h"

typedef struct kc_mode_mac {
    const char *suffix;            /* "cmac", "gmac" */
    int block16_only;              /* 1: needs 16-byte blocks (GMAC) */
    size_t state_size;             /* per-key state, 16-byte aligned, zeroed before init, wiped at free */
    size_t stream_size;            /* per-message state */
    kc_status (*check_nonce)(size_t nonce_len);   /* CMAC: only 0 */
    kc_status (*init)(void *state, const kc_cipher *c, const char *sub);  /* sub as in mode_aead.h */
    const char *(*sub_name)(const void *state);
    kc_status (*start)(void *st, const void *state, const kc_cipher *c, const uint8_t *nonce, size_t nonce_len);
    /* KC_ERR_INPUT_TOO_LONG past the mode's limit (GMAC: the AD limit). */
    kc_status (*update)(void *st, const uint8_t *in, size_t len);
    void (*final)(void *st, uint8_t *tag);   /* full tag (block size bytes); the caller truncates */
    /* Optional: many messages at once, lanes across messages (CMAC).
     * Gets only messages that passed the checks; writes tag_len bytes of each. */
    void (*batch)(const void *state, const kc_cipher *c, kc_mac_msg *msgs, size_t count);
    /* Optional: a MAC over a hash (HMAC), keyed here instead of over a
     * block cipher (c is NULL in the calls above); sets the full tag size. */
    kc_status (*init_key)(void *state, const kc_hash_entry *h, const char *backend, const uint8_t *key,
                          size_t key_len, size_t *tag_size);
} kc_mode_mac;

extern const kc_mode_mac kc_cmac_mac;   /* cmac.c */
extern const kc_mode_mac kc_gmac_mac;   /* gcm.c */
extern const kc_mode_mac kc_hmac_mac;   /* hmac.c */

#endif
