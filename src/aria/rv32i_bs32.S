/* SPDX-License-Identifier: MIT */
/* ARIA in RV32I assembly, table-free and constant time (beyond
 * [RV32-KBC], whose ARIA used byte tables): two blocks per pass as eight
 * 32-bit bit planes held in registers, the S-boxes one tower-field
 * inversion circuit (as src/aria/bs32.c and ct.c), AND/XOR/shifts only.
 *
 *   kc_aria_rv32i_bs32_crypt(const uint32_t (*rk)[8], uint32_t rounds,
 *                            uint32_t *out, const uint32_t *in, size_t npairs)
 * rk: rounds + 1 round keys as planes (rv32i_bs32.c); in and out 4-byte
 * aligned, npairs pairs of blocks (32 bytes), out == in allowed.
 *
 * Layouts.  Loaded words w' = 4k + w (block k, word w, little-endian) are
 * transposed once per pair so that plane b holds bit b of byte j of word
 * w' at bit 8j + w' ("planes").  The diffusion layer wants whole words, but
 * only word-index bits w0 w1 need to come back: two of the three
 * swap-move stages (TRANS_W) give register 4 b2 + w, byte j, bit 4k + 2 b1
 * + b0, where A runs on each group of four registers exactly as on plain
 * words (its rotations and byte masks move only j).  So each round pays
 * 2 x 8 swap-moves instead of 2 x 12, and the block-index stage (0x0F0F)
 * runs only at load and store.
 *
 * Linear pieces folded away (the C file prepares the keys):
 * - the state is kept in a per-byte basis E = W.T (T the isomorphism into
 *   the tower field of ct.c, W a multiplication by 0xc0 there): E commutes
 *   with A (which only XORs bytes), so S1/S2 lanes enter the inversion with
 *   no matrix and X1/X2 lanes leave it with none;
 * - the X1/X2 input maps run before the key addition, the key already
 *   through them; all affine constants live in the round keys;
 * - each side's two lane maps are one masked XOR pass, x ^ (L1 x & m) ^
 *   (L2 x & m'), the rows shared by a greedy common-subexpression search.
 * The S-box (247 instructions, 8 of them key loads) was scheduled and
 * register-allocated by a script and checked on every input of every lane
 * type; the test vectors check it again.
 *
 * Registers:
 *   s0-s7   P0-P7: the eight planes (or, between TRANS_W, the diffusion's
 *           two groups of four words)
 *   a0      current round key (odd round at 0, even at 32)
 *   a6 a7   S-box lane masks (input X1/X2 lanes, then output S1|S2 / S2)
 *   t0 t1   0x55555555, 0x33333333 (swap-moves)
 *   t2      0x00FF00FF (byte swaps in A)
 *   a1-a5 s8-s11 t3-t6 ra   scratch
 *   stack   out, in, pairs left, key start, key of the last round pair */
#if defined(__riscv) && __riscv_xlen == 32

#define FRAME 80
#define OUT   52
#define IN    56
#define LEFT  60
#define RK    64
#define KEND  68

/* swap-move: exchange bits (a >> n) & m with b & m. */
.macro SWAPMOVE a, b, m, n
    srli a1, \a, \n
    xor  a1, a1, \b
    and  a1, a1, \m
    xor  \b, \b, a1
    slli a1, a1, \n
    xor  \a, \a, a1
.endm

/* The word-index stages of the transposition (its own inverse). */
.macro TRANS_W
    SWAPMOVE s0, s1, t0, 1
    SWAPMOVE s2, s3, t0, 1
    SWAPMOVE s4, s5, t0, 1
    SWAPMOVE s6, s7, t0, 1
    SWAPMOVE s0, s2, t1, 2
    SWAPMOVE s1, s3, t1, 2
    SWAPMOVE s4, s6, t1, 2
    SWAPMOVE s5, s7, t1, 2
.endm

/* The block-index stage: only at load and store. */
.macro TRANS_K
    li   a2, 0x0F0F0F0F
    SWAPMOVE s0, s4, a2, 4
    SWAPMOVE s1, s5, a2, 4
    SWAPMOVE s2, s6, a2, 4
    SWAPMOVE s3, s7, a2, 4
