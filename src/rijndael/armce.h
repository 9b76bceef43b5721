/* SPDX-License-Identifier: MIT */
/* The armce backend's key (its ctx), shared with its stitched GCM kernel
 * (armce_gcm.c). */
#ifndef KC_RIJNDAEL_ARMCE_H
#define KC_RIJNDAEL_ARMCE_H
#include <arm_neon.h>
#include "rijndael/rijndael_common.h"

typedef struct armce_key {
    uint8x16_t ek[RIJNDAEL_MAX_ROUNDS + 1][2];   /* gathered, except the last */
    uint8x16_t dk[RIJNDAEL_MAX_ROUNDS + 1][2];   /* the same for decryption */
    uint8x16_t enc_split[4], dec_split[4];       /* the gathers' TBL + TBX indices */
    unsigned nb, nr;
} armce_key;

#endif
