# SPDX-License-Identifier: MIT
"""Section: issue 23's targets on each CPU class measured (runs under KC_CPU_DISABLE stand for smaller CPUs):
the Zen 3 class's own targets, and on every class the defaults that a peer beats in the same run."""
from .md import fmt, table

# A peer whose time is within this of ours is level with it: the same run's repeat points differ by more.
LEVEL = 0.02


def bulk(d, prim, mode, **kw):
    return d.find(primitive=prim, mode=mode, scenario="bulk", op="encrypt", msg_len=16384, **kw)


def default_of(d, prim, mode):
    return next((r for r in bulk(d, prim, mode, library="kcipher") if r.get("default")), None)


def peer_of(d, prim, mode, lib=None):
    recs = [r for r in bulk(d, prim, mode) if r["library"] != "kcipher" and (lib is None or r["library"] == lib)]
    return min(recs, key=lambda r: r["median"]) if recs else None


def pair(d, prim, mode, lib=None):
    """(ours, peer) at 16 KiB: the points sampled alternately (scenario "paired") where the run has them, the
    peer named by lib or else the one that does best against us; the separate bulk points in older runs."""
    best = None
    for p in d.find(primitive=prim, mode=mode, scenario="paired", op="encrypt", msg_len=16384):
        if p["library"] == "kcipher" or (lib and p["library"] != lib):
            continue
        o = next((r for r in d.find(primitive=prim, mode=mode, scenario="paired", op="encrypt", msg_len=16384,
                                    library="kcipher", run=p["run"]) if r.get("paired_with") == p["library"]), None)
        if o and (best is None or o["median"] / p["median"] > best[0]["median"] / best[1]["median"]):
            best = (o, p)
    if best:
        return best
    o, p = default_of(d, prim, mode), peer_of(d, prim, mode, lib)
    return (o, p) if o and p else None


def verdict(ok):
    return "**met**" if ok else "**not met**"


def is_zen3(d):
    """A Zen 3 core: family 25 (which Zen 4 shares) with a Zen 3 model (Milan 0x01, Vermeer 0x21, Cezanne 0x50...)."""
    model = d.run.get("cpu_model", -1)
    return (d.run.get("cpu_vendor") == "AuthenticAMD" and d.run.get("cpu_family") == 25
            and (0 <= model < 0x10 or 0x20 <= model < 0x60))


def aes128_bound(d, mode):
    """The fewest calibrated cycles/byte AES-128 can take on this core, where the pipes give a bound: ECB and
    CTR on VAES, two vaesenc ymm (four blocks' rounds) a cycle on Zen 3 and Intel cores since Ice Lake; GCM on
    Zen 3, whose vpclmulqdq ymm takes one of the two AES pipes every other cycle (measured), 24 of them per 16
    blocks (Karatsuba) beside 80 vaesenc, before the reduction."""
    if not d.calibrated or "vaes" not in d.run.get("cpu_features", "").split("+"):
        return None
    if mode in ("ecb", "ctr"):
        return 10 / 64
    if mode == "gcm" and is_zen3(d):
        return (80 + 2 * 24) / 2 / 256
    return None


