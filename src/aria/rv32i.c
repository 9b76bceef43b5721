/* SPDX-License-Identifier: MIT */
/* ARIA, RV32I assembly (rv32i.S) after [RV32-KBC]:
 * 16 byte registers, byte S-box tables, the state shifted one byte up
 * through the diffusion layer.  NOT constant time (secret table indices).
 * The key schedule is C around the same byte tables. */
#include "core/arch.h"
#if KC_ARCH_RV32
#include "core/backend.h"
#include "aria/aria_common.h"

typedef struct aria_rv32i_key {
    aria_round_keys ek, dk;
    uint32_t rounds;
} aria_rv32i_key;

/* rv32i.S steps through the round keys 16 bytes at a time. */
_Static_assert(sizeof((aria_rv32i_key *)0)->ek[0] == 16, "rv32i.S: 16 bytes per round key");

extern const uint8_t kc_aria_rv32i_sbox[4 * 256];   /* S1, S2, X1, X2 */
void kc_aria_rv32i_crypt(const uint8_t *rk, uint32_t rounds, uint8_t *out, const uint8_t *in,
                         size_t nblocks);

/* FO (odd) / FE for the key schedule: A(SL(in ^ rk)). */
static void key_round(uint8_t out[16], const uint8_t in[16], const uint8_t rk[16], int odd)
{
    uint8_t t[16];
    for (unsigned i = 0; i < 16; i++)
        t[i] = kc_aria_rv32i_sbox[256 * ((i + (odd ? 0 : 2)) % 4) + (uint8_t)(in[i] ^ rk[i])];
    aria_diffuse_bytes(out, t);
    kc_wipe(t, sizeof t);
}

static kc_status aria_set_key(void *ctx, const uint8_t *key, size_t key_len, size_t block_len)
{
    aria_rv32i_key *k = ctx;
    (void)block_len;
    k->rounds = aria_rounds(key_len);
    aria_expand_key(k->ek, key, key_len, key_round);
    aria_decrypt_keys(k->dk, k->ek, k->rounds);
    return KC_OK;
}

static void aria_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aria_rv32i_key *k = ctx;
    kc_aria_rv32i_crypt(k->ek[0], k->rounds, out, in, nblocks);
}

static void aria_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
    const aria_rv32i_key *k = ctx;
    kc_aria_rv32i_crypt(k->dk[0], k->rounds, out, in, nblocks);
}

const kc_block_backend kc_aria_rv32i_table = {
    .head = {
        .name = "rv32i-table",
        .summary = "RV32I assembly, 16 byte registers, byte S-box tables ([RV32-KBC]), not constant time",
        .cpu = 0,
        .timing = KC_VARIABLE_TIME,
        .ctx_size = sizeof(aria_rv32i_key),
    },
    .set_key = aria_set_key,
    .encrypt = aria_encrypt,
    .decrypt = aria_decrypt,
};
#endif
