/* SPDX-License-Identifier: MIT */
/* transpose(x): 4x4 transpose of the 32-bit words in each 128-bit lane of
 * four x86 vectors; its own inverse.  With x[j] holding one block per lane,
 * x[w] then holds word w of all of them (the word-sliced layout of the LEA
 * and RC6 SIMD code).  The including file defines V and V_UNPACKLO(w, a, b),
 * V_UNPACKHI(w, a, b), the in-lane unpacks of w-bit elements, and includes
 * this once. */
static inline void transpose(V x[4])
{
    V t0 = V_UNPACKLO(32, x[0], x[1]), t1 = V_UNPACKHI(32, x[0], x[1]);
    V t2 = V_UNPACKLO(32, x[2], x[3]), t3 = V_UNPACKHI(32, x[2], x[3]);
    x[0] = V_UNPACKLO(64, t0, t2);
    x[1] = V_UNPACKHI(64, t0, t2);
    x[2] = V_UNPACKLO(64, t1, t3);
    x[3] = V_UNPACKHI(64, t1, t3);
}
