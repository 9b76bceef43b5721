/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "peer.h"

const peer_lib *const peer_libs[] = {
#ifdef KC_HAVE_OPENSSL
    &peer_openssl,
#endif
#ifdef KC_HAVE_CRYPTOPP
    &peer_cryptopp,
#endif
#ifdef KC_HAVE_BOTAN
    &peer_botan,
#endif
#ifdef KC_HAVE_LIBGCRYPT
    &peer_gcrypt,
#endif
    NULL
};

#ifndef KC_HAVE_LIBGCRYPT
const char *peer_gcrypt_masked(void) { return ""; }
#endif
#ifndef KC_HAVE_CRYPTOPP
const char *peer_cryptopp_masked(void) { return ""; }
#endif
#ifndef KC_HAVE_BOTAN
const char *peer_botan_masked(void) { return ""; }
#endif

const peer_lib *peer_find(const char *name)
{
    for (int i = 0; peer_libs[i]; i++)
        if (strcmp(peer_libs[i]->name, name) == 0) return peer_libs[i];
    return NULL;
}

long peer_oneshot(const peer_lib *p, const char *cipher, kc_mode mode, int encrypt, int pad, const uint8_t *key,
                  size_t key_len, const uint8_t *iv, const uint8_t *in, size_t len, uint8_t *out)
{
    void *h = p->open(cipher, mode, encrypt, pad, key, key_len, iv);
    if (!h) return -1;
    long n = p->update(h, out, in, len, 1);
    p->close(h);
    return n;
}
