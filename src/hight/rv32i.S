/* SPDX-License-Identifier: MIT */
/* HIGHT in RV32I assembly (no extensions).
 *
 *   kc_hight_rv32i_enc(const hight_key *k, uint8_t *out, const uint8_t *in, size_t nblocks)
 *   kc_hight_rv32i_dec(same)
 * Byte loads and stores: any alignment; out == in is fine.
 *
 * The eight state bytes X0..X7 stay in eight registers, a round's byte
 * rotation is a renaming (eight rounds a loop pass, as ref.c).  A byte may
 * carry garbage above bit 7 (additions are not reduced): only its low byte
 * is read, by sb and by F.  F0 and F1 take the byte twice in 16 bits,
 * y = x | x << 8, so ROLn(x) is the low byte of y >> (8 - n):
 * F0 = y>>7 ^ y>>6 ^ y>>1, F1 = y>>5 ^ y>>4 ^ y>>2.  Only byte loads, XOR,
 * ADD/SUB and fixed shifts: constant time.
 * hight_key (hight_common.h): uint8_t wk[8], sk[128]. */
#if defined(__riscv) && __riscv_xlen == 32

/* Registers: a0 key, a1 out, a2 in, a3 blocks left; the state bytes
 * a..h (ref.c's names) in a4 a5 a6 a7 t3 t4 t5 t6; s0 the subkey pointer,
 * s1 its end; t0-t2 scratch. */

/* t1 = F(x): shifts p, q, r as above. */
.macro F x, p, q, r
    andi t0, \x, 255
    slli t1, t0, 8
    or   t0, t0, t1
    srli t1, t0, \p
    srli t2, t0, \q
    xor  t1, t1, t2
    srli t2, t0, \r
    xor  t1, t1, t2
.endm

/* x1 += F1(x0) ^ s0; x3 ^= F0(x2) + s1; x5 += F1(x4) ^ s2; x7 ^= F0(x6) + s3
 * (op = sub: the inverse), subkeys at off(s0). */
.macro ROUND op, x0, x1, x2, x3, x4, x5, x6, x7, off
    F    \x0, 5, 4, 2
    lbu  t2, \off(s0)
    xor  t1, t1, t2
    \op  \x1, \x1, t1
    F    \x2, 7, 6, 1
    lbu  t2, \off+1(s0)
    add  t1, t1, t2
    xor  \x3, \x3, t1
    F    \x4, 5, 4, 2
    lbu  t2, \off+2(s0)
    xor  t1, t1, t2
    \op  \x5, \x5, t1
    F    \x6, 7, 6, 1
    lbu  t2, \off+3(s0)
    add  t1, t1, t2
    xor  \x7, \x7, t1
.endm

/* reg = in[i] (op wk[w]) */
.macro LOADW reg, i, op, w
    lbu  \reg, \i(a2)
.ifnb \op
    lbu  t0, \w(a0)
    \op  \reg, \reg, t0
.endif
.endm

/* out[i] = reg (op wk[w]) */
.macro STOREW reg, i, op, w
.ifnb \op
    lbu  t0, \w(a0)
    \op  t0, \reg, t0
    sb   t0, \i(a1)
.else
    sb   \reg, \i(a1)
.endif
.endm

.macro PROLOGUE
    addi sp, sp, -8
    sw   s0, 0(sp)
    sw   s1, 4(sp)
.endm

.macro EPILOGUE
    lw   s0, 0(sp)
    lw   s1, 4(sp)
    addi sp, sp, 8
    ret
.endm

    .text
    .globl  kc_hight_rv32i_enc
    .hidden kc_hight_rv32i_enc
    .type   kc_hight_rv32i_enc, @function
    .p2align 2
kc_hight_rv32i_enc:
    beqz a3, 9f
    PROLOGUE
    addi s1, a0, 8 + 128
1:  LOADW a4, 0, add, 0
    LOADW a5, 1
    LOADW a6, 2, xor, 1
    LOADW a7, 3
    LOADW t3, 4, add, 2
    LOADW t4, 5
    LOADW t5, 6, xor, 3
    LOADW t6, 7
    addi s0, a0, 8
2:  ROUND add, a4, a5, a6, a7, t3, t4, t5, t6, 0
    ROUND add, t6, a4, a5, a6, a7, t3, t4, t5, 4
    ROUND add, t5, t6, a4, a5, a6, a7, t3, t4, 8
    ROUND add, t4, t5, t6, a4, a5, a6, a7, t3, 12
    ROUND add, t3, t4, t5, t6, a4, a5, a6, a7, 16
    ROUND add, a7, t3, t4, t5, t6, a4, a5, a6, 20
    ROUND add, a6, a7, t3, t4, t5, t6, a4, a5, 24
    ROUND add, a5, a6, a7, t3, t4, t5, t6, a4, 28
    addi s0, s0, 32
    bne  s0, s1, 2b
    /* the last round does not rotate: X0..X7 = b, c, ..., h, a */
    STOREW a5, 0, add, 4
    STOREW a6, 1
    STOREW a7, 2, xor, 5
    STOREW t3, 3
    STOREW t4, 4, add, 6
    STOREW t5, 5
    STOREW t6, 6, xor, 7
    STOREW a4, 7
    addi a2, a2, 8
    addi a1, a1, 8
    addi a3, a3, -1
    bnez a3, 1b
    EPILOGUE
9:  ret
    .size kc_hight_rv32i_enc, .-kc_hight_rv32i_enc

    .globl  kc_hight_rv32i_dec
    .hidden kc_hight_rv32i_dec
    .type   kc_hight_rv32i_dec, @function
    .p2align 2
kc_hight_rv32i_dec:
    beqz a3, 9f
    PROLOGUE
    addi s1, a0, 8
1:  LOADW a5, 0, sub, 4
    LOADW a6, 1
    LOADW a7, 2, xor, 5
    LOADW t3, 3
    LOADW t4, 4, sub, 6
    LOADW t5, 5
    LOADW t6, 6, xor, 7
    LOADW a4, 7
    addi s0, a0, 8 + 128
2:  addi s0, s0, -32
    ROUND sub, a5, a6, a7, t3, t4, t5, t6, a4, 28
    ROUND sub, a6, a7, t3, t4, t5, t6, a4, a5, 24
    ROUND sub, a7, t3, t4, t5, t6, a4, a5, a6, 20
    ROUND sub, t3, t4, t5, t6, a4, a5, a6, a7, 16
    ROUND sub, t4, t5, t6, a4, a5, a6, a7, t3, 12
    ROUND sub, t5, t6, a4, a5, a6, a7, t3, t4, 8
    ROUND sub, t6, a4, a5, a6, a7, t3, t4, t5, 4
    ROUND sub, a4, a5, a6, a7, t3, t4, t5, t6, 0
    bne  s0, s1, 2b
    STOREW a4, 0, sub, 0
    STOREW a5, 1
    STOREW a6, 2, xor, 1
    STOREW a7, 3
    STOREW t3, 4, sub, 2
    STOREW t4, 5
    STOREW t5, 6, xor, 3
    STOREW t6, 7
    addi a2, a2, 8
    addi a1, a1, 8
    addi a3, a3, -1
    bnez a3, 1b
    EPILOGUE
9:  ret
    .size kc_hight_rv32i_dec, .-kc_hight_rv32i_dec

#endif
