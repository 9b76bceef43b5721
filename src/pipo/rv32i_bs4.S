/* SPDX-License-Identifier: MIT */
/* PIPO in RV32I assembly, four blocks at once (beyond [RV32-KBC]):
 * register W[i] holds state byte X[i] of four blocks, block b in byte lane
 * b, so the designers' bitsliced S-layer ([PIPO]) runs unchanged on
 * 32-bit words and serves four blocks per instruction.  The R-layer
 * rotates every lane: split each byte at the rotation point with one mask,
 * shift both parts, OR (5 instructions); the S-layer's output permutation
 * is folded into the rotations' source registers.  Round keys come
 * pre-broadcast to all four lanes (rv32i_bs4.c).
 *
 *   kc_pipo_rv32i_bs4_enc(const pipo_bs4_key *k, uint8_t *out, const uint8_t *in, size_t nquads)
 *   kc_pipo_rv32i_bs4_dec(same)
 * nquads groups of 4 blocks (32 bytes); byte loads and stores, any
 * alignment, out == in allowed.  AND/OR/XOR/NOT and fixed shifts only:
 * constant time. */
#if defined(__riscv) && __riscv_xlen == 32

/* pipo_bs4_key (rv32i_bs4.c): uint32_t rk[18][8]; uint32_t rounds; ... */
#define ROUNDS 576

#define X0 s0
#define X1 s1
#define X2 s2
#define X3 s3
#define X4 s4
#define X5 s5
#define X6 s6
#define X7 s7
/* M<r>: the low 8 - r bits of every lane, for a rotation left by r. */
#define M1 s8
#define M2 s9
#define M3 s10
#define M4 s11
#define M5 a4
#define M6 a5
#define M7 a6
#define KP a7           /* current round key */
#define KEND t6         /* end of the round keys (encryption) */

#include "pipo/rv32i_slayer.inc"

/* Registers: a0 round keys, a1 out, a2 in, a3 groups left, t0-t5 scratch. */

/* dst = every lane of src rotated left by r (dst may be src). */
.macro ROL_LANES dst, src, r, mask, ta, tb
    and  \ta, \src, \mask
    xor  \tb, \src, \ta
    slli \ta, \ta, \r
    srli \tb, \tb, 8 - \r
    or   \dst, \ta, \tb
.endm

/* The first four steps of ROL_LANES into ta, tb: the caller ORs them later. */
.macro ROL_LANES_SPLIT src, r, mask, ta, tb
    and  \ta, \src, \mask
    xor  \tb, \src, \ta
    slli \ta, \ta, \r
    srli \tb, \tb, 8 - \r
.endm

/* w = byte i of the four blocks at a2 (block b in lane b), and back. */
.macro LOADW w, i
    lbu  \w, \i(a2)
    lbu  t0, 8+\i(a2)
    lbu  t1, 16+\i(a2)
    lbu  t2, 24+\i(a2)
    slli t0, t0, 8
    slli t1, t1, 16
    slli t2, t2, 24
    or   \w, \w, t0
    or   t1, t1, t2
    or   \w, \w, t1
.endm
.macro STOREW w, i
    sb   \w, \i(a1)
    srli t0, \w, 8
    sb   t0, 8+\i(a1)
    srli t0, \w, 16
    sb   t0, 16+\i(a1)
    srli t0, \w, 24
    sb   t0, 24+\i(a1)
.endm

/* State bytes 0..7 (in registers r0..r7) ^= the broadcast round key at kp. */
.macro XOR_KEY kp, r0, r1, r2, r3, r4, r5, r6, r7
    lw   t0, 0(\kp)
    lw   t1, 4(\kp)
    lw   t2, 8(\kp)
    lw   t3, 12(\kp)
    xor  \r0, \r0, t0
    xor  \r1, \r1, t1
    xor  \r2, \r2, t2
    xor  \r3, \r3, t3
    lw   t0, 16(\kp)
    lw   t1, 20(\kp)
    lw   t2, 24(\kp)
    lw   t3, 28(\kp)
    xor  \r4, \r4, t0
    xor  \r5, \r5, t1
    xor  \r6, \r6, t2
    xor  \r7, \r7, t3
.endm

/* S-layer then R-layer (0, 7, 4, 3, 6, 5, 1, 2), in place; as in rv32i.S. */
.macro S_R_LAYER
    S_LAYER_CORE -1
    /* truncate XOR, bit permutation and rotations */
    xor  X2, X2, t0
    xor  t3, X1, t2             /* new X7, before rotation */
    xor  t4, X0, t1             /* new X1 */
    mv   X0, X7
    ROL_LANES X7, t3, 2, M2, t0, t1
    ROL_LANES X1, t4, 7, M7, t0, t1
    ROL_LANES X2, X2, 4, M4, t0, t1
    ROL_LANES_SPLIT X6, 3, M3, t0, t1       /* X3 <- ROL3(X6), X6 <- ROL1(X3) */
    ROL_LANES X6, X3, 1, M1, t2, t3
    or   X3, t0, t1
    ROL_LANES_SPLIT X5, 6, M6, t0, t1       /* X4 <- ROL6(X5), X5 <- ROL5(X4) */
    ROL_LANES X5, X4, 5, M5, t2, t3
    or   X4, t0, t1
.endm

/* Key XOR, inverse R-layer (0, 1, 4, 5, 2, 3, 7, 6), inverse S-layer; bytes
 * 3, 4, 5, 6 sit in X6, X5, X4, X3 on entry and on exit (see rv32i.S). */
