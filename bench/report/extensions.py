# SPDX-License-Identifier: MIT
"""Sections: the Python package and Spark (python/bench/bench_python.py), and the SQL extensions
(extensions/bench_sql.py), from their records beside the report's (python.jsonl, sql.jsonl)."""
import glob
import gzip
import json
import os

from .md import fmt, table


def records(crossdir, stem):
    for path in sorted(glob.glob(os.path.join(crossdir or ".", stem + ".jsonl*"))):
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            return [json.loads(line) for line in f if line.strip()], os.path.basename(path)
    return [], None


def met(x, target):
    return "–" if x is None else "**met**" if x >= target else "not met"


def section_python(crossdir):
    recs, name = records(crossdir, "python")
    out = ["## Python package and Spark", ""]
    if not recs:
        return "\n".join(out + ["Not measured: no `python.jsonl` beside the records "
                                "(`python/bench/bench_python.py --json python.jsonl`).", ""])
    run = next((r for r in recs if r.get("type") == "run"), {})
    out += [("From `%s` (%s, %s, %s cores, Python %s, load average %s at its start): `kcipher.Tokenizer` on "
             "16-digit values (format `digits`), the C batch as the baseline (one `kc_tokenize_batch` call over "
             "prepared rows), the Python FPE packages one value per call (each checked against ours first: "
             "*verified*), and Spark `local[2]` tokenizing a column of 10 million rows through `mapInArrow` beside "
             "Spark's floor, an identity `mapInArrow` over the same data; medians of the repetitions." %
             (name, run.get("date", "?"), run.get("cpu", "?"), run.get("cores", "?"), run.get("python", "?"),
              run.get("loadavg", "?"))), ""]
    rows = []
    for r in recs:
        if r.get("type") != "measurement":
            continue
        v = {None: "", True: " (verified)", False: " (**differs**)"}.get(r.get("verified"), "")
        rows.append(["%s%s" % (r["library"], v), "`%s`" % r["primitive"], r["api"], r["scenario"],
                     fmt(r["median"]), r["unit"].replace("_", " ")])
    out.append(table(["library", "cipher", "call", "scenario", "median", "unit"], rows))
    ratio = {r["what"]: r["value"] for r in recs if r.get("type") == "ratio"}
    a, s = ratio.get("python_arrow_batch_vs_c_batch"), ratio.get("spark_tokenize_vs_identity")
    out.append(table(["target", "measured", ""],
                     [["Python batch (pyarrow) at least 0.8x the C batch", "%sx" % fmt(a) if a else "–", met(a, 0.8)],
                      ["Spark tokenization at least 0.7x Spark's identity floor", "%sx" % fmt(s) if s else "–",
                       met(s, 0.7)]]))
    return "\n".join(out)


def section_sql(crossdir):
    recs, name = records(crossdir, "sql")
    out = ["## SQL: PostgreSQL and DuckDB", ""]
    if not recs:
        return "\n".join(out + ["Not measured: no `sql.jsonl` beside the records (`scripts/bench-sql.sh sql.jsonl`).",
                                ""])
    run = next((r for r in recs if r.get("type") == "run"), {})
    out += [("From `%s` (%s): `kc_tokenize(card, 'card', ...)` over a table of 16-digit card numbers, rows per "
             "second, median of the repetitions: PostgreSQL 15 on a parallel scan, DuckDB with the extension, and "
             "a DuckDB Python UDF doing the same work through Arrow and the library, in the same run." %
             (name, run.get("date", run.get("run", "?")))), ""]
    rows, vs = [], None
    for r in recs:
        if r.get("type") != "measurement":
            continue
        where = "%s threads" % r["threads"] if "threads" in r else \
            "%s (%s workers)" % (r.get("scan", ""), r["workers"]) if "workers" in r else r.get("scan", "")
        if "vs_python_udf" in r:
            vs = r["vs_python_udf"]
        rows.append([r["engine"], r["impl"], where, fmt(r["rows"]), fmt(r["median"]),
                     "%sx" % fmt(r["vs_python_udf"]) if "vs_python_udf" in r else ""])
    out.append(table(["engine", "function", "scan / threads", "rows", "median rows/s", "vs the Python UDF"], rows))
    out.append(table(["target", "measured", ""],
                     [["DuckDB extension at least 2x the Python UDF", "%sx" % fmt(vs) if vs else "–", met(vs, 2)]]))
    return "\n".join(out)


# The JVM targets: the ratio each row must reach, by the start of its case.
JVM_TARGETS = (("ARIA-128-GCM", 10.0), ("LEA-128-GCM", 10.0), ("AES-128-GCM", 1.0), ("tokenize", 0.8))


def section_jvm(crossdir):
    """`scripts/test-jvm.sh --bench` (jvm/.../GcmBench.java, SparkBenchTest): jvm.tsv beside the records."""
    out = ["## Java: the JCA provider, the tokenizer and Spark SQL", ""]
    path = os.path.join(crossdir or ".", "jvm.tsv")
    if not os.path.exists(path):
        return "\n".join(out + ["Not measured: no `jvm.tsv` beside the records (`scripts/test-jvm.sh --bench`).", ""])
    with open(path) as f:
        lines = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    rows = []
    for r in lines[1:] if lines and lines[0][0] == "case" else lines:
        if len(r) < 6:
            continue
        target = next((t for name, t in JVM_TARGETS if r[0].startswith(name)), None)
        verdict = "" if target is None else "%s (target %sx)" % (met(float(r[4]), target), fmt(target))
        rows.append([r[0], r[1], r[2], r[3], "%sx" % r[4], r[5], verdict])
    out += ["From `jvm.tsv`, both sides in the same JVM: ARIA and LEA through `Cipher` against Bouncy Castle's "
            "engines; AES against SunJCE's intrinsics and tokenization from Java against the same batches through "
            "`kc_tokenize_batch` timed in C, these two measured in turns (the ratio is the median of the ratios); "
            "Spark's SQL function `kc_tokenize` (the KcBatch operator, 4096 values a native call) against the same "
            "call as a plain Java UDF (a native call a row), `KcSpark.tokenize` (mapPartitions) and, when the "
            "build's Python venv has pyspark, Python's `kcipher.spark.tokenize` (mapInArrow, timed in its own "
            "Spark) on the same rows, `local[2]`, medians of three.", "",
            table(["case", "kcipher", "peer", "peer is", "ratio", "unit", ""], rows)]
    return "\n".join(out)
