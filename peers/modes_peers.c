/* SPDX-License-Identifier: MIT */
/* The CCM/CMAC/CFB/OFB adapters built in. */
#include <string.h>
#include "peer.h"

static const peer_modes *const modes_peers[] = {
#ifdef KC_HAVE_OPENSSL
    &peer_modes_openssl,
#endif
#ifdef KC_HAVE_CRYPTOPP
    &peer_modes_cryptopp,
#endif
#ifdef KC_HAVE_BOTAN
    &peer_modes_botan,
#endif
    NULL
};

const peer_modes *peer_modes_find(const char *name)
{
    for (int i = 0; modes_peers[i]; i++)
        if (strcmp(modes_peers[i]->name, name) == 0) return modes_peers[i];
    return NULL;
}
