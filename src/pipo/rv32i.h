/* SPDX-License-Identifier: MIT */
/* The single-block RV32I assembly (rv32i.S) and its key, shared by the
 * rv32i and rv32i-bs4 backends (the latter sends a lone block there). */
#ifndef KC_PIPO_RV32I_H
#define KC_PIPO_RV32I_H
#include <string.h>
#include "core/backend.h"

/* The key schedule is fused into the assembly: keep the master key only. */
typedef struct pipo_rv32i_key {
    uint8_t key[32];        /* K0, K1 (, K2, K3), 8 bytes each */
    uint32_t rounds;        /* 13 or 17 */
    uint32_t key_mask;      /* words - 1: round r uses K[r & key_mask] */
} pipo_rv32i_key;

typedef void pipo_rv32i_fn(const pipo_rv32i_key *k, uint8_t *out, const uint8_t *in, size_t nblocks);
pipo_rv32i_fn kc_pipo_rv32i_enc, kc_pipo_rv32i_dec;

static inline kc_status pipo_rv32i_set_key(pipo_rv32i_key *k, const uint8_t *key, size_t key_len)
{
    if (key_len != 16 && key_len != 32) return KC_ERR_KEY_LENGTH;
    memcpy(k->key, key, key_len);
    k->rounds = key_len == 16 ? 13 : 17;
    k->key_mask = (uint32_t)(key_len / 8 - 1);
    return KC_OK;
}

#endif
