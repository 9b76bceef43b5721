#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""NIST ACVP FF1 / FF3-1 sample sets (internalProjection.json) -> the TSV our tests read.

Usage: convert_acvp.py ACVP-AES-FF1-1.0/internalProjection.json ff1 > acvp_ff1.tsv
One row per test: algorithm, direction, key, radix, alphabet, tweak (hex, '-' if empty), pt, ct.
For decrypt rows the test feeds ct and expects pt."""
import json
import sys

src, algorithm = sys.argv[1], sys.argv[2]
data = json.load(open(src))
print("# from NIST ACVP-Server %s rev %s (vsId %s); columns:" % (data["algorithm"], data["revision"], data["vsId"]))
print("# algorithm\tgroup.test\tdirection\tkey\tradix\talphabet\ttweak\tpt\tct")
for g in data["testGroups"]:
    for t in g["tests"]:
        print("\t".join([algorithm, "%d.%d" % (g["tgId"], t["tcId"]), g["direction"], t["key"], str(g["radix"]),
                         g["alphabet"], t["tweak"] or "-", t["pt"], t["ct"]]))
