/* SPDX-License-Identifier: MIT */
/* For the harnesses that name GHASH backends ("cipher/ghash" AEAD and MAC
 * names): the GHASH backends this CPU runs, from the library's own list. */
#ifndef KC_FUZZ_GHASH_H
#define KC_FUZZ_GHASH_H
#include <stdlib.h>
#include "ghash/ghash.h"

/* A GHASH backend this CPU runs, chosen by one byte. */
static inline const char *fz_ghash(unsigned pick)
{
    size_t count = 0;
    kc_status st;
    for (size_t i = 0; kc_ghash_backends[i]; i++) count += kc_ghash_find(kc_ghash_backends[i]->head.name, &st) != NULL;
    pick %= count;
    for (size_t i = 0; kc_ghash_backends[i]; i++)
        if (kc_ghash_find(kc_ghash_backends[i]->head.name, &st) && pick-- == 0) return kc_ghash_backends[i]->head.name;
    abort();
}

#endif
