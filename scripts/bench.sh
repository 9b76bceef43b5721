#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The main job: installs dependencies, builds an optimised kcipher with the
# peer libraries (libgcrypt 1.11 from ../shared/peers, once: cmake/build-libgcrypt.sh),
# runs the full benchmark and writes the report.
# Extra arguments go to `kcipher bench` (e.g. --quick).
#
# First, the exact counts under emulation (their cross toolchains and
# emulators are installed here too): RV32I
# (scripts/rv32-bench.sh), AVR (scripts/avr-bench.sh), Cortex-M3
# (scripts/armv7m-bench.sh) and AArch64 (scripts/aarch64-static-counts.sh, then
# `kcipher bench` under qemu-aarch64: time labelled as emulated).
# They run before the host benchmark so that their builds do not disturb its
# timing; $out/cross-status.tsv tells the report which ran, which did not and
# why.  KC_BENCH_CROSS=0 skips them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh bench
if [ "${KC_BENCH_CROSS:-1}" != 0 ]; then   # a failed install only skips those steps (cross-status.tsv says so)
  scripts/deps.sh rv32 avr armv7m aarch64 || echo "bench: cross toolchains could not be installed"
fi
build=${KC_BUILD_DIR:-build}/bench
out=${KC_BENCH_OUT:-bench-results}
mkdir -p "$out"
export KC_BENCH_OUT=$out

have_pkgs() {   # the packages scripts/deps.sh would install for a job
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || { echo "$p"; return 1; }
  done
}

cross_step() {   # name, output file, command..., -- packages...
  local name=$1 file=$2; shift 2
  local cmd=() pkgs=()
  while [ "$1" != "--" ]; do cmd+=("$1"); shift; done
  shift
  pkgs=("$@")
  local missing t0 secs
  if ! missing=$(have_pkgs "${pkgs[@]}"); then
    printf '%s\tskipped\t%s is not installed\t\n' "$name" "$missing" >>"$out/cross-status.tsv"
    echo "bench: $name: skipped ($missing not installed)"
    return 0
  fi
  echo "bench: $name: ${cmd[*]}"
  t0=$(date +%s)
  if "${cmd[@]}" >"$out/cross-$name.log" 2>&1 && [ -s "$out/$file" ]; then
    secs=$(($(date +%s) - t0))
    printf '%s\tran\t\t%s\n' "$name" "$secs" >>"$out/cross-status.tsv"
    echo "bench: $name: done in $secs s"
  else
    secs=$(($(date +%s) - t0))
    local why
    why=$(grep -m1 -E 'rror|failed' "$out/cross-$name.log" | tr '\t' ' ' | cut -c1-200 || true)
    printf '%s\tfailed\tfailed after %s s: %s (log: cross-%s.log)\t%s\n' "$name" "$secs" "${why:-see the log}" "$name" "$secs" \
      >>"$out/cross-status.tsv"
    echo "bench: $name: FAILED after $secs s (see $out/cross-$name.log)"
  fi
}

# AArch64: one 128-bit-key cipher of each family (and both PIPOs) timed under
# emulation; about 80 s on 2 cores.
AARCH64_TIMED=pipo,lea-128,aes-128,aria-128,rc6-128,tinyjambu-128,fea1-128

aarch64_counts() {   # cross-builds the library and the CLI as scripts/test-aarch64.sh does, then
                     # counts every backend's instructions and times a few ciphers under qemu
  local a64=${KC_BUILD_DIR:-build}/aarch64
  cmake -S . -B "$a64" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/toolchains/aarch64-linux-gnu.cmake" \
    -DCMAKE_BUILD_TYPE=Release -DKC_PEERS=OFF -DKC_HAVE_MEMCHECK_H=OFF || return 1
  cmake --build "$a64" -j"$(nproc 2>/dev/null || echo 2)" --target kcipher_static kcipher_cli kcipher_bench || return 1
  scripts/aarch64-static-counts.sh >"$out/aarch64.jsonl" || return 1
  scripts/aarch64-rekey-counts.sh "$out/aarch64-rekey.jsonl" || echo "aarch64: the key-update counts failed"
  scripts/aarch64-gcm-counts.sh "$out/aarch64-gcm.jsonl" || echo "aarch64: the stitched GCM counts failed"
  # The time qemu takes is the x86-64 host's, translating AArch64 code: no ARM core's.  The records
  # say so ("emulated"); a failure here leaves the counts standing, without aarch64-time.jsonl.
  KC_BENCH_EMULATOR="qemu-aarch64 (TCG on x86-64)" qemu-aarch64 -L /usr/aarch64-linux-gnu "$a64/kcipher-bench" \
    --quick --cipher "$AARCH64_TIMED" --json "$out/aarch64-time.jsonl" ||
    { echo "aarch64: the emulated kcipher bench failed (the counts stand)"; rm -f "$out/aarch64-time.jsonl"; }
}

