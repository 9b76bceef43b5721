# SPDX-License-Identifier: MIT
"""Section: CMAC against one-message CBC encryption, CFB and OFB, at 16 KiB."""
from .md import backends, fmt, prim_key, table

TARGET = 1.10   # CMAC within 10% of one-message CBC encryption


def section_modes(d):
    recs = d.find(library="kcipher", op="mac", mode="cmac", scenario="modes")
    if not recs:
        return ""
    out = ["## CMAC, CFB and OFB (16 KiB, every backend)", "",
           "One 16 KiB message, %s: CBC encryption (`kc_mode_encrypt`, the bulk point above), CMAC "
           "(`kc_mac_compute`: the same block-cipher calls, so the target is CMAC within %d%% of CBC; "
           "the ratio is CMAC / CBC), CFB and OFB encryption; and CMAC of 16 messages of 4 KiB in one "
           "`kc_mac_compute_batch` call (messages side by side in the SIMD lanes) with its speed-up over "
           "one message at a time. Rijndael's 192- and 256-bit blocks have no CMAC." % (d.cpb_label, round(100 * (TARGET - 1))), ""]
    rows = []
    for prim in sorted({r["primitive"] for r in recs}, key=prim_key):
        for impl in backends(d, prim, op="mac"):
            def get(**kw):
                return d.one(library="kcipher", primitive=prim, impl=impl, **kw)
            mac = get(op="mac", mode="cmac", scenario="modes")
            if not mac:
                continue
            cbc = get(op="encrypt", mode="cbc", scenario="bulk", msg_len=16384)
            cfb = get(op="encrypt", mode="cfb", scenario="modes")
            ofb = get(op="encrypt", mode="ofb", scenario="modes")
            batch = get(op="mac", mode="cmac", scenario="batch")
            ratio = d.per_byte(mac) / d.per_byte(cbc) if mac and cbc else None
            speedup = d.per_byte(mac) / d.per_byte(batch) if mac and batch else None
            rows.append([prim, impl, "yes" if mac.get("constant_time") else "no",
                         fmt(d.per_byte(cbc)) if cbc else "–", fmt(d.per_byte(mac)),
                         ("%.2f%s" % (ratio, "" if ratio <= TARGET else " (over)")) if ratio else "–",
                         fmt(d.per_byte(cfb)) if cfb else "–", fmt(d.per_byte(ofb)) if ofb else "–",
                         fmt(d.per_byte(batch)) if batch else "–", "%.2f" % speedup if speedup else "–"])
    out.append(table(["", "backend", "ct", "CBC enc", "CMAC", "CMAC / CBC", "CFB enc", "OFB enc",
                      "CMAC 16 x 4 KiB", "batch speed-up"], rows))
    return "\n".join(out)
