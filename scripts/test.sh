#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Every test: installs dependencies, builds, runs the suite (gcc, then
# again once per CPU class the machine can stand for, by masking features
# with KC_CPU_DISABLE; then clang), the static analyser (scripts/analyze.sh), then runs the suite
# again under AddressSanitizer + UndefinedBehaviorSanitizer, the threads
# under ThreadSanitizer, then cross-built
# for other architectures under emulation.  The constant-time check
# (valgrind) runs in the first pass; libFuzzer harnesses and a statistical
# timing check run in builds of their own.  Ends with "N passed, N failed"
# (counting ctest tests over all suites).
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test || exit 1
jobs=$(nproc 2>/dev/null || echo 2)
build=${KC_BUILD_DIR:-build}
passed=0 failed=0 skipped=0
export KC_WERROR=ON            # every build here, the cross ones too, with -Werror

run_suite() {   # name, build dir, cmake args...  ($only: build and run just these tests, a|b|c; $skip: all but these)
  local name=$1 dir=$2; shift 2
  local targets=() select=()
  if [ -n "${only:-}" ]; then
    IFS='|' read -ra targets <<<"$only"
    targets=(--target "${targets[@]}"); select=(-R "^($only)\$")
  fi
  [ -n "${skip:-}" ] && select+=(-E "^($skip)\$")
  echo "== [${SECONDS} s] $name"
  if ! cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >"$dir.configure.log" 2>&1 ||
     ! cmake --build "$dir" -j"$jobs" "${targets[@]}" >"$dir.build.log" 2>&1; then
    cat "$dir.configure.log" "$dir.build.log" 2>/dev/null | tail -40
    echo "$name: build failed"
    failed=$((failed + 1))
    return
  fi
  (cd "$dir" && ctest --output-on-failure -j"$jobs" "${select[@]}" 2>&1) | tee "$dir.ctest.log"
  count "$dir.ctest.log"
}

count() {       # adds the ctest summary of a log to the totals (ctest counts a skipped test as passed)
  local line p t f s
  line=$(grep -E 'tests passed, [0-9]+ tests failed out of' "$1" 2>/dev/null | tail -1)
  p=$(sed -E 's/.*% tests passed, ([0-9]+) tests failed out of ([0-9]+).*/\2 \1/' <<<"$line")
  t=${p%% *}; f=${p##* }
  [ -z "$line" ] && { t=1; f=1; }
  s=$(grep -cE '^[[:space:]]*[0-9]+ - .*\(Skipped\)$' "$1" 2>/dev/null || true)
  passed=$((passed + t - f - ${s:-0})); failed=$((failed + f)); skipped=$((skipped + ${s:-0}))
  counted="$((t - f - ${s:-0})) passed, ${s:-0} skipped, $f failed"   # this log's share, for the class lines
}

# The suite as on smaller CPUs: once per class of tests/test_cpu_mask.c
# (`test_cpu_mask --classes`: name, mask, what, the features this machine
# lacks for it), with KC_CPU_DISABLE masking the rest.  Only the tests that
# depend on the CPU and are quick: the heavy ones (valgrind, peers, install,
# the benchmark, the long Python reference runs) ran once, in the full run.
class_heavy='^(constant_time.*|peer_.*|install_consumers|py_test_bench_report|py_test_ff_references|py_test_cli_tokenize|py_test_rijndael_py3rijndael)$'
class_lines=()
class_suites() {   # build dir of the full run
  local dir=$1 list name mask what missing t0
  if ! list=$("$dir/tests/test_cpu_mask" --classes); then
    echo "CPU classes: test_cpu_mask --classes failed"; failed=$((failed + 1)); return
  fi
  while IFS=$'\t' read -r name mask what missing; do
    [ -n "$mask" ] || continue          # everything the CPU has: the full run
    echo "== [${SECONDS} s] tests as on CPU class $name: $what (KC_CPU_DISABLE=$mask)"
    if [ -n "$missing" ]; then
      echo "$name: skipped: this CPU lacks $missing"
      skipped=$((skipped + 1)); class_lines+=("$name: skipped (this CPU lacks $missing)")
      continue
    fi
    t0=$(date +%s)
    (cd "$dir" && KC_CPU_DISABLE=$mask ctest --output-on-failure -j"$jobs" -E "$class_heavy" 2>&1) |
      tee "$dir.class-$name.ctest.log"
    count "$dir.class-$name.ctest.log"
    class_lines+=("$name: $counted in $(($(date +%s) - t0)) s (KC_CPU_DISABLE=$mask)")
  done <<<"$list"
}

cross() {       # name, script: a cross-architecture suite under emulation
  local log=$build/$1.ctest.log
  rm -f "$log"
  KC_BUILD_DIR=$build "$2" || echo "$1: failed"
  count "$log"
}

mkdir -p "$build"
t0=$(date +%s)
# The first build also makes what the front ends' scripts below take from it
# (KC_*_NATIVE): the JVM module's glue, the OpenSSL provider, libkcipher.a.
fronts=()
command -v javac >/dev/null && fronts+=(-DKC_JNI=ON)
pkg-config --atleast-version=3 openssl 2>/dev/null && fronts+=(-DKC_OPENSSL_PROVIDER=ON)
run_suite "tests" "$build/release" "${fronts[@]}"
class_lines+=("native ($(kc=$build/release/kcipher; [ -x "$kc" ] && "$kc" list | sed -n 's/^CPU features: //p')): ${counted:-not run} in $(($(date +%s) - t0)) s, every test")
class_suites "$build/release"
echo "== [${SECONDS} s] SQL extensions (PostgreSQL 15, DuckDB)"
if KC_SQL_NATIVE=$build/release scripts/test-sql.sh; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
echo "== [${SECONDS} s] OpenSSL 3 provider (scripts/test-openssl.sh)"
if KC_BUILD_DIR=$build KC_OPENSSL_NATIVE=$build/release scripts/test-openssl.sh; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
echo "== [${SECONDS} s] JVM module (scripts/test-jvm.sh)"; KC_BUILD_DIR=$build KC_JVM_NATIVE=$build/release scripts/test-jvm.sh; case $? in 0) passed=$((passed + 1));; 77) skipped=$((skipped + 1));; *) failed=$((failed + 1));; esac
echo "== [${SECONDS} s] Debian packages: dpkg -i, consumers, CREATE EXTENSION, dpkg -r (scripts/test-debs.sh)"; if KC_BUILD_DIR=$build scripts/test-debs.sh; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
# The benchmark test (a minute) ran in the gcc suite; clang builds the same bench code.
skip="py_test_bench_report" CC=clang CXX=clang++ run_suite "tests built with clang" "$build/clang"
echo "== [${SECONDS} s] static analysis (clang --analyze over src/ and cli/)"
if scripts/analyze.sh; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
# -O1 (ASan's advice): -O0 made the tokenizer's CLI test alone take 5 minutes.
run_suite "tests under ASan+UBSan" "$build/sanitize" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS=-O1 -DCMAKE_CXX_FLAGS=-O1 \
  -DKC_SANITIZE=address,undefined
