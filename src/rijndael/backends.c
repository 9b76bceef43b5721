/* rijndael backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_block_backend kc_rijndael_ct, kc_rijndael_table;
#if defined(__x86_64__) || defined(__i386__)
extern const kc_block_backend kc_rijndael_vaes512, kc_rijndael_aesni;
#endif
#if defined(__aarch64__)
extern const kc_block_backend kc_rijndael_armce;
#endif

const kc_block_backend *const kc_rijndael_backends[] = {
#if defined(__x86_64__) || defined(__i386__)
    &kc_rijndael_vaes512,
    &kc_rijndael_aesni,
#endif
#if defined(__aarch64__)
    &kc_rijndael_armce,
#endif
    &kc_rijndael_ct,
    &kc_rijndael_table,
    NULL
};