def zen3_rows(d):
    rows = []

    def vs_peers(prim, mode, openssl_times):
        vs_g, vs_s = pair(d, prim, mode, "libgcrypt"), pair(d, prim, mode, "openssl")
        if not vs_g or not vs_s:
            return
        (o, g), s = vs_g, vs_s[1]
        to_g, over_s = o["median"] / g["median"], s["median"] / vs_s[0]["median"]
        rows.append(["%s %s: at or below libgcrypt" % (prim, mode.upper()), "%s (%s)" % (fmt(d.per_byte(o)), o["impl"]),
                     "libgcrypt %s: ours / libgcrypt %.2f%s" % (fmt(d.per_byte(g)), to_g, " (level)" if 1 < to_g <= 1 + LEVEL else ""),
                     verdict(to_g <= 1 + LEVEL)])
        bound = aes128_bound(d, mode) if prim == "aes-128" else None
        rows.append(["%s %s: >= %gx OpenSSL" % (prim, mode.upper(), openssl_times), "%.2fx" % over_s,
                     "OpenSSL %s; libgcrypt is %.2fx OpenSSL here%s" % (
                         fmt(d.per_byte(s)), s["median"] / g["median"],
                         "; at most %.2fx at this core's bound of %s c/B" % (d.per_byte(s) / bound, fmt(bound))
                         if bound else ""),
                     verdict(over_s >= openssl_times)])

    def at_most(prim, mode, limit):
        o = default_of(d, prim, mode)
        if o:
            rows.append(["%s %s <= %g c/B" % (prim, mode.upper(), limit), "%s (%s)" % (fmt(d.per_byte(o)), o["impl"]),
                         "", verdict(d.calibrated and d.per_byte(o) <= limit)])

    vs_peers("aes-128", "ctr", 2.3)
    vs_peers("aes-128", "ecb", 2.3)
    vs_peers("aes-128", "gcm", 3)
    at_most("aria-128", "ctr", 1.5)
    vs_g = pair(d, "aria-128", "gcm", "libgcrypt")
    if vs_g:
        o, g = vs_g
        rows.append(["aria-128 GCM ahead of libgcrypt", "%s (%s)" % (fmt(d.per_byte(o)), o["impl"]),
                     "libgcrypt %s: ours / libgcrypt %.2f" % (fmt(d.per_byte(g)), o["median"] / g["median"]),
                     verdict(o["median"] < g["median"])])
    at_most("lea-128", "ctr", 1.0)
    fea = [r for r in d.find(library="kcipher", primitive="fea1-128", mode="fea", op="encrypt", bits=54,
                             scenario="batch") if r.get("default")]
    if fea:
        r = fea[0]
        rate = r["messages"] / r["us_per_op"]   # M blocks/s at this machine's clock
        cyc = d.cycles(r) / r["messages"]
        rows.append(["fea1-128 batch, n = 54: >= 40 M blocks/s a core", "%.1f M blocks/s (%s)" % (rate, r["impl"]),
                     "%.1f %s a block: 40 M/s from a %.2f GHz core on" % (cyc, d.cyc_label, cyc * 40e6 / 1e9),
                     verdict(rate >= 40)])
    return rows


def issue26_rows(d, features):
    """Issue 26's speed targets for SEED, HIGHT and CHAM in this class: cycles/byte where the class has the
    named instructions, ratios against the best peer (SEED) or Crypto++ (HIGHT, CHAM), 16 KiB CTR."""
    have, rows = set(features.split("+")), []

    def target(prim, limit, where, times, lib=None, bound=None):
        pr = pair(d, prim, "ctr", lib)
        if not pr:
            return
        o, p = pr
        if limit:
            rows.append(["%s CTR <= %g c/B %s" % (prim, limit, where), "%s (%s)" % (fmt(d.per_byte(o)), o["impl"]),
                         "this core's bound: %s" % fmt(bound) if bound else "",
                         verdict(d.calibrated and d.per_byte(o) <= limit)])
        rows.append(["%s CTR >= %gx %s" % (prim, times, lib or "the best peer"), "%.1fx" % (p["median"] / o["median"]),
                     "%s %s%s" % (p["library"], fmt(d.per_byte(p)),
                                  "; at most %.1fx at this core's bound" % (d.per_byte(p) / bound) if bound else ""),
                     verdict(p["median"] >= times * o["median"])])

    avx2, avx512_gfni = "avx2" in have, {"avx512f", "gfni"} <= have
    target("seed-128", 3 if avx512_gfni else 5 if avx2 else None, "on AVX-512/GFNI" if avx512_gfni else "on AVX2", 7)
    target("hight-64-128", None, "", 10, "cryptopp")
    # CHAM-128/128 on AVX2: 7 vector uops a round (no rotate), 112 rounds less the 27 uops CTR saves, per
    # 128 bytes, on Zen 3's four vector ALU pipes (an Intel core has three).
    cham_avx2 = avx2 and "avx512f" not in have
    cham_bound = (112 * 7 - 27) / 128 / 4 if cham_avx2 and d.calibrated and is_zen3(d) else None
    target("cham-128-128", 1.5 if cham_avx2 else None, "on AVX2", 3, "cryptopp", cham_bound)
    return rows


def laggards(d):
    """Every (algorithm, mode) at 16 KiB whose default backend a peer beats by more than LEVEL in this run."""
    out = []
    prims = sorted({r["primitive"] for r in d.find(scenario="bulk", op="encrypt", library="kcipher")})
    for prim in prims:
        for mode in ("ecb", "cbc", "ctr", "gcm"):
            o, p = pair(d, prim, mode) or (None, None)
            if o and p and o["median"] > p["median"] * (1 + LEVEL):
                fastest = min(bulk(d, prim, mode, library="kcipher"), key=lambda r: r["median"])
                out.append([prim, mode.upper(), "%s (%s)" % (fmt(d.per_byte(o)), o["impl"]),
                            "%s (%s)" % (fmt(d.per_byte(p)), p["library"]), "%.2f" % (o["median"] / p["median"]),
                            "%s (%s%s)" % (fmt(d.per_byte(fastest)), fastest["impl"],
                                           "" if fastest.get("constant_time") else ", variable-time"),
                            why(prim, o, p, fastest, d.run.get("cpu_features", ""))])
    return out


