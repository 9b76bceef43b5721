/* SPDX-License-Identifier: MIT */
#ifndef KC_CLI_COMMANDS_H
#define KC_CLI_COMMANDS_H
#include "options.h"

int cmd_crypt(const options *o, int encrypt);     /* block modes, AEAD, FEA blocks */
int cmd_fpe(const options *o, int encrypt);
int cmd_tokenize(const options *o, int encrypt);  /* tokenize | detokenize columns of CSV/TSV/JSONL */
int cmd_list(void);

#endif
