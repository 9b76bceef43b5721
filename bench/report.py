#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Markdown report and PNG plots from `kcipher bench` JSON lines.

    python3 report.py bench.jsonl[.gz] [more.jsonl ...] --out DIR

Writes DIR/benchmarks.md and DIR/plots/*.png (plots need matplotlib; without
it the report is written without them).  Nothing here measures: every number
comes from the JSON lines; the papers' figures are quoted from their text.
"""
import argparse
import gzip
import json
import os
import sys
from collections import defaultdict

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    # Debian's python3-matplotlib belongs to /usr/bin/python3; another python3
    # may come first on PATH (pyenv, venv).
    if (os.path.exists("/usr/bin/python3") and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3")
            and not os.environ.get("KC_REPORT_REEXEC")):
        os.environ["KC_REPORT_REEXEC"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3"] + sys.argv)
    plt = None

SIZES = [16, 64, 256, 1024, 8192, 16384]

# ---- the papers' own figures, copied from their text (each section names its paper) ----

FEA_ROWS = ["fea1-128", "fea1-192", "fea1-256", "fea2-128", "fea2-192", "fea2-256"]
# ms per operation: naive KS, naive enc, table KS, table enc, SIMD KS, SIMD enc
FEA_PAPER = {
    "Table 3": ("Intel Core i7-4790; serial code GCC/Ubuntu, AVX2 code Visual Studio 2015/Windows 10", "AVX2", [
        (0.007, 0.014, 0.0014, 0.0028, 0.0007, 0.0014), (0.009, 0.016, 0.0016, 0.0032, 0.0009, 0.0016),
        (0.010, 0.019, 0.0019, 0.0037, 0.0010, 0.0018), (0.011, 0.019, 0.0021, 0.0043, 0.0011, 0.0021),
        (0.013, 0.023, 0.0028, 0.0052, 0.0014, 0.0025), (0.013, 0.026, 0.0028, 0.0057, 0.0015, 0.0028)]),
    "Table 5": ("Intel Core i5-4590; serial code GCC/Ubuntu, SSE2 code Visual Studio 2015/Windows 10", "SSE2", [
        (0.008, 0.016, 0.0016, 0.0032, 0.0011, 0.0021), (0.009, 0.017, 0.0017, 0.0035, 0.0012, 0.0024),
        (0.010, 0.020, 0.0020, 0.0041, 0.0014, 0.0028), (0.011, 0.021, 0.0024, 0.0046, 0.0016, 0.0032),
        (0.013, 0.025, 0.0030, 0.0057, 0.0020, 0.0037), (0.015, 0.028, 0.0031, 0.0062, 0.0022, 0.0042)]),
    "Table 7": ("ARM Cortex-A53, GCC/Ubuntu MATE", "NEON", [
        (0.056, 0.127, 0.010, 0.024, 0.0038, 0.0074), (0.065, 0.145, 0.011, 0.029, 0.0044, 0.0086),
        (0.076, 0.154, 0.015, 0.031, 0.0051, 0.0099), (0.085, 0.165, 0.016, 0.037, 0.0057, 0.0110),
        (0.102, 0.191, 0.022, 0.043, 0.0070, 0.0128), (0.111, 0.220, 0.024, 0.050, 0.0077, 0.0147)]),
}
SEED001 = {"aria-128": 295.0, "lea-128": 48.44, "pipo-64-128": 259.75}   # optimized RV32I asm, SiFive E31, c/B
SEED002 = {  # Apple A10X Fusion, -O2, c/B: ref C, 8-way, 16-way, 8-way least-alignment, 16-way least-alignment
    "pipo-64-128": (34.6, 12.0, 6.3, 8.2, 3.9),
    "pipo-64-256": (44.7, 15.6, 8.1, 10.2, 4.8),
}


def load(paths):
    runs, recs, ends = [], [], []
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                r = json.loads(line)
                {"run": runs, "measurement": recs, "end": ends}.get(r.get("type"), []).append(r)
    return runs, recs, ends


class Data:
    def __init__(self, runs, recs, ends):
        self.run = runs[0] if runs else {}
        self.end = ends[0] if ends else {}
        self.recs = recs
        self.calibrated = bool(self.run.get("cycles_per_unit"))
        self.unit = self.run.get("unit", "ns")

    def find(self, **kw):
        return [r for r in self.recs if all(r.get(k) == v for k, v in kw.items())]

    def one(self, **kw):
        found = self.find(**kw)
        return found[0] if found else None

    def cycles(self, r):
        """Median per operation in calibrated cycles, else in the clock unit."""
        return r["cycles"] if self.calibrated and r.get("cycles") is not None else r["median"]

    def per_byte(self, r):
        n = r["msg_len"] * max(r.get("messages", 1), 1)
        return self.cycles(r) / n if n else None

    @property
    def cpb_label(self):
        return "cycles/byte (calibrated)" if self.calibrated else "%s/byte" % self.unit

    @property
    def cyc_label(self):
        return "cycles (calibrated)" if self.calibrated else self.unit


def fmt(x):
    """Our numbers: three significant digits, whole numbers from 1000 on."""
    if x is None:
        return "–"
    return "%.0f" % x if x >= 1000 else "%.3g" % x


def quote(x):
    """The papers' numbers as printed there (trailing zeros dropped)."""
    return "%g" % round(x, 6)


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out) + "\n"


def backends(d, prim, **kw):
    seen = []
    for r in d.find(library="kcipher", primitive=prim, **kw):
        if r["impl"] not in seen:
            seen.append(r["impl"])
    return seen


def best_of(recs, key):
    recs = [r for r in recs if key(r) is not None]
    return min(recs, key=key) if recs else None


# ---- sections ----

def section_machine(d, src):
    run, end = d.run, d.end
    peers = ", ".join(run.get("peers", {}).values()) or "none"
    core = run.get("core_hz")
    lines = [
        "# kcipher benchmarks",
        "",
        "Generated by `bench/report.py` from `%s` (the JSON lines written by `kcipher bench`); do not edit by hand." % src,
        "",
        "## Machine and method",
        "",
        "| | |", "|---|---|",
        "| date | %s |" % run.get("date", "?"),
        "| CPU | %s, %s logical cores (%s) |" % (run.get("cpu", "?"), run.get("cores", "?"), run.get("cpu_features", "")),
        "| compiler | %s, flags `%s` (%s build) |" % (run.get("compiler", "?"), run.get("cflags", ""), run.get("build_type", "?")),
        "| kcipher | %s |" % run.get("lib_version", "?"),
        "| peers, same run | %s |" % peers,
        "| clock | `%s` at %.4f GHz |" % (d.unit, run.get("units_per_second", 0) / 1e9),
    ]
    if core:
        lines.append("| core clock | %.3f GHz by calibration (%.4f cycles per %s at the start, %s at the end) |" % (
            core / 1e9, run["cycles_per_unit"], d.unit, "%.4f" % end["cycles_per_unit_end"] if end.get("cycles_per_unit_end") else "?"))
    lines.append("| samples | %s timed runs per point after a warm-up; median, quartiles, min, max and every sample in the JSON |"
                 % run.get("runs", "?"))
    if end:
        lines.append("| duration | %d points in %.0f s |" % (end.get("points", 0), end.get("elapsed_s", 0)))
    if run.get("loadavg"):
        lines.append("| load average | %s at the start, %s at the end (other work on the machine adds noise) |"
                     % (" ".join(run["loadavg"].split()[:3]), " ".join(end.get("loadavg", "?").split()[:3])))
    lines += ["", (
        "Each sample times a batch of back-to-back calls (enough for about %.0f %s) and is divided by the batch "
        "size; the record keeps `batch`. On x86 the clock is the TSC (`lfence; rdtsc` before, `rdtscp; lfence` "
        "after), which ticks at a constant rate, not at the core clock. **Cycles** are derived, never read: "
        "each run times a chain of dependent register additions (one per core cycle) to get core cycles per "
        "TSC tick (renewed before each cipher), and every cycle figure below is *calibrated* that way. Where "
        "wide-vector code runs at a lower clock than the scalar chain (AVX-512 on some Intel parts) its cycle "
        "figures come out slightly high. Throughput (MB/s, 10^6 bytes), µs per operation and the ratios to "
        "peers come from the TSC alone and need no calibration."
    ) % (run.get("sample_units", 0), d.unit), ""]
    lines += [("To reproduce: `kcipher bench --report DIR` (about %s here; `--quick` for a short run, "
               "`--cipher`/`--backend` to select) writes the raw records to `DIR/bench.jsonl` and runs "
               "`bench/report.py` (the source tree's copy, else `<prefix>/share/kcipher/report.py`, or "
               "`$KCIPHER_BENCH_REPORT`), which writes `DIR/benchmarks.md` and `DIR/plots/` (plots need "
               "python3-matplotlib). `python3 bench/report.py DIR/bench.jsonl --out DIR` rebuilds the report "
               "from saved records. Pinning (`taskset -c 1`) and a quiet machine reduce noise.")
              % ("%.0f s" % end["elapsed_s"] if end.get("elapsed_s") else "a few minutes"), ""]
    ossl = d.one(library="openssl", primitive="aes-128", mode="cbc", msg_len=16384)
    if ossl and d.calibrated:
        lines += [("Cross-check of the calibration: OpenSSL AES-128-CBC encryption, which is bound by the "
                   "AESENC latency, runs at **%.2f cycles/byte** here; the bound is 1.875 on Ice Lake and later "
                   "Intel cores (3-cycle AESENC), 2.5 on Zen and Skylake (4-cycle), plus about 1/16 for the XOR "
                   "in the chain.") % d.per_byte(ossl), ""]
    return "\n".join(lines) + "\n"


def section_summary(d):
    out = ["## Summary: our fastest backend against the best peer, 16 KiB messages", "",
           "The default backend is the one `kc_cipher_new` picks (constant-time); slope, MB/s and ratio are for "
           "the fastest. Ratio = our time / best peer's time, same algorithm, mode and size, same run (below 1: we are faster). "
           "Per-byte figures in %s; *slope* is the cost of each further byte between the two largest sizes "
           "(per-call overhead removed, as libgcrypt's bench-slope does)." % d.cpb_label, ""]
    rows = []
    for prim in sorted({r["primitive"] for r in d.find(scenario="bulk", op="encrypt")}, key=prim_key):
        for mode in ("ecb", "cbc", "ctr", "aead"):
            recs = d.find(primitive=prim, mode=mode, scenario="bulk", op="encrypt")
            if not recs:
                continue
            n = max(r["msg_len"] for r in recs)   # 16 KiB, or the last whole block below it
            ours = best_of([r for r in recs if r["msg_len"] == n and r["library"] == "kcipher"], d.per_byte)
            dflt = next((r for r in recs if r["msg_len"] == n and r["library"] == "kcipher" and r.get("default")), None)
            peer = best_of([r for r in recs if r["msg_len"] == n and r["library"] != "kcipher"], d.per_byte)
            if not ours:
                continue
            rows.append([prim, mode, "%s (%s)" % (fmt(d.per_byte(dflt)), dflt["impl"]) if dflt else "–",
                         "%s (%s)" % (fmt(d.per_byte(ours)), ours["impl"]),
                         fmt(slope(d, [r for r in recs if r["library"] == "kcipher" and r["impl"] == ours["impl"]])),
                         "%.0f" % (ours["bytes_per_second"] / 1e6),
                         "%s (%s)" % (fmt(d.per_byte(peer)), peer["library"]) if peer else "–",
                         "%.2f" % (ours["median"] / peer["median"]) if peer else "–"])
    out.append(table(["algorithm", "mode", "default backend", "fastest backend", "slope", "MB/s", "best peer",
                      "ratio"], rows))
    return "\n".join(out)


def section_targets(d):
    """The performance targets, each from records of this run (16 KiB bulk messages unless said otherwise)."""
    rows = []

    def bulk(prim, mode, **kw):
        return [r for r in d.find(primitive=prim, mode=mode, scenario="bulk", op="encrypt", msg_len=16384, **kw)]

    def ours_ct(prim, mode):   # the fastest constant-time backend: what the target is about
        return best_of([r for r in bulk(prim, mode, library="kcipher") if r.get("constant_time")], d.per_byte)

    def peer(prim, mode, lib):
        return best_of(bulk(prim, mode, library=lib), d.per_byte)

    def verdict(ok):
        return "**met**" if ok else "**not met**"

    def cpb_row(prim, mode, limit, lib=None, times=None):
        o = ours_ct(prim, mode)
        if not o:
            return
        p = peer(prim, mode, lib) if lib else None
        ratio = p["median"] / o["median"] if p else None
        ok = d.calibrated and d.per_byte(o) <= limit and (times is None or (ratio and ratio >= times))
        want = "<= %s c/B" % quote(limit) + (", >= %sx %s" % (quote(times), lib) if times else "")
        rows.append(["%s %s" % (prim, mode.upper()), "%s (%s)" % (fmt(d.per_byte(o)), o["impl"]),
                     "%s: %s, %.2fx" % (lib, fmt(d.per_byte(p)), ratio) if p else "–", want, verdict(ok)])

    def peer_row(prim, mode, lib, times=None, within=None):
        o, p = ours_ct(prim, mode), peer(prim, mode, lib)
        if not o or not p:
            return
        ratio = p["median"] / o["median"]
        ok = ratio >= times if times else o["median"] <= p["median"] * (1 + within)
        want = ">= %sx %s" % (quote(times), lib) if times else "within %d%% of %s" % (within * 100, lib)
        rows.append(["%s %s" % (prim, mode.upper()), "%s (%s)" % (fmt(d.per_byte(o)), o["impl"]),
                     "%s: %s, %.2fx" % (lib, fmt(d.per_byte(p)), ratio), want, verdict(ok)])

    cpb_row("aria-128", "ctr", 1.0, "openssl")
    cpb_row("lea-128", "ctr", 0.8, "cryptopp", 2.5)
    cpb_row("pipo-64-128", "ecb", 1.0)
    cpb_row("rc6-128", "ctr", 2.0, "cryptopp", 4)
    peer_row("aes-128", "ctr", "openssl", times=1.3)
    peer_row("aes-128", "ecb", "openssl", times=1.3)
    peer_row("aes-128", "cbc", "openssl", within=0.03)

    one = [r for r in d.find(library="kcipher", primitive="fea1-128", mode="fea", op="encrypt", bits=64)
           if r.get("messages", 1) == 1]
    naive = next((r for r in one if r["impl"] == "naive"), None)
    if naive:
        best = best_of(one, lambda r: r["median"])
        best_ct = best_of([r for r in one if r.get("constant_time")], lambda r: r["median"])
        rows.append(["fea1-128, n = 64, one block", "%.3f µs (%s, %.0fx naive); constant-time: %.3f µs (%s, %.0fx)" % (
                         best["us_per_op"], best["impl"], naive["median"] / best["median"], best_ct["us_per_op"],
                         best_ct["impl"], naive["median"] / best_ct["median"]),
                     "naive: %.3f µs" % naive["us_per_op"], ">= 50x naive",
                     verdict(naive["median"] / best["median"] >= 50) + (" (constant-time: %s)" % (
                         "met" if naive["median"] / best_ct["median"] >= 50 else "not met"))])
    batch = [r for r in d.find(library="kcipher", primitive="fea1-128", mode="fea", op="encrypt", bits=54,
                               scenario="batch")]
    fast = best_of([r for r in batch if r.get("constant_time")], lambda r: r["us_per_op"] / r["messages"])
    if fast:
        rate = fast["messages"] / fast["us_per_op"]
        fpe = next((r for r in d.find(library="kcipher", scenario="threads", mode="fpe") if r["threads"] == 1), None)
        rows.append(["fea1-128 batch, n = 54 (16 decimal digits), 1 core",
                     "%.1f M blocks/s (%s)%s" % (rate, fast["impl"], "; as FPE tokens with cycle walking: %.1f M "
                                                 "values/s" % (fpe["messages"] / fpe["us_per_op"]) if fpe else ""),
                     "FF1-AES in C: ~1.7 M/s (issue's figure, not measured here)", ">= 20 M blocks/s", verdict(rate >= 20)])
    tj = d.find(library="kcipher", scenario="batch", mode="aead", primitive="tinyjambu-128")
    loop_ref = next((r for r in tj if r["impl"] == "ref" and r.get("api") == "kc_aead_encrypt"), None)
    bt = best_of([r for r in tj if r.get("api") == "kc_aead_encrypt_batch"], lambda r: r["median"])
    if loop_ref and bt:
        x = loop_ref["median"] / bt["median"]
        rows.append(["tinyjambu-128, 16 messages of 1 KiB", "%s (%s batch), %.2fx" % (fmt(d.per_byte(bt)), bt["impl"], x),
                     "ref, one call per message: %s" % fmt(d.per_byte(loop_ref)), ">= 8x", verdict(x >= 8)])
    if not rows:
        return ""
    return "\n".join(["## Performance targets on this machine", "",
                      ("Each row from this run; per-byte figures in %s for the fastest constant-time backend, peers "
                       "in the same run (ratio = peer time / our time: above 1, we are faster). The targets were "
                       "set for an AMD Zen 4; the machine is named above.") % d.cpb_label, "",
                      table(["workload", "ours", "peer or baseline, same run", "target", ""], rows)])


def slope(d, recs):
    """Per-byte cost between the two largest message sizes of one implementation."""
    recs = sorted((r for r in recs if r["messages"] == 1), key=lambda r: r["msg_len"])
    if len(recs) < 2 or recs[-1]["msg_len"] == recs[-2]["msg_len"]:
        return None
    a, b = recs[-2], recs[-1]
    return (d.cycles(b) - d.cycles(a)) / (b["msg_len"] - a["msg_len"])


def prim_key(p):
    order = ["aria", "lea", "pipo", "rc6", "aes", "rijndael", "tinyjambu", "fea1", "fea2"]
    fam = p.split("-")[0]
    return (order.index(fam) if fam in order else 99, p)


def section_fea(d):
    out = ["## [FEA-OPT] — FEA-1/FEA-2 (Park, Jeong, Hong, Seo, KIISC 2018), Tables 3, 5 and 7", "",
           "The paper times the key schedule and the encryption of one 63-bit block (100,000 repetitions, "
           "averaged), for naive code (bitwise GF(2^8) multiplication), a combined S-box + diffusion table, and "
           "SIMD. Ours: µs per operation (median), one 63-bit block with a nonzero tweak, through the public "
           "`kc_fea_encrypt`; key schedule through the backend's `set_key`. Our SIMD columns show the fastest of "
           "our backends that need vector instructions — the paper's own method (`avx2-paper`, `sse2-paper`, "
           "`neon-paper`) where this machine runs it — named in the next column; the last column is our "
           "fastest backend of any kind. Cells: **ours** / paper, both in µs.", ""]
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
                     (us(prim, "table", "keysetup"), p[2]), (us(prim, "table", "encrypt"), p[3]),
                     (us(prim, vimpl, "keysetup") if vimpl else None, p[4]),
                     (us(prim, vimpl, "encrypt") if vimpl else None, p[5])]
            name = prim.upper().replace("FEA1", "FEA-1").replace("FEA2", "FEA-2")
            rows.append([name] + ["**%s** / %s" % (fmt(a), quote(b)) for a, b in cells]
                        + [vimpl or "–", "%s (%s)" % (fast["impl"], fmt(fast["us_per_op"])) if fast else "–"])
        out.append(table(["", "naive KS", "naive enc", "table KS", "table enc", "SIMD KS (paper: %s)" % simd,
                          "SIMD enc (paper: %s)" % simd, "our SIMD backend", "our fastest, enc µs"], rows))
    batch = best_of(d.find(library="kcipher", primitive="fea1-128", op="encrypt", scenario="batch"),
                    lambda r: r["us_per_op"] / r["messages"])
    if batch:
        per = batch["us_per_op"] / batch["messages"]
        out += [("The paper's claim \"10,000,000 encryptions in about 3 s with AVX2 and threads\" is 0.3 µs per "
                 "encryption. Our fastest FEA-1-128 backend for %d blocks per call (`%s`, one core, 63-bit blocks, "
                 "one tweak) needs %.3f µs per block, i.e. %.1f s for 10^7 encryptions single-threaded.")
                % (batch["messages"], batch["impl"], per, per * 10), ""]
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


def section_seed001(d):
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
                     "%s (%s)" % (fmt(d.per_byte(bulk)), bulk["impl"]) if bulk else "–", quote(SEED001[prim])])
    out.append(table(["algorithm", "ours, one block, per backend", "ours, ECB 16 KiB, fastest",
                      "paper: optimized asm, E31 (c/B)"], rows))
    return "\n".join(out)


def section_seed002(d, plots):
    out = ["## [PIPO-ARM] — PIPO bitsliced on 64-bit ARM (Eum, Kwon et al., 2021), Table 6", "",
           "Paper: Apple A10X Fusion, Xcode -O2, cycles per byte; reference C against 8 and 16 blocks in NEON "
           "registers, with and without least alignment (transpose once, pre-arranged round keys). Ours: every "
           "PIPO backend on this host, one block and ECB over 16 KiB, %s." % d.cpb_label, ""]
    rows = []
    for prim, paper in SEED002.items():
        impls = backends(d, prim, op="encrypt_block")
        ours = []
        for impl in impls:
            one = d.one(library="kcipher", primitive=prim, impl=impl, op="encrypt_block")
            bulk = d.one(library="kcipher", primitive=prim, impl=impl, mode="ecb", msg_len=16384)
            ours.append("%s: %s / %s" % (impl, fmt(d.per_byte(one)), fmt(d.per_byte(bulk)) if bulk else "–"))
        rows.append([prim.replace("pipo-", "PIPO ")] + [quote(v) for v in paper] + ["; ".join(ours) or "not measured"])
    out.append(table(["", "paper ref C", "paper 8-way", "paper 16-way", "paper 8-way LA", "paper 16-way LA",
                      "ours: backend: one block / ECB 16 KiB"], rows))
    out.append("Fig. 7 (speed against the key-update period, for a backend that pays for pre-arranging the round "
               "keys): in the paper least alignment pays off from a period of 6 (64/128, 8 blocks), 3 (64/128, "
               "16 blocks), 3 (64/256, 8) and 2 (64/256, 16). Ours: one key schedule, then *period* calls on "
               "16 blocks (128 bytes) each, %s including the key schedule:\n" % d.cpb_label)
    recs = d.find(scenario="rekey_period")
    periods = sorted({r["messages"] for r in recs})
    rows = []
    for prim in SEED002:
        for impl in backends(d, prim, scenario="rekey_period"):
            cells = []
            for n in periods:
                r = d.one(library="kcipher", primitive=prim, impl=impl, scenario="rekey_period", messages=n)
                cells.append(fmt(d.per_byte(r)) if r else "–")
            rows.append([prim, impl] + cells)
    if rows:
        out.append(table(["", "backend"] + ["%d" % n for n in periods], rows))
    if plots and "seed002.png" in plots:
        out.append("![[PIPO-ARM] Fig. 7: per-byte cost against the key-update period](plots/seed002.png)\n")
    return "\n".join(out)


def section_seed003(d):
    out = ["## [TJ-AVR] — TinyJAMBU with reverse shift on 8-bit AVR (Kwon, Eum, Sim, Yang, Seo), Figs. 6–7", "",
           "Paper: ATmega128 (Microchip Studio, -O3), clock cycles for the keyed permutation (Fig. 6) and for "
           "encryption/decryption of an 8-byte message with 128/192/256-bit keys (Fig. 7). The figures' bars are "
           "not in the paper's text; it states that reverse shift is 560–624 %% faster for the permutation and "
           "550–587 %% for encryption/decryption than the reference code. Ours: this host, %s per call (TinyJAMBU "
           "has no key schedule: `keysetup` only loads the key)." % d.cyc_label, ""]
    rows = []
    for prim in ("tinyjambu-128", "tinyjambu-192", "tinyjambu-256"):
        perms = d.find(primitive=prim, op="permutation")
        pcell = "; ".join("P%d: %s" % (r["steps"], fmt(d.cycles(r))) for r in sorted(perms, key=lambda r: r["steps"]))
        for impl in backends(d, prim, scenario="paper", mode="aead"):
            g = lambda op: d.one(library="kcipher", primitive=prim, impl=impl, op=op, scenario="paper")
            ks = d.one(library="kcipher", primitive=prim, impl=impl, op="keysetup")
            rows.append([prim, impl, pcell or "–", fmt(d.cycles(ks)) if ks else "–",
                         fmt(d.cycles(g("encrypt"))) if g("encrypt") else "–",
                         fmt(d.cycles(g("decrypt"))) if g("decrypt") else "–"])
    if not rows:
        return "\n".join(out + ["No TinyJAMBU backend was measured in this run.", ""])
    out.append(table(["", "backend", "keyed permutation (shared code)", "key setup", "encrypt 8 B", "decrypt 8 B"],
                     rows))
    ref = {r["primitive"]: r for r in d.find(library="kcipher", impl="ref", op="encrypt", scenario="paper")}
    sp = []
    for r in d.find(library="kcipher", op="encrypt", scenario="paper", mode="aead"):
        if r["impl"] != "ref" and r["primitive"] in ref:
            sp.append("%s %s: %.0f %%" % (r["primitive"], r["impl"], 100 * (ref[r["primitive"]]["median"] / r["median"] - 1)))
    if sp:
        out.append("Speed-up over our `ref` backend (paper: 550–587 %% on AVR): %s.\n" % "; ".join(sp))
    return "\n".join(out)


def section_seed004(d, plots):
    out = ["## [RC6-RIJ] — RC6 and Rijndael, ECB vs CBC (Chung, Chung, Sohn, ETRI), Figs. 7–8", "",
           "The paper simulates a SPARC V9 multiprocessor (\"Raptor\", issue width 8) running the AES-submission "
           "C code and reports IPC: against the message size (one message, makeKey then 1 … 1024 blocks) IPC "
           "rises until 1024 blocks and saturates at 2.8 (Rijndael) and 2.3 (RC6); against the number of "
           "one-block messages (makeKey for each) it reaches 2.7 and 2.2 at 128 messages; ECB is no better "
           "than CBC on one core. Issue width and IPC cannot be set or read here (no performance counters are "
           "used), so we run the same program — key schedule per message, then ECB or CBC — and report %s "
           "including the key schedule; the fall of the curve is the same amortisation the paper sees." % d.cpb_label,
           ""]
    prims = [p for p in ("rc6-128", "rijndael-128-128", "rijndael-192-128", "rijndael-256-128")
             if d.find(primitive=p, scenario="msgsize")]
    if not prims:
        return "\n".join(out + ["Not measured in this run.", ""])
    rows = []
    for prim in prims:
        for impl in backends(d, prim, scenario="msgsize"):
            for mode in ("ecb", "cbc"):
                ms = sorted(d.find(library="kcipher", primitive=prim, impl=impl, mode=mode, scenario="msgsize"),
                            key=lambda r: r["msg_len"])
                mm = sorted(d.find(library="kcipher", primitive=prim, impl=impl, mode=mode, scenario="messages"),
                            key=lambda r: r["messages"])
                if not ms:
                    continue
                rows.append([prim, impl, mode, fmt(d.per_byte(ms[0])), fmt(d.per_byte(ms[-1])),
                             "%d" % (ms[-1]["msg_len"] // ms[0]["msg_len"]),
                             fmt(d.per_byte(mm[0])) if mm else "–", fmt(d.per_byte(mm[-1])) if mm else "–",
                             "%d" % mm[-1]["messages"] if mm else "–"])
    out.append(table(["", "backend", "mode", "1 block", "largest", "blocks", "1 message", "most messages",
                      "messages"], rows))
    if plots:
        out.append("![[RC6-RIJ]: per-byte cost against message size and number of messages](plots/seed004.png)\n")
    return "\n".join(out)


def section_primitives(d):
    out = ["## Key schedule and single blocks (every block cipher backend)", "",
           "Through the backend descriptor: `set_key` (on a zeroed context), one-block `encrypt` and `decrypt`. "
           "ct = constant-time backend.", ""]
    rows = []
    for prim in sorted({r["primitive"] for r in d.find(op="encrypt_block")}, key=prim_key):
        for impl in backends(d, prim, op="encrypt_block"):
            ks = d.one(library="kcipher", primitive=prim, impl=impl, op="keysetup")
            e = d.one(library="kcipher", primitive=prim, impl=impl, op="encrypt_block")
            dd = d.one(library="kcipher", primitive=prim, impl=impl, op="decrypt_block")
            rows.append([prim, impl, "yes" if e.get("constant_time") else "no",
                         fmt(d.cycles(ks)) if ks else "–", fmt(ks["us_per_op"]) if ks else "–",
                         fmt(d.cycles(e)), fmt(d.per_byte(e)), fmt(d.cycles(dd)) if dd else "–"])
    out.append(table(["", "backend", "ct", "key setup (%s)" % d.cyc_label, "key setup µs",
                      "encrypt block", d.cpb_label, "decrypt block"], rows))
    return "\n".join(out)


def section_bulk(d, plots):
    out = ["## Bulk modes, every backend and peer", "",
           "Encryption of whole messages in one call (`kc_mode_encrypt` for us, each peer's usual API), %s; for "
           "our rows the time ratio to the best peer at that size follows in brackets (below 1: we are faster). "
           "Peers marked * disagreed with our output (never expected). OpenSSL: EVP; Crypto++: `ECB_Mode`/`CBC_Mode`/"
           "`CTR_Mode` `ProcessData`; Botan 2: `BlockCipher::encrypt_n` (ECB), `Cipher_Mode::process` (CBC, in "
           "place: Botan 2 has no other), `CTR-BE` stream cipher. Peers continue their CBC/CTR chain across calls; "
           "ours is a one-shot call with its IV." % d.cpb_label, ""]
    prims = sorted({r["primitive"] for r in d.find(scenario="bulk")}, key=prim_key)
    for prim in prims:
        recs = d.find(primitive=prim, scenario="bulk", op="encrypt")
        sizes = sorted({r["msg_len"] for r in recs})
        rows = []
        for mode in ("ecb", "cbc", "ctr", "aead"):
            libs = []
            for r in recs:
                if r["mode"] == mode and (r["library"], r["impl"]) not in libs:
                    libs.append((r["library"], r["impl"]))
            libs.sort(key=lambda li: li[0] != "kcipher")
            for lib, impl in libs:
                cells = []
                for n in sizes:
                    r = next((x for x in recs if x["mode"] == mode and x["library"] == lib and x["impl"] == impl
                              and x["msg_len"] == n), None)
                    if not r:
                        cells.append("–")
                    elif r.get("vs_best_peer") is not None:
                        cells.append("%s (%.2f)" % (fmt(d.per_byte(r)), r["vs_best_peer"]))
                    else:
                        cells.append(fmt(d.per_byte(r)) + ("*" if r.get("verified") is False else ""))
                who = impl if lib == "kcipher" else lib
                rows.append([mode, who] + cells)
        out += ["### %s" % prim, "", table(["mode", "implementation"] + ["%d B" % n for n in sizes], rows)]
        if plots and os.path.basename(plot_name(prim)) in plots:
            out.append("![%s](plots/%s)\n" % (prim, os.path.basename(plot_name(prim))))
    return "\n".join(out)


# ---- threads and batches ([RC6-RIJ] Fig. 10) ----

THREAD_PRIMS = ["rc6-128", "rijndael-128-128", "rijndael-192-128", "rijndael-256-128", "aria-128", "lea-128",
                "pipo-64-128"]
THREAD_MODES = [("ecb", "encrypt", "ECB (`kc_mode_encrypt_mt`)"), ("ctr", "encrypt", "CTR (`kc_mode_encrypt_mt`)"),
                ("cbc", "encrypt", "CBC encryption, 4 messages (`kc_mode_encrypt_batch`)"),
                ("cbc", "decrypt", "CBC decryption (`kc_mode_decrypt_mt`)")]


def kib(n):
    return "%d MiB" % (n >> 20) if n >= 1 << 20 else "%d KiB" % (n >> 10)


def thread_size(r):
    """Nominal bytes per call (64 KiB ... 4 MiB), before rounding down to whole blocks."""
    return 1 << ((r["msg_len"] * r["messages"] + 256).bit_length() - 1)


def contended(d, r):
    """Fewer cores obtained than threads could use (other work on the machine)."""
    want = min(r.get("threads", 1), d.run.get("cores", 2) or 2)
    return r.get("cpu_per_wall") is not None and r["cpu_per_wall"] < 0.9 * want


def baseline_of(d, r):
    return next((x for x in d.find(library="kcipher", scenario=r["scenario"], primitive=r["primitive"],
                                   impl=r["impl"], mode=r["mode"], op=r["op"], msg_len=r["msg_len"],
                                   messages=r["messages"], threads=1)), None)


def disturbed(d, r):
    """This point or its 1-thread baseline got fewer cores than it could use."""
    b = baseline_of(d, r)
    return contended(d, r) or (b is not None and contended(d, b))


def section_threads(d, plots):
    cores = d.run.get("cores", "?")
    out = ["## [RC6-RIJ] Fig. 10 — 1, 2 and 4 threads", "",
           ("Paper: the Raptor on-chip multiprocessor (simulated, SPARC V9, issue width 2 per processor), the AES "
            "submissions' C code, four messages so that every processor gets one, Pthreads; it reports IPC, which "
            "rises almost linearly with the processors: with 4 processors above **4.1 (RC6)** and **5.5 "
            "(Rijndael)**, against 2.3 and 2.8 for one 8-issue superscalar (Fig. 7). The bars of Fig. 10 are not in "
            "the paper's text. ECB splits the blocks of a message; CBC encryption can only run whole messages in "
            "parallel."), "",
           ("Ours: this machine has **%s logical cores** (a KVM guest) and **no hardware performance counters**, so "
            "no IPC is reported: instructions retired cannot be read here. We report wall time instead (TSC, one "
            "call per sample at these sizes), as MB/s at 1 thread and the **speed-up** (1-thread time / n-thread "
            "time) with the **parallel efficiency** (speed-up / n) in brackets. **4 threads on %s cores is "
            "oversubscribed**: its ideal is the 2-thread speed-up, an efficiency of at most 0.5, and the pool's "
            "workers then sleep between jobs instead of spinning, so every call pays their wake-ups. Before a "
            "multi-threaded point is timed the job runs for 20 ms (a new worker may wait for the hypervisor to "
            "wake an idle vCPU). The threads are "
            "set with `kc_set_threads`; the registry's default backend (constant-time, the fastest this CPU runs) "
            "is used; inputs below 64 KiB stay on one thread by design. *Cores obtained* = the process's CPU time "
            "/ wall time during the warm-up and the point: other work on the machine (see the load average above) takes cores "
            "away, and a 2-thread speed-up is marked with † when that point got fewer than 1.8 cores or its "
            "1-thread baseline fewer than 0.9; such a speed-up says more about the machine than about the code. "
            "A disturbed sweep (1, 2, 4 threads of one point) is measured again, up to 3 tries; the record "
            "keeps the try (`attempt`), and † marks those still disturbed at the third.") % (cores, cores), ""]
    recs = d.find(library="kcipher", scenario="threads")
    blk = [r for r in recs if r["primitive"] in THREAD_PRIMS]
    if not blk:
        return "\n".join(out + ["Not measured in this run.", ""])
    sizes = sorted({thread_size(r) for r in blk})
    rows = []
    for prim in THREAD_PRIMS:
        for mode, op, label in THREAD_MODES:
            pts = [r for r in blk if r["primitive"] == prim and r["mode"] == mode and r["op"] == op]
            if not pts:
                continue
            cells, got = [], []
            for n in sizes:
                at = {r["threads"]: r for r in pts if thread_size(r) == n}
                if 1 not in at:
                    cells.append("–")
                    continue
                c = "%.0f" % (at[1]["bytes_per_second"] / 1e6)
                for t in (2, 4):
                    if t in at:
                        c += " · %.2fx (%.2f)%s" % (at[t]["speedup"], at[t]["efficiency"],
                                                   "†" if t == 2 and disturbed(d, at[t]) else "")
                        if t == 2 and at[t].get("cpu_per_wall") is not None:
                            got.append(at[t]["cpu_per_wall"])
                cells.append(c)
            rows.append([prim, pts[0]["impl"], label] + cells + ["%.2f–%.2f" % (min(got), max(got)) if got else "–"])
    out.append(table(["", "backend", "mode"] + ["%s: MB/s · 2 thr · 4 thr" % kib(n) for n in sizes]
                     + ["cores obtained, 2 thr"], rows))
    # The target: >= 1.85x on 2 threads for ECB/CTR at 1 MiB and above.
    tgt = [r for r in blk if r["mode"] in ("ecb", "ctr") and r.get("threads") == 2 and thread_size(r) >= 1 << 20]
    if tgt:
        worst = min(tgt, key=lambda r: r["speedup"])
        met = [r for r in tgt if r["speedup"] >= 1.85]
        clean = [r for r in tgt if not disturbed(d, r)]
        line = ("**Thread-scaling target** (>= 1.85x on 2 threads, ECB and CTR, 1 MiB and above): **%s** — %d of %d "
                "points reach it; the lowest is %.2fx (%s %s %s)." % (
                    "met" if len(met) == len(tgt) else "not met", len(met), len(tgt), worst["speedup"],
                    worst["primitive"], worst["mode"].upper(), kib(thread_size(worst))))
        if len(clean) != len(tgt):
            line += (" %d of these points were disturbed by other work (†)" % (len(tgt) - len(clean)))
            if clean:
                cm = [r for r in clean if r["speedup"] >= 1.85]
                line += ("; of the %d that got both cores, %d reach it (lowest %.2fx)." % (
                    len(clean), len(cm), min(r["speedup"] for r in clean)))
            else:
                line += "; none got both cores, so this run cannot show whether the code meets it."
        out += [line, ""]
    if plots and "threads.png" in plots:
        out.append("![Speed-up against message size, 2 and 4 threads](plots/threads.png)\n")
    out += section_batches(d)
    return "\n".join(out)


def section_batches(d):
    out = []
    fpe = sorted(d.find(library="kcipher", scenario="threads", mode="fpe"), key=lambda r: r["threads"])
    if fpe:
        rows = []
        for r in fpe:
            per = r["us_per_op"] / r["messages"]
            rows.append([r["primitive"], r["impl"], r["threads"], "%.3f" % per, "%.2f" % (1e6 / per / 1e6),
                         "%.1f" % (per * 10), "%.2fx" % r["speedup"] if r.get("speedup") else "–",
                         "%.2f" % r["cpu_per_wall"] if r.get("cpu_per_wall") is not None else "–"])
        out += ["### FEA bulk tokenization (`kc_fpe_encrypt_batch`)", "",
                ("[FEA-OPT] (footnote to its Table 3): \"10,000,000 encryptions of the parallel FEA take about 3 s\", "
                 "with AVX2 and threads (Core i7-4790, 4 cores / 8 threads; block length 63 bits; the thread count "
                 "is not given), i.e. 0.3 µs per encryption. Ours: %d values of 16 decimal digits per call (the FEA "
                 "block length is then n = 54 and cycle walking needs 2^54 / 10^16 = 1.80 FEA encryptions per "
                 "value on average, all included), one tweak, digits as `uint16_t`.") % fpe[0]["messages"], "",
                table(["", "backend", "threads", "µs per value", "M values/s", "s for 10^7 values (paper: ~3)",
                       "speed-up", "cores obtained"], rows)]
    tj = d.find(library="kcipher", scenario="batch", mode="aead")
    if tj:
        loop_ref = next((r for r in tj if r["impl"] == "ref" and r.get("api") == "kc_aead_encrypt"), None)
        rows = []
        for impl in [r["impl"] for r in tj if r.get("api") == "kc_aead_encrypt_batch"]:
            lp = next(r for r in tj if r["impl"] == impl and r.get("api") == "kc_aead_encrypt")
            bt = next(r for r in tj if r["impl"] == impl and r.get("api") == "kc_aead_encrypt_batch")
            rows.append([bt["primitive"], impl, fmt(d.per_byte(lp)), fmt(d.per_byte(bt)),
                         "%.0f" % (bt["bytes_per_second"] / 1e6), "%.2fx" % bt["speedup"],
                         "%.2fx" % (loop_ref["median"] / bt["median"]) if loop_ref else "–"])
        best = max((loop_ref["median"] / r["median"] for r in tj if r.get("api") == "kc_aead_encrypt_batch"),
                   default=None) if loop_ref else None
        out += ["### TinyJAMBU batches (`kc_aead_encrypt_batch`)", "",
                ("16 messages of 1 KiB under one key, no associated data, 1 thread: one batch call against a loop "
                 "of 16 `kc_aead_encrypt` calls, every backend, %s. The target: >= 8x our single-message "
                 "reference (the `ref` backend's loop). Best here: **%s** — target **%s**.") % (
                    d.cpb_label, "%.2fx" % best if best else "–",
                    "met" if best and best >= 8 else "not met" if best else "not measured"), "",
                table(["", "backend", "loop of single calls", "batch", "batch MB/s", "batch vs own loop",
                       "batch vs `ref` loop"], rows)]
    return out


# ---- cross-architecture (scripts/bench.sh runs the emulated benchmarks) ----

CROSS = [("rv32", "rv32-table6.md", "RV32I, [RV32-KBC] Table 6: retired instructions (qemu-system-riscv32 -icount) "
          "beside the paper's SiFive E31 cycles", "scripts/rv32-bench.sh"),
         ("avr", "avr-tables.md", "AVR, [TJ-AVR] Figs. 6–7 and [FEA-OPT] Table 8 (ATmega328P): exact cycles "
          "(simavr)", "scripts/avr-bench.sh"),
         ("armv7m", "armv7m-tables.md", "Cortex-M3, [FEA-OPT] Table 8: retired instructions (qemu-system-arm trace) "
          "beside the paper's milliseconds", "scripts/armv7m-bench.sh"),
         ("aarch64", "aarch64.jsonl", "AArch64, every backend: executed and static instructions (qemu-aarch64 "
          "trace, objdump) beside [PIPO-ARM] Table 6 (A10X) and [FEA-OPT] Table 7 (Cortex-A53)",
          "scripts/aarch64-static-counts.sh")]
NEON_PAPER = {"neon8": 1, "neon16": 2, "neon8-least": 3, "neon16-least": 4}   # index into SEED002's tuple
FEA_A53 = {"naive": 1, "table": 3, "neon-paper": 5}   # our backend -> FEA_PAPER["Table 7"] column (encryption, ms)


def read_status(crossdir):
    st = {}
    path = os.path.join(crossdir, "cross-status.tsv") if crossdir else None
    if path and os.path.exists(path):
        for line in open(path):
            f = line.rstrip("\n").split("\t")
            if len(f) >= 3:
                st[f[0]] = (f[1], f[2], f[3] if len(f) > 3 else "")
    return st


def demote(md):
    return "\n".join("#" + l if l.startswith("#") else l for l in md.splitlines()) + "\n"


def read_jsonl(path):
    """JSON lines from path, or from path.gz; [] when neither exists."""
    for p in (path, path + ".gz"):
        if os.path.exists(p):
            with (gzip.open(p, "rt") if p.endswith(".gz") else open(p)) as f:
                return [json.loads(l) for l in f if l.startswith("{")]
    return []


def aarch64_table(path):
    """The AArch64 section's body: aarch64.jsonl (instruction counts) and, beside it, aarch64-time.jsonl
    (`kcipher bench` under qemu-aarch64)."""
    recs = read_jsonl(path)
    if not recs:
        return "No records.\n"

    def static(r):
        return "%d" % r["static_instructions"] if r.get("static_instructions") is not None else "–"

    r0 = recs[0]
    out = [("Two figures per backend, both **instructions**, for AArch64 code built by %s: **executed** "
            "instructions per block (per message for TinyJAMBU), counted exactly from qemu's execution trace (%s) "
            "as the difference between runs with N and N + STEP inputs, so the call, key schedule and start-up "
            "drop out; and **static** instructions, the code size of the backend's object file "
            "(`aarch64-linux-gnu-objdump -d` of `src/FAMILY/BACKEND.c.o`: encryption, decryption and key schedule, "
            "with what it inlines from shared headers). QEMU models no cycles, so no AArch64 cycle figure of ours "
            "exists; the papers' figures are cycles or milliseconds measured on real ARM cores (Apple A10X Fusion "
            "in [PIPO-ARM], Cortex-A53 in [FEA-OPT]), quoted as they are. A wide out-of-order core such as the A10X "
            "retires several instructions per cycle, so instructions and cycles bound each other only loosely.")
           % (r0.get("compiler", "aarch64-linux-gnu-gcc"), r0.get("emulator", "qemu-aarch64")), ""]

    blocks = [r for r in recs if r.get("kind", "block") == "block"]
    if blocks:
        rows = []
        for r in blocks:
            bs = 8 if r["primitive"].startswith("pipo-64") else 16
            if r["primitive"].startswith("rijndael-"):
                bs = int(r["primitive"].split("-")[1]) // 8
            paper = SEED002.get(r["primitive"])
            k = NEON_PAPER.get(r["impl"])
            rows.append([r["primitive"], r["impl"], "%.2f" % r["value"], "%.2f" % (r["value"] / bs),
                         quote(paper[k]) if paper and k is not None else "–", static(r)])
        out += ["#### Block ciphers: instructions per block", "",
                table(["", "backend", "instructions/block", "instructions/byte",
                       "paper ([PIPO-ARM] Table 6): same method, A10X cycles/byte", "static instructions"], rows)]
        papers = ["%s: ref C %s, 8-way %s, 16-way %s, 8-way LA %s, 16-way LA %s" % ((p,) + tuple(quote(x) for x in v))
                  for p, v in SEED002.items()]
        out.append("[PIPO-ARM] Table 6 (Apple A10X Fusion, Xcode -O2, **cycles**/byte): " + "; ".join(papers) + ".\n")

    fea = [r for r in recs if r.get("kind") == "fea"]
    if fea:
        a53 = FEA_PAPER["Table 7"][2]
        rows = []
        for r in fea:
            k = FEA_A53.get(r["impl"])
            i = FEA_ROWS.index(r["primitive"]) if r["primitive"] in FEA_ROWS else None
            rows.append([r["primitive"], r["impl"], "%.2f" % r["value"], static(r),
                         quote(a53[i][k]) if k is not None and i is not None else "–"])
        out += ["#### FEA: instructions per %d-bit block (`kc_fea_encrypt_tweaks`, a tweak per block)"
                % fea[0].get("bits", 64), "",
                table(["", "backend", "instructions/block", "static instructions",
                       "paper ([FEA-OPT] Table 7): same method, Cortex-A53 ms/block (63 bits)"], rows),
                "[FEA-OPT] Table 7 (ARM Cortex-A53, GCC, Ubuntu MATE; **milliseconds** per encryption, clock not "
                "stated) has naive, table and NEON (`neon-paper` reproduces its method) columns; our `ct` and "
                "`neon` have no counterpart there.", ""]

    aead = [r for r in recs if r.get("kind") in ("single", "batch")]
    if aead:
        rows, seen = [], []
        for r in aead:
            if (r["primitive"], r["impl"]) not in seen:
                seen.append((r["primitive"], r["impl"]))
        for prim, impl in seen:
            cells = []
            for kind in ("single", "batch"):
                r = next((x for x in aead if (x["primitive"], x["impl"], x["kind"]) == (prim, impl, kind)), None)
                cells += ["%.2f" % r["value"], "%.2f" % (r["value"] / r.get("msg_len", 64))] if r else ["–", "–"]
            rows.append([prim, impl] + cells + [static(next(x for x in aead if (x["primitive"], x["impl"]) ==
                                                               (prim, impl)))])
        out += ["#### TinyJAMBU: instructions per %d-byte message (no associated data)" % aead[0].get("msg_len", 64),
                "", table(["", "backend", "`kc_aead_encrypt`, per message", "per byte",
                           "`kc_aead_encrypt_batch`, per message", "per byte", "static instructions"], rows),
                "No paper measures TinyJAMBU on AArch64 ([TJ-AVR] is AVR).", ""]

    out.append(aarch64_time_table(os.path.join(os.path.dirname(path), "aarch64-time.jsonl")))
    return "\n".join(out)


