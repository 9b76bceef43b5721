#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# [RC6-RIJ] Fig. 6: IPC against the issue width (1..16).  A real CPU's issue
# width cannot be changed, so the compiled encryption loops of the paper's
# scalar C (RC6 `ref`, Rijndael `table`) are run through llvm-mca's pipeline
# model with its dispatch width swept.  The code given to llvm-mca is the
# longest run of instructions between two labels of the encryption function
# (the round body: llvm-mca repeats it as a loop and ignores branches), on
# the model of -mcpu: an estimate of the ILP the code offers, not a
# measurement.
# Load-independent.
#
# Usage: scripts/ipc-mca.sh [OUT.jsonl]   (default bench-results/ipc-mca.jsonl)
# Needs llvm-mca (Debian: llvm, scripts/deps.sh bench) and gcc.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-bench-results/ipc-mca.jsonl}
mca=$(command -v llvm-mca || command -v llvm-mca-14 || true)
[ -n "$mca" ] || { echo "ipc-mca: llvm-mca is not installed (scripts/deps.sh bench)" >&2; exit 2; }
cpu=${KC_MCA_CPU:-skylake}
cc=${CC:-gcc}
flags="-O3 -DNDEBUG"
mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$out"
for spec in rc6:src/rc6/ref.c:rc6_encrypt rijndael:src/rijndael/table.c:crypt_block; do
  IFS=: read -r fam src fn <<<"$spec"
  # shellcheck disable=SC2086
  $cc $flags -std=c11 -Iinclude -Isrc -fno-asynchronous-unwind-tables -S "$src" -o "$tmp/$fam.s"
  # the function's longest run of instructions between labels (no directives)
  awk -v f="$fn" '$0 == f":" { on = 1; next } on && $1 == ".size" { exit }
                  on && /^[.A-Za-z0-9_]+:$/ { k++; next }
                  on && /^\t[a-z]/ && !/^\t\./ { print > (FILENAME "." k + 0); n[k + 0]++ }
                  END { for (i in n) if (n[i] > n[b + 0]) b = i; print b + 0 > (FILENAME ".best") }' "$tmp/$fam.s"
  cp "$tmp/$fam.s.$(cat "$tmp/$fam.s.best")" "$tmp/$fam.body.s"
  n=$(wc -l <"$tmp/$fam.body.s")
  [ "$n" -gt 10 ] || { echo "ipc-mca: no body for $fn in $src" >&2; exit 1; }
  for w in 1 2 4 6 8 12 16; do
    ipc=$("$mca" -mcpu="$cpu" -dispatch="$w" -iterations=200 "$tmp/$fam.body.s" 2>/dev/null |
          sed -n 's/^IPC: *//p')
    printf '{"kind":"mca","tool":"%s","mcpu":"%s","compiler":"%s","cflags":"%s","family":"%s","function":"%s","instructions":%d,"dispatch_width":%d,"ipc":%s}\n' \
      "$("$mca" --version | sed -n 's/.*LLVM version */llvm-mca /p')" "$cpu" "$($cc --version | head -1)" "$flags" \
      "$fam" "$fn" "$n" "$w" "${ipc:-null}" >>"$out"
  done
done
echo "ipc-mca: $out"