.endm

/* ARIA's MM (aria_common.h): word i becomes the XOR of three words. */
.macro MM w0, w1, w2, w3
    xor  \w1, \w1, \w2
    xor  \w2, \w2, \w3
    xor  \w0, \w0, \w1
    xor  \w3, \w3, \w1
    xor  \w2, \w2, \w0
    xor  \w1, \w1, \w2
.endm

/* x = the byte pairs of x swapped ((a,b,c,d) -> (b,a,d,c)). */
.macro SWAP8 x
    and  a1, \x, t2
    xor  \x, \x, a1
    slli a1, a1, 8
    srli \x, \x, 8
    or   \x, \x, a1
.endm

/* a1 = s = x ^ rol16(x) */
.macro HALVES x
    slli a1, \x, 16
    srli a2, \x, 16
    or   a1, a1, a2
    xor  a1, a1, \x
.endm

/* x ^= rol8(a1) */
.macro XOR_ROL8 x
    slli a2, a1, 8
    srli a1, a1, 24
    xor  \x, \x, a2
    xor  \x, \x, a1
.endm

/* M, every byte := XOR of the other three of its word:
 * x ^ s ^ rol8(s), s = x ^ rol16(x). */
.macro OTHERS x
    HALVES \x
    xor  \x, \x, a1
    XOR_ROL8 \x
.endm

/* M(rol16(x)) = x ^ rol8(s): the rotation is free. */
.macro OTHERS_ROL16 x
    HALVES \x
    XOR_ROL8 \x
.endm

/* A = MM.P.MM.M on one group of four words.  M commutes with P and MM
 * (it treats the four bytes of a word alike), so it runs after P, where
 * it absorbs P's rotations: A = MM.M.P.MM. */
.macro DIFFUSE w0, w1, w2, w3
    MM   \w0, \w1, \w2, \w3
    OTHERS \w0
    SWAP8 \w1
    OTHERS \w1
    OTHERS_ROL16 \w2
    SWAP8 \w3
    OTHERS_ROL16 \w3            /* byte reversal = rol16(swap8) */
    MM   \w0, \w1, \w2, \w3
.endm

/* Lane masks: input lanes X1 | X2 (odd rounds bytes 2, 3; even 0, 1). */
.macro SBOX_IN_MASKS odd
.if \odd
    lui  a6, 0x00ff0
    lui  a7, 0xff000
.else
    li   a6, 0xff
    slli a7, a6, 8
.endif
.endm

/* Output lanes: S1|S2 and S2 (odd rounds bytes 0, 1; even 2, 3). */
.macro SBOX_OUT_MASKS odd
.if \odd
    lui  a7, 0x10
    addi a6, a7, -1
    addi a7, a7, -256
.else
    lui  a6, 0xffff0
    lui  a7, 0xff000
.endif
.endm

/* Planes := E-basis input maps, + round key at koff(a0), tower inversion,
 * output maps.  u = the planes (basis E), K = the key planes:
 *   v = u ^ (N1' u & X1) ^ (N2' u & X2) ^ K      N' = IN_Xn + I
 *   l = v0..3, h = v4..7 (v = h.Y + l), hl = h ^ l
 *   d = l.hl + L.h^2, di = d^-1 (GF(16)), w = (hl.di, h.di)
 *   P = w ^ (D1' w & (S1|S2)) ^ ((D1' + D2') w & S2)   Dn' = out map + I */
