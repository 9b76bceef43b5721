# SPDX-License-Identifier: MIT
"""Section: AES-GCM stitched on AArch64 (armce + pmull) against CTR then GHASH, in instructions per byte
(scripts/aarch64-gcm-counts.sh, aarch64-gcm.jsonl beside the records)."""
import os

from .cross import read_jsonl
from .md import fmt, table


def section_aarch64_gcm(crossdir):
    recs = read_jsonl(os.path.join(crossdir, "aarch64-gcm.jsonl")) if crossdir else []
    if not recs:
        return ""

    def get(prim, op, way):
        return next((r["value"] for r in recs if r["primitive"] == prim and r["op"] == op
                     and r["impl"].endswith(" " + way)), None)

    rows = []
    for prim in sorted({r["primitive"] for r in recs}):
        row = [prim]
        for op in ("encrypt", "decrypt"):
            s, p = get(prim, op, "stitched"), get(prim, op, "ctr-then-ghash")
            row += [fmt(s), fmt(p), "%.2fx" % (s / p) if s and p else "–"]
        rows.append(row)
    return "\n".join([
        "## GCM stitched on AArch64 (instruction counts)", "",
        "AES on `armce` with the `pmull` GHASH (src/rijndael/armce_gcm.c) against the same gcm.c with the kernel "
        "hidden (CTR over a chunk, then GHASH over it): **instructions per byte** of 16 KiB (12-byte IV, no AD) "
        "counted exactly under qemu-aarch64 (`scripts/aarch64-gcm-counts.sh`, `aarch64-gcm.jsonl`); one-shot "
        "encryption and streaming decryption. Instructions, not time: no ARM core has run this.", "",
        table(["", "encrypt stitched", "encrypt CTR, then GHASH", "ratio",
               "stream decrypt stitched", "stream decrypt CTR, then GHASH", "ratio"], rows)])
