# SPDX-License-Identifier: MIT
"""Section: [PIPO-ARM] Table 6 and Fig. 7 (PIPO bitsliced on 64-bit ARM)."""
from .md import backends, best_of, figure_md, fmt, quote, table
from .papers import PIPO_ARM_TABLE6


def section_pipo_arm(d, figs, plots):
    out = ["## [PIPO-ARM] — PIPO bitsliced on 64-bit ARM (Eum, Kwon et al., 2021), Table 6", "",
           "Paper: Apple A10X Fusion, Xcode -O2, cycles per byte; reference C against 8 and 16 blocks in NEON "
           "registers, with and without least alignment (transpose once, pre-arranged round keys). Ours: every "
           "PIPO backend on this host, one block and ECB over 16 KiB, %s." % d.cpb_label, ""]
    rows = []
    for prim, paper in PIPO_ARM_TABLE6.items():
        impls = backends(d, prim, op="encrypt_block")
        ours = []
        for impl in impls:
            one = d.one(library="kcipher", primitive=prim, impl=impl, op="encrypt_block")
            bulk = d.one(library="kcipher", primitive=prim, impl=impl, mode="ecb", msg_len=16384)
            ours.append("%s: %s / %s" % (impl, fmt(d.per_byte(one)), fmt(d.per_byte(bulk)) if bulk else "–"))
        best = best_of([d.one(library="kcipher", primitive=prim, impl=i, mode="ecb", msg_len=16384) for i in impls],
                       lambda r: d.per_byte(r) if r else None)
        ratio = "%s: %.2fx" % (best["impl"], d.per_byte(best) / paper[4]) if best else "–"
        rows.append([prim.replace("pipo-", "PIPO ")] + [quote(v) for v in paper] + ["; ".join(ours) or "not measured",
                                                                                   ratio])
    out.append(table(["", "paper ref C", "paper 8-way", "paper 16-way", "paper 8-way LA", "paper 16-way LA",
                      "ours: backend: one block / ECB 16 KiB",
                      "ours / paper: our fastest ECB 16 KiB over 16-way LA (%s over A10X cycles/byte)" % d.cpb_label],
                     rows))
    out.append("Fig. 7 (speed against the key-update period, for a backend that pays for pre-arranging the round "
               "keys): in the paper least alignment pays off from a period of 6 (64/128, 8 blocks), 3 (64/128, "
               "16 blocks), 3 (64/256, 8) and 2 (64/256, 16). Ours: one key schedule, then *period* calls on "
               "16 blocks (128 bytes) each, %s including the key schedule:\n" % d.cpb_label)
    recs = d.find(scenario="rekey_period")
    periods = sorted({r["messages"] for r in recs})
    rows = []
    for prim in PIPO_ARM_TABLE6:
        for impl in backends(d, prim, scenario="rekey_period"):
            cells = []
            for n in periods:
                r = d.one(library="kcipher", primitive=prim, impl=impl, scenario="rekey_period", messages=n)
                cells.append(fmt(d.per_byte(r)) if r else "–")
            rows.append([prim, impl] + cells)
    if rows:
        out.append(table(["", "backend"] + ["%d" % n for n in periods], rows))
    out.append(figure_md(figs, plots, "pipo-arm-fig7-rekey.png", "[PIPO-ARM] Fig. 7: per-byte cost against the key-update period"))
    return "\n".join(out)