def aarch64_time_table(path):
    """`kcipher bench` cross-built for AArch64 and run under qemu-aarch64: the host's time, labelled so."""
    out = ["#### AArch64 time under qemu-aarch64 — NOT representative of any ARM core", ""]
    lines = read_jsonl(path)
    run = next((r for r in lines if r.get("type") == "run"), {})
    d = Data([run], [r for r in lines if r.get("type") == "measurement"], [])
    if not d.recs:
        return "\n".join(out + ["Not run: no `aarch64-time.jsonl` beside the counts (the emulated `kcipher bench` "
                                "is the last part of the AArch64 step; see `cross-aarch64.log`).", ""])
    emu = run.get("emulated") or d.recs[0].get("emulated")
    out += [("`kcipher bench --quick`, cross-built for AArch64 and run under **%s** on the host (%s; %s). "
             "Unit: **%s of host wall-clock time** while QEMU translates and runs the AArch64 code: this measures "
             "the emulator, not an AArch64 core (NEON and Crypto Extension instructions are emulated in software "
             "and can be slower than scalar code). The run's calibrated \"cycles\" are the emulator's and are not "
             "shown. Beside it, the papers' figures on real hardware, as they are: [PIPO-ARM] Table 6, Apple A10X "
             "Fusion **cycles**/byte; [FEA-OPT] Table 7, ARM Cortex-A53 **milliseconds** per 63-bit FEA block. "
             "Raw records: `aarch64-time.jsonl`.")
            % (emu or "qemu-aarch64 (the records do not name it)", run.get("cpu", "?"), run.get("date", "?"),
               d.unit), ""]
    if not emu:
        out += ["**Warning**: these records carry no `emulated` field.", ""]
    rows = []
    for prim in sorted({r["primitive"] for r in d.recs if r["library"] == "kcipher"}, key=prim_key):
        for impl in backends(d, prim):
            def med(**kw):
                r = d.one(library="kcipher", primitive=prim, impl=impl, **kw)
                return r["median"] if r else None

            if prim in FEA_ROWS:
                r = d.one(library="kcipher", primitive=prim, impl=impl, op="encrypt", scenario="paper")
                what = "encrypt one %d-bit block" % r["bits"] if r else None
                per_byte, per_op = None, r and r["median"]
            elif prim.startswith("tinyjambu"):
                what = "AEAD encrypt: 16 KiB / a 64-byte message"
                big, per_op = med(op="encrypt", mode="aead", scenario="bulk", msg_len=16384), \
                    med(op="encrypt", mode="aead", scenario="bulk", msg_len=64)
                per_byte = big / 16384 if big is not None else None
            else:
                what = "ECB 16 KiB / one block"
                big, per_op = med(op="encrypt", mode="ecb", scenario="bulk", msg_len=16384), med(op="encrypt_block")
                per_byte = big / 16384 if big is not None else None
            if per_byte is None and per_op is None:
                continue
            paper = "–"
            if prim in SEED002 and NEON_PAPER.get(impl) is not None:
                paper = "A10X: %s cycles/byte" % quote(SEED002[prim][NEON_PAPER[impl]])
            elif prim in FEA_ROWS and FEA_A53.get(impl) is not None:
                a53 = FEA_PAPER["Table 7"][2][FEA_ROWS.index(prim)][FEA_A53[impl]]
                paper = "Cortex-A53: %s ms/block" % quote(a53)
            rows.append([prim, impl, what, fmt(per_byte), fmt(per_op), paper])
    out.append(table(["", "backend", "operation", "emulated: %s/byte" % d.unit, "emulated: %s/operation" % d.unit,
                      "paper, on real hardware"], rows))
    return "\n".join(out)


