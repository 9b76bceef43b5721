# SPDX-License-Identifier: MIT
"""Section: tokenization (FF1, FF3-1, FEA batches; the Python FPE packages; `kcipher tokenize`)."""
import glob
import gzip
import json
import os

from .md import fmt, table

TARGET_VALUES = 15e6      # FF1-AES-128 and FF3-1-AES-128, 16-digit values, one core
TARGET_ROWS = 3e6         # kcipher tokenize, a card column and two others, 2 cores


def load_side(crossdir):
    """bench/tokenize_bench.py's records (tokenize.jsonl or .jsonl.gz beside the report's records)."""
    for path in sorted(glob.glob(os.path.join(crossdir or ".", "tokenize.jsonl*"))):
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            lines = [json.loads(line) for line in f if line.strip()]
        run = next((r for r in lines if r.get("type") == "run"), {})
        return run, [r for r in lines if r.get("type") == "measurement"], os.path.basename(path)
    return {}, [], None


def per_second(d, r):
    """Values (or rows) per second of a kcipher-bench record: messages per call / seconds per call."""
    ups = d.run.get("units_per_second")
    return r["messages"] * ups / r["median"] if ups and r["median"] else None


def met(x, target):
    return "–" if x is None else ("**met**" if x >= target else "not met")


def section_tokenize(d, crossdir):
    out = ["## Tokenization: FF1, FF3-1 and FEA in batches, beside the Python packages", "",
           ("Values of 16 decimal digits (card numbers without separators), 65536 per call of "
            "`kc_fpe_encrypt_batch` (digits as `uint16_t`), one tweak per call as `kcipher tokenize --tweak-context` "
            "uses one per column; the block cipher is the registry's default backend. `kc_tokenize_batch` rows are "
            "formatted card numbers (`4111-1111-1111-1111`, format `card`: separators, the first 6 and the last 4 "
            "digits kept, so 6 digits are encrypted): parsing and formatting included; re-tokenized rows are those tokens "
            "taken back to clear and tokenized under a second key (`kc_detokenize_batch` then `kc_tokenize_batch`, "
            "as `kcipher retokenize`): a re-tokenization should cost about two tokenizations. Values/s = 65536 / the "
            "median time of a call (TSC at %s GHz). FPE's arithmetic is not constant-time (README)." %
            fmt((d.run.get("units_per_second") or 0) / 1e9)), ""]
    recs = d.find(library="kcipher", scenario="tokenize")
    if not recs:
        out += ["Not measured in this run (`kcipher bench --cipher ff1 --cipher ff3-1 --cipher fea1-128`).", ""]
    rows = []
    ours = {}
    for api, label in (("kc_fpe_encrypt_batch", "digits"), ("kc_tokenize_batch", "card rows"),
                       ("kc_detokenize_batch+kc_tokenize_batch",
                        "card rows re-tokenized (detokenize, then tokenize under a second key)")):
        for prim in dict.fromkeys(r["primitive"] for r in recs if r.get("api") == api):
            one = next((r for r in recs if r["primitive"] == prim and r.get("api") == api and r["threads"] == 1), None)
            two = next((r for r in recs if r["primitive"] == prim and r.get("api") == api and r["threads"] == 2), None)
            v1, v2 = (per_second(d, r) if r else None for r in (one, two))
            if api == "kc_fpe_encrypt_batch":
                ours[prim] = v1
            target = met(v1, TARGET_VALUES) if api == "kc_fpe_encrypt_batch" and prim in ("ff1-aes-128",
                                                                                          "ff3-1-aes-128") else ""
            rows.append(["`%s`" % prim, label, (one or two or {}).get("impl", "–"),
                         fmt(v1 / 1e6) if v1 else "–", fmt(v2 / 1e6) if v2 else "–",
                         fmt(two["speedup"]) if two and two.get("speedup") else "–", target])
    if rows:
        out.append(table(["cipher", "values", "block cipher backend", "M values/s, 1 thread", "M values/s, 2 threads",
                          "speed-up", "target 15 M/s, 1 core"], rows))

    run, side, name = load_side(crossdir)
    peers = [r for r in side if r.get("language") == "python"]
    out += ["### The Python FPE packages, same bench job", ""]
    if not peers:
        out += ["Not measured: no `tokenize.jsonl` beside the records (`scripts/bench.sh` runs "
                "`bench/tokenize_bench.py` after `kcipher bench`).", ""]
    else:
        out += [("From `%s` (run %s, load average %s at its start). One value per call, as these packages work; "
                 "each package's output was first compared with ours on the same key, tweak and 200 values "
                 "(*agrees*). Ratio = our batch (1 thread, above) / theirs." %
                 (name, run.get("run", "?"), run.get("loadavg", "?"))), ""]
        prow = []
        for r in peers:
            v = 1e9 / r["median"]
            mine = ours.get(r["primitive"])
            prow.append(["%s %s" % (r["library"], r.get("version", "")), "`%s`" % r["primitive"], r.get("api", ""),
                         fmt(v), {1: "agrees", 0: "**differs**"}.get(r.get("verified"), "–"),
                         "%sx" % fmt(mine / v) if mine else "–"])
        out.append(table(["package", "cipher", "call", "values/s", "output", "ours / theirs"], prow))

    csv = [r for r in side if r.get("api") == "kcipher tokenize"]
    out += ["### `kcipher tokenize` on a CSV file", ""]
    if not csv:
        out += ["Not measured (see above).", ""]
    else:
        r0 = csv[0]
        out += [("%s rows (%.0f MB): `id,card,city`, the card number with dashes, `--column card=card "
                 "--tweak-context`, output to /dev/null, the file in the page cache; median of %d runs of the whole "
                 "command (process start included)." % (fmt(r0["rows"]), r0["bytes"] / 1e6, r0["n"])), ""]
        crow = []
        for r in sorted(csv, key=lambda r: r["threads"]):
            rps = 1e9 / r["median"]
            crow.append([r["threads"], fmt(rps / 1e6), fmt(rps * r["bytes"] / r["rows"] / 1e6),
                         met(rps, TARGET_ROWS) if r["threads"] == 2 else ""])
        out.append(table(["threads", "M rows/s", "MB/s", "target 3 M rows/s, 2 cores"], crow))
    return "\n".join(out)
