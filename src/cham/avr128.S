/* SPDX-License-Identifier: MIT */
/* CHAM-128 (both key sizes) on 8-bit AVR: one block, encryption and
 * decryption.
 *
 *   void kc_cham_avr_encrypt128(uint8_t out[16], const uint8_t in[16], const cham_key *k, uint8_t rounds)
 *   void kc_cham_avr_decrypt128(same)
 * out == in is fine.
 *
 * The four 32-bit words stay in r2..r17 (A, B, C, D, low byte first).  As
 * in avr.S, a rotation by 8 is a renaming: the even rounds' outputs (A and
 * C) rotate their byte names, back in place after 16 rounds, so the round
 * loop is 16 rounds unrolled; a round count of 8 mod 16 (CHAM-128/256's
 * 120) ends, or for decryption starts, with A and C named two bytes on.
 * The rotation by 1 is lsl/rol/adc.  rk[j] is read with ldd at Z + 4j (the
 * keys repeat every 8 or 16 rounds), the round number fits a byte.  No
 * table, no branch on data: constant time.
 * avr-gcc ABI: r2..r17 saved; r1 stays zero. */

#if defined(__AVR__)   /* AVR only, whatever globs it */
#define A0 r2
#define A1 r3
#define A2 r4
#define A3 r5
#define B0 r6           /* B and D are never renamed: register pairs, for movw */
#define B1 r7
#define B2 r8
#define B3 r9
#define C0 r10
#define C1 r11
#define C2 r12
#define C3 r13
#define D0 r14
#define D1 r15
#define D2 r16
#define D3 r17
#define T0 r18
#define T1 r19
#define T2 r20
#define T3 r21
#define K r22
#define I r23
#define N r0

/* Round i even: x0 = ROL8((x0 ^ i) + (ROL1(x1) ^ rk)); the ROL8 is left to
 * the caller's names.  x1 is B or D. */
.macro EVEN a0, a1, a2, a3, b0, b1, b2, b3, off
    movw T0, \b0
    movw T2, \b2
    lsl  T0
    rol  T1
    rol  T2
    rol  T3
    adc  T0, r1
    eor  \a0, I
    ldd  K, Z+\off
    eor  K, T0
    add  \a0, K
    ldd  K, Z+\off+1        /* ldd and eor leave the carry alone */
    eor  K, T1
    adc  \a1, K
    ldd  K, Z+\off+2
    eor  K, T2
    adc  \a2, K
    ldd  K, Z+\off+3
    eor  K, T3
    adc  \a3, K
    inc  I
.endm

/* Round i odd: x0 = ROL1((x0 ^ i) + (ROL8(x1) ^ rk)). */
.macro ODD a0, a1, a2, a3, b0, b1, b2, b3, off
    eor  \a0, I
    ldd  K, Z+\off
    eor  K, \b3
    add  \a0, K
    ldd  K, Z+\off+1
    eor  K, \b0
    adc  \a1, K
    ldd  K, Z+\off+2
    eor  K, \b1
    adc  \a2, K
    ldd  K, Z+\off+3
    eor  K, \b2
    adc  \a3, K
    lsl  \a0
    rol  \a1
    rol  \a2
    rol  \a3
    adc  \a0, r1
    inc  I
.endm

/* The inverses, with the forward round's names. */
.macro UNEVEN a0, a1, a2, a3, b0, b1, b2, b3, off
    dec  I
    movw T0, \b0
    movw T2, \b2
    lsl  T0
    rol  T1
    rol  T2
    rol  T3
    adc  T0, r1
    ldd  K, Z+\off
    eor  K, T0
    sub  \a0, K
    ldd  K, Z+\off+1
    eor  K, T1
    sbc  \a1, K
    ldd  K, Z+\off+2
    eor  K, T2
    sbc  \a2, K
    ldd  K, Z+\off+3
    eor  K, T3
    sbc  \a3, K
    eor  \a0, I
.endm

.macro UNODD a0, a1, a2, a3, b0, b1, b2, b3, off
    dec  I
    bst  \a0, 0
    lsr  \a3
    ror  \a2
    ror  \a1
    ror  \a0
    bld  \a3, 7
    ldd  K, Z+\off
    eor  K, \b3
    sub  \a0, K
    ldd  K, Z+\off+1
    eor  K, \b0
    sbc  \a1, K
    ldd  K, Z+\off+2
    eor  K, \b1
    sbc  \a2, K
    ldd  K, Z+\off+3
    eor  K, \b2
    sbc  \a3, K
    eor  \a0, I
.endm

/* Eight rounds from i = 0 mod 8 with A named (a0..a3) and C (c0..c3);
 * both end named two bytes on.  Round keys at Z + o .. Z + o + 31. */
