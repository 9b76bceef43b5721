/* SPDX-License-Identifier: MIT */
/* GHASH backends, best first: GCM and GMAC take the first one that is
 * constant-time and runs on this CPU (as the registry does for ciphers). */
#include <string.h>
#include "core/arch.h"
#include "core/registry.h"
#include "ghash/ghash.h"

extern const kc_ghash_backend kc_ghash_ct, kc_ghash_ct32, kc_ghash_ct_shift;
#if KC_ARCH_X86
extern const kc_ghash_backend kc_ghash_vpclmul512, kc_ghash_vpclmul_avx2, kc_ghash_pclmul,
                              kc_ghash_sse2;
#endif
#if KC_ARCH_AARCH64
extern const kc_ghash_backend kc_ghash_pmull, kc_ghash_neon;
#endif

const kc_ghash_backend *const kc_ghash_backends[] = {
#if KC_ARCH_X86
    &kc_ghash_vpclmul512,
    &kc_ghash_vpclmul_avx2,
    &kc_ghash_pclmul,
    &kc_ghash_sse2,
#endif
#if KC_ARCH_AARCH64
    &kc_ghash_pmull,
    &kc_ghash_neon,
#endif
    &kc_ghash_ct,
    &kc_ghash_ct32,
    &kc_ghash_ct_shift,
    NULL
};

/* GHASH is no cipher; its backends list like a family's for discovery
 * (kc_backend_at("ghash", ...), `kcipher list`). */
const kc_family kc_ghash_family = { "ghash", KC_KIND_AEAD, (const void *const *)kc_ghash_backends };

static int runnable(const kc_ghash_backend *b)
{
    return (b->head.cpu & ~kc_cpu_detect()) == 0;
}

const kc_ghash_backend *kc_ghash_find(const char *name, kc_status *st)
{
    const kc_ghash_backend *b = NULL;
    size_t i;
    if (!name || !*name || strcmp(name, "default") == 0) {
        for (i = 0; (b = kc_ghash_backends[i]) != NULL; i++)
            if (b->head.timing == KC_CONSTANT_TIME && runnable(b)) break;
    } else {
        for (i = 0; (b = kc_ghash_backends[i]) != NULL; i++)
            if (strcmp(b->head.name, name) == 0) break;
    }
    if (!b) { *st = KC_ERR_UNKNOWN_BACKEND; return NULL; }
    if (!runnable(b)) { *st = KC_ERR_BACKEND_UNAVAILABLE; return NULL; }
    *st = KC_OK;
    return b;
}
