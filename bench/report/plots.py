# SPDX-License-Identifier: MIT
"""The PNG plots (need matplotlib; without it the report has none)."""
import os
import sys
from collections import defaultdict

from .md import prim_key
from .threads import THREAD_MODES, THREAD_PRIMS, thread_size


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


def plot_threads(d, outdir):
    recs = [r for r in d.find(library="kcipher", scenario="threads") if r["primitive"] in THREAD_PRIMS
            and r.get("threads", 1) > 1 and r.get("default", True)]
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


def plot_rekey(rekey, outdir):
    """[PIPO-ARM] Fig. 7 on AArch64 (instructions per byte against the key-update period), with the
    periods from which the paper finds least alignment paying off marked."""
    if plt is None or not rekey:
        return None
    os.makedirs(os.path.join(outdir, "plots"), exist_ok=True)
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    paper = {"pipo-64-128": {"neon8": 6, "neon16": 3}, "pipo-64-256": {"neon8": 3, "neon16": 2}}
    for ax, prim in zip(axes, ("pipo-64-128", "pipo-64-256")):
        for impl, style in (("neon8", "C0-"), ("neon8-least", "C0--"), ("neon16", "C1-"), ("neon16-least", "C1--")):
            pts = sorted((r["period"], r["value"]) for r in rekey if (r["primitive"], r["impl"]) == (prim, impl))
            if pts:
                ax.plot([p for p, _ in pts], [v for _, v in pts], style, marker="o", label="ours: " + impl)
        for way, color in (("neon8", "C0"), ("neon16", "C1")):
            ax.axvline(paper[prim][way], color=color, linestyle=":",
                       label="paper: %s least alignment pays off from %d" % (way.replace("neon", "") + "-way",
                                                                            paper[prim][way]))
        ax.set_title("%s, AArch64 (qemu)" % prim)
        ax.set_xlabel("key-update period (calls of 16 blocks per key schedule)")
        ax.set_xscale("log", base=2)
        ax.grid(True, alpha=0.3)
    axes[0].set_ylabel("instructions per byte")
    axes[1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(outdir, "plots", "pipo-rekey-aarch64.png"), dpi=90)
    plt.close(fig)
    return "pipo-rekey-aarch64.png"
