/* SPDX-License-Identifier: MIT */
/* Rijndael internals shared by every backend: geometry and key expansion.
 *
 * Nb = block bytes / 4 and Nk = key bytes / 4, each 4, 6 or 8; AES is Nb = 4.
 * Nr = max(Nb, Nk) + 6 (Table 1 of the Rijndael proposal).  ShiftRows
 * rotates row r left by C_r columns: (1, 2, 3) for Nb = 4 and 6, (1, 3, 4)
 * for Nb = 8.
 *
 * A column is a 32-bit word with row r in bits 8r..8r+7, i.e. the four
 * state bytes loaded little-endian. */
#ifndef KC_RIJNDAEL_COMMON_H
#define KC_RIJNDAEL_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include "core/util.h"

#define RIJNDAEL_MAX_NB 8
#define RIJNDAEL_MAX_ROUNDS 14
#define RIJNDAEL_MAX_WORDS (RIJNDAEL_MAX_NB * (RIJNDAEL_MAX_ROUNDS + 1))   /* 120 */

static inline unsigned rijndael_rounds(unsigned nb, unsigned nk)
{
    return (nb > nk ? nb : nk) + 6;
}

/* C_r for rows 1..3 (row 0 does not move). */
static inline unsigned rijndael_shift(unsigned nb, unsigned row)
{
    static const unsigned small[4] = { 0, 1, 2, 3 }, large[4] = { 0, 1, 3, 4 };
    return nb == 8 ? large[row] : small[row];
}

/* Multiplication by x in GF(2^8) mod x^8 + x^4 + x^3 + x + 1, without branches. */
static inline uint8_t rijndael_xtime(uint8_t a)
{
    return (uint8_t)((a << 1) ^ (0x1b & (0u - (a >> 7))));
}

/* Expands an Nk-word key into Nb * (Nr + 1) words w[] (at most
 * RIJNDAEL_MAX_WORDS).  sub_word applies the S-box to each byte of a word;
 * the backend supplies it, so that the schedule is as constant-time as the
 * backend.  Only public values (i, nk) steer the loop. */
static inline void rijndael_expand_key(uint32_t *w, const uint8_t *key, unsigned nk, unsigned nb,
                                       uint32_t (*sub_word)(uint32_t))
{
    unsigned total = nb * (rijndael_rounds(nb, nk) + 1);
    uint8_t rcon = 1;
    for (unsigned i = 0; i < nk; i++) w[i] = kc_load32_le(key + 4 * i);
    for (unsigned i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word(kc_ror32(t, 8)) ^ rcon;   /* RotWord moves row 1 to row 0 */
            rcon = rijndael_xtime(rcon);
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
}

#endif
