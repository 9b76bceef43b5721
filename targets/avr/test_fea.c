/* SPDX-License-Identifier: MIT */
/* FEA-1/FEA-2 on AVR (simavr) through the backend descriptors.
 * ATmega128: every backend of the AVR build's list (ct, avr-table, naive).
 * ATmega328P (2 KiB RAM): one backend per program (FEA_BACKEND), as the
 * Table 8 benchmark runs it.
 * - the rows of tests/vectors/fea/fea_kat.tsv for the block lengths in the
 *   generated header (all six variants, both tweaks), both directions: the
 *   whole file (1452 rows) does not fit the flash of the ATmega328P and
 *   would take minutes under simavr;
 * - every backend against naive on random keys, tweaks and blocks (m128). */
#include <string.h>
#include "avr_sys.h"
#include "core/backend.h"
#include FEA_VECTORS

extern const kc_fea_backend *const kc_fea_backends[];
extern const kc_fea_backend kc_fea_naive;
#ifdef FEA_BACKEND
extern const kc_fea_backend FEA_BACKEND;
static const kc_fea_backend *const backends[] = { &FEA_BACKEND, NULL };
#else
#define backends kc_fea_backends
#endif

static uint8_t ctx[400];

static void kat(const kc_fea_backend *b)
{
    uint8_t row[FEA_ROW_BYTES], out[16];
    for (uint16_t r = 0; r < FEA_ROW_COUNT; r++) {
        memcpy_P(row, FEA_ROWS + (uint32_t)r * FEA_ROW_BYTES, FEA_ROW_BYTES);
        uint8_t variant = row[0], kb = row[1], n = row[2], nb = (n + 7) / 8;
        const uint8_t *key = row + 3, *tweak = row + 35, *pt = row + 51, *ct = row + 67;
        avr_check(b->set_key(ctx, variant, key, kb, n) == KC_OK, PSTR("set_key"), r);
        memset(out, 0xA5, sizeof out);
        b->encrypt(ctx, out, pt, 1, tweak, 0);
        avr_check_bytes(out, ct, nb, PSTR("KAT encrypt (row index)"), r);
        b->decrypt(ctx, out, ct, 1, tweak, 0);
        avr_check_bytes(out, pt, nb, PSTR("KAT decrypt (row index)"), r);
    }
}

#ifndef FEA_BACKEND
static uint8_t ref_ctx[400];

static void differential(const kc_fea_backend *b)
{
    uint8_t key[32], tweak[16], pt[16], want[16], got[16];
    for (uint8_t i = 0; i < 24; i++) {
        uint8_t variant = 1 + i % 2, kb = 16 + 8 * (i % 3), n = 8 + avr_rand() % 121, nb = (n + 7) / 8;
        avr_random_bytes(key, kb);
        avr_random_bytes(tweak, 16);
        avr_random_bytes(pt, nb);
        pt[0] &= (uint8_t)(0xFF >> (8 * nb - n));                     /* value < 2^n */
        if (variant == 1 && n % 8) tweak[0] &= (uint8_t)(0xFF >> (n % 8));  /* < 2^(128-n) */
        kc_fea_naive.set_key(ref_ctx, variant, key, kb, n);
        kc_fea_naive.encrypt(ref_ctx, want, pt, 1, tweak, 0);
        b->set_key(ctx, variant, key, kb, n);
        b->encrypt(ctx, got, pt, 1, tweak, 0);
        avr_check_bytes(got, want, nb, PSTR("random vs naive: encrypt"), i);
        b->decrypt(ctx, got, want, 1, tweak, 0);
        avr_check_bytes(got, pt, nb, PSTR("random vs naive: decrypt"), i);
    }
}
#endif

int main(void)
{
    avr_sys_init();
    printf_P(PSTR("FEA on AVR: %u rows of fea_kat.tsv (see the generated header for the block lengths)\n"),
             (unsigned)FEA_ROW_COUNT);
    for (uint8_t i = 0; backends[i]; i++) {
        const kc_fea_backend *b = backends[i];
        unsigned long before = avr_passed;
        if (!avr_check(b->head.ctx_size <= sizeof ctx, PSTR("context too large"), i)) continue;
        kat(b);
#ifndef FEA_BACKEND
        differential(b);
#endif
        printf_P(PSTR("backend %s: %lu checks passed\n"), b->head.name, avr_passed - before);
    }
    return avr_finish(PSTR("avr_test_fea"));
}
