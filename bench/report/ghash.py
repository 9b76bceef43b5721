# SPDX-License-Identifier: MIT
"""Section: GHASH alone (src/ghash), every backend the CPU ran."""
from .md import backends, fmt, table


def section_ghash(d):
    recs = d.find(library="kcipher", primitive="ghash", op="ghash")
    if not recs:
        return ""
    sizes = sorted({r["msg_len"] for r in recs})
    rows = []
    for impl in backends(d, "ghash", op="ghash"):
        mine = [r for r in recs if r["impl"] == impl]
        cells = []
        for n in sizes:
            r = next((x for x in mine if x["msg_len"] == n), None)
            cells.append(fmt(d.per_byte(r)) if r else "–")
        first = mine[0]
        rows.append([impl + (" (default)" if first.get("default") else ""),
                     "yes" if first.get("constant_time") else "no", first.get("isa") or "–"] + cells)
    return "\n".join(["## GHASH ([SP800-38D] 6.4) alone, every backend", "",
                      "`update` on whole blocks with a precomputed key, %s; what GCM and GMAC pay on top of the "
                      "cipher's CTR. ct = constant-time." % d.cpb_label, "",
                      table(["backend", "ct", "needs"] + ["%d B" % n for n in sizes], rows)])