.macro INV_ROUND
    XOR_KEY KP, X0, X1, X2, X6, X5, X4, X3, X7
    ROL_LANES_SPLIT X7, 6, M6, t0, t1       /* X1 <- ROL6(X7), X7 <- X0, X0 <- ROL1(X1) */
    mv   X7, X0
    ROL_LANES X0, X1, 1, M1, t2, t3
    or   X1, t0, t1
    ROL_LANES X2, X2, 4, M4, t0, t1
    ROL_LANES_SPLIT X6, 5, M5, t0, t1       /* X3 <- ROL5(byte 3 in X6), X6 <- ROL7(byte 6 in X3) */
    ROL_LANES X6, X3, 7, M7, t2, t3
    or   X3, t0, t1
    ROL_LANES_SPLIT X5, 2, M2, t0, t1       /* X4 <- ROL2(byte 4 in X5), X5 <- ROL3(byte 5 in X4) */
    ROL_LANES X5, X4, 3, M3, t2, t3
    or   X4, t0, t1
    INV_S_LAYER -1
.endm

.macro LOAD r0, r1, r2, r3, r4, r5, r6, r7
    LOADW \r0, 0
    LOADW \r1, 1
    LOADW \r2, 2
    LOADW \r3, 3
    LOADW \r4, 4
    LOADW \r5, 5
    LOADW \r6, 6
    LOADW \r7, 7
.endm
.macro STORE r0, r1, r2, r3, r4, r5, r6, r7
    STOREW \r0, 0
    STOREW \r1, 1
    STOREW \r2, 2
    STOREW \r3, 3
    STOREW \r4, 4
    STOREW \r5, 5
    STOREW \r6, 6
    STOREW \r7, 7
.endm

/* Saves s0-s11, loads the masks. */
.macro ENTER
    addi sp, sp, -48
    sw   s0, 0(sp)
    sw   s1, 4(sp)
    sw   s2, 8(sp)
    sw   s3, 12(sp)
    sw   s4, 16(sp)
    sw   s5, 20(sp)
    sw   s6, 24(sp)
    sw   s7, 28(sp)
    sw   s8, 32(sp)
    sw   s9, 36(sp)
    sw   s10, 40(sp)
    sw   s11, 44(sp)
    li   M7, 0x01010101     /* 0x01 in every lane */
    slli M6, M7, 1
    or   M6, M6, M7     /* 0x03 */
    slli M5, M6, 1
    or   M5, M5, M7     /* 0x07 */
    slli M4, M5, 1
    or   M4, M4, M7     /* 0x0f */
    slli M3, M4, 1
    or   M3, M3, M7     /* 0x1f */
    slli M2, M3, 1
    or   M2, M2, M7     /* 0x3f */
    slli M1, M2, 1
    or   M1, M1, M7     /* 0x7f */
.endm
.macro LEAVE
    lw   s0, 0(sp)
    lw   s1, 4(sp)
    lw   s2, 8(sp)
    lw   s3, 12(sp)
    lw   s4, 16(sp)
    lw   s5, 20(sp)
    lw   s6, 24(sp)
    lw   s7, 28(sp)
    lw   s8, 32(sp)
    lw   s9, 36(sp)
    lw   s10, 40(sp)
    lw   s11, 44(sp)
    addi sp, sp, 48
.endm

    .text
    .globl  kc_pipo_rv32i_bs4_enc
    .hidden kc_pipo_rv32i_bs4_enc
    .type   kc_pipo_rv32i_bs4_enc, @function
    .p2align 2
kc_pipo_rv32i_bs4_enc:
    beqz a3, 9f
    ENTER
    lw   KEND, ROUNDS(a0)       /* KEND = rk + 32 * (rounds + 1) */
    addi KEND, KEND, 1
    slli KEND, KEND, 5
    add  KEND, KEND, a0
1:  LOAD X0, X1, X2, X3, X4, X5, X6, X7
    XOR_KEY a0, X0, X1, X2, X3, X4, X5, X6, X7     /* RK_0 */
    addi KP, a0, 32
2:  S_R_LAYER
    XOR_KEY KP, X0, X1, X2, X3, X4, X5, X6, X7
    addi KP, KP, 32
    bne  KP, KEND, 2b
    STORE X0, X1, X2, X3, X4, X5, X6, X7
    addi a2, a2, 32
    addi a1, a1, 32
    addi a3, a3, -1
    bnez a3, 1b
    LEAVE
9:  ret
    .size kc_pipo_rv32i_bs4_enc, .-kc_pipo_rv32i_bs4_enc

    .globl  kc_pipo_rv32i_bs4_dec
    .hidden kc_pipo_rv32i_bs4_dec
    .type   kc_pipo_rv32i_bs4_dec, @function
    .p2align 2
kc_pipo_rv32i_bs4_dec:
    beqz a3, 9f
    ENTER
1:  LOAD X0, X1, X2, X6, X5, X4, X3, X7             /* bytes 3..6 swapped, as INV_ROUND expects */
    lw   KP, ROUNDS(a0)         /* KP = rk + 32 * rounds */
    slli KP, KP, 5
    add  KP, KP, a0
2:  INV_ROUND
    addi KP, KP, -32
    bne  KP, a0, 2b
    XOR_KEY a0, X0, X1, X2, X6, X5, X4, X3, X7     /* RK_0 */
    STORE X0, X1, X2, X6, X5, X4, X3, X7
    addi a2, a2, 32
    addi a1, a1, 32
    addi a3, a3, -1
    bnez a3, 1b
    LEAVE
9:  ret
    .size kc_pipo_rv32i_bs4_dec, .-kc_pipo_rv32i_bs4_dec

#endif
