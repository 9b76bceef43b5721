# SPDX-License-Identifier: MIT
"""Section: hashes and HMAC (bench/hash.c) against OpenSSL and Crypto++, and issue 26's speed targets."""
from .md import fmt, ratio, table

NAMES = ["sha-256", "sha-512", "lsh-256-256", "lsh-512-512", "hmac-sha-256", "hmac-lsh-256-256"]


def _ours(d, prim, n, scenario="hash", default=True):
    recs = [r for r in d.find(library="kcipher", primitive=prim, msg_len=n, scenario=scenario)
            if r.get("op") in ("hash", "mac")]
    if default:
        recs = [r for r in recs if r.get("default")]
    return min(recs, key=d.per_byte) if recs else None


def _peer(d, lib, prim, n):
    recs = [r for r in d.find(library=lib, primitive=prim, msg_len=n) if r.get("op") in ("hash", "mac")]
    return recs[0] if recs else None


def _speedup(d, mine, theirs):
    """How many times faster ours is (> 1: ours wins)."""
    if not mine or not theirs or not d.per_byte(mine):
        return None
    return d.per_byte(theirs) / d.per_byte(mine)


def section_hashes(d):
    if not d.find(library="kcipher", op="hash") and not d.find(library="kcipher", op="mac", mode="hmac"):
        return ""
    rows = []
    for prim in NAMES:
        for n in (8192, 64):
            mine = _ours(d, prim, n)
            if not mine:
                continue
            batch = _ours(d, prim, n, scenario="hash-batch")
            ossl, cpp = _peer(d, "openssl", prim, n), _peer(d, "cryptopp", prim, n)
            rows.append([prim, "%d B" % n, "%s (%s)" % (fmt(d.per_byte(mine)), mine["impl"]),
                         fmt(d.per_byte(batch)) if batch else "–",
                         fmt(d.per_byte(ossl)) if ossl else "–", fmt(d.per_byte(cpp)) if cpp else "–",
                         ratio(_speedup(d, mine, ossl)), ratio(_speedup(d, mine, cpp))])
    out = ["## Hashes and HMAC against OpenSSL and Crypto++", "",
           "%s, same run; ours is the default backend (reset, update, final on one kc_hash; HMAC: kc_mac_compute "
           "on a keyed kc_mac); batch: kc_hash_batch of 16 messages of that size (LSH hashes them side by "
           "side in the SIMD lanes). Speed-up > 1: ours is faster." % d.cpb_label, "",
           table(["hash", "message", "ours", "ours, batch of 16", "OpenSSL", "Crypto++",
                  "vs OpenSSL", "vs Crypto++"], rows)]
    targets = []

    def target(what, got, need):
        if got is not None:
            targets.append([what, ratio(got), ratio(need), "met" if got >= need else "**not met**"])
    for prim in ("lsh-256-256", "lsh-512-512"):
        target("%s, 8 KiB, vs Crypto++" % prim, _speedup(d, _ours(d, prim, 8192), _peer(d, "cryptopp", prim, 8192)),
               1.5)
    shani = next((r for r in d.find(library="kcipher", primitive="sha-256", msg_len=8192, scenario="hash",
                                     impl="shani")), None)
    target("sha-256 SHA-NI, 8 KiB, vs OpenSSL", _speedup(d, shani, _peer(d, "openssl", "sha-256", 8192)), 1.0)
    # "in the league": HMAC-LSH-256 of 64 B at least two thirds of HMAC-SHA-256's speed
    target("hmac-lsh-256-256 vs hmac-sha-256 (ours), 64 B",
           _speedup(d, _ours(d, "hmac-lsh-256-256", 64), _ours(d, "hmac-sha-256", 64)), 2 / 3)
    if targets:
        out += ["Issue 26's hash targets (speed-up of ours; HMAC-LSH-256 \"in the league\" of HMAC-SHA-256 read as "
                "at least 2/3 of its speed):", "", table(["target", "measured", "needed", ""], targets)]
    return "\n".join(out)
