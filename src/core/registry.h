/* SPDX-License-Identifier: MIT */
/* The tables of ciphers and backends behind the public discovery API. */
#ifndef KC_REGISTRY_H
#define KC_REGISTRY_H
#include "core/backend.h"

typedef struct kc_family {
    const char *name;
    kc_kind kind;
    const void *const *backends;   /* NULL-terminated; kc_*_backend by kind, each starting with kc_backend_head */
} kc_family;

typedef struct kc_cipher_entry {
    kc_cipher_info info;
    const kc_family *family;
    int variant;                   /* FEA: 1 or 2; otherwise 0 */
} kc_cipher_entry;

const kc_cipher_entry *kc_registry_cipher(const char *name);
const kc_family *kc_registry_family(const char *name);

/* The named backend (NULL name: the default) or an error status. */
kc_status kc_registry_backend(const kc_family *fam, const char *name, const void **out);
size_t kc_family_backend_count(const kc_family *fam);
const kc_backend_head *kc_family_backend(const kc_family *fam, size_t i);

#endif
