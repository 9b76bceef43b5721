/* SPDX-License-Identifier: MIT */
/* CHAM in RV32I assembly (no extensions), both word sizes.
 *
 *   kc_cham_rv32i_enc(const cham_key *k, uint8_t *out, const uint8_t *in, size_t nblocks)
 *   kc_cham_rv32i_dec(same)
 * in and out must be 4-byte aligned (rv32i.c sees to it); out == in is fine.
 *
 * The round keys repeat every 8 (CHAM-128/128) or 16 rounds (CHAM-64/128,
 * CHAM-128/256), so rk[0..15] live in 16 registers for the whole call and
 * the round loop is 16 rounds unrolled with an exit test after each 8 (the
 * round count is a multiple of 8).  The four state words stay in a4..a7;
 * a round's word rotation is a change of register names.  Every rotation is
 * sll + srl + or: about 10 instructions a round.
 *
 * CHAM-64: each 16-bit word is kept twice in its register (w << 16 | w), so
 * a 32-bit rotation is the 16-bit one in both halves; only the sum of a
 * round needs its low half copied up again (folded into its rotation).
 *
 * cham_key (cham_common.h): uint32_t rk[120], ri[120], then unsigned
 * rounds and w.  Only loads, XOR, ADD/SUB and fixed shifts: constant time. */
#if defined(__riscv) && __riscv_xlen == 32

#define ROUNDS_OFFSET 960       /* offsetof(cham_key, rounds) */
#define W_OFFSET 964            /* offsetof(cham_key, w) */

/* Registers: a0 the round count, a1 out, a2 in, a3 blocks left, a4-a7 the
 * state, t6 the round number i, rk[0..15] in s0-s11 and t2-t5, t0-t1 scratch. */

/* Round i: x0 = ROL_r2((x0 ^ i) + (ROL_r1(x1) ^ k)); (r1, r2) = (1, 8) for
 * even i, (8, 1) for odd i. */
.macro RND x0, x1, k, r1, r2, w
    slli t0, \x1, \r1
    srli t1, \x1, 32-\r1
    or   t0, t0, t1
    xor  t0, t0, \k
    xor  \x0, \x0, t6
    add  t0, \x0, t0
.if \w == 32
    slli \x0, t0, \r2
    srli t0, t0, 32-\r2
    or   \x0, \x0, t0
.else   /* the low half s of t0, rotated, into both halves */
    slli t0, t0, 16
    slli \x0, t0, \r2
    srli t1, t0, 16-\r2
    or   \x0, \x0, t1
    srli t0, t0, 32-\r2
    or   \x0, \x0, t0
.endif
    addi t6, t6, 1
.endm

/* Its inverse: x0 = (ROR_r2(x0) - (ROL_r1(x1) ^ k)) ^ (i - 1). */
.macro UNRND x0, x1, k, r1, r2, w
    addi t6, t6, -1
    srli t0, \x0, \r2
    slli \x0, \x0, 32-\r2
    or   \x0, \x0, t0
    slli t0, \x1, \r1
    srli t1, \x1, 32-\r1
    or   t0, t0, t1
    xor  t0, t0, \k
    sub  \x0, \x0, t0
    xor  \x0, \x0, t6
.if \w == 16   /* the low half into both */
    slli t0, \x0, 16
    srli \x0, t0, 16
    or   \x0, \x0, t0
.endif
.endm

/* Eight rounds from an i that is 0 mod 8 (even first). */
.macro ENC8 w, k0, k1, k2, k3, k4, k5, k6, k7
    RND a4, a5, \k0, 1, 8, \w
    RND a5, a6, \k1, 8, 1, \w
    RND a6, a7, \k2, 1, 8, \w
    RND a7, a4, \k3, 8, 1, \w
    RND a4, a5, \k4, 1, 8, \w
    RND a5, a6, \k5, 8, 1, \w
    RND a6, a7, \k6, 1, 8, \w
    RND a7, a4, \k7, 8, 1, \w
.endm

.macro DEC8 w, k0, k1, k2, k3, k4, k5, k6, k7
    UNRND a7, a4, \k7, 8, 1, \w
    UNRND a6, a7, \k6, 1, 8, \w
    UNRND a5, a6, \k5, 8, 1, \w
    UNRND a4, a5, \k4, 1, 8, \w
    UNRND a7, a4, \k3, 8, 1, \w
    UNRND a6, a7, \k2, 1, 8, \w
    UNRND a5, a6, \k1, 8, 1, \w
    UNRND a4, a5, \k0, 1, 8, \w
