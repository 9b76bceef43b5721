/* SPDX-License-Identifier: MIT */
/* Measurement helpers shared by the AVR benchmarks: exact simavr cycles
 * between the runner's markers, minus an empty measurement, and one JSON
 * line per (primitive, impl, op, msg_len) on the console.  Each sample gets
 * new inputs (prep), so min == max shows the count does not depend on the
 * data.  scripts/avr-bench.sh adds code sizes and writes the tables. */
#ifndef KC_AVR_BENCH_H
#define KC_AVR_BENCH_H
#include "avr_sys.h"

#define SAMPLES 5

extern uint32_t bench_overhead;
/* Measures the empty marker pair; call once first. */
void bench_init(void);
/* target, primitive and op as flash strings (PSTR), impl in RAM. */
void bench_emit(const char *target_P, const char *prim_P, const char *impl, const char *op_P,
                uint16_t msg_len, const uint32_t s[SAMPLES], uint16_t stack);

/* Runs stmt SAMPLES times between the markers after prep (not counted);
 * the sample index is i.  Leaves the peak stack of all samples in stk. */
#define MEASURE(s, stk, prep, stmt) do { (stk) = 0; \
    for (uint8_t i = 0; i < SAMPLES; i++) { prep; AVR_MARK_START(); stmt; AVR_MARK_STOP(); \
        (s)[i] = avr_last_cycles() - bench_overhead; \
        if (avr_last_stack() > (stk)) (stk) = avr_last_stack(); } } while (0)

#endif
