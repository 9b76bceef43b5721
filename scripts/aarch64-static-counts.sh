#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Instructions of every AArch64 backend, the one architecture-level figure
# that holds without an ARM core:
#
#  - executed instructions per block (FEA: per 64-bit block, a tweak per
#    block; TinyJAMBU: per 64-byte message, single calls and the batch
#    call), counted exactly under qemu-aarch64: the driver
#    targets/aarch64/icount.c, linked statically against the cross-built
#    library, runs N inputs through one backend while qemu logs every
#    executed instruction (-d in_asm,exec,nochain: see count() below).  Runs with N and
#    N + STEP inputs differ only in the inputs (STEP is a multiple of the
#    backend's batch size), so count(N + STEP) - count(N) is the cost of
#    STEP inputs with the call, key schedule and process start-up removed.
#    qemu now and then logs a few instructions more in one run, so the
#    script takes the most frequent of five such differences.  Unlike a
#    count of objdump lines this stays right when the rounds are a loop.
#  - static instructions: the code size of the backend's object file
#    (src/FAMILY/BACKEND.c.o: encryption, decryption and key schedule as
#    that file has them, helpers from shared headers included), counted in
#    aarch64-linux-gnu-objdump -d.
#
# These are instructions, not cycles: no AArch64 timing is claimed.
#
# Usage: scripts/aarch64-static-counts.sh [CIPHER-OR-PREFIX...]
#   default: every cipher and backend the cross build has, except
#   rijndael-128-K (the same code and counts as aes-K; name it to get it).
# Needs the cross build of scripts/test-aarch64.sh (${KC_BUILD_DIR:-build}/aarch64).
# Runs $(nproc) counts at a time.  Output: one JSON line per cipher, backend
# and path on stdout, e.g.
#   {"target":"aarch64","kind":"block","primitive":"pipo-64-128","impl":"neon16-least","op":"encrypt",
#    "unit":"instructions_per_block","value":63.62,"static_instructions":865,...}
set -euo pipefail
cd "$(dirname "$0")/.."
build=${KC_BUILD_DIR:-build}/aarch64
lib=$build/libkcipher.a
objs=$build/CMakeFiles/kcipher_objects.dir/src
[ -f "$lib" ] || { echo "no $lib: run scripts/test-aarch64.sh first" >&2; exit 2; }
runs=6                              # counts per backend: N = STEP, 2 STEP, ..., 6 STEP
jobs=$(nproc 2>/dev/null || echo 2)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
aarch64-linux-gnu-gcc -O2 -static -Wall -Wextra -Werror -Iinclude targets/aarch64/icount.c "$lib" -o "$tmp/icount"

qemu=$(qemu-aarch64 --version | head -1 | sed 's/ *Copyright.*//')
cc=$(aarch64-linux-gnu-gcc -dumpfullversion)
flags=$(sed -n 's/^CMAKE_C_FLAGS_RELEASE:STRING=//p' "$build/CMakeCache.txt")

