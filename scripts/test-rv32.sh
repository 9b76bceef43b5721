#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The vector tests on bare-metal RV32I: installs the cross toolchain and QEMU
# when missing (Debian 12), builds the library (portable C + the rv32i
# assembly backends) and every tests/test_*.c for rv32i with picolibc and
# semihosting, and runs each program on qemu-system-riscv32 `virt` with
# -icount shift=0 (targets/rv32/qemu-run.sh).  Ends with
# "rv32: N passed, N failed" (test programs) and exits non-zero on a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
build=${KC_BUILD_DIR:-build}/rv32

scripts/deps.sh rv32 || { echo "rv32: cannot install the toolchain"; echo "rv32: 0 passed, 1 failed"; exit 1; }

echo "== tests on RV32I (qemu-system-riscv32 virt, picolibc semihosting)"
echo "not run here: install_consumers (host install check), the valgrind constant-time check"
echo "(no valgrind for bare-metal RV32), peer tests (no OpenSSL/Crypto++/Botan for the target),"
echo "Python CLI tests (no CLI: the target has no command line or stdin), test_parallel (no threads"
echo "on bare metal, so it would compare the single-threaded path with itself, and its ~10^10"
echo "emulated instructions take far longer than the time budget)"
skip=" test_parallel "
mkdir -p "$build"
if ! cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/rv32i-picolibc.cmake \
     -DCMAKE_BUILD_TYPE=Release -DKC_BUILD_CLI=OFF -DKC_PEERS=OFF >"$build.configure.log" 2>&1; then
  tail -30 "$build.configure.log"
  echo "rv32: 0 passed, 1 failed"
  exit 1
fi

# Build each test program on its own so that one that does not compile for
# the target fails alone (and no stale binary of it is run).
tests=()
for src in tests/test_*.c; do
  t=$(basename "$src" .c)
  [[ $skip == *" $t "* ]] || tests+=("$t")
done
rm -f "${tests[@]/#/$build/tests/}"
: >"$build.build.log"
for t in "${tests[@]}"; do
  cmake --build "$build" -j"$jobs" --target "$t" >>"$build.build.log" 2>&1 ||
    { echo "rv32: $t does not build for rv32i:"; grep -E 'error' "$build.build.log" | tail -5; }
done

ctest_re='^('"$(IFS='|'; echo "${tests[*]}")"')$'
(cd "$build" && ctest -j"$jobs" --timeout 300 --output-on-failure -R "$ctest_re" 2>&1) | tee "$build.ctest.log"
line=$(grep -E 'tests passed, [0-9]+ tests failed out of' "$build.ctest.log" | tail -1)
if [ -z "$line" ]; then
  echo "rv32: 0 passed, 1 failed"
  exit 1
fi
total=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$line")
failed=$(sed -E 's/.*tests passed, ([0-9]+) tests failed.*/\1/' <<<"$line")
echo "rv32: $((total - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
