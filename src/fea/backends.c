/* FEA-1/FEA-2 backends, best first: the default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_fea_backend kc_fea_ct, kc_fea_table, kc_fea_naive;

const kc_fea_backend *const kc_fea_backends[] = {
    &kc_fea_ct,
    &kc_fea_table,
    &kc_fea_naive,
    NULL
};
