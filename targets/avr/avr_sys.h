/* SPDX-License-Identifier: MIT */
/* Firmware side of targets/avr/runner.c: console, cycle meter, exit status
 * and a few test helpers.  The addresses are reserved data addresses on the
 * ATmega128 and the ATmega328P that the runner watches. */
#ifndef KC_AVR_SYS_H
#define KC_AVR_SYS_H
#include <stdint.h>
#include <stdio.h>
#include <avr/pgmspace.h>

#define AVR_REG(a) (*(volatile uint8_t *)(a))
#define AVR_MARK_START() (AVR_REG(0xFF) = 1)
#define AVR_MARK_STOP()  (AVR_REG(0xFF) = 2)

/* Routes stdout to the runner's console; call first in main(). */
void avr_sys_init(void);
/* Cycles and peak stack depth (bytes) of the last START..STOP, as latched
 * by the runner; the cycles include one marker store. */
uint32_t avr_last_cycles(void);
uint16_t avr_last_stack(void);

/* Test helpers: counts, messages from flash (PSTR), hex. */
extern unsigned long avr_passed, avr_failed;
int avr_check(int ok, const char *msg_P, long id);
int avr_check_bytes(const uint8_t *got, const uint8_t *want, uint16_t len, const char *msg_P, long id);
/* Prints "<suite>: N passed, N failed"; returns main()'s status. */
int avr_finish(const char *suite_P);
void avr_print_hex(const uint8_t *p, uint16_t len);
/* xorshift32 PRNG for differential tests. */
uint32_t avr_rand(void);
void avr_random_bytes(uint8_t *p, uint16_t len);

#endif
