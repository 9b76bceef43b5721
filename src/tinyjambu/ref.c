/* SPDX-License-Identifier: MIT */
/* TinyJAMBU-128/192/256 v2 reference backend: portable C, 32-bit words
 * (the AEAD mode of [TINYJAMBU]): the shared mode of tinyjambu_common.h over
 * tj_permute.  Only shifts, ANDs and XORs on the state and no branch on
 * secret data, also not on the tag check. */
#include "core/backend.h"
#include "tinyjambu/tinyjambu_common.h"

const kc_aead_backend kc_tinyjambu_ref = {
    .head = {
        .name = "ref",
        .summary = "portable C, 32-bit words",
        .cpu = 0,
        .timing = KC_CONSTANT_TIME,
        .ctx_size = sizeof(tj_key),
    },
    .set_key = tj_ref_set_key,
    .encrypt = tj_ref_encrypt,
    .decrypt = tj_ref_decrypt,
};
