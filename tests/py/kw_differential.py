#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""KW and KWP (SP 800-38F) against Python's cryptography (aes_key_wrap,
aes_key_wrap_with_padding): random KEKs and keys of many lengths, wrapped
by `test_kw --stdin` (argv[1]).  Skipped (77) without cryptography."""
import os
import random
import subprocess
import sys

try:
    from cryptography.hazmat.primitives.keywrap import aes_key_wrap, aes_key_wrap_with_padding
except ImportError:
    print("python cryptography is not installed: skipped")
    sys.exit(77)

rng = random.Random(int(os.environ.get("KC_TEST_SEED", "24")))
cases = []
for i in range(400):
    kek = rng.randbytes(rng.choice([16, 24, 32]))
    if i % 2:
        data = rng.randbytes(rng.randint(1, 300))
        cases.append(("kwp-aes-%d" % (8 * len(kek)), kek, data, aes_key_wrap_with_padding(kek, data)))
    else:
        data = rng.randbytes(8 * rng.randint(2, 40))
        cases.append(("kw-aes-%d" % (8 * len(kek)), kek, data, aes_key_wrap(kek, data)))
inp = "".join("%s %s %s\n" % (n, k.hex(), d.hex()) for n, k, d, _ in cases)
emulator = os.environ.get("KCIPHER_EMULATOR", "").split()   # qemu in front of a cross-built test_kw
out = subprocess.run([*emulator, sys.argv[1], "--stdin"], input=inp, capture_output=True, text=True, check=True).stdout.split("\n")
bad = [c[0] for c, got in zip(cases, out) if got != c[3].hex()]
print("%d cases, %d differ" % (len(cases), len(bad)))
sys.exit(1 if bad or len(out) < len(cases) else 0)