.macro ENC8 a0, a1, a2, a3, c0, c1, c2, c3, o
    EVEN \a0, \a1, \a2, \a3, B0, B1, B2, B3, \o
    ODD  B0, B1, B2, B3, \c0, \c1, \c2, \c3, \o+4
    EVEN \c0, \c1, \c2, \c3, D0, D1, D2, D3, \o+8
    ODD  D0, D1, D2, D3, \a3, \a0, \a1, \a2, \o+12
    EVEN \a3, \a0, \a1, \a2, B0, B1, B2, B3, \o+16
    ODD  B0, B1, B2, B3, \c3, \c0, \c1, \c2, \o+20
    EVEN \c3, \c0, \c1, \c2, D0, D1, D2, D3, \o+24
    ODD  D0, D1, D2, D3, \a2, \a3, \a0, \a1, \o+28
.endm

.macro DEC8 a0, a1, a2, a3, c0, c1, c2, c3, o
    UNODD  D0, D1, D2, D3, \a2, \a3, \a0, \a1, \o+28
    UNEVEN \c3, \c0, \c1, \c2, D0, D1, D2, D3, \o+24
    UNODD  B0, B1, B2, B3, \c3, \c0, \c1, \c2, \o+20
    UNEVEN \a3, \a0, \a1, \a2, B0, B1, B2, B3, \o+16
    UNODD  D0, D1, D2, D3, \a3, \a0, \a1, \a2, \o+12
    UNEVEN \c0, \c1, \c2, \c3, D0, D1, D2, D3, \o+8
    UNODD  B0, B1, B2, B3, \c0, \c1, \c2, \c3, \o+4
    UNEVEN \a0, \a1, \a2, \a3, B0, B1, B2, B3, \o
.endm

/* The block through X, A and C named (a0..a3), (c0..c3). */
.macro LOAD a0, a1, a2, a3, c0, c1, c2, c3
    .irp r, \a0, \a1, \a2, \a3, B0, B1, B2, B3, \c0, \c1, \c2, \c3, D0, D1, D2, D3
    ld   \r, X+
    .endr
.endm

.macro STORE a0, a1, a2, a3, c0, c1, c2, c3
    pop  r27                /* X = out */
    pop  r26
    .irp r, \a0, \a1, \a2, \a3, B0, B1, B2, B3, \c0, \c1, \c2, \c3, D0, D1, D2, D3
    st   X+, \r
    .endr
.endm

.macro PROLOGUE
    .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    push r\r
    .endr
    mov  N, r18
    push r24                /* out, for the end */
    push r25
    movw r26, r22           /* X = in */
    movw r30, r20           /* Z = k->rk */
.endm

/* Clears the key-derived scratch, restores r2..r17, returns. */
.macro EPILOGUE
    clr  T0
    clr  T1
    clr  T2
    clr  T3
    clr  K
    clr  r0
    .irp r, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
    pop  r\r
    .endr
    ret
.endm

    .text
    .global kc_cham_avr_encrypt128
    .type kc_cham_avr_encrypt128, @function
kc_cham_avr_encrypt128:
    PROLOGUE
    LOAD A0, A1, A2, A3, C0, C1, C2, C3
    clr  I
1:  ENC8 A0, A1, A2, A3, C0, C1, C2, C3, 0
    cp   I, N
    brne 4f
    rjmp 6f                 /* rounds = 8 mod 16: A and C two bytes on */
4:  ENC8 A2, A3, A0, A1, C2, C3, C0, C1, 32
    cp   I, N
    breq 5f
    rjmp 1b
5:  STORE A0, A1, A2, A3, C0, C1, C2, C3
    EPILOGUE
6:  STORE A2, A3, A0, A1, C2, C3, C0, C1
    EPILOGUE
    .size kc_cham_avr_encrypt128, .-kc_cham_avr_encrypt128

    .global kc_cham_avr_decrypt128
    .type kc_cham_avr_decrypt128, @function
kc_cham_avr_decrypt128:
    PROLOGUE
    mov  I, N
    sbrs N, 3
    rjmp 2f
    LOAD A2, A3, A0, A1, C2, C3, C0, C1   /* rounds = 8 mod 16 */
    rjmp 3f
2:  LOAD A0, A1, A2, A3, C0, C1, C2, C3
1:  DEC8 A2, A3, A0, A1, C2, C3, C0, C1, 32
3:  DEC8 A0, A1, A2, A3, C0, C1, C2, C3, 0
    tst  I
    breq 5f
    rjmp 1b
5:  STORE A0, A1, A2, A3, C0, C1, C2, C3
    EPILOGUE
    .size kc_cham_avr_decrypt128, .-kc_cham_avr_decrypt128

#endif