step_of() {   # kind impl -> inputs added per run: a multiple of the backend's batch
  case $1/$2 in
    block/*) echo 32 ;;             # SIMD block backends take 4, 8, 16 or 32 blocks at once
    fea/neon) echo 32 ;;            # groups of 16 blocks (pairs below 12: avoided by N = 32 k)
    fea/*) echo 4 ;;                # one block at a time; naive costs ~10^5 instructions a block
    *) echo 8 ;;                    # TinyJAMBU: neon takes 4 messages at once
  esac
}

# qemu logs each translated block's instructions once (-d in_asm) and every
# entry into a translated block (-d exec; nochain: also when one block jumps
# to the next), so the instructions executed are the sum, over the entries,
# of the size of the block entered.  A block is known by its host address,
# which the entry right after its translation names; a retranslation prints
# the block again.  Gives exactly the count of -singlestep -d exec (one line
# per instruction) at an eighth of the time.  The driver starts with an empty
# environment, as ./icount, with N in four digits: the stack then starts at
# the same address in every run (some counts move with its alignment: the
# TinyJAMBU neon batch by up to 3 instructions per message).
count() {   # kind cipher impl n -> instructions executed by the whole process
  local kind=$1 cipher=$2 impl=$3 n
  n=$(printf '%04d' "$4")
  (cd "$tmp" && set -o pipefail && env -i qemu-aarch64 -d in_asm,exec,nochain ./icount "$kind" "$cipher" "$impl" "$n" 2>&1 >/dev/null |
     awk '/^IN:/ { tb = 1; k = 0; next }
          tb && /^0x[0-9a-f]+:/ { k++; next }
          /^Trace/ { if (tb) { size[$3] = k; tb = 0 } n += size[$3] }
          END { print n }') || { echo "icount $* failed" >&2; return 1; }
}

static_count() {   # dir impl -> instructions in the backend's object file, or null
  local obj=$objs/$1/${2//-/_}.c.o
  if [ -f "$obj" ]; then
    aarch64-linux-gnu-objdump -d --no-show-raw-insn "$obj" | grep -cE '^ +[0-9a-f]+:'$'\t' || true
  else
    echo null
  fi
}

measure() {   # kind cipher impl dir -> one JSON line
  local kind=$1 cipher=$2 impl=$3 dir=$4 step unit what api counts value code
  step=$(step_of "$kind" "$impl")
  case $kind in
    block) unit=instructions_per_block; what=blocks; api=kc_cipher_encrypt_blocks ;;
    fea) unit=instructions_per_block; what="64-bit blocks"; api=kc_fea_encrypt_tweaks ;;
    single) unit=instructions_per_message; what="64-byte messages"; api=kc_aead_encrypt ;;
    batch) unit=instructions_per_message; what="64-byte messages"; api=kc_aead_encrypt_batch ;;
  esac
  counts=$(for k in $(seq "$runs"); do count "$kind" "$cipher" "$impl" $((k * step)) || exit 1; done) || return 1
  value=$(awk -v n="$step" 'NR > 1 { d = $1 - p; if (++seen[d] > best) { best = seen[d]; m = d } } { p = $1 }
                            END { printf "%.2f", m / n }' <<<"$counts")
  code=$(static_count "$dir" "$impl")
  echo "$cipher $impl ($api): $value ${unit//_/ }, $code static" >&2
  printf '{"target":"aarch64","kind":"%s","primitive":"%s","impl":"%s","op":"encrypt","api":"%s","unit":"%s","value":%s,' \
    "$kind" "$cipher" "$impl" "$api" "$unit" "$value"
  [ "$kind" = fea ] && printf '"bits":64,'
  [ "$kind" = single ] || [ "$kind" = batch ] && printf '"msg_len":64,"ad_len":0,'
  printf '"static_instructions":%s,"static_method":"instructions in aarch64-linux-gnu-objdump -d of src/%s/%s.c.o",' \
    "$code" "$dir" "${impl//-/_}"
  printf '"method":"qemu-aarch64 -d in_asm,exec,nochain trace: instructions added by %d more %s (most frequent of %d), / %d","emulator":"%s","compiler":"aarch64-linux-gnu-gcc %s %s"}\n' \
    "$step" "$what" $((runs - 1)) "$step" "$qemu" "$cc" "$flags"
}

pairs=$(qemu-aarch64 "$tmp/icount" list)   # KIND CIPHER BACKEND DIR, in the library's order
if [ $# -gt 0 ]; then
  pairs=$(awk -v want="$*" 'BEGIN { n = split(want, w, " ") }
                            { for (i = 1; i <= n; i++) if (index($2, w[i]) == 1) { print; next } }' <<<"$pairs")
else
  pairs=$(grep -v ' rijndael-128-' <<<"$pairs")
fi
[ -n "$pairs" ] || { echo "no such cipher: $*" >&2; exit 2; }

i=0
while read -r kind cipher impl dir; do
  i=$((i + 1))
  measure "$kind" "$cipher" "$impl" "$dir" >"$tmp/$(printf '%04d' "$i").json" &
  [ "$(jobs -rp | wc -l)" -lt "$jobs" ] || wait -n || true
done <<<"$pairs"
wait
for f in $(seq -f '%04g' 1 "$i"); do
  [ -s "$tmp/$f.json" ] || { echo "a count failed (line $f of the list)" >&2; exit 1; }
  cat "$tmp/$f.json"
done
