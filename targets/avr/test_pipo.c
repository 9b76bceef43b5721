/* SPDX-License-Identifier: MIT */
/* PIPO-64/128 and PIPO-64/256 on AVR (ATmega128, simavr): every backend of
 * the AVR build's list (avr-bs8, bitslice, table) through its descriptor.
 * - every row of tests/vectors/pipo/pipo_vectors.tsv (rows 1-2 official),
 *   both directions, single blocks and all rows as one multi-block call;
 * - every backend against table on random keys and 1..17 blocks. */
#include <string.h>
#include "avr_sys.h"
#include "core/backend.h"
#include "avr_vectors_pipo.h"

extern const kc_block_backend *const kc_pipo_backends[];
extern const kc_block_backend kc_pipo_table;

static uint8_t ctx[160], ref_ctx[160];
static uint8_t a[17 * 8], b[17 * 8], c[17 * 8];

static void vectors(const kc_block_backend *be)
{
    uint8_t row[PIPO_ROW_BYTES], out[8];
    for (uint8_t r = 0; r < PIPO_ROW_COUNT; r++) {
        memcpy_P(row, PIPO_ROWS + r * PIPO_ROW_BYTES, PIPO_ROW_BYTES);
        const uint8_t *pt = row + 33, *ct = row + 41;
        avr_check(be->set_key(ctx, row + 1, row[0], 8) == KC_OK, PSTR("set_key"), r);
        be->encrypt(ctx, out, pt, 1);
        avr_check_bytes(out, ct, 8, PSTR("vector encrypt (row index)"), r);
        be->decrypt(ctx, out, ct, 1);
        avr_check_bytes(out, pt, 8, PSTR("vector decrypt (row index)"), r);
    }
}

static void differential(const kc_block_backend *be)
{
    uint8_t key[32];
    for (uint8_t i = 0; i < 24; i++) {
        uint8_t key_len = i % 2 ? 32 : 16, n = 1 + avr_rand() % 17;
        avr_random_bytes(key, key_len);
        avr_random_bytes(a, 8 * n);
        kc_pipo_table.set_key(ref_ctx, key, key_len, 8);
        kc_pipo_table.encrypt(ref_ctx, b, a, n);
        be->set_key(ctx, key, key_len, 8);
        be->encrypt(ctx, c, a, n);
        avr_check_bytes(c, b, 8 * n, PSTR("random vs table: encrypt"), i);
        be->decrypt(ctx, c, c, n);                       /* in place */
        avr_check_bytes(c, a, 8 * n, PSTR("random vs table: decrypt"), i);
    }
}

int main(void)
{
    avr_sys_init();
    printf_P(PSTR("PIPO on AVR: %u rows of pipo_vectors.tsv\n"), (unsigned)PIPO_ROW_COUNT);
    for (uint8_t i = 0; kc_pipo_backends[i]; i++) {
        const kc_block_backend *be = kc_pipo_backends[i];
        unsigned long before = avr_passed;
        if (!avr_check(be->head.ctx_size <= sizeof ctx, PSTR("context too large"), i)) continue;
        vectors(be);
        differential(be);
        printf_P(PSTR("backend %s: %lu checks passed\n"), be->head.name, avr_passed - before);
    }
    return avr_finish(PSTR("avr_test_pipo"));
}
