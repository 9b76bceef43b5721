/* SPDX-License-Identifier: MIT */
/* The GCM adapters built in. */
#include <string.h>
#include "peer.h"

static const peer_gcm *const gcm_peers[] = {
#ifdef KC_HAVE_OPENSSL
    &peer_gcm_openssl,
#endif
#ifdef KC_HAVE_CRYPTOPP
    &peer_gcm_cryptopp,
#endif
#ifdef KC_HAVE_BOTAN
    &peer_gcm_botan,
#endif
#ifdef KC_HAVE_LIBGCRYPT
    &peer_gcm_gcrypt,
#endif
    NULL
};

const peer_gcm *peer_gcm_find(const char *name)
{
    for (int i = 0; gcm_peers[i]; i++)
        if (strcmp(gcm_peers[i]->name, name) == 0) return gcm_peers[i];
    return NULL;
}
