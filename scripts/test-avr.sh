#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The AVR vector tests under simavr: installs avr-gcc, avr-libc, simavr and
# libsimavr when missing (Debian 12), builds the host runner
# (targets/avr/runner.c) and the test programs of targets/avr (ATmega128
# and ATmega328P; each links only the library parts it needs), runs them
# with ctest and ends with "avr: N passed, N failed" (test programs).  The
# ctest log, with its summary line, is also written to
# ${KC_BUILD_DIR:-build}/avr.ctest.log.
#
# A reduced vector set, embedded as flash arrays (no file system on the
# target; targets/avr/gen_vectors.py says which and why): 243 of the
# 3 x 1089 TinyJAMBU KATs (PT and AD lengths in {0,1,2,3,4,5,8,15,32}; from
# the shared vectors folder, tests/vectors/README.md: without it that test
# is reported skipped), the
# FEA rows for 13 block lengths on the ATmega128 and 4 on the ATmega328P,
# every PIPO row, the HIGHT and CHAM standard values (test_hight.c); plus
# differential tests against the reference backends.
set -uo pipefail
cd "$(dirname "$0")/.."
top=${KC_BUILD_DIR:-build}
build=$top/avr
log=$top/avr.ctest.log
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p "$top"
runner=$(cd "$top" && pwd)/avr-runner

give_up() {
  echo "$1"
  { echo "$1"; echo "0% tests passed, 1 tests failed out of 1"; } >"$log"
  echo "avr: 0 passed, 1 failed"
  exit 1
}

scripts/deps.sh avr || give_up "avr: cannot install the toolchain"

echo "== tests on AVR (simavr: ATmega128 and ATmega328P)"
mkdir -p "$build"
gcc -O2 -Wall -Wextra -Werror -o "$runner" targets/avr/runner.c -lsimavr -lelf ||
  give_up "avr: the simavr runner does not build"
if ! cmake -S targets/avr -B "$build" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/avr-gcc.cmake" \
     -DCMAKE_BUILD_TYPE=Release -DKC_AVR_RUNNER="$runner" >"$build.configure.log" 2>&1; then
  tail -30 "$build.configure.log"
  give_up "avr: configure failed"
fi
# A program that does not build shows up in ctest as a failed test.
if ! cmake --build "$build" -j"$jobs" >"$build.build.log" 2>&1; then
  grep -E 'error|overflow' "$build.build.log" | tail -20
  echo "avr: some programs do not build (their tests fail below)"
fi
(cd "$build" && ctest -j"$jobs" --timeout 300 --output-on-failure 2>&1) | tee "$log"
line=$(grep -E 'tests passed, [0-9]+ tests failed out of' "$log" | tail -1)
[ -n "$line" ] || give_up "avr: ctest did not run"
total=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$line")
failed=$(sed -E 's/.*tests passed, ([0-9]+) tests failed.*/\1/' <<<"$line")
echo "avr: $((total - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
