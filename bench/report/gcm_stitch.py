# SPDX-License-Identifier: MIT
"""Section: GCM with CTR and GHASH stitched in one pass against CTR then GHASH (kcipher-bench-stitch)."""
from .md import fmt, prim_key, table


def section_gcm_stitch(d):
    recs = d.find(library="kcipher", scenario="stitch")
    if not recs:
        return ""
    out = ["## GCM: CTR and GHASH stitched in one pass", "",
           "`kcipher-bench-stitch` (bench/gcm_stitch.c), one run: GCM on one 16 KiB message (12-byte IV, no AD) "
           "through gcm.c with the block backend's stitched kernel (`ghash/stitch.h`: the carry-less multiplies "
           "of one batch of ciphertext issued between the cipher's rounds on the next batch) and with that "
           "kernel hidden (the block backend's CTR over a 4 KiB chunk, then GHASH over it), the two sampled "
           "alternately so that their ratio holds on a busy machine, beside CTR alone and "
           "GHASH alone; %s. Decryption is the released streaming form (`KC_AEAD_RELEASE_UNVERIFIED`): one-shot "
           "decryption hashes the whole ciphertext before it decrypts, so it does not stitch." % d.cpb_label, ""]
    rows = []
    for prim in sorted({r["primitive"] for r in recs}, key=prim_key):
        for r in recs:
            if r["primitive"] != prim or not r["impl"].endswith(" stitched") or r["mode"] != "gcm":
                continue
            base = r["impl"][:-len(" stitched")]
            be, gh = base.split("/", 1)

            def get(impl, **kw):
                return d.one(library="kcipher", scenario="stitch", primitive=prim, impl=impl, **kw)
            split = get(base + " ctr-then-ghash", mode="gcm", op="encrypt")
            sdec = get(r["impl"], mode="gcm-stream", op="decrypt")
            pdec = get(base + " ctr-then-ghash", mode="gcm-stream", op="decrypt")
            ctr, ghash = get(be, mode="ctr", op="encrypt"), get(gh, mode="ghash", op="ghash")

            def pb(x):
                return d.per_byte(x) if x else None

            def ratio(a, b):
                return "%.2f" % (pb(a) / pb(b)) if a and b else "–"
            total = pb(ctr) + pb(ghash) if ctr and ghash else None
            rows.append([prim, base, fmt(pb(r)), fmt(pb(split)), ratio(r, split), fmt(pb(sdec)), fmt(pb(pdec)),
                         ratio(sdec, pdec), fmt(pb(ctr)), fmt(pb(ghash)), fmt(total)])
    out.append(table(["", "block/GHASH", "encrypt stitched", "encrypt CTR, then GHASH", "ratio",
                      "stream decrypt stitched", "stream decrypt CTR, then GHASH", "ratio", "CTR alone",
                      "GHASH alone", "CTR + GHASH"], rows))
    return "\n".join(out)
