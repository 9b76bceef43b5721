/* SPDX-License-Identifier: MIT */
/* HIGHT on the ATmega128 (simavr, exact cycles): key schedule, one block
 * and 128 bytes (ECB) per backend. */
#include "bench.h"
#include "core/backend.h"

extern const kc_block_backend *const kc_hight_backends[];

static const char TARGET[] PROGMEM = "avr-atmega128-simavr";
static const char PRIM[] PROGMEM = "hight-64-128";
static const char O_KS[] PROGMEM = "key_schedule", O_ENC[] PROGMEM = "encrypt", O_DEC[] PROGMEM = "decrypt";
static uint8_t ctx[160], buf[128];

int main(void)
{
    uint8_t key[16];
    uint32_t s[SAMPLES];
    uint16_t stk;
    avr_sys_init();
    bench_init();
    for (uint8_t bi = 0; kc_hight_backends[bi]; bi++) {
        const kc_block_backend *b = kc_hight_backends[bi];
        MEASURE(s, stk, avr_random_bytes(key, 16), b->set_key(ctx, key, 16, 8));
        bench_emit(TARGET, PRIM, b->head.name, O_KS, 0, s, stk);
        for (uint8_t n = 1; n <= 16; n += 15) {
            MEASURE(s, stk, avr_random_bytes(buf, 8 * n), b->encrypt(ctx, buf, buf, n));
            bench_emit(TARGET, PRIM, b->head.name, O_ENC, 8 * n, s, stk);
            MEASURE(s, stk, avr_random_bytes(buf, 8 * n), b->decrypt(ctx, buf, buf, n));
            bench_emit(TARGET, PRIM, b->head.name, O_DEC, 8 * n, s, stk);
        }
    }
    return 0;
}
