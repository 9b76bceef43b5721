/* SPDX-License-Identifier: MIT */
/* The AES S-box on bit planes, for the bitsliced backends (ct.c on 64-bit
 * words, neon_bs.c on 128-bit NEON registers): Boyar and Peralta's
 * circuit, and its inverse through the affine map.
 * The includer defines BS_WORD (a type with ^, & and ~: an integer or a GCC
 * vector) and BS_INLINE (the functions' qualifiers); q[i] holds bit i of
 * every byte, q[7] the most significant. */

/* S(x) for each bit position. */
static BS_INLINE void sbox(BS_WORD *q)
{
    BS_WORD U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4], U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];

    /* Top linear layer. */
    BS_WORD T1 = U0 ^ U3, T2 = U0 ^ U5, T3 = U0 ^ U6, T4 = U3 ^ U5, T5 = U4 ^ U6;
    BS_WORD T6 = T1 ^ T5, T7 = U1 ^ U2, T8 = U7 ^ T6, T9 = U7 ^ T7, T10 = T6 ^ T7;
    BS_WORD T11 = U1 ^ U5, T12 = U2 ^ U5, T13 = T3 ^ T4, T14 = T6 ^ T11, T15 = T5 ^ T11;
    BS_WORD T16 = T5 ^ T12, T17 = T9 ^ T16, T18 = U3 ^ U7, T19 = T7 ^ T18, T20 = T1 ^ T19;
    BS_WORD T21 = U6 ^ U7, T22 = T7 ^ T21, T23 = T2 ^ T22, T24 = T2 ^ T10, T25 = T20 ^ T17;
    BS_WORD T26 = T3 ^ T16, T27 = T1 ^ T12;

    /* Shared non-linear middle: inversion in GF(2^8) via GF(2^4). */
    BS_WORD M1 = T13 & T6, M2 = T23 & T8, M3 = T14 ^ M1, M4 = T19 & U7, M5 = M4 ^ M1;
    BS_WORD M6 = T3 & T16, M7 = T22 & T9, M8 = T26 ^ M6, M9 = T20 & T17, M10 = M9 ^ M6;
    BS_WORD M11 = T1 & T15, M12 = T4 & T27, M13 = M12 ^ M11, M14 = T2 & T10, M15 = M14 ^ M11;
    BS_WORD M16 = M3 ^ M2, M17 = M5 ^ T24, M18 = M8 ^ M7, M19 = M10 ^ M15, M20 = M16 ^ M13;
    BS_WORD M21 = M17 ^ M15, M22 = M18 ^ M13, M23 = M19 ^ T25, M24 = M22 ^ M23, M25 = M22 & M20;
    BS_WORD M26 = M21 ^ M25, M27 = M20 ^ M21, M28 = M23 ^ M25, M29 = M28 & M27, M30 = M26 & M24;
    BS_WORD M31 = M20 & M23, M32 = M27 & M31, M33 = M27 ^ M25, M34 = M21 & M22, M35 = M24 & M34;
    BS_WORD M36 = M24 ^ M25, M37 = M21 ^ M29, M38 = M32 ^ M33, M39 = M23 ^ M30, M40 = M35 ^ M36;
    BS_WORD M41 = M38 ^ M40, M42 = M37 ^ M39, M43 = M37 ^ M38, M44 = M39 ^ M40, M45 = M42 ^ M41;
    BS_WORD M46 = M44 & T6, M47 = M40 & T8, M48 = M39 & U7, M49 = M43 & T16, M50 = M38 & T9;
    BS_WORD M51 = M37 & T17, M52 = M42 & T15, M53 = M45 & T27, M54 = M41 & T10, M55 = M44 & T13;
    BS_WORD M56 = M40 & T23, M57 = M39 & T19, M58 = M43 & T3, M59 = M38 & T22, M60 = M37 & T20;
    BS_WORD M61 = M42 & T1, M62 = M45 & T4, M63 = M41 & T2;

    /* Bottom linear layer, including the affine map. */
    BS_WORD L0 = M61 ^ M62, L1 = M50 ^ M56, L2 = M46 ^ M48, L3 = M47 ^ M55, L4 = M54 ^ M58;
    BS_WORD L5 = M49 ^ M61, L6 = M62 ^ L5, L7 = M46 ^ L3, L8 = M51 ^ M59, L9 = M52 ^ M53;
    BS_WORD L10 = M53 ^ L4, L11 = M60 ^ L2, L12 = M48 ^ M51, L13 = M50 ^ L0, L14 = M52 ^ M61;
    BS_WORD L15 = M55 ^ L1, L16 = M56 ^ L0, L17 = M57 ^ L1, L18 = M58 ^ L8, L19 = M63 ^ L4;
    BS_WORD L20 = L0 ^ L1, L21 = L1 ^ L7, L22 = L3 ^ L12, L23 = L18 ^ L2, L24 = L15 ^ L9;
    BS_WORD L25 = L6 ^ L10, L26 = L7 ^ L9, L27 = L8 ^ L10, L28 = L11 ^ L14, L29 = L11 ^ L17;

    q[7] = L6 ^ L24;
    q[6] = ~(L16 ^ L26);
    q[5] = ~(L19 ^ L28);
    q[4] = L6 ^ L21;
    q[3] = L20 ^ L22;
    q[2] = L25 ^ L29;
    q[1] = ~(L13 ^ L27);
    q[0] = ~(L6 ^ L23);
}

/* x -> B(x) ^ 0x05, the inverse of the S-box's affine map:
 * bit i = x[i+2] ^ x[i+5] ^ x[i+7] (indices mod 8). */
static BS_INLINE void inv_affine(BS_WORD *q)
{
    BS_WORD x[8];
    for (unsigned i = 0; i < 8; i++) x[i] = q[i];
    for (unsigned i = 0; i < 8; i++) q[i] = x[(i + 2) & 7] ^ x[(i + 5) & 7] ^ x[(i + 7) & 7];
    q[0] = ~q[0];
    q[2] = ~q[2];
}

/* S(x) = A(x^-1), so x^-1 = A^-1(S(x)) and Si(y) = A^-1(S(A^-1(y))). */
static BS_INLINE void inv_sbox(BS_WORD *q)
{
    inv_affine(q);
    sbox(q);
    inv_affine(q);
}
