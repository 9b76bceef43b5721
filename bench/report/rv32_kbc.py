# SPDX-License-Identifier: MIT
"""Section: [RV32-KBC] Table 6 (ARIA, LEA, PIPO on RV32I)."""
from .md import backends, best_of, fmt, quote, ratio, table
from .papers import RV32_KBC_TABLE6


def section_rv32_kbc(d):
    out = ["## [RV32-KBC] — ARIA, LEA, PIPO on 32-bit RISC-V (Kwak, Kim, Seo, JKIISC 2021), Table 6", "",
           "The paper benchmarks one block with a 128-bit key (RV32I assembly vs reference C, SiFive E31 on a "
           "HiFive1 Rev B, in E31 core cycles per byte). Only the optimized figures are in the paper's text "
           "(Table 6 itself is an image). Ours: this x86 host for now, one block through the backend "
           "descriptor, %s: compare the ratios between implementations, not the absolute numbers. The RV32I "
           "counts themselves are in the cross-architecture section below." % d.cpb_label, ""]
    rows = []
    for prim in ("aria-128", "lea-128", "pipo-64-128"):
        impls = backends(d, prim, op="encrypt_block")
        cells = []
        for impl in impls:
            r = d.one(library="kcipher", primitive=prim, impl=impl, op="encrypt_block")
            cells.append("%s: %s" % (impl, fmt(d.per_byte(r))))
        bulk = best_of(d.find(library="kcipher", primitive=prim, mode="ecb", msg_len=16384, scenario="bulk"),
                       d.per_byte)
        rows.append([prim, "; ".join(cells) or "not measured",
                     "%s (%s)" % (fmt(d.per_byte(bulk)), bulk["impl"]) if bulk else "–", quote(RV32_KBC_TABLE6[prim]),
                     ratio(d.per_byte(bulk) / RV32_KBC_TABLE6[prim]) if bulk else "–"])
    out.append(table(["algorithm", "ours, one block, per backend", "ours, ECB 16 KiB, fastest",
                      "paper: optimized asm, E31 (c/B)", "ours / paper (this host's %s over E31 c/B)" % d.cpb_label],
                     rows))
    return "\n".join(out)
