# SPDX-License-Identifier: MIT
"""Sections: single blocks per primitive, and bulk modes per message size."""
import os

from .md import backends, fmt, prim_key, table
from .plots import plot_name


def section_primitives(d):
    out = ["## Key schedule and single blocks (every block cipher backend)", "",
           "Through the backend descriptor: `set_key` (on a zeroed context), one-block `encrypt` and `decrypt`. "
           "ct = constant-time backend.", ""]
    rows = []
    for prim in sorted({r["primitive"] for r in d.find(op="encrypt_block")}, key=prim_key):
        for impl in backends(d, prim, op="encrypt_block"):
            ks = d.one(library="kcipher", primitive=prim, impl=impl, op="keysetup")
            e = d.one(library="kcipher", primitive=prim, impl=impl, op="encrypt_block")
            dd = d.one(library="kcipher", primitive=prim, impl=impl, op="decrypt_block")
            rows.append([prim, impl, "yes" if e.get("constant_time") else "no",
                         fmt(d.cycles(ks)) if ks else "–", fmt(ks["us_per_op"]) if ks else "–",
                         fmt(d.cycles(e)), fmt(d.per_byte(e)), fmt(d.cycles(dd)) if dd else "–"])
    out.append(table(["", "backend", "ct", "key setup (%s)" % d.cyc_label, "key setup µs",
                      "encrypt block", d.cpb_label, "decrypt block"], rows))
    return "\n".join(out)


def section_bulk(d, plots):
    out = ["## Bulk modes, every backend and peer", "",
           "Encryption of whole messages in one call (`kc_mode_encrypt` for us, each peer's usual API), %s; for "
           "our rows the time ratio to the best peer at that size follows in brackets (below 1: we are faster). "
           "Peers marked * disagreed with our output (never expected). OpenSSL: EVP; Crypto++: `ECB_Mode`/`CBC_Mode`/"
           "`CTR_Mode` `ProcessData`; Botan 2: `BlockCipher::encrypt_n` (ECB), `Cipher_Mode::process` (CBC, in "
           "place: Botan 2 has no other), `CTR-BE` stream cipher; libgcrypt (AES and ARIA): `gcry_cipher_encrypt`. Peers continue their CBC/CTR chain across calls; "
           "ours is a one-shot call with its IV." % d.cpb_label, ""]
    prims = sorted({r["primitive"] for r in d.find(scenario="bulk")}, key=prim_key)
    for prim in prims:
        recs = d.find(primitive=prim, scenario="bulk", op="encrypt")
        sizes = sorted({r["msg_len"] for r in recs})
        rows = []
        for mode in ("ecb", "cbc", "ctr", "aead"):
            libs = []
            for r in recs:
                if r["mode"] == mode and (r["library"], r["impl"]) not in libs:
                    libs.append((r["library"], r["impl"]))
            libs.sort(key=lambda li: li[0] != "kcipher")
            for lib, impl in libs:
                cells = []
                for n in sizes:
                    r = next((x for x in recs if x["mode"] == mode and x["library"] == lib and x["impl"] == impl
                              and x["msg_len"] == n), None)
                    if not r:
                        cells.append("–")
                    elif r.get("vs_best_peer") is not None:
                        cells.append("%s (%.2f)" % (fmt(d.per_byte(r)), r["vs_best_peer"]))
                    else:
                        cells.append(fmt(d.per_byte(r)) + ("*" if r.get("verified") is False else ""))
                who = impl if lib == "kcipher" else lib
                rows.append([mode, who] + cells)
        out += ["### %s" % prim, "", table(["mode", "implementation"] + ["%d B" % n for n in sizes], rows)]
        if plots and os.path.basename(plot_name(prim)) in plots:
            out.append("![%s](plots/%s)\n" % (prim, os.path.basename(plot_name(prim))))
    out += section_ctr_vs_ecb(d)
    return "\n".join(out)


CTR_LEN = 16384


def section_ctr_vs_ecb(d):
    """CTR against ECB on each of our backends at 16 KiB (the target: CTR within 5% where there is SIMD)."""
    rows, over = [], []
    for prim in sorted({r["primitive"] for r in d.find(library="kcipher", scenario="bulk", mode="ctr")},
                       key=prim_key):
        for impl in backends(d, prim, op="encrypt_block"):
            e = d.one(library="kcipher", primitive=prim, impl=impl, scenario="bulk", mode="ecb", op="encrypt",
                      msg_len=CTR_LEN)
            c = d.one(library="kcipher", primitive=prim, impl=impl, scenario="bulk", mode="ctr", op="encrypt",
                      msg_len=CTR_LEN)
            if not e or not c:
                continue
            ratio = c["median"] / e["median"]
            simd = bool(e.get("isa"))
            if simd and ratio > 1.05:
                over.append("%s/%s" % (prim, impl))
            rows.append([prim, impl, e.get("isa") or "–", fmt(d.per_byte(e)), fmt(d.per_byte(c)), "%.3f" % ratio])
    if not rows:
        return []
    return ["### CTR against ECB (%d B)" % CTR_LEN, "",
            ("`kc_mode_encrypt` in CTR and in ECB on each backend, %s. The target: CTR within 5%% of ECB on every "
             "backend with a SIMD path (fused counter kernels). Over it here: %s.") % (
                d.cpb_label, ", ".join(over) if over else "none"), "",
            table(["", "backend", "SIMD", "ECB", "CTR", "CTR / ECB"], rows)]
