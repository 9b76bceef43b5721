#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes tinyjambu_oracle_random.tsv: 300 random TinyJAMBU v2 cases per key
size from the independent Python model's tj_crypt (Random(seed) is fixed, so
the output is reproducible).  Usage: make_oracle_random.py ORACLE_DIR > FILE
where ORACLE_DIR holds pipo_tinyjambu.py."""
import random, sys
sys.path.insert(0, sys.argv[1])
from pipo_tinyjambu import tj_crypt

rng = random.Random(20240603)
rb = lambda n: bytes(rng.getrandbits(8) for _ in range(n))
h = lambda b: b.hex().upper() if b else "-"
print("# key\tnonce\tad\tpt\tct_and_tag   (hex; '-' = empty)")
for key_len in (16, 24, 32):
    for _ in range(300):
        key, nonce = rb(key_len), rb(12)
        ad, pt = rb(rng.randint(0, 100)), rb(rng.randint(0, 100))
        ct, tag = tj_crypt(key, nonce, ad, pt, True)
        back, tag2 = tj_crypt(key, nonce, ad, ct, False)
        assert back == pt and tag2 == tag
        print("\t".join(h(x) for x in (key, nonce, ad, pt, ct + tag)))
