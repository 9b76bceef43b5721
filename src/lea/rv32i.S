/* SPDX-License-Identifier: MIT */
/* LEA in RV32I assembly (no extensions), the register schedule of
 * [RV32-KBC] Table 4: the four state words stay in four
 * registers for the whole block, the six round-key words of a round are
 * loaded as they are needed, and every rotation is sll + srl + or.  Four
 * rounds per loop pass, so the word that a round leaves in place (X3 = X0)
 * is a change of register names, not a move.
 *
 *   kc_lea_rv32i_enc(const lea_key *k, uint8_t *out, const uint8_t *in, size_t nblocks)
 *   kc_lea_rv32i_dec(same)
 * in and out must be 4-byte aligned (rv32i.c sees to it); out == in is fine.
 * lea_key (lea_common.h): uint32_t rk[32][6], then unsigned rounds.
 * Only loads, XOR, ADD/SUB and fixed shifts: constant time. */
#if defined(__riscv) && __riscv_xlen == 32

#define ROUNDS_OFFSET 768       /* offsetof(lea_key, rounds) */

/* Registers: a0 key, a1 out, a2 in, a3 blocks left, a4-a7 state,
 * t5 round-key pointer, t6 its end, t0-t2 scratch. */

/* d = ROR3((c ^ k4) + (d ^ k5)); c = ROR5((b ^ k2) + (c ^ k3));
 * b = ROL9((a ^ k0) + (b ^ k1)).  The state (a, b, c, d) becomes (b, c, d, a). */
.macro ROUND a, b, c, d, off
    lw   t0, \off+16(t5)
    lw   t1, \off+20(t5)
    xor  t0, \c, t0
    xor  t1, \d, t1
    add  t0, t0, t1
    srli \d, t0, 3
    slli t0, t0, 29
    or   \d, \d, t0
    lw   t0, \off+8(t5)
    lw   t1, \off+12(t5)
    xor  t0, \b, t0
    xor  t1, \c, t1
    add  t0, t0, t1
    srli \c, t0, 5
    slli t0, t0, 27
    or   \c, \c, t0
    lw   t0, \off(t5)
    lw   t1, \off+4(t5)
    xor  t0, \a, t0
    xor  t1, \b, t1
    add  t0, t0, t1
    slli \b, t0, 9
    srli t0, t0, 23
    or   \b, \b, t0
.endm

/* The inverse: a holds the old X0, which unlocks b, then c, then d. */
.macro UNROUND a, b, c, d, off
    lw   t0, \off(t5)
    lw   t1, \off+4(t5)
    srli t2, \b, 9
    slli \b, \b, 23
    or   \b, \b, t2
    xor  t0, \a, t0
    sub  \b, \b, t0
    xor  \b, \b, t1
    lw   t0, \off+8(t5)
    lw   t1, \off+12(t5)
    slli t2, \c, 5
    srli \c, \c, 27
    or   \c, \c, t2
    xor  t0, \b, t0
    sub  \c, \c, t0
    xor  \c, \c, t1
    lw   t0, \off+16(t5)
    lw   t1, \off+20(t5)
    slli t2, \d, 3
    srli \d, \d, 29
    or   \d, \d, t2
    xor  t0, \c, t0
    sub  \d, \d, t0
    xor  \d, \d, t1
.endm

/* t6 = &rk[rounds] = a0 + 24 * rounds */
.macro KEY_END
    lw   t6, ROUNDS_OFFSET(a0)
    slli t0, t6, 4
    slli t6, t6, 3
    add  t6, t6, t0
    add  t6, t6, a0
.endm

.macro LOAD_BLOCK
    lw   a4, 0(a2)
    lw   a5, 4(a2)
    lw   a6, 8(a2)
    lw   a7, 12(a2)
.endm

/* Stores the block and steps to the next one; loops back to \again. */
.macro STORE_BLOCK_NEXT again
    sw   a4, 0(a1)
    sw   a5, 4(a1)
    sw   a6, 8(a1)
    sw   a7, 12(a1)
    addi a2, a2, 16
    addi a1, a1, 16
    addi a3, a3, -1
    bnez a3, \again
.endm

    .text
    .globl  kc_lea_rv32i_enc
    .hidden kc_lea_rv32i_enc
    .type   kc_lea_rv32i_enc, @function
    .p2align 2
kc_lea_rv32i_enc:
    beqz a3, 9f
    KEY_END
1:  LOAD_BLOCK
    mv   t5, a0
2:  ROUND a4, a5, a6, a7, 0
    ROUND a5, a6, a7, a4, 24
    ROUND a6, a7, a4, a5, 48
    ROUND a7, a4, a5, a6, 72
    addi t5, t5, 96
    bne  t5, t6, 2b
    STORE_BLOCK_NEXT 1b
9:  ret
    .size kc_lea_rv32i_enc, .-kc_lea_rv32i_enc

    .globl  kc_lea_rv32i_dec
    .hidden kc_lea_rv32i_dec
    .type   kc_lea_rv32i_dec, @function
    .p2align 2
kc_lea_rv32i_dec:
    beqz a3, 9f
    KEY_END
1:  LOAD_BLOCK
    mv   t5, t6
2:  addi t5, t5, -96
    UNROUND a7, a4, a5, a6, 72
    UNROUND a6, a7, a4, a5, 48
    UNROUND a5, a6, a7, a4, 24
    UNROUND a4, a5, a6, a7, 0
    bne  t5, a0, 2b
    STORE_BLOCK_NEXT 1b
9:  ret
    .size kc_lea_rv32i_dec, .-kc_lea_rv32i_dec

#endif
