/* SPDX-License-Identifier: MIT */
/* Shared by the provider's files: algorithm descriptors and tables. */
#ifndef KCP_PROV_H
#define KCP_PROV_H

#include <stddef.h>
#include <openssl/core.h>
#include "kcipher.h"

#define KCP_PROPS "provider=kcipher"
/* A dispatch-table entry's function pointer. */
#define KCP_FN(f) ((void (*)(void))(f))

typedef struct kcp_alg {
    const char *kc_name;    /* "lea-128" (block) or "aria-128-gcm" (AEAD) */
    const char *ossl_name;  /* first OpenSSL name, for the trace */
    kc_mode mode;           /* block modes */
    unsigned evp_mode;      /* EVP_CIPH_*_MODE */
    size_t key_len, block_len, iv_len;
} kcp_alg;

extern const OSSL_ALGORITHM kcp_block_algs[];
extern const OSSL_ALGORITHM kcp_aead_algs[];

/* Appends a line to $KCIPHER_PROVIDER_TRACE (when set): proof in tests that
 * this provider did the work. */
void kcp_trace(const char *event, const kcp_alg *alg);

#endif
