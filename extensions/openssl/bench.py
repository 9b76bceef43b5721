#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`openssl speed -evp` with and without the kcipher provider, as JSON lines.

    python3 extensions/openssl/bench.py --module-dir DIR --out FILE.jsonl [--runs N] [--seconds S]
    python3 extensions/openssl/bench.py --markdown FILE.jsonl      # the report section

Points, all at one message size (16 KiB by default), all in the same run:
ARIA-128-GCM and ARIA-128-CTR through the kcipher provider and through
OpenSSL's default provider, LEA-128-GCM through the provider beside
AES-128-GCM of the default provider.  Each point is measured `runs` times
(after one warm-up run each), the points interleaved, and recorded as the
median of the runs: a "run" record, then one "measurement" record per point
with unit "bytes_per_second" (what `openssl speed -mr` prints)."""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time

POINTS = [  # (cipher, provider)
    ("ARIA-128-GCM", "kcipher"), ("ARIA-128-GCM", "default"),
    ("ARIA-128-CTR", "kcipher"), ("ARIA-128-CTR", "default"),
    ("LEA-128-GCM", "kcipher"), ("AES-128-GCM", "default"),
]
TARGET = 10.0   # the provider's ARIA against the default provider's


def speed(cipher, provider, module_dir, seconds, size):
    cmd = ["openssl", "speed", "-mr", "-seconds", str(seconds), "-bytes", str(size)]
    if provider == "kcipher":
        cmd += ["-provider-path", module_dir, "-provider", "kcipher", "-provider", "default",
                "-propquery", "provider=kcipher"]
    else:
        cmd += ["-provider", "default", "-propquery", "provider=default"]
    cmd += ["-evp", cipher]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():      # +F:<n>:<name>:<bytes per second at each size>
        if line.startswith("+F:"):
            return float(line.split(":")[3])
    raise RuntimeError("no +F line from: %s\n%s" % (" ".join(cmd), out))


def loadavg():
    """As the kcipher bench records it: the three load averages, a string."""
    return " ".join("%.2f" % x for x in os.getloadavg())


def quartiles(xs):
    xs = sorted(xs)
    if len(xs) < 2:
        return xs[0], xs[0]
    q = statistics.quantiles(xs, n=4, method="inclusive")
    return q[0], q[2]


def measure(args):
    ver = subprocess.run(["openssl", "version"], capture_output=True, text=True).stdout.strip()
    run_id = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    cpu = ""
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "")
    except OSError:
        pass
    run = {"type": "run", "run": run_id, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
           "target": platform.machine(), "cpu": cpu, "cores": os.cpu_count(), "tool": "openssl speed -evp",
           "openssl": ver, "unit": "bytes_per_second", "runs": args.runs, "seconds": args.seconds,
           "msg_len": args.bytes, "loadavg": loadavg()}
    for c, p in POINTS:     # warm-up, discarded
        speed(c, p, args.module_dir, 1, args.bytes)
    samples = {pt: [] for pt in POINTS}
    for _ in range(args.runs):
        for c, p in POINTS:
            samples[(c, p)].append(speed(c, p, args.module_dir, args.seconds, args.bytes))
    recs = []
    for (c, p), xs in samples.items():
        q1, q3 = quartiles(xs)
        name, _, mode = c.lower().rpartition("-")
        recs.append({"type": "measurement", "run": run_id, "target": run["target"], "cpu": cpu,
                     "library": "openssl", "provider": p, "primitive": name, "mode": mode,
                     "op": "encrypt", "scenario": "openssl-speed", "msg_len": args.bytes,
                     "unit": "bytes_per_second", "n": len(xs), "median": statistics.median(xs),
                     "q1": q1, "q3": q3, "min": min(xs), "max": max(xs), "samples": xs})
    for r in recs:          # the provider against the default provider, same cipher and run
        if r["provider"] == "kcipher":
            base = next((b for b in recs if b["provider"] == "default" and b["primitive"] == r["primitive"]
                         and b["mode"] == r["mode"]), None)
            if base:
                r["vs_default"] = r["median"] / base["median"]
    with open(args.out, "w") as f:
        for r in [run] + recs + [{"type": "end", "run": run_id, "loadavg": loadavg()}]:
            f.write(json.dumps(r) + "\n")
    print(markdown([run] + recs))


def markdown(records):
    recs = [r for r in records if r.get("type") == "measurement" and r.get("scenario") == "openssl-speed"]
    if not recs:
        return ""
    size = recs[0]["msg_len"]
    rows = []
    for r in recs:
        ratio = r.get("vs_default")
        rows.append("| %s-%s | %s | %.0f | %s |" % (
            r["primitive"].upper(), r["mode"].upper(), r["provider"], r["median"] / 1e6,
            "" if ratio is None else "%.1fx%s" % (ratio, "" if ratio >= TARGET else " (below %gx)" % TARGET)))
    return "\n".join([
        "## OpenSSL provider (`openssl speed -evp`, %d-byte messages)" % size, "",
        "`openssl speed -evp NAME -bytes %d` through the kcipher provider (`-propquery provider=kcipher`) "
        "and through OpenSSL's default provider, median of the runs (MB/s = 10^6 bytes per second of "
        "`openssl speed`'s CPU time); the ratio is the provider's speed over the default provider's, "
        "target %gx." % (size, TARGET), "",
        "| cipher | provider | MB/s | vs default |", "|---|---|---|---|"] + rows) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--module-dir", help="directory holding kcipher.so")
    ap.add_argument("--out", help="JSON lines file to write")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=3)
    ap.add_argument("--bytes", type=int, default=16384)
    ap.add_argument("--markdown", metavar="JSONL", help="print the report section of a records file")
    args = ap.parse_args()
    if args.markdown:
        with open(args.markdown) as f:
            print(markdown([json.loads(l) for l in f if l.strip()]))
        return
    if not args.module_dir or not args.out:
        ap.error("--module-dir and --out are required")
    args.module_dir = os.path.abspath(args.module_dir)
    measure(args)


if __name__ == "__main__":
    sys.exit(main())
