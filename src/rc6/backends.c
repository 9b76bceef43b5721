/* rc6 backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_block_backend kc_rc6_ref;
#if defined(__x86_64__) || defined(__i386__)
extern const kc_block_backend kc_rc6_avx512, kc_rc6_avx2;
#endif
#if defined(__aarch64__)
extern const kc_block_backend kc_rc6_neon;
#endif

const kc_block_backend *const kc_rc6_backends[] = {
#if defined(__x86_64__) || defined(__i386__)
    &kc_rc6_avx512,
    &kc_rc6_avx2,
#endif
#if defined(__aarch64__)
    &kc_rc6_neon,
#endif
    &kc_rc6_ref,
    NULL
};
