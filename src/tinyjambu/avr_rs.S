/* SPDX-License-Identifier: MIT */
/* TinyJAMBU keyed permutation in AVR assembly with reverse shifts
 * ([TJ-AVR]).
 *
 *   void kc_tj_avr_rs_permute(uint32_t s[4], const uint32_t *nk, uint8_t groups)
 *
 * runs 128 * groups steps; nk holds ~K[i mod key words] for i = 0..4*groups-1
 * (the complement folds the ~ of the feedback into the key).
 *
 * One 32-step update, S0 ^= t1 ^ (t2 & t3) ^ t4 ^ ~K, reads the tap windows
 * t1 = bits 15..46 of S2:S1 and t2, t3, t4 = bits 6..37, 21..52, 27..58 of
 * X = S3:S2.  Instead of shifting each window right by 15, 6, 21 and 27,
 * one copy V of X is shifted LEFT, 1 + 1 + 1 + 2 bits, and each window is
 * read at a byte offset: t1 = (a2, a3, V0, V1) after the first shift (the
 * S1 bytes a1..a3 lead the chain), t2 = V1..V4 of X << 2, t3 = V3..V6 of
 * X << 3, t4 = V4..V7 of X << 5.  Each later shift skips the low bytes that
 * are no longer read.  73 cycles per update, no branch on data.
 *
 * The four state words stay in r2..r17 with rotating roles (no moves):
 * update k of a group replaces word k.  avr-gcc ABI: r2..r17 and r28/r29
 * saved; r1 (the zero register) counts groups and ends at 0. */

#if defined(__AVR__)   /* AVR only, whatever globs it */
#define V0 r18
#define V1 r19
#define V2 r20
#define V3 r21
#define V4 r22
#define V5 r23
#define V6 r24
#define V7 r25

/* x = word to update, a = next (S1), b = S2, c = S3; 4 registers each. */
.macro UPDATE x0,x1,x2,x3, a0,a1,a2,a3, b0,b1,b2,b3, c0,c1,c2,c3
    movw V0, \b0            ; V = X = S3:S2
    movw V2, \b2
    movw V4, \c0
    movw V6, \c2
    mov  r0, \a1            ; t1 chain: (a1 a2 a3 | V) << 1
    movw r26, \a2
    lsl  r0
    rol  r26
    rol  r27
    rol  V0
    rol  V1
    rol  V2
    rol  V3
    rol  V4
    rol  V5
    rol  V6
    rol  V7
    eor  \x0, r26           ; ^= t1
    eor  \x1, r27
    eor  \x2, V0
    eor  \x3, V1
    lsl  V0                 ; X << 2
    rol  V1
    rol  V2
    rol  V3
    rol  V4
    rol  V5
    rol  V6
    rol  V7
    mov  r26, V1            ; t2
    mov  r27, V2
    mov  r30, V3
    mov  r31, V4
    lsl  V2                 ; X << 3, bytes 3..7
    rol  V3
    rol  V4
    rol  V5
    rol  V6
    rol  V7
    and  r26, V3            ; t2 & t3
    and  r27, V4
    and  r30, V5
    and  r31, V6
    lsl  V3                 ; X << 5, bytes 4..7
    rol  V4
    rol  V5
    rol  V6
    rol  V7
    lsl  V3
    rol  V4
    rol  V5
    rol  V6
    rol  V7
    eor  \x0, V4            ; ^= t4
    eor  \x1, V5
    eor  \x2, V6
    eor  \x3, V7
    eor  \x0, r26           ; ^= t2 & t3
    eor  \x1, r27
    eor  \x2, r30
    eor  \x3, r31
    ld   V0, Y+             ; ^= ~K
    eor  \x0, V0
    ld   V0, Y+
    eor  \x1, V0
    ld   V0, Y+
    eor  \x2, V0
    ld   V0, Y+
    eor  \x3, V0
.endm

    .text
    .global kc_tj_avr_rs_permute
    .type kc_tj_avr_rs_permute, @function
kc_tj_avr_rs_permute:
    push r2
    push r3
    push r4
    push r5
    push r6
    push r7
    push r8
    push r9
    push r10
    push r11
    push r12
    push r13
    push r14
    push r15
    push r16
    push r17
    push r28
    push r29
    movw r30, r24           ; Z = s
    movw r28, r22           ; Y = nk
    mov  r1, r20            ; groups
    ld   r2, Z+
    ld   r3, Z+
    ld   r4, Z+
    ld   r5, Z+
    ld   r6, Z+
    ld   r7, Z+
    ld   r8, Z+
    ld   r9, Z+
    ld   r10, Z+
    ld   r11, Z+
    ld   r12, Z+
    ld   r13, Z+
    ld   r14, Z+
    ld   r15, Z+
    ld   r16, Z+
    ld   r17, Z+
    push r30                ; s + 16, for the stores
    push r31
1:
    UPDATE r2,r3,r4,r5,     r6,r7,r8,r9,     r10,r11,r12,r13, r14,r15,r16,r17
    UPDATE r6,r7,r8,r9,     r10,r11,r12,r13, r14,r15,r16,r17, r2,r3,r4,r5
    UPDATE r10,r11,r12,r13, r14,r15,r16,r17, r2,r3,r4,r5,     r6,r7,r8,r9
    UPDATE r14,r15,r16,r17, r2,r3,r4,r5,     r6,r7,r8,r9,     r10,r11,r12,r13
    dec  r1
    breq 2f
    rjmp 1b
2:
    pop  r31
    pop  r30
    st   -Z, r17
    st   -Z, r16
    st   -Z, r15
    st   -Z, r14
    st   -Z, r13
    st   -Z, r12
    st   -Z, r11
    st   -Z, r10
    st   -Z, r9
    st   -Z, r8
    st   -Z, r7
    st   -Z, r6
    st   -Z, r5
    st   -Z, r4
    st   -Z, r3
    st   -Z, r2
    pop  r29
    pop  r28
    pop  r17
    pop  r16
    pop  r15
    pop  r14
    pop  r13
    pop  r12
    pop  r11
    pop  r10
    pop  r9
    pop  r8
    pop  r7
    pop  r6
    pop  r5
    pop  r4
    pop  r3
    pop  r2
    ret
    .size kc_tj_avr_rs_permute, .-kc_tj_avr_rs_permute
#endif
