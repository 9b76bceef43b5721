/* SPDX-License-Identifier: MIT */
/* PIPO-64/128 and PIPO-64/256 in RV32I assembly (no extensions), the
 * register schedule of [RV32-KBC] Table 5: state byte
 * X[i] lives in the low 8 bits of s(2+i), s10 counts the rounds, and the
 * key schedule is fused into encryption: round key r is the master-key word
 * K[r mod n] read straight from memory, with r XORed into byte 0.
 *
 * The S-layer is the designers' bitsliced circuit on the eight byte
 * registers ([PIPO]); NOT is `xori 0xff`, so every register stays
 * an 8-bit value.  The R-layer rotates each byte with a shift pair and one
 * mask (slli, srli, or, andi 0xff); the S-layer's final bit permutation is
 * folded into the rotations by choosing their source registers.
 *
 *   kc_pipo_rv32i_enc(const pipo_rv32i_key *k, uint8_t *out, const uint8_t *in, size_t nblocks)
 *   kc_pipo_rv32i_dec(same)
 * Byte loads and stores: any alignment, out == in allowed.
 * Only AND/OR/XOR and fixed shifts on secrets: constant time. */
#if defined(__riscv) && __riscv_xlen == 32

/* pipo_rv32i_key (rv32i.h): uint8_t key[32]; uint32_t rounds, key_mask. */
#define ROUNDS 32
#define KEY_MASK 36

#define X0 s2
#define X1 s3
#define X2 s4
#define X3 s5
#define X4 s6
#define X5 s7
#define X6 s8
#define X7 s9
#define R  s10

#include "pipo/rv32i_slayer.inc"

/* Registers: a0 key, a1 out, a2 in, a3 blocks left, a4 rounds, a5 key
 * mask (1 or 3), t0-t6 scratch. */

/* dst = src rotated left by n within 8 bits (dst may be src). */
.macro ROL8 dst, src, n
    slli t5, \src, \n
    srli \dst, \src, 8 - \n
    or   \dst, \dst, t5
    andi \dst, \dst, 0xff
.endm

/* The round key for round R: t6 = &key[8 * (R & mask)]. */
.macro KEY_PTR
    and  t6, R, a5
    slli t6, t6, 3
    add  t6, t6, a0
.endm

/* State bytes 0..7 (in registers r0..r7) ^= the 8 key bytes at kp. */
.macro XOR_KEY kp, r0, r1, r2, r3, r4, r5, r6, r7
    lbu  t0, 0(\kp)
    lbu  t1, 1(\kp)
    lbu  t2, 2(\kp)
    lbu  t3, 3(\kp)
    xor  \r0, \r0, t0
    xor  \r1, \r1, t1
    xor  \r2, \r2, t2
    xor  \r3, \r3, t3
    lbu  t0, 4(\kp)
    lbu  t1, 5(\kp)
    lbu  t2, 6(\kp)
    lbu  t3, 7(\kp)
    xor  \r4, \r4, t0
    xor  \r5, \r5, t1
    xor  \r6, \r6, t2
    xor  \r7, \r7, t3
.endm

/* Block bytes 0..7 from/to registers r0..r7. */
.macro LOAD r0, r1, r2, r3, r4, r5, r6, r7
    lbu  \r0, 0(a2)
    lbu  \r1, 1(a2)
    lbu  \r2, 2(a2)
    lbu  \r3, 3(a2)
    lbu  \r4, 4(a2)
    lbu  \r5, 5(a2)
    lbu  \r6, 6(a2)
    lbu  \r7, 7(a2)
.endm
.macro STORE r0, r1, r2, r3, r4, r5, r6, r7
    sb   \r0, 0(a1)
    sb   \r1, 1(a1)
    sb   \r2, 2(a1)
    sb   \r3, 3(a1)
    sb   \r4, 4(a1)
    sb   \r5, 5(a1)
    sb   \r6, 6(a1)
    sb   \r7, 7(a1)
.endm

/* S-layer then R-layer, in place.  t0, t1, t2 are the circuit's copies of
 * X7, X3, X4; the originals stay put for the output permutation
 * (X0 <- X7, X3 <-> X6, X4 <-> X5), which the rotations absorb. */
.macro S_R_LAYER
    S_LAYER_CORE 0xff
    /* truncate XOR; then the bit permutation with the R-layer rotations
     * (0, 7, 4, 3, 6, 5, 1, 2) */
    xor  X2, X2, t0
    xor  t3, X1, t2             /* new X7, before rotation */
    xor  t4, X0, t1             /* new X1 */
    mv   X0, X7
    ROL8 X7, t3, 2
    ROL8 X1, t4, 7
    ROL8 X2, X2, 4
    slli t5, X6, 3              /* X3 <- ROL3(X6), X6 <- ROL1(X3) */
    srli t4, X6, 5
    or   t4, t4, t5
    ROL8 X6, X3, 1
    andi X3, t4, 0xff
    slli t5, X5, 6              /* X4 <- ROL6(X5), X5 <- ROL5(X4) */
    srli t4, X5, 2
    or   t4, t4, t5
    ROL8 X5, X4, 5
    andi X4, t4, 0xff
