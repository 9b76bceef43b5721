/* SPDX-License-Identifier: MIT */
/* HIGHT on 8-bit AVR: one block in place, encryption and decryption.
 *
 *   void kc_hight_avr_encrypt(uint8_t blk[8], const hight_key *k)
 *   void kc_hight_avr_decrypt(uint8_t blk[8], const hight_key *k)
 *
 * The eight state bytes stay in r18..r25 (a..h, as in ref.c); a round's
 * byte rotation is a renaming, so each loop pass runs eight rounds with the
 * names rotated and the loop runs four times.  F0 and F1 are one- and
 * four-bit rotations (lsl/adc, bst/lsr/bld, swap) and XORs: no table, no
 * branch on data.  Subkeys are read in sequence through Z (ld Z+ / ld -Z).
 * avr-gcc ABI: r16, r17, r28 saved; r1 stays zero. */

#if defined(__AVR__)   /* AVR only, whatever globs it */
#define T r0
#define U r16
#define S r17
#define N r28

/* T = F0(x) = rol1 ^ rol2 ^ rol7; U clobbered. */
.macro F0 x
    mov  T, \x
    lsl  T
    adc  T, r1
    mov  U, T
    lsl  U
    adc  U, r1
    eor  T, U
    mov  U, \x
    bst  U, 0
    lsr  U
    bld  U, 7
    eor  T, U
.endm

/* T = F1(x) = rol3 ^ rol4 ^ rol6; U clobbered. */
.macro F1 x
    mov  T, \x
    swap T
    mov  U, T
    bst  U, 0
    lsr  U
    bld  U, 7
    eor  U, T
    lsl  T
    adc  T, r1
    lsl  T
    adc  T, r1
    eor  T, U
.endm

/* x1 += F1(x0) ^ s0; x3 ^= F0(x2) + s1; x5 += F1(x4) ^ s2; x7 ^= F0(x6) + s3. */
.macro ROUND x0,x1,x2,x3,x4,x5,x6,x7
    F1   \x0
    ld   S, Z+
    eor  T, S
    add  \x1, T
    F0   \x2
    ld   S, Z+
    add  T, S
    eor  \x3, T
    F1   \x4
    ld   S, Z+
    eor  T, S
    add  \x5, T
    F0   \x6
    ld   S, Z+
    add  T, S
    eor  \x7, T
.endm

/* The inverse, subkeys read backwards (s3, s2, s1, s0). */
.macro UNROUND x0,x1,x2,x3,x4,x5,x6,x7
    F0   \x6
    ld   S, -Z
    add  T, S
    eor  \x7, T
    F1   \x4
    ld   S, -Z
    eor  T, S
    sub  \x5, T
    F0   \x2
    ld   S, -Z
    add  T, S
    eor  \x3, T
    F1   \x0
    ld   S, -Z
    eor  T, S
    sub  \x1, T
.endm

.macro PROLOGUE
    push r16
    push r17
    push r28
    movw r26, r24           /* X = blk */
    movw r30, r22           /* Z = k (wk0..wk7, then sk0..sk127) */
    ldi  N, 4
.endm

.macro EPILOGUE
    pop  r28
    pop  r17
    pop  r16
    ret
.endm

    .text
    .global kc_hight_avr_encrypt
    .type kc_hight_avr_encrypt, @function
kc_hight_avr_encrypt:
    PROLOGUE
    ld   r18, X+
    ld   r19, X+
    ld   r20, X+
    ld   r21, X+
    ld   r22, X+
    ld   r23, X+
    ld   r24, X+
    ld   r25, X+
    ld   S, Z+              /* initial whitening: wk0..wk3 */
    add  r18, S
    ld   S, Z+
    eor  r20, S
    ld   S, Z+
    add  r22, S
    ld   S, Z+
    eor  r24, S
    adiw r30, 4             /* Z = sk */
1:
    ROUND r18,r19,r20,r21,r22,r23,r24,r25
    ROUND r25,r18,r19,r20,r21,r22,r23,r24
    ROUND r24,r25,r18,r19,r20,r21,r22,r23
    ROUND r23,r24,r25,r18,r19,r20,r21,r22
    ROUND r22,r23,r24,r25,r18,r19,r20,r21
    ROUND r21,r22,r23,r24,r25,r18,r19,r20
    ROUND r20,r21,r22,r23,r24,r25,r18,r19
    ROUND r19,r20,r21,r22,r23,r24,r25,r18
    dec  N
    breq 2f
    rjmp 1b
2:
    subi r30, lo8(132)      /* Z = wk4 */
    sbci r31, hi8(132)
    sbiw r26, 8
    /* the last round does not rotate: X0..X7 = b, c, ..., h, a */
    ld   S, Z+
    add  r19, S
    st   X+, r19
    st   X+, r20
    ld   S, Z+
    eor  r21, S
    st   X+, r21
    st   X+, r22
    ld   S, Z+
    add  r23, S
    st   X+, r23
    st   X+, r24
    ld   S, Z+
    eor  r25, S
    st   X+, r25
    st   X+, r18
    EPILOGUE
    .size kc_hight_avr_encrypt, .-kc_hight_avr_encrypt

    .global kc_hight_avr_decrypt
    .type kc_hight_avr_decrypt, @function
kc_hight_avr_decrypt:
    PROLOGUE
    ld   r19, X+            /* b, c, ..., h, a */
    ld   r20, X+
    ld   r21, X+
    ld   r22, X+
    ld   r23, X+
    ld   r24, X+
    ld   r25, X+
    ld   r18, X+
    adiw r30, 4             /* final whitening undone: wk4..wk7 */
    ld   S, Z+
    sub  r19, S
    ld   S, Z+
    eor  r21, S
    ld   S, Z+
    sub  r23, S
    ld   S, Z+
    eor  r25, S
    subi r30, lo8(-128)     /* Z = past sk127 */
    sbci r31, hi8(-128)
1:
    UNROUND r19,r20,r21,r22,r23,r24,r25,r18
    UNROUND r20,r21,r22,r23,r24,r25,r18,r19
    UNROUND r21,r22,r23,r24,r25,r18,r19,r20
    UNROUND r22,r23,r24,r25,r18,r19,r20,r21
    UNROUND r23,r24,r25,r18,r19,r20,r21,r22
    UNROUND r24,r25,r18,r19,r20,r21,r22,r23
    UNROUND r25,r18,r19,r20,r21,r22,r23,r24
    UNROUND r18,r19,r20,r21,r22,r23,r24,r25
    dec  N
    breq 2f
    rjmp 1b
2:
    sbiw r30, 8             /* Z = wk0 */
    sbiw r26, 8
    ld   S, Z+
    sub  r18, S
    st   X+, r18
    st   X+, r19
    ld   S, Z+
    eor  r20, S
    st   X+, r20
    st   X+, r21
    ld   S, Z+
    sub  r22, S
    st   X+, r22
    st   X+, r23
    ld   S, Z+
    eor  r24, S
    st   X+, r24
    st   X+, r25
    EPILOGUE
    .size kc_hight_avr_decrypt, .-kc_hight_avr_decrypt
#endif
