/* SPDX-License-Identifier: MIT */
/* Runs an AVR ELF on simavr (Debian's libsimavr) and gives the firmware an
 * exact cycle meter, a console and an exit status through unused data
 * addresses (reserved on both the ATmega128 and the ATmega328P):
 *
 *   0xFF  write 1: start measuring; write 2: stop (latches the result)
 *   0xF8..0xFB  read: cycles between the two marker writes (LE32)
 *   0xFC..0xFD  read: peak stack depth below the SP at the start (LE16)
 *   0xFE  write: console byte (to stdout)
 *   0xF7  write: exit status (the firmware's main() return value)
 *
 * The cycle count is avr->cycle at the marker writes, so it includes the
 * first marker store; the firmware subtracts an empty measurement.  Stack
 * depth is the lowest SP seen after any instruction while measuring.
 *
 * Usage: avr-runner [-m MCU] [-f HZ] [-c MAX_CYCLES] FIRMWARE.elf
 * Exit status: the firmware's, or 2 if it crashed or ran out of cycles. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_io.h>

enum { ADDR_EXIT = 0xF7, ADDR_CYCLES = 0xF8, ADDR_STACK = 0xFC, ADDR_CONSOLE = 0xFE, ADDR_MARK = 0xFF };

static struct {
    int measuring, exited, status;
    avr_cycle_count_t start;
    uint16_t start_sp, min_sp;
    uint32_t cycles;          /* latched at the stop marker */
    uint16_t depth;
} m;

static uint16_t sp_of(avr_t *avr) { return avr->data[R_SPL] | avr->data[R_SPH] << 8; }

static void on_mark(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    avr->data[addr] = v;
    if (v == 1) {
        m.measuring = 1;
        m.start = avr->cycle;
        m.start_sp = m.min_sp = sp_of(avr);
    } else if (v == 2 && m.measuring) {
        m.measuring = 0;
        avr_cycle_count_t d = avr->cycle - m.start;
        m.cycles = d > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)d;
        m.depth = (uint16_t)(m.start_sp - m.min_sp);
    }
}

static uint8_t on_read(avr_t *avr, avr_io_addr_t addr, void *param)
{
    (void)avr; (void)param;
    if (addr >= ADDR_CYCLES && addr < ADDR_CYCLES + 4) return (uint8_t)(m.cycles >> 8 * (addr - ADDR_CYCLES));
    return (uint8_t)(m.depth >> 8 * (addr - ADDR_STACK));
}

static void on_console(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    avr->data[addr] = v;
    putchar(v);
}

static void on_exit_write(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
    (void)param;
    avr->data[addr] = v;
    m.exited = 1;
    m.status = v;
}

/* simavr's own messages go to stderr, and only warnings and errors. */
static void quiet_logger(avr_t *avr, const int level, const char *format, va_list ap)
{
    (void)avr;
    if (level <= LOG_WARNING) vfprintf(stderr, format, ap);
}

int main(int argc, char **argv)
{
    const char *mcu = NULL;
    unsigned long hz = 16000000;
    unsigned long long limit = 20000000000ull;
    int opt;
    while ((opt = getopt(argc, argv, "m:f:c:")) != -1) {
        if (opt == 'm') mcu = optarg;
        else if (opt == 'f') hz = strtoul(optarg, NULL, 0);
        else if (opt == 'c') limit = strtoull(optarg, NULL, 0);
        else return 2;
    }
    if (optind + 1 != argc) {
        fprintf(stderr, "usage: %s [-m MCU] [-f HZ] [-c MAX_CYCLES] FIRMWARE.elf\n", argv[0]);
        return 2;
    }
    avr_global_logger_set(quiet_logger);
    elf_firmware_t fw;
    memset(&fw, 0, sizeof fw);
    if (elf_read_firmware(argv[optind], &fw) != 0) {
        fprintf(stderr, "avr-runner: cannot read %s\n", argv[optind]);
        return 2;
    }
    if (mcu) snprintf(fw.mmcu, sizeof fw.mmcu, "%s", mcu);
    if (!fw.mmcu[0]) snprintf(fw.mmcu, sizeof fw.mmcu, "atmega128");
    fw.frequency = (uint32_t)hz;
    avr_t *avr = avr_make_mcu_by_name(fw.mmcu);
    if (!avr) {
        fprintf(stderr, "avr-runner: unknown MCU %s\n", fw.mmcu);
        return 2;
    }
    avr_init(avr);
    avr_load_firmware(avr, &fw);
    avr_register_io_write(avr, ADDR_MARK, on_mark, NULL);
    avr_register_io_write(avr, ADDR_CONSOLE, on_console, NULL);
    avr_register_io_write(avr, ADDR_EXIT, on_exit_write, NULL);
    for (int a = ADDR_CYCLES; a < ADDR_STACK + 2; a++) avr_register_io_read(avr, (avr_io_addr_t)a, on_read, NULL);

    int state = cpu_Running;
    while (!m.exited && avr->cycle < limit) {
        state = avr_run(avr);
        if (state == cpu_Done || state == cpu_Crashed) break;
        if (m.measuring) {
            uint16_t sp = sp_of(avr);
            if (sp < m.min_sp) m.min_sp = sp;
        }
    }
    fflush(stdout);
    if (m.exited) return m.status;
    if (state == cpu_Done) return 0;
    fprintf(stderr, "avr-runner: %s after %llu cycles (pc 0x%x)\n",
            state == cpu_Crashed ? "crashed" : "cycle limit reached",
            (unsigned long long)avr->cycle, (unsigned)avr->pc);
    return 2;
}
