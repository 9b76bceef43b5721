# SPDX-License-Identifier: MIT
"""Section: the performance targets, each from records of this run."""
from .md import best_of, fmt, quote, table


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
                     "FF1-AES in C: ~1.7 M/s (the figure quoted when the target was set; not measured here)", ">= 20 M blocks/s", verdict(rate >= 20)])
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