.macro SBOX odd, koff
    SBOX_IN_MASKS \odd
    xor  a1, s1, s2
    xor  a2, s4, a1
    xor  a1, s7, a1
    xor  a3, s5, s6
    xor  a4, s3, s7
    xor  a5, a2, a3
    xor  a2, s0, a2
    xor  a3, s1, a3
    xor  s8, s0, s4
    xor  s8, s8, a4
    and  s8, s8, a6
    xor  s8, s0, s8
    xor  s9, s6, a2
    xor  a2, a4, a2
    and  a2, a2, a7
    xor  a2, s8, a2
    lw   s8, \koff+0(a0)
    xor  a2, a2, s8
    and  s8, s9, a6
    xor  s8, s6, s8
    xor  s9, s6, a1
    and  s9, s9, a7
    and  a1, a1, a6
    xor  a1, s5, a1
    xor  s10, s0, s3
    xor  s10, s10, s5
    xor  s11, s0, s7
    xor  s11, s11, a3
    xor  a3, s3, a3
    and  s10, s10, a7
    xor  s10, s1, s10
    lw   t3, \koff+4(a0)
    xor  s10, s10, t3
    and  a3, a3, a7
    xor  a1, a1, a3
    lw   a3, \koff+20(a0)
    xor  a1, a1, a3
    and  a3, s11, a7
    xor  a3, s7, a3
    lw   s11, \koff+28(a0)
    xor  a3, a3, s11
    xor  s11, s4, s5
    xor  s11, s11, s7
    xor  t3, s5, a4
    xor  a4, a4, a5
    and  s11, s11, a7
    and  a4, a4, a7
    xor  a4, s4, a4
    lw   t4, \koff+16(a0)
    xor  a4, a4, t4
    and  t3, t3, a7
    xor  s8, s8, t3
    lw   t3, \koff+24(a0)
    xor  s8, s8, t3
    and  t3, a5, a6
    xor  t3, s2, t3
    xor  s11, t3, s11
    lw   t3, \koff+8(a0)
    xor  s11, s11, t3
    and  a5, a5, a6
    xor  a5, s3, a5
    xor  a5, a5, s9
    lw   s9, \koff+12(a0)
    xor  a5, a5, s9
    xor  s9, a4, a2
    xor  t3, a4, a1
    xor  t4, a1, s10
    xor  t5, a1, s8
    xor  t6, s8, s11
    xor  ra, a3, a5
    xor  s0, s8, a3
    xor  s1, t3, s8
    and  s2, s10, ra
    and  s3, s11, t6
    xor  s2, s2, s3
    and  s3, a5, t4
    xor  s2, s2, s3
    and  s3, s11, ra
    and  s4, a5, t6
    xor  s3, s3, s4
    and  s4, a5, ra
    and  s5, a2, ra
    and  a5, a5, s9
    and  s6, a2, s9
    xor  s6, s6, s2
    xor  s0, s6, s0
    xor  s2, s2, s3
    xor  s3, s3, s4
    and  s6, a2, t4
    and  a2, a2, t6
    and  s7, s10, t6
    xor  s5, s5, s7
    and  s7, s10, s9
    xor  s6, s6, s7
    xor  s2, s6, s2
    xor  t3, s2, t3
    and  s10, s10, t4
    xor  a2, a2, s10
    and  s10, s11, s9
    xor  a2, a2, s10
    xor  a2, a2, s3
    and  s10, s11, t4
    xor  a5, s10, a5
    xor  a5, s5, a5
    xor  a5, a5, s4
    xor  a2, a2, t5
    xor  a5, a5, s1
    and  s10, s0, t3
    and  s11, s0, a2
    and  t5, s0, a5
    and  s1, t3, a2
    and  s2, t3, a5
    xor  t3, s0, t3
    and  s3, a2, a5
    and  s4, s1, a5
    xor  s1, s11, s1
    xor  s3, s3, s4
    xor  s5, a2, a5
    xor  t3, t3, s5
    xor  s0, t3, s0
    xor  t3, t3, s1
    xor  s1, s10, s1
    and  s5, s10, a2
    xor  t3, t3, s5
    xor  t3, t3, s4
    xor  a2, s10, a2
    and  s10, s10, a5
    xor  s4, a5, s2
    xor  s1, s1, s4
    xor  s10, s1, s10
    xor  s1, t5, s2
    xor  s0, s0, s1
    xor  s0, s0, s3
    xor  s1, s11, a5
    xor  a2, a2, s1
    and  a5, s11, a5
    xor  a5, t5, a5
    xor  a2, a2, a5
    and  a5, t4, s0
    and  s11, t6, a2
    xor  a5, a5, s11
    and  s11, ra, s10
    xor  a5, a5, s11
    and  s11, t6, s0
    and  t5, ra, a2
    xor  s11, s11, t5
    and  t5, ra, s0
    and  ra, ra, t3
    and  s1, s9, t3
    xor  s1, s1, a5
    xor  a5, a5, s11
    xor  s11, s11, t5
    and  s2, s9, s10
    and  s3, t4, t3
    xor  s2, s2, s3
    xor  a5, s2, a5
    and  s2, s9, a2
    and  s9, s9, s0
    and  s3, t4, s10
    xor  s2, s2, s3
    and  t4, t4, a2
    xor  s9, s9, t4
    and  t4, t6, t3
    xor  t4, s2, t4
    xor  s11, t4, s11
    and  t4, t6, s10
    xor  t4, t4, ra
    xor  s9, s9, t4
    xor  s9, s9, t5
    and  t4, a1, s0
    and  t5, s8, a2
    xor  t4, t4, t5
    and  t5, a3, s10
    xor  t4, t4, t5
    and  t5, s8, s0
    and  t6, a3, a2
    xor  t5, t5, t6
    and  t6, a3, s0
    and  ra, a4, s0
    and  a3, a3, t3
    and  s0, a4, t3
    xor  s0, s0, t4
    xor  t4, t4, t5
    xor  t5, t5, t6
    and  s2, a4, s10
    and  a4, a4, a2
    and  a2, a1, a2
    xor  a2, ra, a2
    and  ra, a1, t3
    xor  ra, s2, ra
    xor  t4, ra, t4
    and  a1, a1, s10
    xor  a1, a4, a1
    and  a4, s8, t3
    xor  a1, a1, a4
    xor  a1, a1, t5
    and  a4, s8, s10
    xor  a3, a4, a3
    xor  a2, a2, a3
    xor  a2, a2, t6
    SBOX_OUT_MASKS \odd
    xor  a3, s1, s9
    xor  a4, a5, s11
    xor  s8, s9, a1
    xor  s10, s0, a3
    xor  a3, a1, a3
    xor  t3, t4, a4
    xor  t5, a2, s8
    xor  t6, a2, s10
    xor  s10, a4, s10
    xor  a4, a4, t5
    and  a4, a4, a6
    xor  a4, s1, a4
    xor  ra, s1, t3
    and  t5, t5, a7
    xor  a4, a4, t5
    and  s10, s10, a6
    xor  s10, t4, s10
    and  t5, ra, a7
    xor  s5, s10, t5
    xor  s10, t4, a3
    xor  a3, t3, a3
    xor  t3, s9, t3
    and  a3, a3, a7
    and  t3, t3, a7
    and  s10, s10, a6
    xor  a1, a1, s10
    xor  s10, t4, a2
    xor  t4, s11, t4
    and  s10, s10, a7
    xor  s1, a5, s10
    xor  a5, a5, s0
    xor  a5, a5, s8
    and  s8, t4, a7
    xor  s4, s0, s8
    xor  s8, s11, s0
    and  s8, s8, a7
    xor  s6, a1, s8
    and  a1, a5, a7
    xor  s7, a2, a1
    and  a1, t6, a6
    xor  a1, s11, a1
    xor  s2, a1, a3
    and  a1, t6, a6
    xor  a1, s9, a1
    xor  s3, a1, t3
    mv   s0, a4