rm -f "$out"/cross-status.tsv "$out"/cross-*.log "$out"/rv32.jsonl "$out"/rv32-table6.md "$out"/avr.jsonl \
      "$out"/avr-tables.md "$out"/armv7m.jsonl "$out"/armv7m-tables.md "$out"/aarch64.jsonl \
      "$out"/aarch64-time.jsonl
if [ "${KC_BENCH_CROSS:-1}" != 0 ]; then
  cross_step rv32 rv32-table6.md scripts/rv32-bench.sh -- \
    gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-system-misc
  cross_step avr avr-tables.md scripts/avr-bench.sh -- \
    gcc-avr binutils-avr avr-libc simavr libsimavr-dev libelf-dev
  cross_step armv7m armv7m-tables.md scripts/armv7m-bench.sh -- \
    gcc-arm-none-eabi libnewlib-arm-none-eabi picolibc-arm-none-eabi qemu-system-arm
  cross_step aarch64 aarch64.jsonl aarch64_counts -- gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
else
  for n in rv32 avr armv7m aarch64; do printf '%s\tskipped\tKC_BENCH_CROSS=0\t\n' "$n" >>"$out/cross-status.tsv"; done
fi

# libgcrypt >= 1.11 (ARIA; Debian 12 has 1.10): built once from the archives in ../shared/peers (or
# $KC_PEERS_DIR) into ~/.cache/kcipher-peers, or the system's when it is recent enough
# (cmake/KcGcrypt.cmake); without either the bench runs without it and says why.
gcrypt=()
if prefix=$(cmake/build-libgcrypt.sh | tail -n1); then
  gcrypt=(-DKC_GCRYPT_PREFIX="$prefix")
else
  gcrypt=(-DKC_GCRYPT_PREFIX=)
  echo "bench: libgcrypt 1.11 was not built (an earlier build in the cache, or the system's if recent enough, is used)"
fi
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DKC_BUILD_TESTS=OFF "${gcrypt[@]}" >"$out/cmake.log"
grep 'libgcrypt peer' "$out/cmake.log" || true
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
"$build/kcipher" list
# Tokenization beside the Python FPE packages and `kcipher tokenize` on a
# 10-million-row CSV file (KC_BENCH_ROWS): its records go beside the others.
python3 bench/tokenize_bench.py --kcipher "$build/kcipher" --json "$out/tokenize.jsonl" \
  --rows "${KC_BENCH_ROWS:-10000000}" $([[ " $* " == *" --quick "* ]] && echo --quick) ||
  { echo "bench: the tokenization side benchmark failed (the report goes without it)"; rm -f "$out/tokenize.jsonl"; }
# [RC6-RIJ] IPC: instructions under valgrind and the llvm-mca issue-width sweep (load-independent)
KC_IPC_BUILD=$build scripts/ipc-counts.sh "$out/ipc-instructions.jsonl" || echo "bench: ipc-counts failed"
scripts/ipc-mca.sh "$out/ipc-mca.jsonl" || echo "bench: ipc-mca failed"
# The OpenSSL provider against OpenSSL's own ARIA and AES (`openssl speed -evp`, 16 KiB).
rm -f "$out/openssl-speed.jsonl"
if cmake -S . -B "$build-openssl" -DCMAKE_BUILD_TYPE=Release -DKC_BUILD_TESTS=OFF -DKC_PEERS=OFF \
     -DKC_OPENSSL_PROVIDER=ON >/dev/null && cmake --build "$build-openssl" -j"$(nproc 2>/dev/null || echo 2)" >/dev/null; then
  python3 extensions/openssl/bench.py --module-dir "$build-openssl/extensions/openssl" \
    --out "$out/openssl-speed.jsonl" $([[ " $* " == *" --quick "* ]] && echo "--runs 1 --seconds 1") ||
    { echo "bench: openssl speed failed (the report goes without it)"; rm -f "$out/openssl-speed.jsonl"; }
