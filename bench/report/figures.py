# SPDX-License-Identifier: MIT
"""The plots that have a paper's figure, as data: our series, the paper's points and the ratios at those points.

No matplotlib here (plots.py draws these), so the tests can check the data path.  Every unit is named on its
axis; when the paper's unit differs from ours (cycles on another machine, instructions against cycles) the
paper's points get a panel of their own, never our axis.  A paper's point that the text gives as a bound is
drawn as one ("<=": a downward triangle, ">=": upward).
"""
from .md import fmt, ratio, table
from .papers import (PIPO_ARM_FIG7, PIPO_ARM_FIG7_POINTS, PIPO_ARM_FIG7_UNREAD, PIPO_ARM_TABLE6, RC6_RIJ_PRIMS,
                     RC6_RIJ_SATURATION_WIDTH, RC6_RIJ_UNREAD, rc6_rij_ipc)
from .threads import THREAD_MODES, THREAD_PRIMS, thread_size


class Series:
    def __init__(self, label, pts, paper=False, bound="=", color=None, linestyle=None, marker=None):
        self.label, self.pts, self.paper, self.bound = label, sorted(pts), paper, bound
        self.color, self.linestyle, self.marker = color, linestyle, marker
        assert paper == label.startswith("paper: "), label


class Panel:
    def __init__(self, title, xlabel, ylabel, xlog=None, ylog=False, share=None):
        self.title, self.xlabel, self.ylabel, self.xlog, self.ylog = title, xlabel, ylabel, xlog, ylog
        self.share = share          # panels with the same share key get the same y range
        self.series, self.vlines, self.hlines = [], [], []

    def add(self, *a, **kw):
        s = Series(*a, **kw)
        if s.pts:
            self.series.append(s)
        return s

    def paper(self):
        lines = [v for v in self.vlines + self.hlines if v[1].startswith("paper: ")]
        return [s for s in self.series if s.paper] + lines


class Figure:
    def __init__(self, png, cols, suptitle, caption="", size=(3.6, 3.2)):
        self.png, self.cols, self.suptitle, self.caption, self.size = png, cols, suptitle, caption, size
        self.panels, self.ratios = [], []

    def ratio(self, point, ours, paper, unit, note=""):
        """ours / paper at one of the paper's points, the unit of both named."""
        self.ratios.append((point, ours, paper, unit, note))

    def markdown(self, alt, drawn=True):
        out = ["![%s](plots/%s)" % (alt, self.png), ""] if drawn else []
        if self.caption:
            out += [self.caption, ""]
        if self.ratios:
            out.append(table(["at the paper's point", "ours", "paper", "ours / paper", "unit", ""],
                             [[p, fmt(o), "%.4g" % pp, ratio(o / pp) if o is not None and pp else "–", u, n]
                              for p, o, pp, u, n in self.ratios]))
        return "\n".join(out)


def crossover(least, plain):
    """First period at which least alignment is cheaper, from {period: cost} of both; None if never."""
    return next((n for n in sorted(set(least) & set(plain)) if least[n] < plain[n]), None)


def pipo_paper_panel(prim, periods):
    """[PIPO-ARM] Fig. 7 as its text gives it: A10X cycles/byte, regular alignment flat, the crossovers."""
    p = Panel("%s: paper, Apple A10X" % prim, "key-update period", "A10X cycles/byte (paper)")
    lo, hi = min(periods + [1]), max(periods + [8])
    for way, color in ((8, "C0"), (16, "C1")):
        reg, cross = PIPO_ARM_FIG7[prim][way]
        p.add("paper: %d-way, regular alignment: %g c/B at every period" % (way, reg), [(lo, reg), (hi, reg)],
              paper=True, color=color, linestyle="--", marker="none")
        p.vlines.append((cross, "paper: %d-way least alignment faster from period %d" % (way, cross), color))
    for pr, way, n, v in PIPO_ARM_FIG7_POINTS:
        if pr == prim:
            p.add("paper: %d-way least alignment, %g c/B at period %d" % (way, v, n), [(n, v)], paper=True,
                  color="C0" if way == 8 else "C1")
    p.xlog = 2
    return p


def pipo_ratios(fig, prim, pairs, cost, unit):
    """Crossover periods (unit: periods) and the least/regular cost at the longest period against Table 6."""
    for way, least, plain in pairs:
        a, b = cost(prim, least), cost(prim, plain)
        if not a or not b:
            continue
        reg, paper_cross = PIPO_ARM_FIG7[prim][way]
        ours = crossover(a, b)
        fig.ratio("%s: least alignment faster from period (`%s` vs `%s`; paper: %d-way)" % (prim, least, plain, way),
                  ours, paper_cross, "key-update periods",
                  "never up to %d" % max(a) if ours is None else "ours from the first period" if ours == min(a) else "")
        n = max(set(a) & set(b))
        t6 = PIPO_ARM_TABLE6[prim]
        paper = t6[3 if way == 8 else 4] / t6[1 if way == 8 else 2]
        fig.ratio("%s: least / regular alignment at period %d (`%s` / `%s`; paper: Table 6, %d-way)" % (
            prim, n, least, plain, way), a[n] / b[n], paper, "ratio of %s (ours), of A10X c/B (paper)" % unit)