.endm

/* The first or last transposition plus basis change. */
.macro TO_E
    xor  a1, s2, s3
    xor  a2, s1, s3
    xor  a3, s1, s4
    xor  a2, a2, s6
    xor  a4, s0, s2
    xor  a4, a4, a3
    xor  s3, s5, s7
    xor  a5, s4, s7
    xor  s4, s4, s5
    xor  s8, s5, s6
    xor  s2, s8, a3
    xor  a3, s6, a1
    xor  a5, a5, a3
    xor  s6, s0, a3
    xor  s1, a1, s3
    xor  s5, a2, s3
    mv   s0, a5
    mv   s7, a4
.endm

.macro FROM_E
    xor  a1, s4, s5
    xor  a2, s5, s7
    xor  a3, s7, a1
    xor  a1, s2, a1
    xor  a4, s3, s6
    xor  s3, s3, a1
    xor  a1, s1, a1
    xor  a5, s0, s1
    xor  s8, s0, s4
    xor  s0, s8, a4
    xor  s1, s2, a5
    xor  a5, s4, a5
    xor  s4, a2, a4
    xor  s5, a4, a3
    xor  s7, s6, a3
    mv   s2, a1
    mv   s6, a5
.endm

    .text
    .globl  kc_aria_rv32i_bs32_crypt
    .hidden kc_aria_rv32i_bs32_crypt
    .type   kc_aria_rv32i_bs32_crypt, @function
    .p2align 2