def section_cross(crossdir):
    out = ["## Cross-architecture: exact counts under emulation", "",
           ("`scripts/bench.sh` runs these before the host benchmark (it installs the cross toolchains and "
            "emulators; `KC_BENCH_CROSS=0` skips them). "
            "Units differ by target and are named in every table: AVR figures are **cycles** (simavr counts the "
            "AVR core's cycles exactly); RV32I, Cortex-M3 and AArch64 figures are **instructions** (QEMU counts "
            "instructions and models no cycles). Instructions are not cycles: the papers' cycle figures are "
            "quoted beside ours for orientation, not as a like-for-like comparison. Raw records with every sample: "
            "`rv32.jsonl`, `avr.jsonl`, `armv7m.jsonl`, `aarch64.jsonl`, `aarch64-time.jsonl` beside this report "
            "(gzipped in `docs/`)."), ""]
    status = read_status(crossdir)
    if not status:
        return "\n".join(out + ["Not run: this report was made without `scripts/bench.sh`'s cross-architecture step "
                                "(no `cross-status.tsv` beside the records).", ""])
    for name, fname, title, script in CROSS:
        state, detail, secs = status.get(name, ("not run", "not attempted", ""))
        path = os.path.join(crossdir, fname)
        out += ["### %s" % title, ""]
        exists = os.path.exists(path) or (fname.endswith(".jsonl") and os.path.exists(path + ".gz"))
        if state != "ran" or not exists:
            out += ["**Not run**: %s (`%s`)." % (detail or state, script), ""]
            continue
        out.append("From `%s`%s." % (script, ", %s s for the whole step" % secs if secs else ""))
        out.append("")
        if fname.endswith(".jsonl"):
            out.append(aarch64_table(path))
        else:
            body = open(path).read()
            body = "\n".join(body.splitlines()[1:])   # its own title is replaced by ours
            out.append(demote(demote(body)))
    return "\n".join(out)


