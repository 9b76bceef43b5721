#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Derives the GFNI bit matrices in src/fea/fea_x86.h, checks them, and
checks that fea_x86.h holds these values (documentation: run it to
re-check; it prints the C constants).

The FEA S-box is affine-equivalent to inversion in GF(2^8) mod 0x11d:
S(x) = A(x^-1) ^ 0x62 with A linear.  gf2p8affineinvqb inverts in the AES
field (mod 0x11b), so the field isomorphism phi: GF(2^8)/0x11d -> /0x11b
(t -> beta, a root of 0x11d in the AES field) goes in front, and phi^-1
into the output matrix, as phi(x^-1) = phi(x)^-1:

    S(x) = affineinv(affine(x, PHI), A . phi^-1, 0x62)

The diffusion layer multiplies by the constants c_m of M in GF(2^8) mod
0x171: one gf2p8affineqb per constant (MUL), or PHIMUL = PHI . MUL when the
product feeds the next S-box; SD and SE fuse the S-box's output map into
those products (one gf2p8affineinvqb each, a shorter chain).  Everything is checked exhaustively with the
instructions' exact semantics (Intel SDM: bit i of a result byte is the
parity of matrix byte 7 - i AND the input byte, XOR bit i of the constant),
and SP against the spec's check values.
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "fea_common.h")) as f:
    src = f.read()
SBOX = [int(v, 16) for v in re.findall(r"X\(0x([0-9a-f]{2})\)",
                                       src.split("#define FEA_SBOX_LIST(X)")[1].split("\n\n")[0])]
MROW = [0x28, 0x1A, 0x7B, 0x78, 0xC3, 0xD0, 0x42, 0x40]
assert sorted(SBOX) == list(range(256))


def xor_all(vals):
    r = 0
    for v in vals:
        r ^= v
    return r


def gmul(a, b, poly):
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a & 0x100:
            a ^= poly
    return r


def ginv(x, poly):
    return 0 if x == 0 else next(y for y in range(1, 256) if gmul(x, y, poly) == 1)


def qword(f):
    """The gf2p8affineqb matrix operand of f, after checking f is linear."""
    for x in range(256):
        assert f(x) == xor_all(f(1 << j) for j in range(8) if x >> j & 1)
    rows = [xor_all(1 << j for j in range(8) if f(1 << j) >> i & 1) for i in range(8)]
    return xor_all(rows[i] << (8 * (7 - i)) for i in range(8))


def affine(q, x, c=0):
    """gf2p8affineqb on one byte."""
    return xor_all((bin((q >> (8 * (7 - i))) & x).count("1") & 1) << i for i in range(8)) ^ c


def affineinv(q, x, c):
    """gf2p8affineinvqb on one byte."""
    return affine(q, ginv(x, 0x11B), c)


# 1. S(x) = A(x^-1 mod 0x11d) ^ 0x62, A linear (qword() checks linearity).
A = {ginv(x, 0x11D): SBOX[x] ^ 0x62 for x in range(256)}
qword(A.__getitem__)

# 2. phi: t -> beta, beta the smallest root of t^8+t^4+t^3+t^2+1 in the AES field.
def powers(b):
    p = [1]
    for _ in range(8):
        p.append(gmul(p[-1], b, 0x11B))
    return p


beta = next(b for b in range(2, 256) if (lambda p: p[8] ^ p[4] ^ p[3] ^ p[2] ^ p[0])(powers(b)) == 0)
pw = powers(beta)


def phi(x):
    return xor_all(pw[j] for j in range(8) if x >> j & 1)


phi_inv = {phi(x): x for x in range(256)}
assert len(phi_inv) == 256
for x in range(256):                     # multiplicative, so a field isomorphism
    for y in range(256):
        assert phi(gmul(x, y, 0x11D)) == gmul(phi(x), phi(y), 0x11B)

PHI = qword(phi)
SINV = qword(lambda y: A[phi_inv[y]])
for x in range(256):
    assert affineinv(SINV, affine(PHI, x), 0x62) == SBOX[x]

# 3. Diffusion constants, GF(2^8) mod 0x171 (check value 0x02 . 0x80 = 0x71).
assert gmul(0x02, 0x80, 0x171) == 0x71
MUL = [qword(lambda x, c=c: gmul(c, x, 0x171)) for c in MROW]
PHIMUL = [qword(lambda x, c=c: phi(gmul(c, x, 0x171))) for c in MROW]


# 4. SP as the backends compute it on little-endian 64-bit lanes.  With L the
# true diffusion, D(s) = XOR_m rotl64(c_m s, 8 (m + 1)) is bswap(L(s)) and
# E(u) = XOR_m rotl64(c_m u, 8 (7 - m)) is L(bswap(u)); S is bytewise, so
# SP(w) = bswap(D(S(w))) and SP(SP(w) ^ k) = E(S(D(S(w)) ^ bswap(k))): no
# byte reversal inside the round function.
def rotl(x, s):
    s %= 64
    return ((x << s) | (x >> (64 - s))) & (2**64 - 1) if s else x


