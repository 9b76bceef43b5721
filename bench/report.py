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
import os
import sys

from report.aead_modes import section_gcm
from report.bulk import section_bulk, section_primitives
from report.cross import section_cross
from report.fea_opt import section_fea_opt
from report.ghash import section_ghash
from report.load import Data, load
from report.machine import section_machine, section_summary
from report.pipo_arm import section_pipo_arm
from report.plots import make_plots
from report.rc6_rij import section_rc6_rij
from report.rv32_kbc import section_rv32_kbc
from report.targets import section_targets
from report.threads import section_threads
from report.tj_avr import section_tj_avr


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
    parts = [section_machine(d, src), section_summary(d), section_targets(d), section_fea_opt(d),
             section_rv32_kbc(d), section_pipo_arm(d, plots), section_tj_avr(d), section_rc6_rij(d, plots),
             section_threads(d, plots), section_cross(crossdir), section_primitives(d), section_ghash(d),
             section_bulk(d, plots), section_gcm(d)]
    with open(os.path.join(args.out, "benchmarks.md"), "w") as f:
        f.write("\n".join(parts))
    print("report: wrote %s" % os.path.join(args.out, "benchmarks.md"), file=sys.stderr)


if __name__ == "__main__":
    main()
