/* SPDX-License-Identifier: MIT */
/* CHAM on the ATmega128 (simavr, exact cycles): key schedule, one block
 * and 128 bytes (ECB) per backend and cipher. */
#include "bench.h"
#include "core/backend.h"
#include "cham/cham_common.h"

extern const kc_block_backend *const kc_cham_backends[];

static const char TARGET[] PROGMEM = "avr-atmega128-simavr";
static const char P64[] PROGMEM = "cham-64-128", P128[] PROGMEM = "cham-128-128", P256[] PROGMEM = "cham-128-256";
static const char O_KS[] PROGMEM = "key_schedule", O_ENC[] PROGMEM = "encrypt", O_DEC[] PROGMEM = "decrypt";
static cham_key ctx;
static uint8_t buf[128];

int main(void)
{
    static const char *const prim[3] = { P64, P128, P256 };
    static const uint8_t kl[3] = { 16, 16, 32 }, bl[3] = { 8, 16, 16 };
    uint8_t key[32];
    uint32_t s[SAMPLES];
    uint16_t stk;
    avr_sys_init();
    bench_init();
    for (uint8_t bi = 0; kc_cham_backends[bi]; bi++) {
        const kc_block_backend *b = kc_cham_backends[bi];
        for (uint8_t v = 0; v < 3; v++) {
            uint8_t bs = bl[v];
            MEASURE(s, stk, avr_random_bytes(key, kl[v]), b->set_key(&ctx, key, kl[v], bs));
            bench_emit(TARGET, prim[v], b->head.name, O_KS, 0, s, stk);
            for (uint8_t n = 1; n <= 128 / bs; n = n == 1 ? 128 / bs : 255) {
                MEASURE(s, stk, avr_random_bytes(buf, bs * n), b->encrypt(&ctx, buf, buf, n));
                bench_emit(TARGET, prim[v], b->head.name, O_ENC, bs * n, s, stk);
                MEASURE(s, stk, avr_random_bytes(buf, bs * n), b->decrypt(&ctx, buf, buf, n));
                bench_emit(TARGET, prim[v], b->head.name, O_DEC, bs * n, s, stk);
            }
        }
    }
    return 0;
}
