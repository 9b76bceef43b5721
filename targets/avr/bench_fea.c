/* SPDX-License-Identifier: MIT */
/* FEA on AVR (simavr, exact cycles): [FEA-OPT] Table 8 -- key schedule and
 * encryption of one 63-bit block (the paper's block length), all six
 * variants.  On the ATmega328P one backend per program (FEA_BACKEND:
 * naive, or avr-table with its tables in flash), -Os like the paper's
 * Arduino IDE; on the ATmega128 every backend of the AVR build. */
#include <string.h>
#include "bench.h"
#include "core/backend.h"

extern const kc_fea_backend *const kc_fea_backends[];
#ifdef FEA_BACKEND
extern const kc_fea_backend FEA_BACKEND;
static const kc_fea_backend *const backends[] = { &FEA_BACKEND, NULL };
#else
#define backends kc_fea_backends
#endif

#define N_BITS 63
static const char TARGET[] PROGMEM = FEA_TARGET;
static const char O_KS[] PROGMEM = "key_schedule", O_ENC[] PROGMEM = "encrypt", O_DEC[] PROGMEM = "decrypt";
static const char V11[] PROGMEM = "fea1-128", V12[] PROGMEM = "fea1-192", V13[] PROGMEM = "fea1-256",
                  V21[] PROGMEM = "fea2-128", V22[] PROGMEM = "fea2-192", V23[] PROGMEM = "fea2-256";
static const char *const NAMES[2][3] = { { V11, V12, V13 }, { V21, V22, V23 } };

static uint8_t ctx[400];

int main(void)
{
    uint8_t key[32], tweak[16], blk[8];
    uint32_t s[SAMPLES];
    uint16_t stk;
    avr_sys_init();
    bench_init();
    for (uint8_t bi = 0; backends[bi]; bi++) {
        const kc_fea_backend *b = backends[bi];
        for (uint8_t v = 1; v <= 2; v++)
            for (uint8_t k = 0; k < 3; k++) {
                uint8_t kb = 16 + 8 * k;
                const char *prim = NAMES[v - 1][k];
                MEASURE(s, stk, avr_random_bytes(key, kb), b->set_key(ctx, v, key, kb, N_BITS));
                bench_emit(TARGET, prim, b->head.name, O_KS, 0, s, stk);
                MEASURE(s, stk, (avr_random_bytes(tweak, 16), avr_random_bytes(blk, 8), blk[0] &= 0x7F, tweak[0] &= v == 1 ? 1 : 0xFF),
                        b->encrypt(ctx, blk, blk, 1, tweak, 0));
                bench_emit(TARGET, prim, b->head.name, O_ENC, 8, s, stk);
                MEASURE(s, stk, (avr_random_bytes(tweak, 16), avr_random_bytes(blk, 8), blk[0] &= 0x7F, tweak[0] &= v == 1 ? 1 : 0xFF),
                        b->decrypt(ctx, blk, blk, 1, tweak, 0));
                bench_emit(TARGET, prim, b->head.name, O_DEC, 8, s, stk);
            }
    }
    return 0;
}
