# SPDX-License-Identifier: MIT
"""Section: GCM ([SP800-38D]) at 16 KiB through kc_aead, beside the peers' GCM."""

from .md import fmt, prim_key, table

# Speed targets: our default backend at least this many times as fast as that peer's GCM.
TARGETS = {"aes-128": ("openssl", 1.2), "aria-128": ("openssl", 10.0), "lea-128": ("cryptopp", 4.0)}


def section_gcm(d):
    recs = d.find(mode="gcm", scenario="bulk")
    if not recs:
        return ""
    out = ["## GCM", "",
           "One message of 16 KiB, 12-byte IV, no AD, 16-byte tag: ours through `kc_aead_encrypt` and "
           "`kc_aead_decrypt` (backend named `block/ghash`: every block backend with the default GHASH, then the "
           "default block backend with each GHASH backend), peers through OpenSSL's EVP, Crypto++'s `GCM<T>` "
           "(2K tables), Botan 2's `AEAD_Mode` and libgcrypt's `gcry_cipher` (AES and ARIA only); %s. In brackets: the time ratio to the best peer's "
           "encryption (below 1: we are faster). Peers marked * disagreed with our output (never expected)."
           % d.cpb_label, ""]
    for prim in sorted({r["primitive"] for r in recs}, key=prim_key):
        enc = [r for r in recs if r["primitive"] == prim and r["op"] == "encrypt"]
        ours = [r for r in enc if r["library"] == "kcipher"]
        peers = [r for r in enc if r["library"] != "kcipher"]
        default = next((r for r in ours if r.get("default")), None)
        rows = []
        for r in ours:
            dec = d.one(library="kcipher", primitive=prim, mode="gcm", op="decrypt", impl=r["impl"])
            ratio = " (%.2f)" % r["vs_best_peer"] if r.get("vs_best_peer") is not None else ""
            rows.append([r["impl"] + (" (default)" if r is default else ""),
                         "yes" if r.get("constant_time") else "no",
                         fmt(d.per_byte(r)) + ratio, fmt(d.per_byte(dec)) if dec else "–"])
        for r in peers:
            rows.append(["%s %s%s" % (r["library"], r["impl"], "*" if r.get("verified") is False else ""), "–",
                         fmt(d.per_byte(r)), "–"])
        out += ["### %s-gcm" % prim, "", table(["implementation", "ct", "encrypt", "decrypt"], rows)]
        tgt = TARGETS.get(prim)
        peer = next((r for r in peers if tgt and r["library"] == tgt[0]), None)
        if tgt and default and peer:
            x = peer["median"] / default["median"]
            out.append("Target: at least %gx %s's %s-gcm; the default backend is %.2fx (%s).\n"
                       % (tgt[1], tgt[0], prim, x, "met" if x >= tgt[1] else "not met"))
    return "\n".join(out)
