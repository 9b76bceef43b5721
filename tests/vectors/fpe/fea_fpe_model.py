#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Regenerates fea_fpe_model.tsv: FPE over FEA by cycle walking ([FEA], the reference
library's convention), computed with the project's bit-exact FEA model fea.py (not in the
repository).  Usage: fea_fpe_model.py MODEL_DIR OUT.tsv   (deterministic: fixed PRNG seed)"""
import random, sys
sys.path.insert(0, sys.argv[1])
import fea

PATTERN = 0xf0e1d2c3b4a5968778695a4b3c2d1e0f

def fpe(typ, key, radix, digits, tweak, decrypt=False):
    dom = radix ** len(digits)
    n = dom.bit_length()
    v = 0
    for d in digits:
        v = v * radix + d
    walks = 0
    while True:
        v = fea.encrypt(typ, key, n, tweak, v, decrypt=decrypt)
        walks += 1
        if v < dom:
            break
    out = []
    for _ in digits:
        out.append(v % radix)
        v //= radix
    return out[::-1], n, walks

rows = []
def add(typ, key, radix, digits, tweak, source):
    out, n, walks = fpe(typ, key, radix, digits, tweak)
    assert fpe(typ, key, radix, out, tweak, decrypt=True)[0] == digits
    tb = (128 - n + 7) // 8 if typ == 1 else 16
    th = tweak.to_bytes(tb, 'big').hex() if tb else '-'
    rows.append(["FEA-%d" % typ, len(key) * 8, key.hex(), radix, len(digits), n, th,
                 ",".join(map(str, digits)), ",".join(map(str, out)), walks, source])

k16, k32 = bytes(range(16)), bytes(range(32))
dec = lambda s: [int(c) for c in s]
# The reference library's six decimal examples.
add(1, k16, 10, dec("1234567890123456"), 0, "spec 10.1")
add(1, k16, 10, dec("1234567890123456"), PATTERN >> 54, "spec 10.1")
add(2, k16, 10, dec("1234567890123456"), 0, "spec 10.1")
add(1, k16, 10, dec("123"), 0, "spec 10.1")
add(2, k16, 10, dec("12345678901234567890123456789012345678"), PATTERN, "spec 10.1")
add(2, k32, 10, dec("0000000000"), PATTERN, "spec 10.1")
# Random keys, tweaks and digits over assorted radixes and lengths.
rnd = random.Random(20261122)
for radix, L in [(2, 20), (2, 127), (3, 13), (7, 8), (10, 6), (10, 7), (16, 5), (26, 5), (36, 4),
                 (36, 24), (62, 4), (64, 21), (255, 3), (256, 3), (1000, 2), (11172, 2), (65535, 2),
                 (65535, 8), (10, 19), (10, 9), (5, 55), (97, 19), (12345, 9), (2, 21)]:
    typ = rnd.choice([1, 2])
    key = bytes(rnd.randrange(256) for _ in range(rnd.choice([16, 24, 32])))
    tbits = 128 - (radix ** L).bit_length() if typ == 1 else 128
    tweak = rnd.choice([0, rnd.getrandbits(tbits) if tbits else 0])
    add(typ, key, radix, [rnd.randrange(radix) for _ in range(L)], tweak, "model")

with open(sys.argv[2], "w") as f:
    f.write("# FPE over FEA by cycle walking ([FEA]); digits decimal, comma-separated, most significant first; tweak: hex bytes, '-' = none\n")
    f.write("# type\tkey_bits\tkey\tradix\tlen\tn\ttweak\tplaintext\tciphertext\tE_applications\tsource\n")
    for r in rows:
        f.write("\t".join(map(str, r)) + "\n")
