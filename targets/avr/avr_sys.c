/* SPDX-License-Identifier: MIT */
/* See avr_sys.h. */
#include "avr_sys.h"

static int console_put(char c, FILE *f)
{
    (void)f;
    AVR_REG(0xFE) = (uint8_t)c;
    return 0;
}

static FILE console = FDEV_SETUP_STREAM(console_put, NULL, _FDEV_SETUP_WRITE);

void avr_sys_init(void) { stdout = stderr = &console; }

uint32_t avr_last_cycles(void)
{
    return (uint32_t)AVR_REG(0xF8) | (uint32_t)AVR_REG(0xF9) << 8 |
           (uint32_t)AVR_REG(0xFA) << 16 | (uint32_t)AVR_REG(0xFB) << 24;
}

uint16_t avr_last_stack(void) { return (uint16_t)(AVR_REG(0xFC) | AVR_REG(0xFD) << 8); }

/* exit() runs .fini9 .. .fini0 with main's return value still in r24;
 * this hands it to the runner before libgcc's final cli + endless loop. */
__attribute__((naked, used, section(".fini1"))) static void report_exit(void)
{
    __asm__ volatile("sts 0xF7, r24");
}

unsigned long avr_passed, avr_failed;

int avr_check(int ok, const char *msg_P, long id)
{
    if (ok) { avr_passed++; return 1; }
    avr_failed++;
    if (avr_failed <= 20) {
        fputs_P(PSTR("FAIL: "), stdout);
        fputs_P(msg_P, stdout);
        printf_P(PSTR(" (#%ld)\n"), id);
    }
    return 0;
}

void avr_print_hex(const uint8_t *p, uint16_t len)
{
    for (uint16_t i = 0; i < len; i++) printf_P(PSTR("%02x"), p[i]);
}

int avr_check_bytes(const uint8_t *got, const uint8_t *want, uint16_t len, const char *msg_P, long id)
{
    uint8_t d = 0;
    for (uint16_t i = 0; i < len; i++) d |= got[i] ^ want[i];
    if (!avr_check(d == 0, msg_P, id) && avr_failed <= 20) {
        fputs_P(PSTR("  got  "), stdout); avr_print_hex(got, len);
        fputs_P(PSTR("\n  want "), stdout); avr_print_hex(want, len);
        putchar('\n');
    }
    return d == 0;
}

int avr_finish(const char *suite_P)
{
    fputs_P(suite_P, stdout);
    printf_P(PSTR(": %lu passed, %lu failed\n"), avr_passed, avr_failed);
    return avr_failed != 0 || avr_passed == 0;
}

static uint32_t rng_state = 2463534242u;

uint32_t avr_rand(void)
{
    uint32_t x = rng_state;
    x ^= x << 13; x ^= x >> 17; x ^= x << 5;
    return rng_state = x;
}

void avr_random_bytes(uint8_t *p, uint16_t len)
{
    for (uint16_t i = 0; i < len; i++) p[i] = (uint8_t)(avr_rand() >> 24);
}
