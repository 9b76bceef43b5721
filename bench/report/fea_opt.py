# SPDX-License-Identifier: MIT
"""Section: [FEA-OPT] Tables 3, 5 and 7 (FEA-1/FEA-2)."""
from .md import backends, best_of, fmt, quote, ratio, table
from .papers import FEA_PAPER, FEA_ROWS


def section_fea_opt(d):
    out = ["## [FEA-OPT] — FEA-1/FEA-2 (Park, Jeong, Hong, Seo, KIISC 2018), Tables 3, 5 and 7", "",
           "The paper times the key schedule and the encryption of one 63-bit block (100,000 repetitions, "
           "averaged), for naive code (bitwise GF(2^8) multiplication), a combined S-box + diffusion table of "
           "256 x 8 bytes (2 KiB, 64 byte look-ups per SP: our `table-paper`), and SIMD. Our `table-16k` (eight "
           "256 x 64-bit tables, 16 KiB, 8 look-ups per SP) is beyond the paper and has its own column: against it "
           "the paper's \"SIMD beats the table\" turns around (see the verdicts at the end of this section). Ours: µs per operation (median), one 63-bit block with a nonzero tweak, through the public "
           "`kc_fea_encrypt`; key schedule through the backend's `set_key`. Our SIMD columns show the fastest of "
           "our backends that need vector instructions — the paper's own method (`avx2-paper`, `sse2-paper`, "
           "`neon-paper`) where this machine runs it — named in the next column; the last column is our "
           "fastest backend of any kind. Cells: **ours** / paper = ours / paper, both in µs (Table 7: this host "
           "against the paper's Cortex-A53; the Cortex-A53 counterparts are in the AArch64 section).", ""]
    have = [p for p in FEA_ROWS if d.find(primitive=p, scenario="paper")]
    if not have:
        return "\n".join(out + ["No FEA backend was measured in this run.", ""])

    def us(prim, impl, op):
        r = d.one(library="kcipher", primitive=prim, impl=impl, op=op, scenario="paper")
        return r["us_per_op"] if r else None

    for tname, (machine, simd, vals) in FEA_PAPER.items():
        out += ["### Against %s (%s)" % (tname, machine), ""]
        rows = []
        for i, prim in enumerate(FEA_ROWS):
            p = [v * 1000 for v in vals[i]]
            enc = d.find(library="kcipher", primitive=prim, op="encrypt", scenario="paper")
            # The paper's own SIMD method if we have it ("avx2-paper"), else our fastest vector backend.
            vec = next((r for r in enc if r["impl"] == simd.lower() + "-paper"), None) \
                or best_of([r for r in enc if r.get("isa")], lambda r: r["us_per_op"])
            fast = best_of(enc, lambda r: r["us_per_op"])
            vimpl = vec["impl"] if vec else None
            cells = [(us(prim, "naive", "keysetup"), p[0]), (us(prim, "naive", "encrypt"), p[1]),
                     (us(prim, "table-paper", "keysetup"), p[2]), (us(prim, "table-paper", "encrypt"), p[3]),
                     (us(prim, vimpl, "keysetup") if vimpl else None, p[4]),
                     (us(prim, vimpl, "encrypt") if vimpl else None, p[5])]
            name = prim.upper().replace("FEA1", "FEA-1").replace("FEA2", "FEA-2")
            rows.append([name] + ["**%s** / %s = %s" % (fmt(a), quote(b), ratio(a / b) if a else "–")
                                  for a, b in cells]
                        + [vimpl or "–", fmt(us(prim, "table-16k", "encrypt")),
                           "%s (%s)" % (fast["impl"], fmt(fast["us_per_op"])) if fast else "–"])
        out.append(table(["", "naive KS", "naive enc", "table KS (`table-paper`)", "table enc (`table-paper`)",
                          "SIMD KS (paper: %s)" % simd, "SIMD enc (paper: %s)" % simd, "our SIMD backend",
                          "`table-16k` enc µs (beyond the paper)", "our fastest, enc µs"], rows))
    batch = best_of(d.find(library="kcipher", primitive="fea1-128", op="encrypt", scenario="batch"),
                    lambda r: r["us_per_op"] / r["messages"])
    if batch:
        per = batch["us_per_op"] / batch["messages"]
        out += [("The paper's claim \"10,000,000 encryptions in about 3 s with AVX2 and threads\" is 0.3 µs per "
                 "encryption. Our fastest FEA-1-128 backend for %d blocks per call (`%s`, one core, 63-bit blocks, "
                 "one tweak) needs %.3f µs per block, i.e. %.1f s for 10^7 encryptions single-threaded: %.2fx the "
                 "paper's 3 s.") % (batch["messages"], batch["impl"], per, per * 10, per * 10 / 3), ""]
    sizes = sorted({r["bits"] for r in d.find(primitive="fea1-128", op="encrypt")})
    if len(sizes) > 1:
        rows = []
        for prim in have:
            for impl in backends(d, prim, op="encrypt"):
                cells = []
                for n in sizes:
                    r = d.one(library="kcipher", primitive=prim, impl=impl, op="encrypt", bits=n)
                    cells.append(fmt(r["us_per_op"]) if r else "–")
                rows.append([prim, impl] + cells)
        out += ["The paper measured only 63 bits, noting that the block length hardly matters. Encryption "
                "µs per block for other lengths n:", "",
                table(["", "backend"] + ["n = %d" % n for n in sizes], rows)]
    return "\n".join(out)