.endm

/* Decryption round body: on entry logical bytes 3, 4, 5, 6 sit in X6, X5,
 * X4, X3 (the swaps of the inverse S-layer); key XOR, inverse R-layer
 * (0, 1, 4, 5, 2, 3, 7, 6) back into place, which also does the inverse
 * S-layer's first step (X7 <- X0, X0 <- X1, X1 <- X7), then the rest of
 * the inverse S-layer, which leaves bytes 3..6 swapped again. */
.macro INV_ROUND
    KEY_PTR
    XOR_KEY t6, X0, X1, X2, X6, X5, X4, X3, X7
    xor  X0, X0, R
    slli t5, X7, 6              /* X1 <- ROR... = ROL6(X7), X7 <- X0, X0 <- ROL1(X1) */
    srli t4, X7, 2
    or   t4, t4, t5
    mv   X7, X0
    ROL8 X0, X1, 1
    andi X1, t4, 0xff
    ROL8 X2, X2, 4
    slli t5, X6, 5              /* X3 <- ROL5(byte 3 in X6), X6 <- ROL7(byte 6 in X3) */
    srli t4, X6, 3
    or   t4, t4, t5
    ROL8 X6, X3, 7
    andi X3, t4, 0xff
    slli t5, X5, 2              /* X4 <- ROL2(byte 4 in X5), X5 <- ROL3(byte 5 in X4) */
    srli t4, X5, 6
    or   t4, t4, t5
    ROL8 X5, X4, 3
    andi X4, t4, 0xff
    INV_S_LAYER 0xff
.endm

.macro SAVE
    addi sp, sp, -48
    sw   s2, 0(sp)
    sw   s3, 4(sp)
    sw   s4, 8(sp)
    sw   s5, 12(sp)
    sw   s6, 16(sp)
    sw   s7, 20(sp)
    sw   s8, 24(sp)
    sw   s9, 28(sp)
    sw   s10, 32(sp)
    lw   a4, ROUNDS(a0)
    lw   a5, KEY_MASK(a0)
.endm
.macro RESTORE
    lw   s2, 0(sp)
    lw   s3, 4(sp)
    lw   s4, 8(sp)
    lw   s5, 12(sp)
    lw   s6, 16(sp)
    lw   s7, 20(sp)
    lw   s8, 24(sp)
    lw   s9, 28(sp)
    lw   s10, 32(sp)
    addi sp, sp, 48
.endm

    .text
    .globl  kc_pipo_rv32i_enc
    .hidden kc_pipo_rv32i_enc
    .type   kc_pipo_rv32i_enc, @function
    .p2align 2
kc_pipo_rv32i_enc:
    beqz a3, 9f
    SAVE
1:  LOAD X0, X1, X2, X3, X4, X5, X6, X7
    XOR_KEY a0, X0, X1, X2, X3, X4, X5, X6, X7      /* RK_0 = K0 */
    li   R, 1
2:  S_R_LAYER
    KEY_PTR
    XOR_KEY t6, X0, X1, X2, X3, X4, X5, X6, X7
    xor  X0, X0, R
    addi R, R, 1
    bgeu a4, R, 2b
    STORE X0, X1, X2, X3, X4, X5, X6, X7
    addi a2, a2, 8
    addi a1, a1, 8
    addi a3, a3, -1
    bnez a3, 1b
    RESTORE
9:  ret
    .size kc_pipo_rv32i_enc, .-kc_pipo_rv32i_enc

    .globl  kc_pipo_rv32i_dec
    .hidden kc_pipo_rv32i_dec
    .type   kc_pipo_rv32i_dec, @function
    .p2align 2
kc_pipo_rv32i_dec:
    beqz a3, 9f
    SAVE
1:  LOAD X0, X1, X2, X6, X5, X4, X3, X7             /* bytes 3..6 swapped, as INV_ROUND expects */
    mv   R, a4
2:  INV_ROUND
    addi R, R, -1
    bnez R, 2b
    XOR_KEY a0, X0, X1, X2, X6, X5, X4, X3, X7
    STORE X0, X1, X2, X6, X5, X4, X3, X7
    addi a2, a2, 8
    addi a1, a1, 8
    addi a3, a3, -1
    bnez a3, 1b
    RESTORE
9:  ret
    .size kc_pipo_rv32i_dec, .-kc_pipo_rv32i_dec

#endif
