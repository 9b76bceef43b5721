/* pipo backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_block_backend kc_pipo_bitslice, kc_pipo_table;
#if defined(__riscv) && __riscv_xlen == 32
extern const kc_block_backend kc_pipo_rv32i_bs4, kc_pipo_rv32i;
#endif
#if defined(__AVR__)
extern const kc_block_backend kc_pipo_avr_bs8;
#endif
#if defined(__x86_64__) || defined(__i386__)
extern const kc_block_backend kc_pipo_avx512_least, kc_pipo_avx2_least, kc_pipo_avx512, kc_pipo_avx2;
#endif
#if defined(__aarch64__)
extern const kc_block_backend kc_pipo_neon16_least, kc_pipo_neon8_least, kc_pipo_neon16, kc_pipo_neon8;
#endif

const kc_block_backend *const kc_pipo_backends[] = {
#if defined(__x86_64__) || defined(__i386__)
    &kc_pipo_avx512_least,
    &kc_pipo_avx2_least,
    &kc_pipo_avx512,
    &kc_pipo_avx2,
#endif
#if defined(__aarch64__)
    &kc_pipo_neon16_least,
    &kc_pipo_neon8_least,
    &kc_pipo_neon16,
    &kc_pipo_neon8,
#endif
#if defined(__riscv) && __riscv_xlen == 32
    &kc_pipo_rv32i_bs4,
    &kc_pipo_rv32i,
#endif
#if defined(__AVR__)
    &kc_pipo_avr_bs8,
#endif
    &kc_pipo_bitslice,
    &kc_pipo_table,
    NULL
};