def fig_pipo_x86(d):
    """pipo-arm-fig7-rekey.png: [PIPO-ARM] Fig. 7's scenario on this host, the paper's A10X figure in its own panels."""
    recs = d.find(library="kcipher", scenario="rekey_period")
    if not recs:
        return None
    prims = sorted({r["primitive"] for r in recs})
    fig = Figure("pipo-arm-fig7-rekey.png", 2, "[PIPO-ARM] Fig. 7: key schedule every N calls of 16 blocks; ours (this host) "
                 "beside the paper (A10X)", PIPO_ARM_FIG7_UNREAD + " Our `table` backend (about 100 c/B) is in the "
                 "table above, not in the plot.", size=(5.2, 3.6))
    periods = sorted({r["messages"] for r in recs})

    def cost(prim, impl):
        return {r["messages"]: d.per_byte(r) for r in recs if (r["primitive"], r["impl"]) == (prim, impl)}

    for prim in prims:
        p = Panel("%s: ours, %s" % (prim, d.run.get("cpu", "this host")), "key-update period", d.cpb_label, xlog=2)
        for impl in sorted({r["impl"] for r in recs if r["primitive"] == prim}):
            if impl != "table":
                p.add("ours: " + impl, list(cost(prim, impl).items()), linestyle="--" if "least" in impl else "-")
        fig.panels += [p, pipo_paper_panel(prim, periods)]
        pairs = [(16, a, a.replace("-least", "")) for a in sorted({r["impl"] for r in recs if r["primitive"] == prim})
                 if a.endswith("-least")]
        pipo_ratios(fig, prim, pairs, cost, d.cpb_label)
    return fig


def fig_pipo_a64(rekey):
    """pipo-rekey-aarch64.png: Fig. 7 on AArch64 (qemu instructions), the paper's A10X figure beside it."""
    if not rekey:
        return None
    fig = Figure("pipo-rekey-aarch64.png", 2, "[PIPO-ARM] Fig. 7 on AArch64: ours (qemu instructions) beside the "
                 "paper (A10X cycles)", PIPO_ARM_FIG7_UNREAD, size=(5.2, 3.6))
    periods = sorted({r["period"] for r in rekey})

    def cost(prim, impl):
        return {r["period"]: r["value"] for r in rekey if (r["primitive"], r["impl"]) == (prim, impl)}

    for prim in ("pipo-64-128", "pipo-64-256"):
        p = Panel("%s: ours, AArch64 (qemu)" % prim, "key-update period", "instructions/byte (ours)", xlog=2)
        for impl, color, ls in (("neon8", "C0", "-"), ("neon8-least", "C0", "--"), ("neon16", "C1", "-"),
                                ("neon16-least", "C1", "--")):
            p.add("ours: " + impl, list(cost(prim, impl).items()), color=color, linestyle=ls, marker="o")
        fig.panels += [p, pipo_paper_panel(prim, periods)]
        pipo_ratios(fig, prim, [(8, "neon8-least", "neon8"), (16, "neon16-least", "neon16")], cost,
                    "instructions/byte")
    return fig


RC6_SCALAR = {"rc6-128": "ref", "rijndael-128-128": "table", "rijndael-192-128": "table",
              "rijndael-256-128": "table"}


def ipc_points(d, cx, prim, mode, scen):
    """Our IPC estimates along a sweep: valgrind instructions / calibrated cycles of the same bench point."""
    impl = RC6_SCALAR.get(prim)
    if not d.calibrated or not impl:
        return []
    block = min((r["msg_len"] for r in d.find(scenario="msgsize", primitive=prim)), default=16)
    pts = []
    for r in cx.instr:
        if (r["primitive"], r["impl"], r["mode"], r["scenario"]) != (prim, impl, mode, scen):
            continue
        b = d.one(library="kcipher", primitive=prim, impl=impl, mode=mode, scenario=scen, msg_len=r["msg_len"],
                  messages=r["messages"])
        if b and b.get("cycles"):
            pts.append((r["messages"] if scen == "messages" else r["msg_len"] // block,
                        r["instructions_per_op"] / b["cycles"]))
    return sorted(pts)


