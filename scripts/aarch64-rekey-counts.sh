#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# [PIPO-ARM] Fig. 7 on AArch64: instructions per byte against the key-update
# period, for the 8- and 16-way NEON backends with and without least
# alignment, and the portable bitsliced C (reference).  One operation = one
# key schedule (the least-alignment backends pre-arrange the round keys in
# it, so that cost is counted) then PERIOD calls on 16 blocks (128 bytes), as
# `kcipher bench`'s rekey_period scenario.  Counted exactly under qemu-aarch64
# as in scripts/aarch64-static-counts.sh (-d in_asm,exec,nochain): the
# difference between 2R and R operations, divided by R, so start-up drops
# out.  Load-independent.
#
# Usage: scripts/aarch64-rekey-counts.sh [OUT.jsonl]   (default bench-results/aarch64-rekey.jsonl)
# Needs the cross build of scripts/test-aarch64.sh (${KC_BUILD_DIR:-build}/aarch64/libkcipher.a).
set -euo pipefail
cd "$(dirname "$0")/.."
lib=${KC_BUILD_DIR:-build}/aarch64/libkcipher.a
out=${1:-bench-results/aarch64-rekey.jsonl}
[ -f "$lib" ] || { echo "no $lib: run scripts/test-aarch64.sh first" >&2; exit 2; }
mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/drv.c" <<'EOF'
/* cipher backend period reps: reps x (key schedule, period x 16 blocks) */
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "core/registry.h"

int main(int argc, char **argv)
{
    if (argc != 5) return 2;
    const kc_cipher_entry *e = kc_registry_cipher(argv[1]);
    const kc_block_backend *bb;
    if (!e || kc_registry_backend(e->family, argv[2], (const void **)&bb) != KC_OK) return 2;
    size_t period = strtoul(argv[3], NULL, 10), reps = strtoul(argv[4], NULL, 10);
    static _Alignas(64) uint8_t ctx[8192], buf[16 * 8];
    static const uint8_t key[32] = { 1, 2, 3, 4 };
    if (bb->head.ctx_size > sizeof ctx) return 1;
    for (size_t r = 0; r < reps; r++) {
        memset(ctx, 0, bb->head.ctx_size);
        bb->set_key(ctx, key, e->info.key_bytes, e->info.block_bytes);
        for (size_t p = 0; p < period; p++) bb->encrypt(ctx, buf, buf, 16);
    }
    return buf[0] == 0x5a;
}
EOF
aarch64-linux-gnu-gcc -O2 -static -std=c11 -Iinclude -Isrc "$tmp/drv.c" "$lib" -lpthread -o "$tmp/drv"
qemu=$(qemu-aarch64 --version | head -1 | sed 's/ *Copyright.*//')
cc=$(aarch64-linux-gnu-gcc -dumpfullversion)

count() {   # cipher impl period reps -> instructions of the whole process
  (cd "$tmp" && set -o pipefail && env -i qemu-aarch64 -d in_asm,exec,nochain ./drv "$1" "$2" "$3" "$4" 2>&1 >/dev/null |
     awk '/^IN:/ { tb = 1; k = 0; next }
          tb && /^0x[0-9a-f]+:/ { k++; next }
          /^Trace/ { if (tb) { size[$3] = k; tb = 0 } n += size[$3] }
          END { print n }')
}

: >"$out"
for c in pipo-64-128 pipo-64-256; do
  for impl in bitslice neon8 neon16 neon8-least neon16-least; do
    for period in 1 2 3 4 6 8 12 16; do
      a=$(count "$c" "$impl" "$period" 4)
      b=$(count "$c" "$impl" "$period" 8)
      printf '{"target":"aarch64","kind":"rekey_period","emulator":"%s","compiler":"aarch64-linux-gnu-gcc %s -O2 (driver), library as cross-built","primitive":"%s","impl":"%s","period":%d,"msg_len":128,"unit":"instructions_per_byte","value":%s}\n' \
        "$qemu" "$cc" "$c" "$impl" "$period" "$(python3 -c "print(round(($b - $a) / 4 / ($period * 128), 3))")" >>"$out"
    done
    echo "aarch64-rekey-counts: $c $impl" >&2
  done
done
echo "aarch64-rekey-counts: $out"
