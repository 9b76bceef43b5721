#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The test suite on AArch64 under emulation: installs the cross compiler and
# qemu-user when missing, cross-builds the library, the CLI and the C tests
# (cmake/toolchains/aarch64-linux-gnu.cmake) and runs them with ctest, every
# test binary through qemu-aarch64 (CMAKE_CROSSCOMPILING_EMULATOR).  Python
# CLI tests run too when they honour KCIPHER_EMULATOR.  Left out: peer tests
# (no arm64 OpenSSL/Crypto++/Botan), the valgrind constant-time check and
# the install test (host-only).  Then the quick tests once more per AArch64
# CPU class of tests/test_cpu_mask.c (`test_cpu_mask --classes`: `neon`,
# KC_CPU_DISABLE=armaes,pmull, a core without the Crypto Extensions), as
# scripts/test.sh does natively.  Prints ctest's summary ("N% tests passed,
# F tests failed out of T") per run; exits non-zero on any failure.
# Build directory: ${KC_BUILD_DIR:-build}/aarch64.
set -uo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh aarch64 || { echo "aarch64: could not install the cross toolchain"; exit 1; }

build=${KC_BUILD_DIR:-build}/aarch64
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p "$build"
rm -f "$build.ctest.log"
echo "== tests on aarch64 (cross-built, run under qemu-aarch64)"
if ! cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/aarch64-linux-gnu.cmake" \
       -DCMAKE_BUILD_TYPE=Release -DKC_PEERS=OFF -DKC_HAVE_MEMCHECK_H=OFF >"$build.configure.log" 2>&1 ||
   ! cmake --build "$build" -j"$jobs" >"$build.build.log" 2>&1; then
  cat "$build.configure.log" "$build.build.log" 2>/dev/null | tail -40
  echo "aarch64: build failed"
  exit 1
fi

# The Python tests get the kcipher path as an argument; the ones that read
# KCIPHER_EMULATOR put qemu in front of it, the others cannot run here.
export KCIPHER_EMULATOR="qemu-aarch64 -L /usr/aarch64-linux-gnu"
exclude=install_consumers
for f in tests/py/test_*.py; do
  [ -e "$f" ] || continue
  grep -q KCIPHER_EMULATOR "$f" || exclude+="|py_$(basename "$f" .py)"
done
echo "aarch64: not run here: ${exclude//|/, }"
(cd "$build" && ctest --output-on-failure -j"$jobs" -E "^($exclude)\$" 2>&1) | tee "$build.ctest.log"
status=${PIPESTATUS[0]}

# The CPU classes, masked (the heavy tests as scripts/test.sh leaves them out).
# Under emulation the front ends (the CLI's Python tests, the name list) are
# heavy too and ran above: they reach the ciphers only through the default
# backends, which each class checks directly (test_cpu_mask, test_<cipher>).
heavy='constant_time.*|peer_.*|py_.*|test_names'
if ! classes=$($KCIPHER_EMULATOR "$build/tests/test_cpu_mask" --classes); then
  echo "aarch64: test_cpu_mask --classes failed"; exit 1
fi
while IFS=$'\t' read -r name mask what missing; do
  [ -n "$name" ] || continue
  [ -z "$missing" ] || { echo "== aarch64 class $name: skipped (the emulated CPU lacks $missing)"; continue; }
  echo "== aarch64 tests as on CPU class $name: $what (KC_CPU_DISABLE=$mask)"
  (cd "$build" && KC_CPU_DISABLE=$mask ctest --output-on-failure -j"$jobs" -E "^($exclude|$heavy)\$" </dev/null 2>&1) |
    tee "$build.class-$name.ctest.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
done <<<"$classes"
exit "$status"
