/* SPDX-License-Identifier: MIT */
/* See bench.h. */
#include "bench.h"

uint32_t bench_overhead;

void bench_init(void)
{
    uint32_t s[SAMPLES];
    uint16_t stk;
    bench_overhead = 0;
    MEASURE(s, stk, (void)0, (void)0);
    bench_overhead = s[0];
    for (uint8_t i = 1; i < SAMPLES; i++) if (s[i] < bench_overhead) bench_overhead = s[i];
}

void bench_emit(const char *target_P, const char *prim_P, const char *impl, const char *op_P,
                uint16_t msg_len, const uint32_t s[SAMPLES], uint16_t stack)
{
    uint32_t v[SAMPLES];
    for (uint8_t i = 0; i < SAMPLES; i++) v[i] = s[i];
    for (uint8_t i = 1; i < SAMPLES; i++)          /* insertion sort for the median */
        for (uint8_t j = i; j > 0 && v[j - 1] > v[j]; j--) { uint32_t t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
    printf_P(PSTR("{\"target\":\"%S\",\"primitive\":\"%S\",\"impl\":\"%s\",\"op\":\"%S\",\"msg_len\":%u,"
                  "\"unit\":\"cycles\",\"n\":%u,\"median\":%lu,\"min\":%lu,\"max\":%lu,"
                  "\"overhead_subtracted\":%lu,\"stack_bytes\":%u,\"samples\":["),
             target_P, prim_P, impl, op_P, msg_len, (unsigned)SAMPLES, v[SAMPLES / 2], v[0],
             v[SAMPLES - 1], bench_overhead, stack);
    for (uint8_t i = 0; i < SAMPLES; i++) printf_P(PSTR("%s%lu"), i ? "," : "", s[i]);
    printf_P(PSTR("]}\n"));
}
