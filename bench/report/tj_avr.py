# SPDX-License-Identifier: MIT
"""Section: [TJ-AVR] Figs. 6-7 (TinyJAMBU with reverse shift)."""
from .md import backends, fmt, table
from .papers import TJ_AVR_GAIN


def mean(xs):
    return sum(xs) / len(xs)


def section_tj_avr(d):
    out = ["## [TJ-AVR] — TinyJAMBU with reverse shift on 8-bit AVR (Kwon, Eum, Sim, Yang, Seo), Figs. 6–7", "",
           "Paper: ATmega128 (Microchip Studio, -O3), clock cycles for the keyed permutation (Fig. 6) and for "
           "encryption/decryption of an 8-byte message with 128/192/256-bit keys (Fig. 7). The figures' bars are "
           "not in the paper's text; it states that reverse shift is 560–624 %% faster for the permutation and "
           "550–587 %% for encryption/decryption than the reference code. Ours: this host, %s per call (TinyJAMBU "
           "has no key schedule: `keysetup` only loads the key)." % d.cyc_label, ""]
    rows = []
    for prim in ("tinyjambu-128", "tinyjambu-192", "tinyjambu-256"):
        perms = d.find(primitive=prim, op="permutation")
        pcell = "; ".join("P%d: %s" % (r["steps"], fmt(d.cycles(r))) for r in sorted(perms, key=lambda r: r["steps"]))
        for impl in backends(d, prim, scenario="paper", mode="aead"):
            g = lambda op: d.one(library="kcipher", primitive=prim, impl=impl, op=op, scenario="paper")
            ks = d.one(library="kcipher", primitive=prim, impl=impl, op="keysetup")
            rows.append([prim, impl, pcell or "–", fmt(d.cycles(ks)) if ks else "–",
                         fmt(d.cycles(g("encrypt"))) if g("encrypt") else "–",
                         fmt(d.cycles(g("decrypt"))) if g("decrypt") else "–"])
    if not rows:
        return "\n".join(out + ["No TinyJAMBU backend was measured in this run.", ""])
    out.append(table(["", "backend", "keyed permutation (shared code)", "key setup", "encrypt 8 B", "decrypt 8 B"],
                     rows))
    ref = {r["primitive"]: r for r in d.find(library="kcipher", impl="ref", op="encrypt", scenario="paper")}
    sp = []
    for r in d.find(library="kcipher", op="encrypt", scenario="paper", mode="aead"):
        if r["impl"] != "ref" and r["primitive"] in ref:
            g = ref[r["primitive"]]["median"] / r["median"]
            sp.append("%s %s: %.0f %% (%.2fx the paper's gain)" % (r["primitive"], r["impl"], 100 * (g - 1),
                                                                  g / mean(TJ_AVR_GAIN["Fig. 7"])))
    if sp:
        out.append("Speed-up over our `ref` backend (paper: 550–587 %% on AVR, %.2fx at the middle of its range; the "
                   "AVR counterpart is in the cross-architecture section): %s.\n" % (mean(TJ_AVR_GAIN["Fig. 7"]),
                                                                                   "; ".join(sp)))
    return "\n".join(out)
