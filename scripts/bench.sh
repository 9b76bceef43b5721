#!/usr/bin/env bash
# The main job: installs dependencies, builds an optimised kcipher with the
# peer libraries, runs the full benchmark and writes the report.
# Extra arguments go to `kcipher bench` (e.g. --quick).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh bench
build=${KC_BUILD_DIR:-build}/bench
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DKC_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
"$build/kcipher" list
out=${KC_BENCH_OUT:-bench-results}
mkdir -p "$out"
"$build/kcipher" bench --json "$out/results.jsonl" --report "$out" "$@"
echo "report: $out/benchmarks.md (raw records: $out/results.jsonl)"