kc_aria_rv32i_bs32_crypt:
    beqz a4, 9f
    addi sp, sp, -FRAME
    sw   ra, 0(sp)
    sw   s0, 4(sp)
    sw   s1, 8(sp)
    sw   s2, 12(sp)
    sw   s3, 16(sp)
    sw   s4, 20(sp)
    sw   s5, 24(sp)
    sw   s6, 28(sp)
    sw   s7, 32(sp)
    sw   s8, 36(sp)
    sw   s9, 40(sp)
    sw   s10, 44(sp)
    sw   s11, 48(sp)
    sw   a2, OUT(sp)
    sw   a3, IN(sp)
    sw   a4, LEFT(sp)
    sw   a0, RK(sp)
    slli a1, a1, 5
    add  a1, a0, a1
    addi a1, a1, -64            /* rk[rounds - 2]: odd key of the last pair */
    sw   a1, KEND(sp)
    li   t0, 0x55555555
    li   t1, 0x33333333
    li   t2, 0x00FF00FF
1:  lw   a3, IN(sp)
    lw   s0, 0(a3)
    lw   s1, 4(a3)
    lw   s2, 8(a3)
    lw   s3, 12(a3)
    lw   s4, 16(a3)
    lw   s5, 20(a3)
    lw   s6, 24(a3)
    lw   s7, 28(a3)
    addi a3, a3, 32
    sw   a3, IN(sp)
    TRANS_K
    TRANS_W
    TO_E
    lw   a0, RK(sp)
2:  SBOX 1, 0
    TRANS_W
    DIFFUSE s0, s1, s2, s3
    DIFFUSE s4, s5, s6, s7
    TRANS_W
    SBOX 0, 32
    lw   a1, KEND(sp)
    beq  a0, a1, 3f
    TRANS_W
    DIFFUSE s0, s1, s2, s3
    DIFFUSE s4, s5, s6, s7
    TRANS_W
    addi a0, a0, 64
    j    2b
3:  /* after the last S-layer: final key, back to the byte basis, store */
    lw   a1, 64(a0)
    xor  s0, s0, a1
    lw   a1, 68(a0)
    xor  s1, s1, a1
    lw   a1, 72(a0)
    xor  s2, s2, a1
    lw   a1, 76(a0)
    xor  s3, s3, a1
    lw   a1, 80(a0)
    xor  s4, s4, a1
    lw   a1, 84(a0)
    xor  s5, s5, a1
    lw   a1, 88(a0)
    xor  s6, s6, a1
    lw   a1, 92(a0)
    xor  s7, s7, a1
    FROM_E
    TRANS_W
    TRANS_K
    lw   a2, OUT(sp)
    sw   s0, 0(a2)
    sw   s1, 4(a2)
    sw   s2, 8(a2)
    sw   s3, 12(a2)
    sw   s4, 16(a2)
    sw   s5, 20(a2)
    sw   s6, 24(a2)
    sw   s7, 28(a2)
    addi a2, a2, 32
    sw   a2, OUT(sp)
    lw   a4, LEFT(sp)
    addi a4, a4, -1
    sw   a4, LEFT(sp)
    bnez a4, 1b
    lw   ra, 0(sp)
    lw   s0, 4(sp)
    lw   s1, 8(sp)
    lw   s2, 12(sp)
    lw   s3, 16(sp)
    lw   s4, 20(sp)
    lw   s5, 24(sp)
    lw   s6, 28(sp)
    lw   s7, 32(sp)
    lw   s8, 36(sp)
    lw   s9, 40(sp)
    lw   s10, 44(sp)
    lw   s11, 48(sp)
    addi sp, sp, FRAME
9:  ret
    .size kc_aria_rv32i_bs32_crypt, .-kc_aria_rv32i_bs32_crypt

#endif
