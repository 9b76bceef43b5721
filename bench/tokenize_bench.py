#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tokenization beside its peers: the Python FPE packages, and `kcipher
tokenize` on a CSV file.  The C batch (kc_fpe_encrypt_batch) is measured by
kcipher-bench in the same bench job (bench/tokenize.c); this script adds

  * the FPE packages on PyPI, one value per call as they work: `ff3`
    (FF3-1, pure Python) and `fastfpe` (FF1 and FF3-1, Rust), each checked
    against our output on the same key, tweak and values before it is timed;
  * `kcipher tokenize` on a CSV file of N rows (a card number column and two
    others), at 1 and 2 threads, output to /dev/null (the file is read from
    the page cache: the second and later runs never touch the disk).

    python3 bench/tokenize_bench.py --kcipher build/kcipher --json out.jsonl [--rows N] [--quick]

Records, one JSON object per line: a "run" record, then "measurement"
records with `unit` "ns" and `median` the wall time per value (peers) or
per row (CSV), the median of `n` repetitions after a warm-up; the report
(bench/report/tokenize.py) turns them into values/s and rows/s.
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

KEY = "2b7e151628aed2a6abf7158809cf4f3c"
TWEAK_FF1 = "39383736353433"      # 7 bytes: both FF1 and FF3-1 take it
DIGITS = "0123456789"


def values(n):
    """n 16-digit strings, deterministic."""
    x = 88172645463325252
    out = []
    for _ in range(n):
        x ^= (x << 13) & (2**64 - 1)
        x ^= x >> 7
        x ^= (x << 17) & (2**64 - 1)
        out.append("%016d" % (x % 10**16))
    return out


def ours(kcipher, cipher, vals, keyfile):
    """Our ciphertexts through the CLI, for checking the peers."""
    r = subprocess.run([kcipher, "fpe", "encrypt", "--cipher", cipher, "--key-file", keyfile,
                        "--tweak", TWEAK_FF1, "--radix", "10"],
                       input="\n".join(vals) + "\n", capture_output=True, text=True, check=True)
    return r.stdout.split()


def peer_funcs():
    """(library, version, primitive, api, encrypt(value) -> str) for every package that imports."""
    found = []
    try:
        import ff3
        from importlib.metadata import version
        c = ff3.FF3Cipher.withCustomAlphabet(KEY, TWEAK_FF1, DIGITS)
        found.append(("ff3", version("ff3"), "ff3-1-aes-128", "FF3Cipher.encrypt", c.encrypt))
    except Exception as e:  # not installed: the report says so
        print("tokenize_bench: ff3: %s" % e, file=sys.stderr)
    try:
        import fastfpe
        from importlib.metadata import version
        v = version("fastfpe")
        found.append(("fastfpe", v, "ff1-aes-128", "ff1.encrypt",
                      lambda s: fastfpe.ff1.encrypt(KEY, TWEAK_FF1, DIGITS, s)))
        found.append(("fastfpe", v, "ff3-1-aes-128", "ff3_1.encrypt",
                      lambda s: fastfpe.ff3_1.encrypt(KEY, TWEAK_FF1, DIGITS, s)))
    except Exception as e:
        print("tokenize_bench: fastfpe: %s" % e, file=sys.stderr)
    return found


def timed(fn, reps, warm=1):
    for _ in range(warm):
        fn()
    out = []
    for _ in range(reps):
        t = time.perf_counter_ns()
        fn()
        out.append(time.perf_counter_ns() - t)
    return out


def record(run_id, **kw):
    r = {"type": "measurement", "run": run_id, "unit": "ns", "op": "encrypt", "mode": "fpe",
         "scenario": "tokenize", "msg_len": 16, "bits": 54}
    r.update(kw)
    s = sorted(kw["samples"])
    r.update(n=len(s), median=statistics.median(s), min=s[0], max=s[-1])
    return r


def csv_file(path, rows):
    """id, card (dashes every 4 digits), city: about 40 bytes a row."""
    cities = ["Seoul", "Busan", "Incheon", "Daegu", "Daejeon", "Gwangju", "Suwon", "Ulsan"]
    x = 2463534242
    with open(path, "w") as f:
        f.write("id,card,city\n")
        chunk = []
        for i in range(rows):
            x ^= (x << 13) & 0xffffffff
            x ^= x >> 17
            x ^= (x << 5) & 0xffffffff
            d = "4%07d%08d" % (x % 10**7, (x * 2654435761 + i) % 10**8)
            chunk.append("%d,%s-%s-%s-%s,%s\n" % (i, d[:4], d[4:8], d[8:12], d[12:], cities[x % 8]))
            if len(chunk) == 100000:
                f.write("".join(chunk))
                chunk = []
        f.write("".join(chunk))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kcipher", required=True, help="the kcipher CLI")
    ap.add_argument("--json", required=True)
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    rows = min(args.rows, 200_000) if args.quick else args.rows
    reps = 3 if args.quick else 5
    run_id = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
               platform.processor())
    recs = [{"type": "run", "run": run_id, "date": run_id, "tool": "bench/tokenize_bench.py",
             "target": platform.machine(), "cpu": cpu, "cores": os.cpu_count(),
             "python": platform.python_version(), "loadavg": " ".join("%.2f" % v for v in os.getloadavg()),
             "rows": rows, "quick": args.quick}]
    with tempfile.TemporaryDirectory() as tmp:
        keyfile = os.path.join(tmp, "key")
        with open(keyfile, "w") as f:
            f.write(KEY + "\n")

        # The Python packages, one value per call, checked against ours first.
        vals = values(2000 if args.quick else 20000)
        expect = {c: ours(args.kcipher, c, vals[:200], keyfile) for c in ("ff1-aes-128", "ff3-1-aes-128")}
        for lib, ver, prim, api, enc in peer_funcs():
            got = [enc(v) for v in vals[:200]]
            ok = got == expect[prim]
            n = len(vals) if lib != "ff3" else len(vals) // 10   # ff3 is pure Python: ~10^4 values/s
            batch = vals[:n]
            samples = [t / n for t in timed(lambda: [enc(v) for v in batch], reps)]
            recs.append(record(run_id, library=lib, version=ver, primitive=prim, impl=api, api=api,
                               language="python", messages=1, batch=n, verified=int(ok), samples=samples,
                               threads=1))
            print("tokenize_bench: %-8s %-14s %10.0f values/s%s" %
                  (lib, prim, 1e9 / recs[-1]["median"], "" if ok else "  (OUTPUT DIFFERS FROM OURS)"),
                  file=sys.stderr)

        # kcipher tokenize on a CSV file.
        path = os.path.join(tmp, "cards.csv")
        csv_file(path, rows)
        size = os.path.getsize(path)
        for threads in (1, 2):
            cmd = [args.kcipher, "tokenize", "--cipher", "ff1-aes-128", "--key-file", keyfile,
                   "--column", "card=card", "--tweak-context", "--threads", str(threads)]

            def run():
                with open(path, "rb") as src, open(os.devnull, "wb") as dst:
                    subprocess.run(cmd, stdin=src, stdout=dst, check=True)
            samples = [t / rows for t in timed(run, reps)]
            recs.append(record(run_id, library="kcipher", primitive="ff1-aes-128", impl="kcipher tokenize",
                               api="kcipher tokenize", format="card", input="csv", rows=rows, bytes=size,
                               columns=3, messages=1, batch=rows, samples=samples, threads=threads,
                               msg_len=19, bits=20, verified=-1))
            print("tokenize_bench: kcipher tokenize, %d rows, %d thread(s): %.2f M rows/s" %
                  (rows, threads, 1e3 / recs[-1]["median"]), file=sys.stderr)
    recs.append({"type": "end", "run": run_id, "loadavg": " ".join("%.2f" % v for v in os.getloadavg())})
    with open(args.json, "w") as f:
        for r in recs:
            f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
