/* SPDX-License-Identifier: MIT */
/* The TinyJAMBU permutations the AVR paper ([TJ-AVR]) compares, as
 * tj_mode_perm callbacks for the mode of src/tinyjambu/tinyjambu_common.h:
 *   tj_paper_ref: the designers' reference structure -- one 32-step update
 *     per iteration, then the four words move down (paper's Table 2);
 *   tj_paper_opt: the optimized C of the library (tinyjambu_common.h: four
 *     updates per iteration with rotating word roles);
 *   tj_paper_rs:  the AVR assembly with reverse shifts (src/tinyjambu/avr_rs.S).
 * The keys: a tj_key for ref and opt; ~K words (40) for rs. */
#ifndef KC_AVR_TJ_PAPER_H
#define KC_AVR_TJ_PAPER_H
#include "tinyjambu/tinyjambu_common.h"

void tj_paper_ref(uint32_t s[4], const void *key, uint8_t groups);
void tj_paper_opt(uint32_t s[4], const void *key, uint8_t groups);
void tj_paper_rs(uint32_t s[4], const void *key, uint8_t groups);
void tj_paper_rs_key(uint32_t nk[40], const tj_key *k);
void kc_tj_avr_rs_permute(uint32_t s[4], const uint32_t *nk, uint8_t groups);

#endif
