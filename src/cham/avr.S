/* SPDX-License-Identifier: MIT */
/* CHAM-64 on 8-bit AVR: one block, encryption and decryption.
 *
 *   void kc_cham_avr_encrypt(uint8_t out[8], const uint8_t in[8], const cham_key *k, uint8_t rounds)
 *   void kc_cham_avr_decrypt(same)
 * out == in is fine.
 *
 * The four 16-bit words stay in r18..r25 (A, B, C, D, low byte first).  A
 * rotation by 8 is a swap of the two bytes, so it is a renaming: the even
 * rounds' outputs (A and C) change byte order and come back after 8 rounds;
 * the rotation by 1 is lsl/rol/adc.  The round keys repeat every 16 rounds:
 * rk[j] is read with ldd at Z + 4j (its low 16 bits; cham_key stores each as
 * a 32-bit lane), Z fixed, 8 rounds unrolled twice.  The round number fits
 * a byte.  No table, no branch on data: constant time.
 * avr-gcc ABI: r15, r16, r17, r28, r29 saved; r1 stays zero. */

#if defined(__AVR__)   /* AVR only, whatever globs it */
#define K0 r0
#define K1 r28
#define T0 r16          /* T0:T1 a register pair, for movw */
#define T1 r17
#define I r29
#define N r15

/* Round i even: x0 = ROL8((x0 ^ i) + (ROL1(x1) ^ rk)); the ROL8 is left to
 * the caller's names. */
.macro EVEN x0l, x0h, x1l, x1h, off
    movw T0, \x1l
    lsl  T0
    rol  T1
    adc  T0, r1
    ldd  K0, Z+\off
    ldd  K1, Z+\off+1
    eor  T0, K0
    eor  T1, K1
    eor  \x0l, I
    add  \x0l, T0
    adc  \x0h, T1
    inc  I
.endm

/* Round i odd: x0 = ROL1((x0 ^ i) + (ROL8(x1) ^ rk)). */
.macro ODD x0l, x0h, x1l, x1h, off
    ldd  K0, Z+\off
    ldd  K1, Z+\off+1
    eor  K0, \x1h
    eor  K1, \x1l
    eor  \x0l, I
    add  \x0l, K0
    adc  \x0h, K1
    lsl  \x0l
    rol  \x0h
    adc  \x0l, r1
    inc  I
.endm

/* The inverses, with the forward round's names. */
.macro UNEVEN x0l, x0h, x1l, x1h, off
    dec  I
    movw T0, \x1l
    lsl  T0
    rol  T1
    adc  T0, r1
    ldd  K0, Z+\off
    ldd  K1, Z+\off+1
    eor  T0, K0
    eor  T1, K1
    sub  \x0l, T0
    sbc  \x0h, T1
    eor  \x0l, I
.endm

.macro UNODD x0l, x0h, x1l, x1h, off
    dec  I
    bst  \x0l, 0
    lsr  \x0h
    ror  \x0l
    bld  \x0h, 7
    ldd  K0, Z+\off
    ldd  K1, Z+\off+1
    eor  K0, \x1h
    eor  K1, \x1l
    sub  \x0l, K0
    sbc  \x0h, K1
    eor  \x0l, I
.endm

/* Eight rounds from i = 0 mod 8, round keys at Z + o .. Z + o + 28.
 * A is (r18, r19) and C (r22, r23) at the start and the end, swapped
 * after their first update. */
.macro ENC8 o
    EVEN r18, r19, r20, r21, \o
    ODD  r20, r21, r22, r23, \o+4
    EVEN r22, r23, r24, r25, \o+8
    ODD  r24, r25, r19, r18, \o+12
    EVEN r19, r18, r20, r21, \o+16
    ODD  r20, r21, r23, r22, \o+20
    EVEN r23, r22, r24, r25, \o+24
    ODD  r24, r25, r18, r19, \o+28
.endm

.macro DEC8 o
    UNODD  r24, r25, r18, r19, \o+28
    UNEVEN r23, r22, r24, r25, \o+24
    UNODD  r20, r21, r23, r22, \o+20
    UNEVEN r19, r18, r20, r21, \o+16
    UNODD  r24, r25, r19, r18, \o+12
    UNEVEN r22, r23, r24, r25, \o+8
    UNODD  r20, r21, r22, r23, \o+4
    UNEVEN r18, r19, r20, r21, \o
.endm

.macro PROLOGUE
    push r15
    push r16
    push r17
    push r28
    push r29
    mov  N, r18
    push r24                /* out, for the end */
    push r25
    movw r26, r22           /* X = in */
    movw r30, r20           /* Z = k->rk */
    ld   r18, X+
    ld   r19, X+
    ld   r20, X+
    ld   r21, X+
    ld   r22, X+
    ld   r23, X+
    ld   r24, X+
    ld   r25, X+
.endm

.macro EPILOGUE
    pop  r27                /* X = out */
    pop  r26
    st   X+, r18
    st   X+, r19
    st   X+, r20
    st   X+, r21
    st   X+, r22
    st   X+, r23
    st   X+, r24
    st   X+, r25
    clr  r0
    pop  r29
    pop  r28
    pop  r17
    pop  r16
    pop  r15
    ret
.endm

    .text
    .global kc_cham_avr_encrypt
    .type kc_cham_avr_encrypt, @function
kc_cham_avr_encrypt:
    PROLOGUE
    clr  I
1:  ENC8 0
    cp   I, N
    brne 4f
    rjmp 2f                 /* breq does not reach */
4:  ENC8 32
    cp   I, N
    breq 2f
    rjmp 1b
2:  EPILOGUE
    .size kc_cham_avr_encrypt, .-kc_cham_avr_encrypt

    .global kc_cham_avr_decrypt
    .type kc_cham_avr_decrypt, @function
kc_cham_avr_decrypt:
    PROLOGUE
    mov  I, N
    sbrc N, 3               /* rounds = 8 mod 16: start in rk[0..7] */
    rjmp 3f
1:  DEC8 32
3:  DEC8 0
    tst  I
    breq 2f
    rjmp 1b
2:  EPILOGUE
    .size kc_cham_avr_decrypt, .-kc_cham_avr_decrypt

#endif