def bytewise(f, w):
    return xor_all(f((w >> (8 * k)) & 0xFF) << (8 * k) for k in range(8))


def S(w):
    return bytewise(lambda b: affineinv(SINV, affine(PHI, b), 0x62), w)


def D(s, mats, rot=lambda m: 8 * (m + 1)):
    return xor_all(rotl(bytewise(lambda b: affine(mats[m], b), s), rot(m)) for m in range(8))


def E(u, mats):
    return D(u, mats, lambda m: 8 * (7 - m))


def bswap(w):
    return int.from_bytes(w.to_bytes(8, "big"), "little")


def sp(w):
    return bswap(D(S(w), MUL))


assert sp(0) == 0xEEEEEEEEEEEEEEEE
assert sp(0x0123456789ABCDEF) == 0x25361619836E57F6
for w, k in ((0x0123456789ABCDEF, 0xF0E1D2C3B4A59687), (0x1122334455667788, 0x0F1E2D3C4B5A6978)):
    assert sp(sp(w) ^ k) == E(S(D(S(w), MUL) ^ bswap(k)), MUL)
    assert bytewise(lambda b: affine(PHI, b), D(w, MUL)) == D(w, PHIMUL)


# 5. The S-box's output map fused into the diffusion products that follow
# it (a rotation commutes with bytewise maps, so it moves to the input):
# c_m . S = affineinv(., SD_m, SD_C_m) on phi(x) when the product feeds the
# next S-box (PHIMUL), and affineinv(., SE_m, SE_C_m) when it does not (MUL).
def compose(outer, inner):
    return qword(lambda z: affine(outer, affine(inner, z)))


SD = [compose(PHIMUL[m], SINV) for m in range(8)]
SD_C = [affine(PHIMUL[m], 0x62) for m in range(8)]
SE = [compose(MUL[m], SINV) for m in range(8)]
SE_C = [affine(MUL[m], 0x62) for m in range(8)]
# With the halves kept as phi(half) (whole-byte halves), E's products land
# in the AES field too (SEP = PHI . SE), and PHIINV converts back at the end.
SEP = [compose(PHI, SE[m]) for m in range(8)]
SEP_C = [affine(PHI, SE_C[m]) for m in range(8)]
PHIINV = qword(lambda y: phi_inv[y])
for m in range(8):
    for x in range(256):
        assert affineinv(SD[m], affine(PHI, x), SD_C[m]) == affine(PHIMUL[m], SBOX[x])
        assert affineinv(SE[m], x, SE_C[m]) == affine(MUL[m], affineinv(SINV, x, 0x62))
        assert affineinv(SEP[m], x, SEP_C[m]) == affine(PHI, affineinv(SE[m], x, SE_C[m]))
for x in range(256):
    assert affine(PHIINV, affine(PHI, x)) == x


def table(name, qs, comment):
    body = ",\n    ".join(", ".join("UINT64_C(0x%016x)" % q for q in qs[i:i + 3]) for i in range(0, 8, 3))
    return "static const uint64_t %s[8] = {   /* %s */\n    %s\n};" % (name, comment, body)


out = "\n".join([
    "/* Generated by src/fea/derive_gfni_matrices.py (beta = 0x%02x). */" % beta,
    "#define FEA_GFNI_PHI  UINT64_C(0x%016x)   /* 0x11d field -> AES field */" % PHI,
    "#define FEA_GFNI_SINV UINT64_C(0x%016x)   /* A . phi^-1, then ^ 0x62 */" % SINV,
    table("FEA_GFNI_MUL", MUL, "x -> c_m x mod 0x171"),
    table("FEA_GFNI_PHIMUL", PHIMUL, "x -> phi(c_m x)"),
    table("FEA_GFNI_SD", SD, "affineinv: phi(x) -> phi(c_m S(x)), ^ FEA_GFNI_SD_Cm"),
    "\n".join("#define FEA_GFNI_SD_C%d 0x%02x" % (m, SD_C[m]) for m in range(8)),
    table("FEA_GFNI_SE", SE, "affineinv: u -> c_m S'(u), S' = affineinv(., SINV, 0x62), ^ FEA_GFNI_SE_Cm"),
    "\n".join("#define FEA_GFNI_SE_C%d 0x%02x" % (m, SE_C[m]) for m in range(8)),
    table("FEA_GFNI_SEP", SEP, "affineinv: u -> phi(c_m S'(u)), ^ FEA_GFNI_SEP_Cm"),
    "\n".join("#define FEA_GFNI_SEP_C%d 0x%02x" % (m, SEP_C[m]) for m in range(8)),
    "#define FEA_GFNI_PHIINV UINT64_C(0x%016x)   /* AES field -> 0x11d field */" % PHIINV])
print(out)
with open(os.path.join(HERE, "fea_x86.h")) as f:
    assert out in f.read(), "fea_x86.h differs from these constants"
print("/* fea_x86.h holds these constants; all checks passed. */")
