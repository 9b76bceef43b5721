# SPDX-License-Identifier: MIT
"""The PNG plots (need matplotlib; without it the report has none)."""
import os
import sys
from collections import defaultdict

from .md import prim_key


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


def plot_name(prim):
    return "plots/bulk-%s.png" % prim


def plotted(prim):
    """One plot per algorithm: the 128-bit-key variant (AES stands for Rijndael-128)."""
    return prim.endswith("-128") and prim != "rijndael-128-128"


def make_plots(d, outdir, figs=None):
    """Draws the bulk plots and the Figures of figures.py; {png: Figure, or None for a bulk plot}."""
    if plt is None:
        print("report: matplotlib not available, no plots", file=sys.stderr)
        return {}
    os.makedirs(os.path.join(outdir, "plots"), exist_ok=True)
    made = {}
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
        made[os.path.basename(plot_name(prim))] = None
    for name, fig in (figs or {}).items():
        draw(fig, outdir)
        made[name] = fig
    return made


def draw(fig, outdir):
    """One Figure of figures.py: our series as lines, the paper's as markers (triangles for bounds)."""
    n = len(fig.panels)
    cols = min(fig.cols, n)
    rows_n = (n + cols - 1) // cols
    w, h = fig.size
    mfig, axes = plt.subplots(rows_n, cols, figsize=(w * cols, h * rows_n), squeeze=False)
    for i, p in enumerate(fig.panels):
        ax = axes[i // cols][i % cols]
        for s in p.series:
            xs, ys = [x for x, _ in s.pts], [y for _, y in s.pts]
            if s.paper:
                ax.plot(xs, ys, linestyle=s.linestyle or "none",
                        marker=s.marker or {"<=": "v", ">=": "^"}.get(s.bound, "D"),
                        markersize=8, markerfacecolor="none", markeredgewidth=1.5, color=s.color or "black",
                        label=s.label)
            else:
                ax.plot(xs, ys, linestyle=s.linestyle or "-", marker=s.marker or ".", color=s.color, label=s.label)
        for x, label, color in p.vlines:
            ax.axvline(x, color=color, linestyle=":", label=label or None)
        for y, label, color, style in p.hlines:
            ax.axhline(y, color=color, linestyle=style, linewidth=0.8, label=label or None)
        if p.xlog:
            ax.set_xscale("log", base=p.xlog)
        if p.ylog:
            ax.set_yscale("log")
        ax.set_title(p.title, fontsize=9)
        ax.set_xlabel(p.xlabel)
        ax.set_ylabel(p.ylabel)
        ax.grid(True, which="both", alpha=0.3)
        if p.series or any(v[1] for v in p.vlines + p.hlines):
            ax.legend(fontsize=6)
    for key in {p.share for p in fig.panels if p.share}:   # one y range per quantity
        group = [axes[i // cols][i % cols] for i, p in enumerate(fig.panels) if p.share == key]
        lo = min(a.get_ylim()[0] for a in group)
        hi = max(a.get_ylim()[1] for a in group)
        for a in group:
            a.set_ylim(lo, hi)
    for j in range(n, rows_n * cols):
        axes[j // cols][j % cols].axis("off")
    mfig.suptitle(fig.suptitle)
    mfig.tight_layout()
    mfig.savefig(os.path.join(outdir, "plots", fig.png), dpi=90)
    plt.close(mfig)
