/* SPDX-License-Identifier: MIT */
/* The LSH compression function (KS X 3262) in portable C, one body for both
 * word sizes: the includer defines `word`, STEPS, LOAD, SC, rot_even,
 * rot_odd and gamma_ (lsh256_ref.c, lsh512_ref.c).  Adds, rotations and
 * xors only, so constant-time. */
#include <string.h>

static word rotl(word x, unsigned n) { return n ? (word)(x << n | x >> (8 * sizeof(word) - n)) : x; }

/* cv ^= m, the mix of one step, then the word permutation. */
static void step(word cv[16], const word m[16], const word sc[8], const unsigned rot[2])
{
    static const unsigned char sigma[16] = { 6, 4, 5, 7, 12, 15, 14, 13, 2, 0, 1, 3, 8, 11, 10, 9 };
    word t[16];
    for (int i = 0; i < 16; i++) cv[i] ^= m[i];
    for (int i = 0; i < 8; i++) {
        word l = cv[i] + cv[i + 8];
        l = rotl(l, rot[0]) ^ sc[i];
        word r = rotl(cv[i + 8] + l, rot[1]);
        cv[i] = l + r;
        cv[i + 8] = rotl(r, gamma_[i]);
    }
    for (int i = 0; i < 16; i++) t[i] = cv[sigma[i]];
    memcpy(cv, t, sizeof t);
}

/* The next sub-message: m = other + tau(m). */
static void expand(word m[16], const word other[16])
{
    static const unsigned char tau[16] = { 3, 2, 0, 1, 7, 4, 5, 6, 11, 10, 8, 9, 15, 12, 13, 14 };
    word t[16];
    for (int i = 0; i < 16; i++) t[i] = other[i] + m[tau[i]];
    memcpy(m, t, sizeof t);
}

static void compress(void *state, const uint8_t *p, size_t nblocks)
{
    word *cv = state;
    for (; nblocks--; p += 32 * sizeof(word)) {
        word e[16], o[16];
        for (int i = 0; i < 16; i++) {
            e[i] = LOAD(p + i * sizeof(word));
            o[i] = LOAD(p + (i + 16) * sizeof(word));
        }
        step(cv, e, SC[0], rot_even);
        step(cv, o, SC[1], rot_odd);
        for (int j = 2; j < STEPS; j += 2) {
            expand(e, o);
            step(cv, e, SC[j], rot_even);
            expand(o, e);
            step(cv, o, SC[j + 1], rot_odd);
        }
        expand(e, o);
        for (int i = 0; i < 16; i++) cv[i] ^= e[i];
    }
}
