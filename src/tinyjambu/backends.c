/* TinyJAMBU backends, best first.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_aead_backend kc_tinyjambu_ref;

const kc_aead_backend *const kc_tinyjambu_backends[] = {
    &kc_tinyjambu_ref,
    NULL
};
