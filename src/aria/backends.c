/* aria backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_block_backend kc_aria_ct, kc_aria_bs32, kc_aria_table;
#if defined(__x86_64__) || defined(__i386__)
extern const kc_block_backend kc_aria_gfni_avx512, kc_aria_gfni_avx2, kc_aria_aesni_avx2;
#endif
#if defined(__riscv) && __riscv_xlen == 32
extern const kc_block_backend kc_aria_rv32i_bs32, kc_aria_rv32i_table;
#endif
#if defined(__aarch64__)
extern const kc_block_backend kc_aria_neon;
#endif

const kc_block_backend *const kc_aria_backends[] = {
#if defined(__x86_64__) || defined(__i386__)
    &kc_aria_gfni_avx512,
    &kc_aria_gfni_avx2,
    &kc_aria_aesni_avx2,
#endif
#if defined(__aarch64__)
    &kc_aria_neon,
#endif
#if defined(__riscv) && __riscv_xlen == 32
    &kc_aria_rv32i_bs32,   /* assembly, constant time */
    &kc_aria_bs32,   /* 32-bit words: faster than ct's uint64 */
    &kc_aria_ct,
    &kc_aria_rv32i_table,
#else
    &kc_aria_ct,
    &kc_aria_bs32,
#endif
    &kc_aria_table,
    NULL
};
