#!/usr/bin/env bash
# Instructions per block of every block-cipher backend on AArch64, counted
# exactly under qemu-aarch64 (measurement.md 4.4): a small driver, linked
# statically against the cross-built library, encrypts N blocks with one
# backend while qemu logs every executed instruction (-singlestep -d
# exec,nochain).  Runs with N and N + 32 blocks differ only in the blocks
# (32 is a multiple of every batch size), so count(N + 32) - count(N) is the
# cost of 32 blocks with the call, key schedule and process start-up
# removed.  qemu now and then logs a few instructions more in one run, so
# the script takes the most frequent of six such differences.  For
# straight-line SIMD batch code this equals the static count of its
# disassembly per block; unlike a count of objdump lines it stays right
# when the rounds are a loop.  These are instructions, not cycles: no
# AArch64 timing is claimed (measurement.md 4.5).
#
# Usage: scripts/aarch64-static-counts.sh [CIPHER...]   (default: every block cipher)
# Needs the cross build of scripts/test-aarch64.sh (${KC_BUILD_DIR:-build}/aarch64).
# Output: one JSON line per cipher and backend on stdout, e.g.
#   {"target":"aarch64","primitive":"pipo-64-128","impl":"neon16-least","op":"encrypt",
#    "unit":"instructions_per_block","value":63.62,...}
set -euo pipefail
cd "$(dirname "$0")/.."
build=${KC_BUILD_DIR:-build}/aarch64
lib=$build/libkcipher.a
[ -f "$lib" ] || { echo "no $lib: run scripts/test-aarch64.sh first" >&2; exit 2; }
step=32                           # a multiple of every batch size (4, 8, 16, 32)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/icount.c" <<'EOF'
/* icount list | icount CIPHER BACKEND NBLOCKS: encrypts NBLOCKS zero blocks.
 * The buffer is static and always the same size, so runs differ only in
 * the number of blocks encrypted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kcipher.h>
static uint8_t buf[1024 * 32];
int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "list") == 0) {
        kc_backend_info b;
        for (size_t i = 0; i < kc_cipher_count(); i++) {
            const kc_cipher_info *c = kc_cipher_at(i);
            if (c->kind != KC_KIND_BLOCK) continue;
            for (size_t j = 0; kc_backend_at(c->name, j, &b) == KC_OK; j++)
                if (b.available) printf("%s %s\n", c->name, b.name);
        }
        return 0;
    }
    if (argc != 4) return 2;
    const kc_cipher_info *info = kc_cipher_find(argv[1]);
    size_t n = strtoul(argv[3], NULL, 10);
    static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    kc_cipher *c;
    if (!info || n * info->block_bytes > sizeof buf ||
        kc_cipher_new(&c, argv[1], argv[2], key, info->key_bytes) != KC_OK) return 2;
    kc_status st = kc_cipher_encrypt_blocks(c, buf, buf, n * info->block_bytes);
    kc_cipher_free(c);
    return st == KC_OK ? 0 : 1;
}
EOF
aarch64-linux-gnu-gcc -O2 -static -Iinclude "$tmp/icount.c" "$lib" -o "$tmp/icount"

count() {   # cipher backend nblocks -> instructions executed by the whole process
  qemu-aarch64 -singlestep -d exec,nochain "$tmp/icount" "$@" 2>&1 >/dev/null | grep -c '^Trace'
}

qemu=$(qemu-aarch64 --version | head -1 | sed 's/ *Copyright.*//')
cc=$(aarch64-linux-gnu-gcc -dumpfullversion)
flags=$(sed -n 's/^CMAKE_C_FLAGS_RELEASE:STRING=//p' "$build/CMakeCache.txt")
pairs=$(qemu-aarch64 "$tmp/icount" list)
[ $# -gt 0 ] && pairs=$(grep -E "^($(IFS='|'; echo "$*")) " <<<"$pairs" || true)
[ -n "$pairs" ] || { echo "no such block cipher: $*" >&2; exit 2; }
while read -r cipher impl; do
  counts=$(for k in 1 2 3 4 5 6 7; do count "$cipher" "$impl" $((k * step)); done)
  value=$(awk -v n=$step 'NR > 1 { d = $1 - p; if (++seen[d] > best) { best = seen[d]; m = d } } { p = $1 }
                          END { printf "%.2f", m / n }' <<<"$counts")
  echo "$cipher $impl: $value instructions/block" >&2
  printf '{"target":"aarch64","primitive":"%s","impl":"%s","op":"encrypt","unit":"instructions_per_block","value":%s,' \
    "$cipher" "$impl" "$value"
  printf '"method":"qemu-aarch64 -singlestep exec trace: instructions added by %d more blocks (most frequent of 6), / %d","emulator":"%s","compiler":"aarch64-linux-gnu-gcc %s %s"}\n' \
    $step $step "$qemu" "$cc" "$flags"
done <<<"$pairs"
