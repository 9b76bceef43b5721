/* SPDX-License-Identifier: MIT */
/* FEA on Cortex-M3 (qemu-system-arm mps2-an385): [FEA-OPT] Table 8 --
 * key schedule and encryption of one 63-bit block (the paper's length), all
 * six variants, every FEA backend (naive and table as in the paper, ct the
 * library's default).  QEMU has no cycle counter on M3, so the counts are
 * retired instructions taken from an execution trace: each measured call
 * sits between kc_m3_start() and kc_m3_stop(), and scripts/armv7m-bench.sh
 * counts the trace lines between them (one line per instruction with
 * -singlestep -d exec,nochain).  Each measurement is announced on stdout
 * ("@ primitive impl op msg_len"), in the same order as the intervals. */
#include <stdio.h>
#include <stdlib.h>
#include "core/backend.h"

#define SAMPLES 3
#define N_BITS 63

extern const kc_fea_backend *const kc_fea_backends[];
volatile unsigned kc_m3_sink;
/* Different bodies, so the compiler cannot fold them into one. */
__attribute__((noinline)) void kc_m3_start(void) { kc_m3_sink = 1; }
__attribute__((noinline)) void kc_m3_stop(void) { kc_m3_sink = 2; }

static void fill(uint8_t *p, size_t n, unsigned seed)
{
    uint32_t x = 2463534242u + 977u * seed;
    for (size_t i = 0; i < n; i++) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; p[i] = (uint8_t)x; }
}

int main(void)
{
    static _Alignas(16) uint8_t ctx[1024];
    uint8_t key[32], tweak[16], blk[8];
    static const char *const names[2][3] = { { "fea1-128", "fea1-192", "fea1-256" },
                                             { "fea2-128", "fea2-192", "fea2-256" } };
    printf("@ empty - empty 0\n");
    kc_m3_start(); kc_m3_stop();
    for (size_t bi = 0; kc_fea_backends[bi]; bi++) {
        const kc_fea_backend *b = kc_fea_backends[bi];
        if (b->head.ctx_size > sizeof ctx) return 1;
        for (int v = 1; v <= 2; v++)
            for (int k = 0; k < 3; k++) {
                size_t kb = 16 + 8 * (size_t)k;
                for (unsigned i = 0; i < SAMPLES; i++) {
                    fill(key, kb, i);
                    printf("@ %s %s key_schedule 0\n", names[v - 1][k], b->head.name);
                    kc_m3_start(); b->set_key(ctx, v, key, kb, N_BITS); kc_m3_stop();
                }
                for (unsigned i = 0; i < SAMPLES; i++) {
                    fill(tweak, 16, 100 + i); fill(blk, 8, 200 + i);
                    blk[0] &= 0x7F;
                    if (v == 1) tweak[0] &= 1;          /* FEA-1: a 65-bit tweak */
                    printf("@ %s %s encrypt 8\n", names[v - 1][k], b->head.name);
                    kc_m3_start(); b->encrypt(ctx, blk, blk, 1, tweak, 0); kc_m3_stop();
                }
            }
    }
    return 0;
}
