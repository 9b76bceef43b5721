#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# [RC6-RIJ] Figs. 7-8 measure IPC.  This machine has no performance counters,
# so IPC is estimated as instructions retired, counted here under valgrind
# (load-independent), divided by the calibrated cycles of the same point,
# timed separately by `kcipher bench` (scenarios msgsize and messages).  The
# report joins the two.
#
# The program counted is the bench's (bench/ours.c, paper_messages): per
# message, the key schedule then ECB or CBC (one block at a time, chained),
# through the backend descriptor, for the paper's scalar C: RC6 `ref` and
# Rijndael `table` (Nb = 4, 6, 8; 128-bit key).  Instructions per operation
# = (count with 2R operations - count with R) / R: start-up drops out.
#
# Usage: scripts/ipc-counts.sh [OUT.jsonl]   (default bench-results/ipc-instructions.jsonl)
# Needs the host library ($KC_IPC_BUILD, default ${KC_BUILD_DIR:-build}/gcc: libkcipher.a) and valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${KC_IPC_BUILD:-${KC_BUILD_DIR:-build}/gcc}
out=${1:-bench-results/ipc-instructions.jsonl}
lib=$build/libkcipher.a
[ -f "$lib" ] || { echo "no $lib: build the library first (cmake -S . -B $build && cmake --build $build)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "ipc-counts: valgrind is not installed (scripts/deps.sh test)" >&2; exit 2; }
mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/drv.c" <<'EOF'
/* cipher backend ecb|cbc blocks messages reps: the bench's [RC6-RIJ] program */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "core/registry.h"

int main(int argc, char **argv)
{
    if (argc != 7) return 2;
    const kc_cipher_entry *e = kc_registry_cipher(argv[1]);
    const kc_block_backend *bb;
    if (!e || kc_registry_backend(e->family, argv[2], (const void **)&bb) != KC_OK) return 2;
    int cbc = strcmp(argv[3], "cbc") == 0;
    size_t blocks = strtoul(argv[4], NULL, 10), msgs = strtoul(argv[5], NULL, 10);
    size_t reps = strtoul(argv[6], NULL, 10), bs = e->info.block_bytes, per = blocks * bs;
    uint8_t key[32] = { 1, 2, 3 }, iv[32] = { 4 }, *in = calloc(msgs, per), *out = calloc(msgs, per);
    void *ctx = calloc(1, bb->head.ctx_size + 64);
    if (!in || !out || !ctx) return 1;
    for (size_t r = 0; r < reps; r++)
        for (size_t m = 0; m < msgs; m++) {
            memset(ctx, 0, bb->head.ctx_size);
            bb->set_key(ctx, key, e->info.key_bytes, bs);
            if (!cbc) { bb->encrypt(ctx, out + m * per, in + m * per, blocks); continue; }
            const uint8_t *chain = iv;
            for (size_t i = 0; i < per; i += bs) {
                uint8_t x[32];
                for (size_t j = 0; j < bs; j++) x[j] = in[m * per + i + j] ^ chain[j];
                bb->encrypt(ctx, out + m * per + i, x, 1);
                chain = out + m * per + i;
            }
        }
    printf("%02x\n", out[0]);   /* keeps the work */
    free(in); free(out); free(ctx);
    return 0;
}
EOF
flags=$(sed -n 's/^CMAKE_C_FLAGS_RELEASE:STRING=//p' "$build/CMakeCache.txt")
cc=${CC:-gcc}
# shellcheck disable=SC2086
$cc $flags -std=c11 -Iinclude -Isrc "$tmp/drv.c" "$lib" -lpthread -o "$tmp/drv"
tool="valgrind $(valgrind --version | sed 's/valgrind-//') cachegrind (--cache-sim=no)"

count() {   # args of drv -> instructions of the whole process
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$tmp/drv" "$@" 2>&1 >/dev/null |
    sed -n 's/.*I *refs: *//p' | tr -d ','
}

: >"$out"
point() {   # cipher impl mode scenario blocks messages
  local reps=4 a b
  a=$(count "$1" "$2" "$3" "$5" "$6" $reps)
  b=$(count "$1" "$2" "$3" "$5" "$6" $((2 * reps)))
  local bs=16
  case $1 in rijndael-192-*) bs=24 ;; rijndael-256-*) bs=32 ;; esac
  printf '{"kind":"instructions","tool":"%s","compiler":"%s","cflags":"%s","primitive":"%s","impl":"%s","mode":"%s","scenario":"%s","msg_len":%d,"messages":%d,"instructions_per_op":%s}\n' \
    "$tool" "$($cc --version | head -1)" "$flags" "$1" "$2" "$3" "$4" $(( $5 * bs )) "$6" \
    "$(python3 -c "print(($b - $a) / $reps)")" >>"$out"
}

for spec in rc6-128:ref rijndael-128-128:table rijndael-192-128:table rijndael-256-128:table; do
  c=${spec%%:*} impl=${spec#*:}
  for mode in ecb cbc; do
    for blocks in 1 2 4 8 16 32 64 128 256 512 1024; do point "$c" "$impl" "$mode" msgsize "$blocks" 1; done
    for msgs in 1 2 4 8 16 32 64 128; do point "$c" "$impl" "$mode" messages 1 "$msgs"; done
  done
  echo "ipc-counts: $c $impl done" >&2
done
echo "ipc-counts: $out ($(wc -l <"$out") points)"
