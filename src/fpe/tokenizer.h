/* SPDX-License-Identifier: MIT */
/* What the Arrow entry point needs to know of a tokenizer. */
#ifndef KC_FPE_TOKENIZER_H
#define KC_FPE_TOKENIZER_H
#include "kcipher.h"
#include "fpe/format.h"

const kc_format *kc_tokenizer_format(const kc_tokenizer *t);

#endif
