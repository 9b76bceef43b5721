/* aria backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_block_backend kc_aria_ct, kc_aria_table;
#if defined(__riscv) && __riscv_xlen == 32
extern const kc_block_backend kc_aria_rv32i_table;
#endif

const kc_block_backend *const kc_aria_backends[] = {
    &kc_aria_ct,
#if defined(__riscv) && __riscv_xlen == 32
    &kc_aria_rv32i_table,
#endif
    &kc_aria_table,
    NULL
};
