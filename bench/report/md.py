# SPDX-License-Identifier: MIT
"""Markdown and number helpers shared by the sections."""


def fmt(x):
    """Our numbers: three significant digits, whole numbers from 1000 on."""
    if x is None:
        return "–"
    return "%.0f" % x if x >= 1000 else "%.3g" % x


def ratio(r):
    """A ratio of ours to a paper's: two decimals, two significant digits below 0.1."""
    return "–" if r is None else "%.2fx" % r if r >= 0.1 else "%.2gx" % r


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


def kib(n):
    return "%d MiB" % (n >> 20) if n >= 1 << 20 else "%d KiB" % (n >> 10)


def figure_md(figs, plots, png, alt):
    """A paper's plot (figures.py) with its caption and ratios; those without the image when it was not drawn."""
    return figs[png].markdown(alt, png in plots) + "\n" if png in figs else ""