else
  echo "bench: the OpenSSL provider did not build (the report goes without it)"
fi
# The Python package and Spark, and the SQL extensions (each starts what it needs).
rm -f "$out/python.jsonl" "$out/sql.jsonl"
scripts/test-python.sh --bench "$out/python.jsonl" || { echo "bench: the Python benchmark failed"; rm -f "$out/python.jsonl"; }
scripts/bench-sql.sh "$out/sql.jsonl" || { echo "bench: the SQL benchmark failed"; rm -f "$out/sql.jsonl"; }
# The JVM provider against Bouncy Castle and SunJCE, and tokenization from Java ($out/jvm.tsv).
rm -f "$out/jvm.tsv"
KC_BUILD_DIR=${KC_BUILD_DIR:-build} scripts/test-jvm.sh --bench || { echo "bench: the JVM benchmark failed"; rm -f "$out/jvm.tsv"; }
# GCM with CTR and GHASH stitched against CTR then GHASH, same run (bench/gcm_stitch.c).
rm -f "$out/gcm-stitch.jsonl"
"$build/kcipher-bench-stitch" --json "$out/gcm-stitch.jsonl" $([[ " $* " == *" --quick "* ]] && echo --quick) ||
  { echo "bench: the GCM stitching benchmark failed (the report goes without it)"; rm -f "$out/gcm-stitch.jsonl"; }
"$build/kcipher" bench --json "$out/results.jsonl" --report "$out" "$@"
extra=()
for f in openssl-speed gcm-stitch; do [ -s "$out/$f.jsonl" ] && extra+=("$out/$f.jsonl"); done
# The host benchmark again as on smaller CPUs, one run per KC_CPU_DISABLE mask (README, "CPU
# classes"; the peers masked too); the report gets a summary table per CPU class.  Each run takes
# as long as the one above.  By default on x86-64 every class of tests/test_cpu_mask.c (Zen 3,
# Alder Lake, Haswell-Zen 2, Skylake-SP, AES-NI without AVX2, SSE2 only); KC_BENCH_MASKS='m1;m2'
# chooses, KC_BENCH_MASKS= none.  A mask that leaves the features of the host or of an earlier
# mask (this CPU lacks what it masks) is skipped: the class was measured.
rm -f "$out"/results-masked-*.jsonl
if [ -z "${KC_BENCH_MASKS+set}" ] && [ "$(uname -m)" = x86_64 ]; then
  KC_BENCH_MASKS='avx512f,gfni;avx512f;avx512f,vaes,vpclmulqdq,gfni,sha;vaes,vpclmulqdq,gfni,avx512vbmi2,sha'
  KC_BENCH_MASKS+=';avx2,gfni,sha;ssse3,aesni,pclmul,gfni'
fi
features() { KC_CPU_DISABLE=$1 "$build/kcipher" list | sed -n 's/^CPU features: //p'; }
seen=" $(features '') "
i=0
IFS=';' read -ra masks <<<"${KC_BENCH_MASKS:-}"
for m in "${masks[@]}"; do
  [ -n "$m" ] || continue
  f=$(features "$m")
  case "$seen" in *" $f "*) echo "bench: KC_CPU_DISABLE=$m leaves $f: measured already"; continue;; esac
  seen+="$f "
  i=$((i + 1))
  echo "bench: as on a CPU without $m (KC_CPU_DISABLE=$m)"
  if KC_CPU_DISABLE=$m "$build/kcipher" bench --json "$out/results-masked-$i.jsonl" "$@"; then
    extra+=("$out/results-masked-$i.jsonl")
  else
    echo "bench: the run with KC_CPU_DISABLE=$m failed (the report goes without it)"
  fi
done
if [ ${#extra[@]} -gt 0 ]; then   # the report again, with the provider's, the stitching and the masked records
  python3 bench/report.py "$out/results.jsonl" "${extra[@]}" --out "$out"
fi
echo "report: $out/benchmarks.md (raw records: $out/results.jsonl)"
