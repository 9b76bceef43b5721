#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Derives and checks the constants of src/aria/ct.c, the tables of
src/aria/table.c and the word-form diffusion layer of src/aria/aria_common.h.  Not part of the test run; rerun
by hand after touching either file:  python3 derive_ct_constants.py

Matrices use the GFNI encoding: output bit i = parity(byte 7-i of m & x)."""


def gmul(a, b, poly=0x11B, bits=8):          # GF(2^bits) multiplication
    r = 0
    while b:
        if b & 1:
            r ^= a
        a <<= 1
        if a >> bits:
            a ^= poly
        b >>= 1
    return r


def ginv(x):
    r = 1
    for _ in range(254):
        r = gmul(r, x)
    return r if x else 0


def apply(m, x):
    return sum((bin((m >> 8 * (7 - i)) & x & 0xFF).count('1') & 1) << i for i in range(8))


def matrix(f):                                # matrix of a linear map on bytes
    cols = [f(1 << j) for j in range(8)]
    return sum(sum((cols[j] >> i & 1) << j for j in range(8)) << 8 * (7 - i) for i in range(8))


def compose(m1, m2):
    return matrix(lambda x: apply(m1, apply(m2, x)))


def inverse(m):
    back = {apply(m, x): x for x in range(256)}
    return matrix(lambda y: back[y])


# The S-boxes from their definitions ([ARIA], RFC 5794).
A, B = 0xF1E3C78F1F3E7CF8, 0xEAFCB7C3C273C66F
S1 = [apply(A, ginv(x)) ^ 0x63 for x in range(256)]
S2 = [apply(B, ginv(x)) ^ 0xE2 for x in range(256)]
X1 = [S1.index(y) for y in range(256)]
X2 = [S2.index(y) for y in range(256)]
assert S1[0] == 0x63 and S1[1] == 0x7C                       # the AES S-box
assert S2[:8] == [0xe2, 0x4e, 0x54, 0xfc, 0x94, 0xc2, 0x4a, 0xcc]
assert X2[:8] == [0x30, 0x68, 0x99, 0x1b, 0x87, 0xb9, 0x21, 0x78]

# Tower field GF(16)[Y]/(Y^2 + Y + L), GF(16) = GF(2)[z]/(z^4 + z + 1).
L = 0b1010                                    # z^3 + z
def m16(a, b): return gmul(a, b, 0b10011, 4)
assert all(m16(y, y) ^ y != L for y in range(16)), "Y^2 + Y + L must be irreducible"


def tmul(a, b):                               # bytes: high nibble = Y coefficient
    ah, al, bh, bl = a >> 4, a & 15, b >> 4, b & 15
    hh = m16(ah, bh)
    return (hh ^ m16(ah, bl) ^ m16(al, bh)) << 4 | (m16(hh, L) ^ m16(al, bl))


def tpow(a, e):
    r = 1
    for _ in range(e):
        r = tmul(r, a)
    return r


def inv16(a):                                 # as gf16_inv: a^14
    r = 1
    for _ in range(14):
        r = m16(r, a)
    return r


def tinv(x):                                  # as tower_inv in ct.c
    h, l = x >> 4, x & 15
    d = m16(h, l) ^ m16(L, m16(h, h)) ^ m16(l, l)
    return m16(h, inv16(d)) << 4 | m16(h ^ l, inv16(d))


BETA = 0x4C                                   # (z^2)Y + z^3 + z^2, a root of the AES polynomial
assert tpow(BETA, 8) ^ tpow(BETA, 4) ^ tpow(BETA, 3) ^ BETA ^ 1 == 0
T = matrix(lambda unit: tpow(BETA, unit.bit_length() - 1))   # x^j -> BETA^j
TI = inverse(T)
consts = {
    'M_T': T, 'M_TX1': compose(T, inverse(A)), 'M_TX2': compose(T, inverse(B)),
    'M_TI': TI, 'M_S1TI': compose(A, TI), 'M_S2TI': compose(B, TI),
}
for name, value in consts.items():
    print('#define %-6s 0x%016xull' % (name, value))
c1, c2 = apply(T, apply(inverse(A), 0x63)), apply(T, apply(inverse(B), 0xE2))
print('pre-inversion constants: X1 0x%02x, X2 0x%02x' % (c1, c2))

for x in range(256):
    assert tinv(apply(T, x)) == apply(T, ginv(x))
    assert apply(consts['M_S1TI'], tinv(apply(T, x))) ^ 0x63 == S1[x]
    assert apply(consts['M_S2TI'], tinv(apply(T, x))) ^ 0xE2 == S2[x]
    assert apply(TI, tinv(apply(consts['M_TX1'], x) ^ c1)) == X1[x]
    assert apply(TI, tinv(apply(consts['M_TX2'], x) ^ c2)) == X2[x]

# The "+ L.h^2 + l^2" lines of tower_inv, and gf16_inv's normal form.
for h in range(16):
    for l in range(16):
        b = lambda v, i: v >> i & 1
        want = m16(L, m16(h, h)) ^ m16(l, l)
        got = ((b(h, 2) ^ b(h, 3) ^ b(l, 0) ^ b(l, 2))
               | (b(h, 0) ^ b(h, 1) ^ b(l, 2)) << 1
               | (b(h, 1) ^ b(h, 2) ^ b(l, 1) ^ b(l, 3)) << 2
               | (b(h, 0) ^ b(h, 1) ^ b(h, 2) ^ b(l, 3)) << 3)
        assert got == want
for a in range(16):
    a0, a1, a2, a3 = (a >> i & 1 for i in range(4))
    o0 = a0 ^ a1 ^ a2 ^ a3 ^ a0 & a2 ^ a1 & a2 ^ a0 & a1 & a2 ^ a1 & a2 & a3
    o1 = a0 & a1 ^ a0 & a2 ^ a1 & a2 ^ a3 ^ a1 & a3 ^ a0 & a1 & a3
    o2 = a0 & a1 ^ a2 ^ a0 & a2 ^ a3 ^ a0 & a3 ^ a0 & a2 & a3
    o3 = a1 ^ a2 ^ a3 ^ a0 & a3 ^ a1 & a3 ^ a2 & a3 ^ a1 & a2 & a3
    assert o0 | o1 << 1 | o2 << 2 | o3 << 3 == inv16(a)

# A = MM . P . MM . M on little-endian words (aria_common.h) vs RFC 5794 2.4.3.
ROWS = ["3 4 6 8 9 13 14", "2 5 7 8 9 12 15", "1 4 6 10 11 12 15", "0 5 7 10 11 13 14",
        "0 2 5 8 11 14 15", "1 3 4 9 10 14 15", "0 2 7 9 10 12 13", "1 3 6 8 11 12 13",
        "0 1 4 7 10 13 15", "0 1 5 6 11 12 14", "2 3 5 6 8 13 15", "2 3 4 7 9 12 14",
        "1 2 6 7 9 11 12", "0 3 6 7 8 10 13", "0 3 4 5 9 11 14", "1 2 4 5 8 10 15"]
def rol(x, n): return (x << n | x >> (32 - n)) & 0xFFFFFFFF
def swap8(x): return (x << 8 & 0xFF00FF00) | (x >> 8 & 0x00FF00FF)
def mm(t):
    t[1] ^= t[2]; t[2] ^= t[3]; t[0] ^= t[1]; t[3] ^= t[1]; t[2] ^= t[0]; t[1] ^= t[2]
for j in range(128):                          # linear: the unit vectors suffice
    x = [0] * 16
    x[j // 8] = 1 << j % 8
    t = [int.from_bytes(bytes(x[4 * i:4 * i + 4]), 'little') for i in range(4)]
    t = [w ^ (w ^ rol(w, 16)) ^ rol(w ^ rol(w, 16), 8) for w in t]     # aria_others
    mm(t)
    t[1], t[2], t[3] = swap8(t[1]), rol(t[2], 16), rol(swap8(t[3]), 16)
    mm(t)
    got = [b for w in t for b in w.to_bytes(4, 'little')]
    want = [0] * 16
    for k, row in enumerate(ROWS):
        for i in map(int, row.split()):
            want[k] ^= x[i]
    assert got == want
# The 32-bit tables of table.c: S(x) times a byte pattern.
import os
import re
src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../src/aria/table.c')).read()
for name, box, pattern in (('T_S1', S1, 0x01010100), ('T_S2', S2, 0x01010001),
                           ('T_X1', X1, 0x01000101), ('T_X2', X2, 0x00010101)):
    body = re.search(r'%s\[256\] = \{(.*?)\}' % name, src, re.S).group(1)
    assert [int(v, 16) for v in re.findall(r'0x[0-9a-f]+', body)] == [box[x] * pattern for x in range(256)]
print('all checks passed')
