/* SPDX-License-Identifier: MIT */
/* PIPO on the ATmega128 (simavr, exact cycles): key schedule, one block
 * and 128 bytes (FELICS scenario 1 length, ECB) per backend, both key
 * sizes. */
#include "bench.h"
#include "core/backend.h"

extern const kc_block_backend *const kc_pipo_backends[];

static const char TARGET[] PROGMEM = "avr-atmega128-simavr";
static const char P128[] PROGMEM = "pipo-64-128", P256[] PROGMEM = "pipo-64-256";
static const char O_KS[] PROGMEM = "key_schedule", O_ENC[] PROGMEM = "encrypt", O_DEC[] PROGMEM = "decrypt";
static uint8_t ctx[160], buf[128];

int main(void)
{
    uint8_t key[32];
    uint32_t s[SAMPLES];
    uint16_t stk;
    avr_sys_init();
    bench_init();
    for (uint8_t bi = 0; kc_pipo_backends[bi]; bi++) {
        const kc_block_backend *b = kc_pipo_backends[bi];
        for (uint8_t kl = 16; kl <= 32; kl += 16) {
            const char *prim = kl == 16 ? P128 : P256;
            MEASURE(s, stk, avr_random_bytes(key, kl), b->set_key(ctx, key, kl, 8));
            bench_emit(TARGET, prim, b->head.name, O_KS, 0, s, stk);
            for (uint8_t n = 1; n <= 16; n += 15) {
                MEASURE(s, stk, avr_random_bytes(buf, 8 * n), b->encrypt(ctx, buf, buf, n));
                bench_emit(TARGET, prim, b->head.name, O_ENC, 8 * n, s, stk);
                MEASURE(s, stk, avr_random_bytes(buf, 8 * n), b->decrypt(ctx, buf, buf, n));
                bench_emit(TARGET, prim, b->head.name, O_DEC, 8 * n, s, stk);
            }
        }
    }
    return 0;
}