# Crypto++ 8.7 has the CHAM of 2017; we implement the revised one (ICISC 2019), with more rounds.
CHAM_ROUNDS = {"cham-64-128": (80, 88), "cham-128-128": (80, 112), "cham-128-256": (96, 120)}


def why(prim, ours, peer, fastest, features):
    """What the row's gap is, where the records show it: a peer as fast as our table code uses tables
    (a constant-time default cannot), a class without the instructions of a constant-time S-box or
    GHASH leaves the peers their tables, or a peer runs fewer rounds."""
    have = set(features.split("+"))
    if not fastest.get("constant_time") and fastest["median"] <= peer["median"] * (1 + LEVEL):
        return "table look-ups: our variable-time `%s` takes %.2fx the peer's time" % (
            fastest["impl"], fastest["median"] / peer["median"])
    if features and prim.split("-")[0] in ("aes", "rijndael", "aria", "seed") and not have & {"aesni", "ssse3", "gfni"}:
        return "table look-ups: no AES-NI, GFNI or byte shuffle here for a constant-time S-box"
    if features and ours.get("mode") == "gcm" and "pclmul" not in have:
        return "GHASH by table look-ups: no carry-less multiply here"
    if prim in CHAM_ROUNDS and peer["library"] == "cryptopp":
        theirs, rounds = CHAM_ROUNDS[prim]
        return "Crypto++ runs %d rounds, the revised cipher %d: ours %.2fx its time a round" % (
            theirs, rounds, ours["median"] / peer["median"] * theirs / rounds)
    return ""


def section_class_targets(every):
    classes = every.classes()
    if len(classes) <= 1:
        return ""
    out = ["## Issue 23's targets on each CPU class", "",
           ("Each class from its own run (the machine masked with `KC_CPU_DISABLE`, the peers masked alike where "
            "they allow it), our default backend against the peers in that run, 16 KiB messages, ratios of medians "
            "of our default and the peer sampled alternately (scenario `paired`; the separate points in older runs). "
            "A peer within %d%% of ours counts as level (\"at\" libgcrypt in the targets): the same point measured "
            "twice in one run differs by that much here. The Zen 3 targets were set from a Zen 3's figures: those against libgcrypt are ratios in "
            "one run and carry to any machine; those against OpenSSL and in cycles depend on the core measured "
            "(the row shows libgcrypt's own lead over OpenSSL in the same run; an Intel core has three vector ALU "
            "ports where a Zen 3 has four). Where this core's pipes bound our time, the row says the most that any "
            "code could reach against the peer's time in the run: AES-128 ECB and CTR need 0.156 c/B on VAES (two "
            "vaesenc ymm a cycle), GCM on a Zen 3 0.25 (its vpclmulqdq ymm holds one of the two AES pipes every "
            "other cycle, measured; 24 multiplies beside 80 vaesenc per 16 blocks), CHAM-128/128 on AVX2 1.48 on a "
            "Zen 3 (7 vector uops a round, no rotate, on four pipes).") % (LEVEL * 100), ""]
    for name, runs in classes:
        d = every.of_runs(runs)
        out += ["### `%s`" % name, ""]
        rows = zen3_rows(d) if name == "zen3" else []
        if rows:
            out += [table(["target", "ours (default)", "same run", ""], rows)]
        rows26 = issue26_rows(d, d.run.get("cpu_features", ""))
        if rows26:
            out += ["Issue 26's SEED, HIGHT and CHAM targets (CHAM against Crypto++'s 80-round cipher: ours has 112 "
                    "rounds):", "", table(["target", "ours (default)", "same run", ""], rows26)]
        late = laggards(d)
        if late:
            out += ["Defaults a peer beats in this run (target: none):", "",
                    table(["algorithm", "mode", "ours (default)", "best peer", "ours / peer", "our fastest", "why"],
                          late)]
        else:
            out += ["No default is slower than the best peer in this run (target: none).", ""]
    return "\n".join(out)
