/* TinyJAMBU backends, best first.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_aead_backend kc_tinyjambu_ref;
#if defined(__x86_64__) || defined(__i386__)
extern const kc_aead_backend kc_tinyjambu_avx512_vbmi2, kc_tinyjambu_avx512, kc_tinyjambu_avx2;
#endif
#if defined(__AVR__)
extern const kc_aead_backend kc_tinyjambu_avr_rs;
#endif
#if defined(__aarch64__)
extern const kc_aead_backend kc_tinyjambu_neon;
#endif

const kc_aead_backend *const kc_tinyjambu_backends[] = {
#if defined(__x86_64__) || defined(__i386__)
    &kc_tinyjambu_avx512_vbmi2,
    &kc_tinyjambu_avx512,
    &kc_tinyjambu_avx2,
#endif
#if defined(__AVR__)
    &kc_tinyjambu_avr_rs,
#endif
#if defined(__aarch64__)
    &kc_tinyjambu_neon,
#endif
    &kc_tinyjambu_ref,
    NULL
};
