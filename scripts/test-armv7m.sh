#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The vector tests on bare-metal Cortex-M3 (ARMv7-M, Thumb-2): installs the
# cross toolchain and QEMU when missing (Debian 12), builds the library
# (portable C) and every tests/test_*.c with arm-none-eabi-gcc
# -mcpu=cortex-m3 -mthumb, picolibc and semihosting, and runs each program
# on qemu-system-arm `mps2-an385` (targets/armv7m/qemu-run.sh; semihosting
# gives the tests fopen() of the vector files on the host).  Ends with
# "armv7m: N passed, N failed" (test programs); the ctest log, with its
# summary line, is ${KC_BUILD_DIR:-build}/armv7m.ctest.log.
set -uo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
top=${KC_BUILD_DIR:-build}
build=$top/armv7m
log=$top/armv7m.ctest.log
mkdir -p "$top"

give_up() {
  echo "$1"
  { echo "$1"; echo "0% tests passed, 1 tests failed out of 1"; } >"$log"
  echo "armv7m: 0 passed, 1 failed"
  exit 1
}

scripts/deps.sh armv7m || give_up "armv7m: cannot install the toolchain"

echo "== tests on Cortex-M3 (qemu-system-arm mps2-an385, picolibc semihosting)"
echo "not run here: install_consumers (host install check), the valgrind constant-time check,"
echo "peer tests (no OpenSSL/Crypto++/Botan for the target), Python CLI tests (no CLI on the"
echo "target), test_parallel (no threads on bare metal: it would compare the single-threaded"
echo "path with itself, and its emulated run takes far longer than the time budget)"
skip=" test_parallel "
mkdir -p "$build"
if ! cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/arm-none-eabi-cortex-m3.cmake" \
     -DCMAKE_BUILD_TYPE=Release -DKC_BUILD_CLI=OFF -DKC_PEERS=OFF >"$build.configure.log" 2>&1; then
  tail -30 "$build.configure.log"
  give_up "armv7m: configure failed"
fi

# Each test program on its own, so one that does not compile fails alone
# (and no stale binary of it runs).
tests=()
for src in tests/test_*.c; do
  t=$(basename "$src" .c)
  [[ $skip == *" $t "* ]] || tests+=("$t")
done
rm -f "${tests[@]/#/$build/tests/}"
: >"$build.build.log"
for t in "${tests[@]}"; do
  cmake --build "$build" -j"$jobs" --target "$t" >>"$build.build.log" 2>&1 ||
    { echo "armv7m: $t does not build for cortex-m3:"; grep -E 'error' "$build.build.log" | tail -5; }
done

ctest_re='^('"$(IFS='|'; echo "${tests[*]}")"')$'
(cd "$build" && ctest -j"$jobs" --timeout 300 --output-on-failure -R "$ctest_re" 2>&1) | tee "$log"
line=$(grep -E 'tests passed, [0-9]+ tests failed out of' "$log" | tail -1)
[ -n "$line" ] || give_up "armv7m: ctest did not run"
total=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$line")
failed=$(sed -E 's/.*tests passed, ([0-9]+) tests failed.*/\1/' <<<"$line")
echo "armv7m: $((total - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
