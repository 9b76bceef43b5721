#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Markdown report and PNG plots from `kcipher bench` JSON lines.

    python3 report.py bench.jsonl[.gz] [more.jsonl ...] --out DIR

Writes DIR/benchmarks.md and DIR/plots/*.png (plots need matplotlib; without
it the report is written without them).  Nothing here measures: every number
comes from the JSON lines; the papers' figures are quoted from their text.
The sections are in report/ beside this file, one module each.
"""
import argparse
import importlib.util
import os
import sys

from report.aarch64_gcm import section_aarch64_gcm
from report.aead_modes import section_gcm
from report.bulk import section_bulk, section_primitives
from report.cross import section_cross
from report.extensions import section_jvm, section_python, section_sql
from report.fea_opt import section_fea_opt
from report.gcm_stitch import section_gcm_stitch
from report.hashes import section_hashes
from report.ghash import section_ghash
from report.load import Data, load
from report.machine import section_machine, section_summary
from report.modes import section_modes
from report.pipo_arm import section_pipo_arm
from report.figures import paper_figures
from report.plots import make_plots
from report.rc6_rij import section_rc6_rij
from report.rv32_kbc import section_rv32_kbc
from report.targets import section_targets
from report.class_targets import section_class_targets
from report.threads import section_threads
from report.tj_avr import section_tj_avr
from report.tokenize import section_tokenize
from report.verdicts import (Cross, fea_rows, ipc_section, pipo_rows, rc6_rows, rekey_table, rv32_rows, rv32_table7,
                             summary, tj_rows, verdict_table)


def section_openssl_provider(d):
    """`openssl speed` records of extensions/openssl/bench.py (docs/openssl.md), rendered there."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "extensions", "openssl", "bench.py")
    if not d.find(scenario="openssl-speed") or not os.path.exists(path):
        return ""
    spec = importlib.util.spec_from_file_location("kc_openssl_bench", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.markdown(d.recs)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json", nargs="+")
    ap.add_argument("--out", required=True)
    ap.add_argument("--cross", help="directory of the cross-architecture results (cross-status.tsv, ...); "
                    "default: the directory of the first records file")
    args = ap.parse_args()
    crossdir = args.cross if args.cross is not None else os.path.dirname(os.path.abspath(args.json[0]))
    every = Data(*load(args.json))   # runs of several CPU classes (KC_CPU_DISABLE): a summary table each
    d = every.first_class()
    if not d.recs:
        sys.exit("report: no measurements in %s" % ", ".join(args.json))
    os.makedirs(args.out, exist_ok=True)
    cx = Cross(crossdir)
    figs = paper_figures(d, cx)
    plots = make_plots(d, args.out, figs)
    src = ", ".join(os.path.basename(p) for p in args.json)
    rc6 = rc6_rows(d, cx)
    fig10 = [r for r in rc6 if r.item.endswith("Fig. 10")]
    rc6 = [r for r in rc6 if r not in fig10]
    verdicts = [fea_rows(d, cx), rv32_rows(cx), pipo_rows(d, cx), tj_rows(cx), rc6, fig10]
    # Each paper's section ends with its verdict table.
    papers = [section_fea_opt(d), section_rv32_kbc(d) + "\n" + rv32_table7(cx),
              section_pipo_arm(d, figs, plots) + "\n" + rekey_table(cx, figs, plots), section_tj_avr(d),
              section_rc6_rij(d, figs, plots) + "\n" + ipc_section(d, cx, figs, plots),
              section_threads(d, figs, plots)]
    papers = [sec + "\n" + verdict_table(rows) for sec, rows in zip(papers, verdicts)]
    parts = [section_machine(every, src, args.json, crossdir), section_summary(every), section_class_targets(every),
             section_targets(d)] + papers + [
        summary([r for rows in verdicts for r in rows]), section_tokenize(d, crossdir), section_python(crossdir),
        section_sql(crossdir), section_jvm(crossdir), section_cross(crossdir),
        section_primitives(d), section_ghash(d), section_bulk(d, plots), section_gcm(d), section_gcm_stitch(d),
        section_aarch64_gcm(crossdir),
        section_modes(d), section_openssl_provider(d), section_hashes(d)]
    with open(os.path.join(args.out, "benchmarks.md"), "w") as f:
        f.write("\n".join(parts))
    print("report: wrote %s" % os.path.join(args.out, "benchmarks.md"), file=sys.stderr)


if __name__ == "__main__":
    main()