# After the ASan suite: the attack corpus of the Python binding runs over its library.
echo "== [${SECONDS} s] Python package, pandas, Polars, Spark (scripts/test-python.sh)"
if KC_PYTHON_ASAN_BUILD=$build/sanitize scripts/test-python.sh; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
only="test_parallel|test_cpu_race|test_fork" run_suite "threads under ThreadSanitizer" "$build/tsan" -DCMAKE_BUILD_TYPE=Debug \
  -DKC_SANITIZE=thread -DKC_PEERS=OFF

# ---- fuzzing and timing (tests/fuzz, tests/timing): builds of their own,
# each running only its ctest label.  Fuzzing: every libFuzzer harness for
# KC_FUZZ_SECONDS (default 17) over its corpus, clang with ASan+UBSan
# (docs/fuzzing.md for long runs).  Timing: the dudect-style check of the
# backends valgrind cannot see, one test at a time, no sanitizers.
label_suite() { # name, build dir, target, label, cmake args...
  local name=$1 dir=$2 target=$3 label=$4; shift 4
  echo "== [${SECONDS} s] $name"
  if ! cmake -S . -B "$dir" "$@" >"$dir.configure.log" 2>&1 ||
     ! cmake --build "$dir" -j"$jobs" --target "$target" >"$dir.build.log" 2>&1; then
    cat "$dir.configure.log" "$dir.build.log" 2>/dev/null | tail -40
    echo "$name: build failed"
    failed=$((failed + 1))
    return
  fi
  (cd "$dir" && ctest --output-on-failure -j"$jobs" -L "^$label\$" 2>&1) | tee "$dir.ctest.log"
  count "$dir.ctest.log"
  # A failing harness's check and input, repeated at the end where a truncated CI log still shows them.
  if [ "$label" = fuzz ]; then
    fuzz_found=$(grep -E '^/.*/fuzz_[a-z_]+\.c:[0-9]+: |^(Base64|SUMMARY): |ERROR: (Address|Leak)Sanitizer|runtime error:' "$dir.ctest.log" | head -20)
  fi
}
fuzz_found=""
CC=clang label_suite "fuzzing (libFuzzer, ASan+UBSan)" "$build/fuzz" kc_fuzzers fuzz \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKC_SANITIZE=address,undefined -DKC_PEERS=OFF \
  -DKC_FUZZ=ON -DKC_FUZZ_SECONDS="${KC_FUZZ_SECONDS:-17}"
label_suite "timing (dudect-style, AVX-512/GFNI/VAES backends)" "$build/timing" kc_timing timing \
  -DCMAKE_BUILD_TYPE=Release -DKC_PEERS=OFF -DKC_BUILD_CLI=OFF -DKC_TIMING=ON \
  -DKC_TIMING_MEASUREMENTS="${KC_TIMING_MEASUREMENTS:-300000}"   # half the default; the controls that must fail keep their margin (tests/timing/CMakeLists.txt)

cross aarch64 scripts/test-aarch64.sh
cross rv32 scripts/test-rv32.sh
cross avr scripts/test-avr.sh
cross armv7m scripts/test-armv7m.sh
if [ -n "$fuzz_found" ]; then
  printf 'fuzzing failures (the check; the input: base64 -d into a file, then build/fuzz/tests/fuzz/fuzz_<name> file):\n%s\n' "$fuzz_found"
fi
echo "per CPU class (the native suite):"
printf '  %s\n' "${class_lines[@]}"
echo "test command: $SECONDS s in all"
echo "all suites: $passed passed, $skipped skipped, $failed failed"
[ "$failed" -eq 0 ]
