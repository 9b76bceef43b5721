#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Benchmark of the Python package (docs/python.md, "Benchmark").

Measures, in one run: the C batch (one kc_tokenize_batch call through the
shipped library: the baseline), Tokenizer.encrypt_batch on a pyarrow array
and on a list, single encrypt() calls, the Python FPE peers (ff3: FF3-1;
libffx: FF1, pure Python) beside ours on the same values, and Spark local[2]
tokenization beside an identity mapInArrow over the same cached data (the
floor).  Values are 16-digit strings.  Each point is the median of --runs
repetitions after a warm-up.  Records are JSON lines (a "run" record, then
"measurement" records with a named unit, then "end"), written to --json;
--render FILE prints them as Markdown.  Numbers are not committed: the
integrator measures on a quiet machine.

    python bench_python.py --json out.jsonl            # full (Spark: 10M rows)
    python bench_python.py --quick --json out.jsonl    # seconds, to check it works
    python bench_python.py --render out.jsonl
"""
import argparse
import json
import os
import platform
import statistics
import sys
import time

import kcipher
from kcipher._ffi import ffi, lib

KEY = bytes(range(32))
TWEAK7 = bytes.fromhex("d8e7920afa330a")


def values16(n, seed=1):
    import random
    r = random.Random(seed)
    return ["%016d" % r.randrange(10 ** 16) for _ in range(n)]


def timed(fn, units, runs, warm=1):
    """Rates (units per second) of runs calls, after warm-up calls."""
    for _ in range(warm):
        fn()
    rates = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        rates.append(units / (time.perf_counter() - t0))
    return rates


def stats(rates):
    q = statistics.quantiles(rates, n=4) if len(rates) > 1 else rates * 3
    return {"median": statistics.median(rates), "q1": q[0], "q3": q[2], "min": min(rates),
            "max": max(rates), "n": len(rates), "samples": rates}


class Out:
    def __init__(self, path, run):
        self.f = open(path, "w") if path and path != "-" else sys.stdout
        self.run = run

    def write(self, rec):
        self.f.write(json.dumps(rec) + "\n")
        self.f.flush()

    def point(self, library, primitive, api, scenario, unit, rates, **extra):
        rec = {"type": "measurement", "run": self.run, "target": "python", "library": library,
               "primitive": primitive, "api": api, "scenario": scenario, "unit": unit}
        rec.update(extra)
        rec.update(stats(rates))
        self.write(rec)
        print("%-8s %-16s %-44s %14.0f %s" % (library, primitive, api, rec["median"], unit), file=sys.stderr)
        return rec["median"]


def _version(dist):
    try:
        from importlib.metadata import version
        return version(dist)
    except Exception:
        return "installed"


def c_batch_call(tok, values):
    """One kc_tokenize_batch over all values, rows built beforehand: the C baseline."""
    n = len(values)
    data = "".join(values).encode()
    out = ffi.new("char[]", len(data) * 4)
    src = ffi.from_buffer(data)
    rows = ffi.new("kc_token_row[]", n)
    at = 0
    for i, v in enumerate(values):
        r = rows[i]
        setattr(r, "in", src + at)
        r.in_len = len(v)
        r.out = out + 4 * at
        r.out_cap = 4 * len(v)
        at += len(v)
    bad = ffi.new("size_t *")
    keep = (data, src, out)         # the rows point into these

    def call():
        assert keep
        st = lib.kc_tokenize_batch(tok._ptr, rows, n, bad)
        assert st == 0, st
    call()
    check = [ffi.unpack(rows[i].out, rows[i].out_len).decode() for i in range(min(n, 100))]
    return call, check


def bench_tokenize(out, a):
    import pyarrow as pa
    name = "ff1-aes-256"
    tok = kcipher.Tokenizer(name, key=KEY, format="digits")
    vals = values16(a.values)
    arr = pa.array(vals, pa.string())
    call, check = c_batch_call(tok, vals)
    threads = kcipher.threads()
    base = out.point("kcipher", name, "kc_tokenize_batch (C, one call)", "batch", "values_per_second",
                     timed(call, len(vals), a.runs), values=len(vals), threads=threads)
    assert tok.encrypt_batch(arr[:100]).to_pylist() == check
    r = out.point("kcipher", name, "Tokenizer.encrypt_batch(pyarrow.Array)", "batch", "values_per_second",
                  timed(lambda: tok.encrypt_batch(arr), len(vals), a.runs), values=len(vals),
                  threads=threads)
    out.write({"type": "ratio", "run": out.run, "what": "python_arrow_batch_vs_c_batch", "value": r / base})
    out.point("kcipher", name, "Tokenizer.encrypt_batch(list)", "batch", "values_per_second",
              timed(lambda: tok.encrypt_batch(vals), len(vals), a.runs), values=len(vals), threads=threads)
    few = vals[:a.single]
    out.point("kcipher", name, "Tokenizer.encrypt(str)", "single", "values_per_second",
              timed(lambda: [tok.encrypt(v) for v in few], len(few), a.runs), values=len(few), threads=1)


def bench_peers(out, a):
    few = values16(a.single, seed=2)
    peers = {}
    # FF3-1: the ff3 package
    ours3 = kcipher.Tokenizer("ff3-1-aes-256", key=KEY, format="digits", raw_tweak=True)
    try:
        import ff3
        c = ff3.FF3Cipher(KEY.hex(), TWEAK7.hex())
        ok = all(c.encrypt(v) == ours3.encrypt(v, TWEAK7) for v in few[:20])
        peers["ff3"] = _version("ff3")
        out.point("ff3", "ff3-1-aes-256", "FF3Cipher.encrypt(str)", "single", "values_per_second",
                  timed(lambda: [c.encrypt(v) for v in few], len(few), a.runs), values=len(few), verified=ok)
    except ImportError:
        print("ff3 not installed: skipped", file=sys.stderr)
    out.point("kcipher", "ff3-1-aes-256", "Tokenizer.encrypt(str)", "single", "values_per_second",
              timed(lambda: [ours3.encrypt(v, TWEAK7) for v in few], len(few), a.runs), values=len(few))
    out.point("kcipher", "ff3-1-aes-256", "Tokenizer.encrypt_batch(list)", "batch", "values_per_second",
              timed(lambda: ours3.encrypt_batch(few, TWEAK7), len(few), a.runs), values=len(few))
    # FF1: libffx (module ffx), pure Python; `fpe` does not build on CPython 3.11 (longintrepr.h)
    ours1 = kcipher.Tokenizer("ff1-aes-256", key=KEY, format="digits", raw_tweak=True)
    try:
        import ffx
        c1 = ffx.FF1(KEY, radix=10)
        ok = all(c1.encrypt(v, tweak=TWEAK7) == ours1.encrypt(v, TWEAK7) for v in few[:20])
        peers["libffx"] = _version("libffx")
        out.point("libffx", "ff1-aes-256", "ffx.FF1.encrypt(str)", "single", "values_per_second",
                  timed(lambda: [c1.encrypt(v, tweak=TWEAK7) for v in few], len(few), a.runs),
                  values=len(few), verified=ok)
    except ImportError:
        print("libffx not installed: skipped", file=sys.stderr)
    out.point("kcipher", "ff1-aes-256", "Tokenizer.encrypt(str), raw tweak", "single", "values_per_second",
              timed(lambda: [ours1.encrypt(v, TWEAK7) for v in few], len(few), a.runs), values=len(few))
    return peers


def bench_spark(out, a):
    try:
        import pyspark  # noqa: F401
    except ImportError:
        print("pyspark not installed: Spark skipped", file=sys.stderr)
        return None
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"            # loopback only
    from pyspark.sql import SparkSession
    import kcipher.spark
    key_file = os.path.join(os.path.abspath(a.tmp), "bench-token.key")
    with open(key_file, "w") as f:
        f.write(KEY.hex())
    spark = (SparkSession.builder.master("local[2]").appName("kcipher-bench")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
             .config("spark.driver.host", "127.0.0.1")
             .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.memory", "4g")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    n = a.spark_rows
    df = spark.range(0, n, numPartitions=8).selectExpr(
        "id", "lpad(cast(pmod(id * 982451653 + 1234567, 10000000000000000) as string), 16, '0') as card")
    df = df.cache()
    df.count()
    schema = df.schema

    def run(frame):
        return lambda: frame.write.format("noop").mode("overwrite").save()
    tok = kcipher.spark.tokenize(df, {"card": "card"}, cipher="ff1-aes-256", key_file=key_file)
    ident, token = run(df.mapInArrow(lambda it: it, schema)), run(tok)
    ident(), token()                                   # warm-up: workers, imports, keys
    rates = {"identity": [], "tokenize": []}
    for _ in range(a.runs):                            # alternated, so load drifts touch both alike
        rates["identity"] += timed(ident, n, 1, warm=0)
        rates["tokenize"] += timed(token, n, 1, warm=0)
    floor = out.point("spark", "identity", "mapInArrow(identity)", "spark", "rows_per_second",
                      rates["identity"], rows=n, cores=2)
    r = out.point("kcipher", "ff1-aes-256", "kcipher.spark.tokenize (mapInArrow)", "spark", "rows_per_second",
                  rates["tokenize"], rows=n, cores=2)
    out.write({"type": "ratio", "run": out.run, "what": "spark_tokenize_vs_identity", "value": r / floor})
    version = spark.version
    spark.stop()
    return version


def render(path):
    recs = [json.loads(line) for line in open(path)]
    run = next(r for r in recs if r["type"] == "run")
    print("### Python package (%s, %s, %d cores, Python %s, load %s)\n"
          % (run["date"], run["cpu"], run["cores"], run["python"], run["loadavg"]))
    print("| library | cipher | API | scenario | median | unit |")
    print("|---|---|---|---|---:|---|")
    for r in recs:
        if r["type"] == "measurement":
            v = "" if r.get("verified") is None else (" (verified)" if r["verified"] else " (DIFFERS)")
            print("| %s%s | %s | %s | %s | %s | %s |" % (r["library"], v, r["primitive"], r["api"],
                  r["scenario"], "{:,.0f}".format(r["median"]), r["unit"]))
    print()
    for r in recs:
        if r["type"] == "ratio":
            print("- %s: %.2fx" % (r["what"].replace("_", " "), r["value"]))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", help="JSON-lines output file ('-': stdout)")
    p.add_argument("--quick", action="store_true", help="tiny sizes, to check the script")
    p.add_argument("--runs", type=int)
    p.add_argument("--values", type=int, help="values per batch (default 1M; quick 20k)")
    p.add_argument("--single", type=int, help="values for single calls and peers (default 2000; quick 100)")
    p.add_argument("--spark-rows", type=int, help="Spark rows (default 10M; quick 100k)")
    p.add_argument("--no-spark", action="store_true")
    p.add_argument("--tmp", default=".", help="folder for the key file Spark reads")
    p.add_argument("--render", metavar="FILE", help="print the records of FILE as Markdown and stop")
    a = p.parse_args()
    if a.render:
        return render(a.render)
    a.runs = a.runs or (3 if a.quick else 7)
    a.values = a.values or (20_000 if a.quick else 1_000_000)
    a.single = a.single or (100 if a.quick else 2000)
    a.spark_rows = a.spark_rows or (100_000 if a.quick else 10_000_000)
    run = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    out = Out(a.json, run)
    cpu = platform.processor()
    try:
        cpu = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    import pyarrow
    out.write({"type": "run", "run": run, "date": time.strftime("%Y-%m-%d"), "target": "python",
               "cpu": cpu, "cores": os.cpu_count(), "cpu_features": kcipher.cpu_features(),
               "python": platform.python_version(), "lib_version": kcipher.__version__,
               "pyarrow": pyarrow.__version__, "threads": kcipher.threads(),
               "loadavg": os.getloadavg()[0], "runs": a.runs, "quick": a.quick})
    t0 = time.time()
    bench_tokenize(out, a)
    peers = bench_peers(out, a)
    spark = None if a.no_spark else bench_spark(out, a)
    out.write({"type": "end", "run": run, "elapsed_s": time.time() - t0, "peers": peers,
               "spark": spark, "loadavg": os.getloadavg()[0]})


if __name__ == "__main__":
    main()