.endm

.macro LOAD w
.if \w == 32
    lw   a4, 0(a2)
    lw   a5, 4(a2)
    lw   a6, 8(a2)
    lw   a7, 12(a2)
.else   /* each 16-bit word into both halves */
    lw   t0, 0(a2)
    slli a4, t0, 16
    srli t1, a4, 16
    or   a4, a4, t1
    srli a5, t0, 16
    slli t1, a5, 16
    or   a5, a5, t1
    lw   t0, 4(a2)
    slli a6, t0, 16
    srli t1, a6, 16
    or   a6, a6, t1
    srli a7, t0, 16
    slli t1, a7, 16
    or   a7, a7, t1
.endif
.endm

/* Stores the block and steps to the next one; loops back to \again. */
.macro STORE_NEXT w, again
.if \w == 32
    sw   a4, 0(a1)
    sw   a5, 4(a1)
    sw   a6, 8(a1)
    sw   a7, 12(a1)
.else
    srli t0, a4, 16
    slli t1, a5, 16
    or   t0, t0, t1
    sw   t0, 0(a1)
    srli t0, a6, 16
    slli t1, a7, 16
    or   t0, t0, t1
    sw   t0, 4(a1)
.endif
    addi a2, a2, \w / 2
    addi a1, a1, \w / 2
    addi a3, a3, -1
    bnez a3, \again
.endm

.macro ENC_BLOCKS w
1:  LOAD \w
    li   t6, 0
2:  ENC8 \w, s0, s1, s2, s3, s4, s5, s6, s7
    beq  t6, a0, 3f
    ENC8 \w, s8, s9, s10, s11, t2, t3, t4, t5
    bne  t6, a0, 2b
3:  STORE_NEXT \w, 1b
.endm

/* From i = rounds down; rounds = 8 mod 16 starts in the first half's keys. */
.macro DEC_BLOCKS w
1:  LOAD \w
    mv   t6, a0
    andi t0, a0, 8
    bnez t0, 3f
2:  DEC8 \w, s8, s9, s10, s11, t2, t3, t4, t5
3:  DEC8 \w, s0, s1, s2, s3, s4, s5, s6, s7
    bnez t6, 2b
    STORE_NEXT \w, 1b
.endm

/* Saves s0-s11, loads rk[0..15], leaves w in t0 and the round count in a0. */
.macro PROLOGUE
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
    lw   s0, 0(a0)
    lw   s1, 4(a0)
    lw   s2, 8(a0)
    lw   s3, 12(a0)
    lw   s4, 16(a0)
    lw   s5, 20(a0)
    lw   s6, 24(a0)
    lw   s7, 28(a0)
    lw   s8, 32(a0)
    lw   s9, 36(a0)
    lw   s10, 40(a0)
    lw   s11, 44(a0)
    lw   t2, 48(a0)
    lw   t3, 52(a0)
    lw   t4, 56(a0)
    lw   t5, 60(a0)
    lw   t0, W_OFFSET(a0)
    lw   a0, ROUNDS_OFFSET(a0)
.endm

/* Restores s0-s11 and returns; the round keys do not stay in registers. */
.macro EPILOGUE
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
    li   t2, 0
    li   t3, 0
    li   t4, 0
    li   t5, 0
    ret
.endm

    .text
    .globl  kc_cham_rv32i_enc
    .hidden kc_cham_rv32i_enc
    .type   kc_cham_rv32i_enc, @function
    .p2align 2
kc_cham_rv32i_enc:
    beqz a3, 9f
    PROLOGUE
    li   t1, 16
    beq  t0, t1, 5f
    ENC_BLOCKS 32
    j    8f
5:  ENC_BLOCKS 16
8:  EPILOGUE
9:  ret
    .size kc_cham_rv32i_enc, .-kc_cham_rv32i_enc

    .globl  kc_cham_rv32i_dec
    .hidden kc_cham_rv32i_dec
    .type   kc_cham_rv32i_dec, @function
    .p2align 2
kc_cham_rv32i_dec:
    beqz a3, 9f
    PROLOGUE
    li   t1, 16
    beq  t0, t1, 5f
    DEC_BLOCKS 32
    j    8f
5:  DEC_BLOCKS 16
8:  EPILOGUE
9:  ret
    .size kc_cham_rv32i_dec, .-kc_cham_rv32i_dec

#endif
