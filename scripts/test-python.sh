#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python package: a virtual environment under the build folder, the
# package installed from ./python as a user would (scikit-build-core builds
# the library), then pytest over python/tests: vectors, round trips, every
# error class, fork, pandas, Polars, and Spark local[2] against the CLI;
# then the attack corpus (test_attack.py) over an ASan build of the library.
# The CLI is $KC_BUILD_DIR/release/kcipher when scripts/test.sh built it,
# else it is built here.  Needs python3 with venv, and Java 17 for Spark
# (scripts/deps.sh test).  With --bench FILE: the same environment, then
# python/bench/bench_python.py (with the FPE packages beside ours) into FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${KC_BUILD_DIR:-build}
venv=$build/python-venv
mkdir -p "$build"
start=$(date +%s)

echo "== python: environment ($venv)"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  cffi pytest numpy pyarrow pandas polars pyspark
echo "== python: pip install ./python"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps ./python

cli=$build/release/kcipher
if [ ! -x "$cli" ]; then
  cli=$build/python-cli/kcipher
  echo "== python: building the CLI ($cli)"
  cmake -S . -B "$build/python-cli" -DCMAKE_BUILD_TYPE=Release -DKC_BUILD_TESTS=OFF -DKC_PEERS=OFF \
    >"$build/python-cli.log" 2>&1
  cmake --build "$build/python-cli" -j"$(nproc 2>/dev/null || echo 2)" --target kcipher_cli \
    >>"$build/python-cli.log" 2>&1 || { tail -30 "$build/python-cli.log"; exit 1; }
fi

if [ "${1:-}" = --bench ]; then
  out=$(realpath -m "$2")
  echo "== python: benchmark ($out)"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check ff3 libffx ||
    echo "python: the FPE packages could not be installed; the benchmark goes without them"
  tmp=$(mktemp -d)
  "$venv/bin/python" python/bench/bench_python.py --json "$out" --runs 5 --tmp "$tmp"
  rc=$?
  rm -rf "$tmp"
  exit $rc
fi

echo "== python: pytest"
# From python/tests with the venv's pytest: the installed package is imported, not the source
# folder (Spark's Python workers have their working directory on sys.path).
rc=0
cli=$(realpath "$cli") pytest=$(realpath "$venv/bin/pytest")
(cd python/tests && KCIPHER_CLI=$cli "$pytest" -q -p no:cacheprovider .) || rc=$?

# The attack corpus again over the library built with ASan (issue 22: misuse
# of the binding must never reach freed memory).  KC_PYTHON_ASAN=0 skips it.
asan_rt=$(${CC:-gcc} -print-file-name=libasan.so 2>/dev/null || true)
if [ "${KC_PYTHON_ASAN:-1}" != 0 ] && [ -f "$asan_rt" ]; then
  echo "== python: attack corpus under ASan"
  cmake -S . -B "$build/python-asan" -DCMAKE_BUILD_TYPE=Debug -DKC_SANITIZE=address -DKC_BUILD_TESTS=OFF \
    -DKC_PEERS=OFF >"$build/python-asan.log" 2>&1
  cmake --build "$build/python-asan" -j"$(nproc 2>/dev/null || echo 2)" --target kcipher_shared \
    >>"$build/python-asan.log" 2>&1 || { tail -30 "$build/python-asan.log"; exit 1; }
  asan_lib=$(realpath "$(ls "$build"/python-asan/libkcipher.so.* | head -1)")
  (cd python/tests && ASAN_OPTIONS=detect_leaks=0 LD_PRELOAD=$asan_rt KCIPHER_LIBRARY=$asan_lib \
    KCIPHER_CLI=$cli "$pytest" -q -p no:cacheprovider test_attack.py test_binding.py test_frames.py) || rc=$?
elif [ "${KC_PYTHON_ASAN:-1}" != 0 ]; then
  echo "python: no libasan.so beside ${CC:-gcc}; the ASan run of the attack corpus is skipped"
fi
echo "python: $(( $(date +%s) - start )) s"
exit $rc
