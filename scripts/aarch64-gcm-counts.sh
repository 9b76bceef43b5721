#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# AES-GCM on AArch64 with CTR and GHASH stitched in one pass (armce's
# kernel with pmull, src/rijndael/armce_gcm.c) against the same gcm.c with
# the kernel hidden (CTR over a chunk, then GHASH over it, as
# bench/gcm_stitch.c does): instructions per byte of 16 KiB (12-byte IV, no
# AD), one-shot encryption and streaming decryption (gcm.c's stream, as
# bench/gcm_stitch.c's released one: one-shot decryption hashes the whole
# ciphertext before it decrypts, so it does not stitch), counted exactly under qemu-aarch64 as in
# scripts/aarch64-static-counts.sh (-d in_asm,exec,nochain): the difference
# between 2R and R operations, divided by R, so start-up and key set-up drop
# out.  Load-independent; instructions, not cycles: no ARM core is timed.
#
# Usage: scripts/aarch64-gcm-counts.sh [OUT.jsonl]   (default bench-results/aarch64-gcm.jsonl;
# the committed records: docs/aarch64-gcm.jsonl.gz, gzip -n of that file)
# Needs the cross build of scripts/test-aarch64.sh (${KC_BUILD_DIR:-build}/aarch64/libkcipher.a).
set -euo pipefail
cd "$(dirname "$0")/.."
lib=${KC_BUILD_DIR:-build}/aarch64/libkcipher.a
out=${1:-bench-results/aarch64-gcm.jsonl}
[ -f "$lib" ] || { echo "no $lib: run scripts/test-aarch64.sh first" >&2; exit 2; }
mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/drv.c" <<'DRV'
/* cipher backend ghash stitched|split encrypt|decrypt reps: reps x GCM on 16 KiB */
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "ghash/stitch.h"
#include "modes/mode_aead.h"

#define LEN 16384

int main(int argc, char **argv)
{
    if (argc != 7) return 2;
    static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
    static const uint8_t iv[12] = { 0xca, 0xfe, 0xba, 0xbe, 0xfa, 0xce, 0xdb, 0xad, 0xde, 0xca, 0xf8, 0x88 };
    static _Alignas(64) uint8_t in[LEN], out[LEN + 16], ref[LEN + 16], st[4096];
    kc_cipher *c;
    if (kc_cipher_new(&c, argv[1], argv[2], key, 32) != KC_OK &&
        kc_cipher_new(&c, argv[1], argv[2], key, 24) != KC_OK &&
        kc_cipher_new(&c, argv[1], argv[2], key, 16) != KC_OK) return 2;
    if (!c->impl->gcm_stitch) return 3;
    kc_block_backend plain_impl = *c->impl;   /* the kernel hidden: CTR, then GHASH */
    plain_impl.gcm_stitch = NULL;
    kc_cipher plain = *c;
    plain.impl = &plain_impl;
    const kc_cipher *use = strcmp(argv[4], "stitched") ? &plain : c;
    void *state = aligned_alloc(64, (kc_gcm_aead.state_size + 63) & ~(size_t)63);
    void *state_ref = aligned_alloc(64, (kc_gcm_aead.state_size + 63) & ~(size_t)63);
    if (!state || !state_ref) return 1;
    memset(state, 0, kc_gcm_aead.state_size);
    memset(state_ref, 0, kc_gcm_aead.state_size);
    if (kc_gcm_aead.init(state, use, argv[3]) != KC_OK || kc_gcm_aead.init(state_ref, &plain, argv[3]) != KC_OK) return 4;
    for (size_t i = 0; i < LEN; i++) in[i] = (uint8_t)(i * 7);
    size_t reps = strtoul(argv[6], NULL, 10);
    int enc = !strcmp(argv[5], "encrypt");
    if (kc_gcm_aead.stream_size > sizeof st) return 1;
    for (size_t r = 0; r < reps; r++) {
        if (enc) {
            kc_gcm_aead.encrypt(state, use, 16, out, iv, 12, NULL, 0, in, LEN);
        } else {
            kc_gcm_aead.stream_start(st, state, use, iv, 12);
            kc_gcm_aead.stream_data(st, 0, out, in, LEN);
            kc_gcm_aead.stream_tag(st, out + LEN);
        }
    }
    /* both ways give the same output and tag */
    kc_gcm_aead.stream_start(st, state_ref, &plain, iv, 12);
    kc_gcm_aead.stream_data(st, enc, ref, in, LEN);
    kc_gcm_aead.stream_tag(st, ref + LEN);
    return memcmp(out, ref, LEN + 16) ? 5 : 0;
}
DRV
aarch64-linux-gnu-gcc -O2 -static -std=c11 -Wall -Wextra -Werror -Iinclude -Isrc "$tmp/drv.c" "$lib" -lpthread -o "$tmp/drv"
qemu=$(qemu-aarch64 --version | head -1 | sed 's/ *Copyright.*//')
cc=$(aarch64-linux-gnu-gcc -dumpfullversion)

count() {   # cipher backend ghash way reps -> instructions of the whole process
  (cd "$tmp" && set -o pipefail && env -i qemu-aarch64 -d in_asm,exec,nochain ./drv "$@" 2>&1 >/dev/null |
     awk '/^IN:/ { tb = 1; k = 0; next }
          tb && /^0x[0-9a-f]+:/ { k++; next }
          /^Trace/ { if (tb) { size[$3] = k; tb = 0 } n += size[$3] }
          END { print n }') || { echo "aarch64-gcm-counts: $* failed" >&2; return 1; }
}

reps=4
: >"$out"
for c in aes-128 aes-192 aes-256; do
  for op in encrypt decrypt; do
  for way in stitched ctr-then-ghash; do
    a=$(count "$c" armce pmull "$way" "$op" "$reps")
    b=$(count "$c" armce pmull "$way" "$op" $((2 * reps)))
    v=$(python3 -c "print(round(($b - $a) / $reps / 16384, 3))")
    printf '{"target":"aarch64","kind":"gcm_stitch","emulator":"%s","compiler":"aarch64-linux-gnu-gcc %s -O2 (driver), library as cross-built","primitive":"%s-gcm","impl":"armce/pmull %s","op":"%s","api":"%s","msg_len":16384,"ad_len":0,"unit":"instructions_per_byte","value":%s,"method":"qemu-aarch64 -d in_asm,exec,nochain trace: instructions of %d more operations, / %d / 16384"}\n' \
      "$qemu" "$cc" "$c" "$way" "$op" "$([ "$op" = encrypt ] && echo one-shot || echo stream)" "$v" "$reps" "$reps" >>"$out"
    echo "aarch64-gcm-counts: $c armce/pmull $op $way: $v instructions/byte" >&2
  done
  done
done
echo "aarch64-gcm-counts: $out"
