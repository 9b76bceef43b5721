#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes pipo_oracle_random.tsv: 200 random PIPO-64/128 and 200 random
PIPO-64/256 cases from the independent Python model's pipo_encrypt, in the
format of pipo_vectors.tsv (integers written most significant first; key =
K_last..K0).  Random(seed) is fixed, so the output is reproducible.
Usage: make_oracle_random.py ORACLE_DIR > FILE  (ORACLE_DIR holds pipo_tinyjambu.py)."""
import random, sys
sys.path.insert(0, sys.argv[1])
from pipo_tinyjambu import pipo_encrypt, pipo_decrypt

rng = random.Random(20240611)
print("variant\tkey\tplaintext\tciphertext")
for words, name in ((2, "PIPO-64/128"), (4, "PIPO-64/256")):
    for _ in range(200):
        kw = [rng.getrandbits(64) for _ in range(words)]        # K0 first
        p = rng.getrandbits(64)
        c = pipo_encrypt(p, kw)
        assert pipo_decrypt(c, kw) == p
        key = "".join(f"{w:016x}" for w in reversed(kw))
        print(f"{name}\t{key}\t{p:016x}\t{c:016x}")
