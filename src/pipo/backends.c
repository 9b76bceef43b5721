/* pipo backends, best first: the registry's default is the first one that is
 * constant-time and runs on this CPU.  Adding a backend = one line here. */
#include "core/backend.h"

extern const kc_block_backend kc_pipo_bitslice, kc_pipo_table;

const kc_block_backend *const kc_pipo_backends[] = {
    &kc_pipo_bitslice,
    &kc_pipo_table,
    NULL
};
