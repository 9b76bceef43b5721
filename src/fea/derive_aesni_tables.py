#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Derives the pshufb nibble tables of the AES-NI backends (src/fea/fea_x86.h,
FEA_AESNI_*), checks them, and checks that fea_x86.h holds these values
(documentation: run it to re-check; it prints the C constants).

The FEA S-box is affine-equivalent to inversion in GF(2^8) mod 0x11d, and
the AES S-box to inversion mod 0x11b.  With phi the field isomorphism
(0x11d -> 0x11b, t -> beta), aesenclast's SubBytes gives y = SB(phi(x)), and
S(x) = Sy(y) with Sy affine.  So the state is kept as phi(byte): each
product of the diffusion layer M (GF(2^8) mod 0x171) by the S-box output is
an affine map of y, PT_m(y) = phi(c_m S(x)) -- one pshufb on the low nibble
of y, one on the high nibble -- and lands in the phi domain where the next
aesenclast wants it.  ST_m(y) = c_m S(x) is the same without phi, for the
byte of a half that is only partly used (the mask is applied outside phi).
PHI and PHIINV convert at the ends.

Each table is (lo, hi): T(y) = lo[y & 15] ^ hi[y >> 4], the affine constant
in lo.  Everything is checked exhaustively, and SP(SP(x) ^ k) computed this
way against the spec's SP (check values included).
"""
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "fea_common.h")) as f:
    src = f.read()
SBOX = [int(v, 16) for v in re.findall(r"X\(0x([0-9a-f]{2})\)",
                                       src.split("#define FEA_SBOX_LIST(X)")[1].split("\n\n")[0])]
MROW = [0x28, 0x1A, 0x7B, 0x78, 0xC3, 0xD0, 0x42, 0x40]
assert sorted(SBOX) == list(range(256))


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


def rotl8(b, s):
    return ((b << s) | (b >> (8 - s))) & 0xFF


AES_SBOX = []
for z in range(256):
    b = ginv(z, 0x11B)
    AES_SBOX.append(b ^ rotl8(b, 1) ^ rotl8(b, 2) ^ rotl8(b, 3) ^ rotl8(b, 4) ^ 0x63)
assert AES_SBOX[0x00] == 0x63 and AES_SBOX[0x53] == 0xED


def powers(b):
    p = [1]
    for _ in range(8):
        p.append(gmul(p[-1], b, 0x11B))
    return p


# phi: t -> beta, beta the smallest root of t^8+t^4+t^3+t^2+1 in the AES field
beta = next(b for b in range(2, 256) if (lambda p: p[8] ^ p[4] ^ p[3] ^ p[2] ^ p[0])(powers(b)) == 0)
PW = powers(beta)


def phi(x):
    r = 0
    for j in range(8):
        if x >> j & 1:
            r ^= PW[j]
    return r


PHIINV = {phi(x): x for x in range(256)}
assert len(PHIINV) == 256
for x in range(256):
    assert phi(ginv(x, 0x11D)) == ginv(phi(x), 0x11B)

# Sy: the FEA S-box as a function of aesenclast's SubBytes output
SY = [None] * 256
for x in range(256):
    SY[AES_SBOX[phi(x)]] = SBOX[x]


def nibbles(f):
    """(lo, hi) tables of f after checking f is affine."""
    c = f(0)
    for y in range(256):
        lin = c
        for j in range(8):
            if y >> j & 1:
                lin ^= f(1 << j) ^ c
        assert f(y) == lin, "not affine"
    return [f(i) for i in range(16)], [f(i << 4) ^ c for i in range(16)]


def look(t, y):
    return t[0][y & 15] ^ t[1][y >> 4]


PT = [nibbles(lambda y, c=c: phi(gmul(c, SY[y], 0x171))) for c in MROW]
ST = [nibbles(lambda y, c=c: gmul(c, SY[y], 0x171)) for c in MROW]
PHI_T = nibbles(phi)
PHIINV_T = nibbles(lambda y: PHIINV[y])


# The spec's SP on 64-bit words (byte 0 = most significant)
def sp_ref(w):
    s = [SBOX[(w >> (56 - 8 * k)) & 0xFF] for k in range(8)]
    y = 0
    for j in range(8):
        v = 0
        for k in range(8):
            v ^= gmul(MROW[(j + k) % 8], s[k], 0x171)
        y = y << 8 | v
    return y


assert sp_ref(0) == 0xEEEEEEEEEEEEEEEE
assert sp_ref(0x0123456789ABCDEF) == 0x25361619836E57F6


def bytes_of(w):
    return [(w >> (56 - 8 * k)) & 0xFF for k in range(8)]


def diffuse(y, tabs, j):
    v = 0
    for k in range(8):
        v ^= look(tabs[(j + k) % 8], y[k])
    return v


# The backends' F on byte-sliced, phi-domain values: X = phi(x bytes),
# one SubBytes, PT products (+ phi(kb)), SubBytes, PT (full bytes of the
# half) or ST then mask then PHI (the partly used byte).
def f_model(x, kb, mask):
    y = [AES_SBOX[phi(b)] for b in bytes_of(x)]
    z = [diffuse(y, PT, j) ^ phi(kbj) for j, kbj in enumerate(bytes_of(kb))]
    y2 = [AES_SBOX[b] for b in z]
    out = []
    for j, m in enumerate(bytes_of(mask)):
        if m == 0xFF:
            out.append(diffuse(y2, PT, j))
        else:
            out.append(look(PHI_T, diffuse(y2, ST, j) & m))
    return out


rnd = random.Random(1)
for _ in range(300):
    x, kb = rnd.getrandbits(64), rnd.getrandbits(64)
    bits = rnd.randint(4, 64)
    mask = ((1 << 64) - 1) ^ ((1 << (64 - bits)) - 1)
    want = sp_ref(sp_ref(x) ^ kb) & mask
    assert [PHIINV[v] for v in f_model(x, kb, mask)] == bytes_of(want)
for y in range(256):
    assert look(PHIINV_T, look(PHI_T, y)) == y


def table(name, ts, comment):
    rows = ",\n    ".join("{ { %s },\n      { %s } }" % (", ".join("0x%02x" % v for v in t[0]),
                                                       ", ".join("0x%02x" % v for v in t[1])) for t in ts)
    return "static const uint8_t %s[%d][2][16] = {   /* %s */\n    %s\n};" % (name, len(ts), comment, rows)


out = "\n".join([
    "/* Generated by src/fea/derive_aesni_tables.py (beta = 0x%02x). */" % beta,
    table("FEA_AESNI_PT", PT, "SubBytes output y -> phi(c_m S(x)); byte m >= 8 uses row m & 7"),
    table("FEA_AESNI_ST", ST, "y -> c_m S(x); byte m >= 8 uses row m & 7"),
    table("FEA_AESNI_PHI", [PHI_T, PHIINV_T], "x -> phi(x), and back"),
])
print(out)
with open(os.path.join(HERE, "fea_x86.h")) as f:
    assert out in f.read(), "fea_x86.h differs from these constants"
print("/* fea_x86.h holds these constants; all checks passed. */")
