/* lea backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_block_backend kc_lea_ref;
#if defined(__x86_64__) || defined(__i386__)
extern const kc_block_backend kc_lea_avx512, kc_lea_avx2, kc_lea_sse2;
#endif
#if defined(__riscv) && __riscv_xlen == 32
extern const kc_block_backend kc_lea_rv32i;
#endif
#if defined(__aarch64__)
extern const kc_block_backend kc_lea_neon;
#endif

const kc_block_backend *const kc_lea_backends[] = {
#if defined(__x86_64__) || defined(__i386__)
    &kc_lea_avx512,
    &kc_lea_avx2,
    &kc_lea_sse2,
#endif
#if defined(__riscv) && __riscv_xlen == 32
    &kc_lea_rv32i,
#endif
#if defined(__aarch64__)
    &kc_lea_neon,
#endif
    &kc_lea_ref,
    NULL
};