def plot_threads(d, outdir):
    recs = [r for r in d.find(library="kcipher", scenario="threads") if r["primitive"] in THREAD_PRIMS
            and r.get("threads", 1) > 1]
    prims = [p for p in THREAD_PRIMS if any(r["primitive"] == p for r in recs)]
    if not prims:
        return None
    cols = min(4, len(prims))
    rows_n = (len(prims) + cols - 1) // cols
    fig, axes = plt.subplots(rows_n, cols, figsize=(3.6 * cols, 3.2 * rows_n), squeeze=False, sharey=True)
    for i, prim in enumerate(prims):
        ax = axes[i // cols][i % cols]
        for mode, op, _ in THREAD_MODES:
            for t, style in ((2, "-"), (4, ":")):
                pts = sorted((thread_size(r), r["speedup"]) for r in recs if r["primitive"] == prim
                             and r["mode"] == mode and r["op"] == op and r["threads"] == t)
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle=style, marker=".",
                            label="%s%s %d thr" % (mode.upper(), " dec" if op == "decrypt" else "", t))
        ax.axhline(2, color="grey", linewidth=0.5)
        ax.axhline(1.85, color="red", linewidth=0.5, linestyle="--")
        ax.set_xscale("log", base=2)
        ax.set_title(prim, fontsize=9)
        ax.set_xlabel("bytes per call")
        ax.grid(True, which="both", alpha=0.3)
        if i == 0:
            ax.legend(fontsize=6)
    for j in range(len(prims), rows_n * cols):
        axes[j // cols][j % cols].axis("off")
    for row in axes:
        row[0].set_ylabel("speed-up vs 1 thread")
    fig.suptitle("Threads ([RC6-RIJ] Fig. 10 scenario); red: the 1.85x target")
    fig.tight_layout()
    fig.savefig(os.path.join(outdir, "plots", "threads.png"), dpi=90)
    plt.close(fig)
    return "threads.png"


# ---- plots ----

def plot_name(prim):
    return "plots/bulk-%s.png" % prim


def plotted(prim):
    """One plot per algorithm: the 128-bit-key variant (AES stands for Rijndael-128)."""
    return prim.endswith("-128") and prim != "rijndael-128-128"


def make_plots(d, outdir):
    if plt is None:
        print("report: matplotlib not available, no plots", file=sys.stderr)
        return set()
    os.makedirs(os.path.join(outdir, "plots"), exist_ok=True)
    made = set()
    for prim in sorted({r["primitive"] for r in d.find(scenario="bulk")}, key=prim_key):
        if not plotted(prim):
            continue
        recs = d.find(primitive=prim, scenario="bulk", op="encrypt")
        modes = [m for m in ("ecb", "cbc", "ctr", "aead") if any(r["mode"] == m for r in recs)]
        fig, axes = plt.subplots(1, len(modes), figsize=(4.2 * len(modes), 3.6), squeeze=False, sharey=True)
        for ax, mode in zip(axes[0], modes):
            series = defaultdict(list)
            for r in recs:
                if r["mode"] == mode:
                    series[(r["library"], r["impl"])].append((r["msg_len"], d.per_byte(r)))
            for (lib, impl), pts in sorted(series.items(), key=lambda kv: kv[0][0] != "kcipher"):
                pts.sort()
                ours = lib == "kcipher"
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o" if ours else "x",
                        linestyle="-" if ours else "--", label=impl if ours else lib)
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_title("%s %s" % (prim, mode.upper()))
            ax.set_xlabel("message bytes")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=7)
        axes[0][0].set_ylabel(d.cpb_label)
        fig.tight_layout()
        fig.savefig(os.path.join(outdir, plot_name(prim)), dpi=90)
        plt.close(fig)
        made.add(os.path.basename(plot_name(prim)))
    recs = d.find(scenario="rekey_period")
    if recs:
        fig, ax = plt.subplots(figsize=(6, 4))
        series = defaultdict(list)
        for r in recs:
            series[(r["primitive"], r["impl"])].append((r["messages"], d.per_byte(r)))
        for (prim, impl), pts in sorted(series.items()):
            pts.sort()
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=".", label="%s %s" % (prim, impl))
        ax.set_xlabel("key-update period (calls of 16 blocks per key schedule)")
        ax.set_ylabel(d.cpb_label)
        ax.set_yscale("log")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
        ax.set_title("[PIPO-ARM] Fig. 7 scenario: PIPO, key schedule every N calls")
        fig.tight_layout()
        fig.savefig(os.path.join(outdir, "plots", "seed002.png"), dpi=90)
        plt.close(fig)
        made.add("seed002.png")
    prims = sorted({r["primitive"] for r in d.find(scenario="msgsize")}, key=prim_key)
    if prims:
        fig, axes = plt.subplots(2, len(prims), figsize=(3.6 * len(prims), 6.4), squeeze=False, sharey=True)
        for col, prim in enumerate(prims):
            block = min(r["msg_len"] for r in d.find(scenario="msgsize", primitive=prim))
            for row, scen in enumerate(("msgsize", "messages")):
                ax = axes[row][col]
                series = defaultdict(list)
                for r in d.find(scenario=scen, primitive=prim):
                    x = r["messages"] if scen == "messages" else r["msg_len"] // block
                    series[(r["impl"], r["mode"])].append((x, d.per_byte(r)))
                for (impl, mode), pts in sorted(series.items()):
                    pts.sort()
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=".",
                            linestyle="-" if mode == "ecb" else ":", label="%s %s" % (impl, mode.upper()))
                ax.set_xscale("log", base=2)
                ax.set_yscale("log")
                ax.grid(True, which="both", alpha=0.3)
                ax.set_title(prim, fontsize=9)
                ax.set_xlabel("blocks in one message" if row == 0 else "one-block messages")
                ax.legend(fontsize=6)
            axes[0][0].set_ylabel(d.cpb_label)
            axes[1][0].set_ylabel(d.cpb_label)
        fig.suptitle("[RC6-RIJ] scenarios: key schedule per message, then ECB or CBC")
        fig.tight_layout()
        fig.savefig(os.path.join(outdir, "plots", "seed004.png"), dpi=90)
        plt.close(fig)
        made.add("seed004.png")
    t = plot_threads(d, outdir)
    if t:
        made.add(t)
    return made


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--cross", help="directory of the cross-architecture results (cross-status.tsv, ...); "
                    "default: the directory of the first records file")
    args = ap.parse_args()
    crossdir = args.cross if args.cross is not None else os.path.dirname(os.path.abspath(args.json[0]))
    d = Data(*load(args.json))
    if not d.recs:
        sys.exit("report: no measurements in %s" % ", ".join(args.json))
    os.makedirs(args.out, exist_ok=True)
    plots = make_plots(d, args.out)
    src = ", ".join(os.path.basename(p) for p in args.json)
    parts = [section_machine(d, src), section_summary(d), section_targets(d), section_fea(d), section_seed001(d), section_seed002(d, plots),
             section_seed003(d), section_seed004(d, plots), section_threads(d, plots), section_cross(crossdir),
             section_primitives(d), section_bulk(d, plots)]
    with open(os.path.join(args.out, "benchmarks.md"), "w") as f:
        f.write("\n".join(parts))
    print("report: wrote %s" % os.path.join(args.out, "benchmarks.md"), file=sys.stderr)


if __name__ == "__main__":
    main()
