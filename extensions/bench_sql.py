#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Rows per second of kc_tokenize on 16-digit card values (format card,
FF1-AES-256) in PostgreSQL (parallel scan), in DuckDB (the extension) and in
DuckDB through a Python UDF on Arrow (kc_tokenize_arrow through ctypes), in
one run.  scripts/bench-sql.sh starts the server and runs this.

  bench_sql.py measure --out FILE.jsonl --psql ... --extension ... --lib ... --key FILE --key-name NAME
  bench_sql.py report FILE.jsonl      (Markdown table of the records)
"""
import argparse
import ctypes
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time

CARDS_SQL = ("lpad(((i * 2654435761 + 12345) % 10000000000000000)::{t}, 16, '0')")


def quantiles(xs):
    xs = sorted(xs)
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return {"median": statistics.median(xs), "q1": q[0], "q3": q[2], "min": xs[0], "max": xs[-1]}


# ---- PostgreSQL: timed by psql's \timing, one session for every repetition ----
def pg_times(psql, key_name, rows, reps, workers):
    setup = f"""
CREATE EXTENSION IF NOT EXISTS kcipher;
DROP TABLE IF EXISTS bench_cards;
CREATE TABLE bench_cards AS SELECT {CARDS_SQL.format(t='text')} AS card FROM generate_series(1, {rows}) AS i;
ANALYZE bench_cards;
"""
    subprocess.run(psql + ["-c", setup], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    q = f"SELECT sum(length(kc_tokenize(card, 'card', '{key_name}'))) FROM bench_cards;"
    script = (f"SET max_parallel_workers_per_gather = {workers};\nSET parallel_setup_cost = 0;\n"
              "SET parallel_tuple_cost = 0;\nSET min_parallel_table_scan_size = 0;\n"
              f"{q}\n\\timing on\n" + (q + "\n") * reps)
    p = subprocess.run(psql, input=script, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"bench_sql: psql failed: {p.stderr}")
    out = p.stdout
    ms = [float(m) for m in re.findall(r"Time: ([0-9.]+) ms", out)]
    if len(ms) != reps:
        sys.exit(f"bench_sql: expected {reps} timings from psql, got {out!r}")
    plan = subprocess.run(psql, input=script.split("\\timing")[0].replace(q, "EXPLAIN (COSTS OFF) " + q),
                          check=True, capture_output=True, text=True).stdout
    return [rows / (t / 1000) for t in ms], "Gather" in plan


# ---- DuckDB: the extension, and a Python UDF over Arrow ----
class ArrowSchema(ctypes.Structure):
    pass


class ArrowArray(ctypes.Structure):
    pass


ArrowSchema._fields_ = [("format", ctypes.c_char_p), ("name", ctypes.c_char_p), ("metadata", ctypes.c_char_p),
                        ("flags", ctypes.c_int64), ("n_children", ctypes.c_int64),
                        ("children", ctypes.c_void_p), ("dictionary", ctypes.c_void_p),
                        ("release", ctypes.c_void_p), ("private_data", ctypes.c_void_p)]
ArrowArray._fields_ = [("length", ctypes.c_int64), ("null_count", ctypes.c_int64), ("offset", ctypes.c_int64),
                       ("n_buffers", ctypes.c_int64), ("n_children", ctypes.c_int64),
                       ("buffers", ctypes.c_void_p), ("children", ctypes.c_void_p),
                       ("dictionary", ctypes.c_void_p), ("release", ctypes.c_void_p),
                       ("private_data", ctypes.c_void_p)]


def arrow_udf(lib_path, key):
    """A Python function on a pyarrow string array: kc_tokenize_arrow, through ctypes."""
    import pyarrow as pa
    lib = ctypes.CDLL(lib_path)
    lib.kc_tokenizer_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_char_p,
                                     ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_uint]
    lib.kc_tokenize_arrow.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ArrowSchema),
                                      ctypes.POINTER(ArrowArray), ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                      ctypes.POINTER(ArrowSchema), ctypes.POINTER(ArrowArray),
                                      ctypes.POINTER(ctypes.c_int64)]
    # DuckDB runs the UDF on each of its threads, as it does the extension
    # (whose library copy is set the same way): no second pool on top.
    lib.kc_set_threads(1)
    tok = ctypes.c_void_p()
    st = lib.kc_tokenizer_new(ctypes.byref(tok), b"ff1-aes-256", None, key, len(key), b"card", 0)
    if st:
        sys.exit(f"bench_sql: kc_tokenizer_new: status {st}")

    def tokenize(values):
        if isinstance(values, pa.ChunkedArray):
            values = values.combine_chunks()
        values = values.cast(pa.string())
        s_in, a_in, s_out, a_out = ArrowSchema(), ArrowArray(), ArrowSchema(), ArrowArray()
        values._export_to_c(ctypes.addressof(a_in), ctypes.addressof(s_in))
        bad = ctypes.c_int64(-1)
        st = lib.kc_tokenize_arrow(tok, 1, s_in, a_in, None, None, 0, s_out, a_out, ctypes.byref(bad))
        # The inputs were only read: release them through their own callbacks.
        pa.Array._import_from_c(ctypes.addressof(a_in), ctypes.addressof(s_in))
        if st:
            raise ValueError(f"kc_tokenize_arrow: status {st} at row {bad.value}")
        return pa.Array._import_from_c(ctypes.addressof(a_out), ctypes.addressof(s_out))
    return tokenize


def duckdb_times(extension, lib_path, key_path, rows, reps):
    import duckdb
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{extension}'")
    con.execute(f"CREATE TABLE bench_cards AS SELECT {CARDS_SQL.format(t='VARCHAR')} AS card "
                f"FROM range(1, {rows} + 1) r(i)")
    with open(key_path, "rb") as f:
        raw = f.read()
    try:
        from duckdb.sqltypes import VARCHAR
    except ImportError:                               # duckdb before 1.4
        from duckdb.typing import VARCHAR
    con.create_function("py_tokenize", arrow_udf(lib_path, raw), [VARCHAR], VARCHAR, type="arrow")
    queries = {"duckdb": f"SELECT sum(length(kc_tokenize(card, 'card', '{key_path}'))) FROM bench_cards",
               "duckdb-python-udf": "SELECT sum(length(py_tokenize(card))) FROM bench_cards"}
    want = con.execute(queries["duckdb"]).fetchone()[0]
    assert con.execute(queries["duckdb-python-udf"]).fetchone()[0] == want
    assert con.execute(f"SELECT count(*) FILTER (WHERE kc_tokenize(card, 'card', '{key_path}') <> py_tokenize(card)) "
                       "FROM bench_cards").fetchone()[0] == 0, "the UDF and the extension disagree"
    out = {}
    for name, q in queries.items():
        con.execute(q).fetchone()                     # warm-up
        ts = []
        for _ in range(reps):
            t0 = time.perf_counter()
            con.execute(q).fetchone()
            ts.append(rows / (time.perf_counter() - t0))
        out[name] = ts
    threads = con.execute("SELECT current_setting('threads')").fetchone()[0]
    return out, duckdb.__version__, threads


def measure(a):
    run = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    psql = a.psql.split()
    pg_version = subprocess.run(psql + ["-Atc", "SHOW server_version"], check=True, capture_output=True,
                                text=True).stdout.strip()
    base = {"run": run, "target": f"{platform.machine()}-linux", "lib_version": a.lib_version,
            "primitive": "ff1-aes-256", "op": "tokenize", "format": "card", "value": "16 digits",
            "unit": "rows_per_second", "rows": a.rows, "n": a.reps}
    recs = [{"type": "run", "run": run, "date": run, "target": base["target"], "cpu": platform.processor() or
             platform.machine(), "cores": os.cpu_count(), "lib_version": a.lib_version, "postgresql": pg_version,
             "unit": "rows_per_second", "rows": a.rows, "runs": a.reps, "loadavg": os.getloadavg()[0],
             "warm_runs": 1}]
    pg, gathered = pg_times(psql, a.key_name, a.rows, a.reps, a.workers)
    dd, dd_version, threads = duckdb_times(a.extension, a.lib, a.key, a.rows, a.reps)
    recs[0]["duckdb"] = dd_version
    udf = statistics.median(dd["duckdb-python-udf"])
    for engine, samples, extra in (
            ("postgresql", pg, {"impl": "extension", "scan": "parallel" if gathered else "serial",
                                "workers": a.workers}),
            ("duckdb", dd["duckdb"], {"impl": "extension", "threads": threads}),
            ("duckdb-python-udf", dd["duckdb-python-udf"], {"impl": "python-udf-arrow", "threads": threads,
                                                             "api": "kc_tokenize_arrow (ctypes)"})):
        r = {"type": "measurement", **base, "engine": engine, **extra, **quantiles(samples), "samples": samples}
        if engine == "duckdb":
            r["vs_python_udf"] = r["median"] / udf
        recs.append(r)
    recs.append({"type": "end", "run": run, "loadavg": os.getloadavg()[0]})
    with open(a.out, "a") as f:
        for r in recs:
            f.write(json.dumps(r) + "\n")
    report_lines(recs)


def report_lines(recs):
    print("| engine | impl | scan/threads | rows | median rows/s | q1 | q3 | vs Python UDF |")
    print("|---|---|---|---|---|---|---|---|")
    for r in recs:
        if r.get("type") != "measurement":
            continue
        where = r.get("scan", "") + (f" ({r['workers']} workers)" if "workers" in r else "") or ""
        if "threads" in r:
            where = f"{r['threads']} threads"
        vs = f"{r['vs_python_udf']:.2f}x" if "vs_python_udf" in r else ""
        print(f"| {r['engine']} | {r['impl']} | {where} | {r['rows']} | {r['median']:,.0f} | {r['q1']:,.0f} | "
              f"{r['q3']:,.0f} | {vs} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--out", required=True, help="JSON lines file (appended)")
    m.add_argument("--psql", required=True, help="psql command line, e.g. 'psql -X -h SOCKDIR -U kcipher -d postgres'")
    m.add_argument("--key-name", required=True, help="the key's name in kcipher.key_dir")
    m.add_argument("--key", required=True, help="the same key's file (raw 32 bytes) for DuckDB and the UDF")
    m.add_argument("--extension", required=True, help="kcipher.duckdb_extension")
    m.add_argument("--lib", required=True, help="libkcipher.so (for the Python UDF)")
    m.add_argument("--lib-version", default="")
    m.add_argument("--rows", type=int, default=2_000_000)
    m.add_argument("--reps", type=int, default=5)
    m.add_argument("--workers", type=int, default=2, help="max_parallel_workers_per_gather")
    r = sub.add_parser("report")
    r.add_argument("jsonl")
    a = ap.parse_args()
    if a.cmd == "measure":
        measure(a)
    else:
        with open(a.jsonl) as f:
            report_lines([json.loads(line) for line in f if line.strip()])


if __name__ == "__main__":
    main()
