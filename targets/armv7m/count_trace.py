#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Counts the instructions between kc_m3_start and kc_m3_stop in a QEMU
trace (-singlestep -d exec,nochain: one "Trace" line per instruction, the
PC in the second bracketed field) and prints one count per interval.
Usage: count_trace.py TRACE START_ADDR STOP_ADDR  (addresses in hex)."""
import sys

path, start, stop = sys.argv[1], int(sys.argv[2], 16) & ~1, int(sys.argv[3], 16) & ~1
counting, n = False, 0
with open(path, "rb") as f:
    for line in f:
        if not line.startswith(b"Trace"):
            continue
        pc = int(line.split(b"[", 1)[1].split(b"/", 2)[1], 16)
        if pc == start and not counting:
            counting, n = True, 0
        elif pc == stop and counting:
            print(n)
            counting = False
        if counting:
            n += 1