def fig_rc6(d, cx):
    """rc6-rij-figs7-8.png: [RC6-RIJ] Figs. 7-8 (per-byte cost, and IPC with the paper's points)."""
    prims = sorted({r["primitive"] for r in d.find(scenario="msgsize")},
                   key=lambda p: list(RC6_SCALAR).index(p) if p in RC6_SCALAR else 99)
    if not prims:
        return None
    fig = Figure("rc6-rij-figs7-8.png", len(prims), "[RC6-RIJ] Figs. 7-8: key schedule per message, then ECB or CBC; IPC "
                 "(ours: valgrind instructions / calibrated cycles, `ref` and `table`) beside the paper's",
                 RC6_RIJ_UNREAD, size=(3.6, 3.1))
    rows = [("msgsize", "Fig. 7", "blocks in one message", False), ("msgsize", "Fig. 7", "blocks in one message", True),
            ("messages", "Fig. 8", "one-block messages", False), ("messages", "Fig. 8", "one-block messages", True)]
    for scen, fnum, xlabel, ipc in rows:
        for prim in prims:
            fam = next((f for f, p in RC6_RIJ_PRIMS.items() if p == prim), None)
            p = Panel("%s, %s" % (prim, "IPC" if ipc else "per byte"), xlabel,
                      "IPC (instructions/cycle)" if ipc else d.cpb_label, xlog=2, ylog=not ipc,
                      share="ipc" if ipc else "cpb")
            if not ipc:
                block = min(r["msg_len"] for r in d.find(scenario="msgsize", primitive=prim))
                for impl in sorted({r["impl"] for r in d.find(scenario=scen, primitive=prim)}):
                    for mode in ("ecb", "cbc"):
                        pts = [(r["messages"] if scen == "messages" else r["msg_len"] // block, d.per_byte(r))
                               for r in d.find(library="kcipher", scenario=scen, primitive=prim, impl=impl, mode=mode)]
                        p.add("ours: %s %s" % (impl, mode.upper()), pts, linestyle="-" if mode == "ecb" else ":")
                fig.panels.append(p)
                continue
            for mode in ("ecb", "cbc"):
                pts = ipc_points(d, cx, prim, mode, scen)
                p.add("ours: %s %s (estimated)" % (RC6_SCALAR[prim], mode.upper()), pts,
                      linestyle="-" if mode == "ecb" else ":")
                if fam and pts:
                    first, end = rc6_rij_ipc(fam, "Fig. 6"), rc6_rij_ipc(fam, fnum)
                    fig.ratio("%s %s, 1 block, 1 message (bound: Fig. 6 text), %s" % (prim, fnum, mode.upper()),
                              pts[0][1], first[1], "IPC", "the paper's is an upper bound")
                    at = dict(pts).get(end[0])
                    fig.ratio("%s %s, %d %s, %s" % (prim, fnum, end[0], "blocks" if scen == "msgsize" else "messages",
                                                    mode.upper()), at, end[1], "IPC",
                              "" if at is not None else "no point of ours at %d" % end[0])
            if fam:
                first, end = rc6_rij_ipc(fam, "Fig. 6"), rc6_rij_ipc(fam, fnum)
                p.add("paper: at most %g at 1 (Fig. 6 text, any issue width)" % first[1], [(1, first[1])],
                      paper=True, bound="<=", color="black")
                p.add("paper: %g at %d, issue width 8 (%s text)" % (end[1], end[0], fnum), [(end[0], end[1])],
                      paper=True, color="black")
            fig.panels.append(p)
    return fig


def fig_rc6_fig6(cx):
    """rc6-rij-fig6.png: [RC6-RIJ] Fig. 6, IPC against the issue width: llvm-mca's sweep beside the paper's bound."""
    if not cx.mca:
        return None
    m = cx.mca[0]
    fig = Figure("rc6-rij-fig6.png", 1, "[RC6-RIJ] Fig. 6: IPC against the issue (dispatch) width",
                 "Ours: `%s -mcpu=%s` over the compiled round code, dispatch width swept. The paper's Fig. 6 is an "
                 "image; its text gives only that IPC improves up to issue width %d and does not exceed 0.9 (RC6) and "
                 "1.4 (Rijndael) even at 16, for one one-block message (key schedule included, which our round "
                 "code leaves out)." % (m.get("tool", "llvm-mca"), m.get("mcpu"), RC6_RIJ_SATURATION_WIDTH),
                 size=(6, 4))
    p = Panel("IPC against issue width", "issue width (ours: llvm-mca -dispatch)", "IPC (instructions/cycle)")
    widths = sorted({r["dispatch_width"] for r in cx.mca})
    for i, fam in enumerate(sorted({r["family"] for r in cx.mca})):
        pts = [(r["dispatch_width"], r["ipc"]) for r in cx.mca if r["family"] == fam]
        p.add("ours: %s (%s)" % (fam, pts and next(r["function"] for r in cx.mca if r["family"] == fam)), pts,
              color="C%d" % i, marker="o")
        paper = rc6_rij_ipc(fam, "Fig. 6")
        if paper:
            p.add("paper: %s at most %g (one one-block message)" % (fam, paper[1]), [(paper[0], paper[1])],
                  paper=True, bound="<=", color="C%d" % i)
            fig.ratio("%s, issue width %d" % (fam, paper[0]), dict(pts).get(paper[0]), paper[1], "IPC",
                      "the paper's is an upper bound")
    p.vlines.append((RC6_RIJ_SATURATION_WIDTH, "paper: no gain beyond issue width %d" % RC6_RIJ_SATURATION_WIDTH,
                     "grey"))
    p.xlog = 2 if widths and widths[0] > 0 else None
    fig.panels.append(p)
    return fig


def fig_threads(d, cx):
    """threads.png: speed-up against message size (our default backends), then [RC6-RIJ] Fig. 10's IPC."""
    recs = [r for r in d.find(library="kcipher", scenario="threads") if r["primitive"] in THREAD_PRIMS
            and r.get("threads", 1) > 1 and r.get("default", True)]
    prims = [p for p in THREAD_PRIMS if any(r["primitive"] == p for r in recs)]
    if not prims:
        return None
    fig = Figure("threads.png", min(4, len(prims) + 1), "Threads ([RC6-RIJ] Fig. 10 scenario); red: the 1.85x target",
                 "Speed-up panels: our default backends; the paper gives no speed-up, only IPC. Last panel: "
                 "[RC6-RIJ] Fig. 10, IPC against threads. Ours is estimated: IPC of one thread (valgrind "
                 "instructions / calibrated cycles, ECB, 1024 blocks, the paper's scalar C: `ref`, `table`) times "
                 "the measured speed-up of the same backend at n threads (ECB, the largest message); this machine "
                 "has 2 cores. " + RC6_RIJ_UNREAD, size=(3.6, 3.2))
    for prim in prims:
        p = Panel(prim, "bytes per call", "speed-up vs 1 thread", xlog=2, share="speedup")
        for mode, op, _ in THREAD_MODES:
            for t, style in ((2, "-"), (4, ":")):
                pts = [(thread_size(r), r["speedup"]) for r in recs if r["primitive"] == prim
                       and r["mode"] == mode and r["op"] == op and r["threads"] == t]
                p.add("ours: %s%s %d thr" % (mode.upper(), " dec" if op == "decrypt" else "", t), pts,
                      linestyle=style)
        p.hlines += [(2, "", "grey", "-"), (1.85, "", "red", "--")]
        fig.panels.append(p)
    p = Panel("[RC6-RIJ] Fig. 10: IPC", "threads", "IPC (instructions/cycle, all cores)", xlog=2)
    for i, (fam, prim) in enumerate(RC6_RIJ_PRIMS.items()):
        impl = RC6_SCALAR[prim]
        ipc1 = dict(ipc_points(d, cx, prim, "ecb", "msgsize")).get(1024)
        thr = [r for r in d.find(library="kcipher", scenario="threads", primitive=prim, impl=impl, mode="ecb")]
        big = max((thread_size(r) for r in thr), default=None)
        pts = [(1, ipc1)] if ipc1 else []
        for r in thr:
            if ipc1 and r["threads"] > 1 and thread_size(r) == big:
                pts.append((r["threads"], ipc1 * r["speedup"]))
        p.add("ours: %s %s (estimated)" % (fam, impl), pts, color="C%d" % i, marker="o")
        paper = rc6_rij_ipc(fam, "Fig. 10")
        one = rc6_rij_ipc(fam, "Fig. 7")
        p.add("paper: %s above %g with 4 processors" % (fam, paper[1]), [(paper[0], paper[1])], paper=True,
              bound=">=", color="C%d" % i)
        p.hlines.append((one[1], "paper: %s, one 8-issue core (Fig. 7): %g" % (fam, one[1]), "C%d" % i, ":"))
        fig.ratio("%s, %d threads (ours: 2 cores)" % (fam, paper[0]), dict(pts).get(paper[0]), paper[1], "IPC",
                  "the paper's is a lower bound")
    fig.panels.append(p)
    return fig


def paper_figures(d, cx):
    """{png: Figure} of every plot that has a paper's figure."""
    figs = [fig_pipo_x86(d), fig_pipo_a64(cx.rekey), fig_rc6(d, cx), fig_rc6_fig6(cx), fig_threads(d, cx)]
    return {f.png: f for f in figs if f}
