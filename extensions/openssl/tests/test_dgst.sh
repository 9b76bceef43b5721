#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# LSH through the provider on the command line against the kcipher CLI:
# `openssl dgst -lsh256` (every LSH name, the short and the long spelling)
# = `kcipher hash`, and `openssl mac -digest LSH-256 ... HMAC` (the default
# provider's HMAC over our digest) = `kcipher mac --mode hmac`.
# Usage: test_dgst.sh DIR_WITH_kcipher.so PATH_TO_kcipher_CLI
set -uo pipefail
module_dir=$1 cli=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0 runs=0
prov=(-provider-path "$module_dir" -provider kcipher -provider default)
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

for len in 0 3 127 128 129 256 1000 70000; do
  head -c $len /dev/urandom > "$work/m$len"
done
# openssl option (name without its dash), kcipher name
for pair in lsh256-224:lsh-256-224 lsh256:lsh-256 lsh-256:lsh-256-256 lsh512-224:lsh-512-224 \
    lsh512-256:lsh-512-256 lsh512-384:lsh-512-384 lsh512:lsh-512 lsh-512-512:lsh-512-512; do
  opt=${pair%%:*} kc=${pair#*:}
  for f in "$work"/m*; do
    runs=$((runs + 1))
    ours=$("$cli" hash --alg "$kc" --in "$f" 2>&1)
    theirs=$(openssl dgst "${prov[@]}" -"$opt" -r "$f" 2>&1 | cut -d' ' -f1)
    [ -n "$ours" ] && [ "$ours" = "$theirs" ] || fail "openssl dgst -$opt ($(wc -c <"$f") bytes): '$theirs', kcipher hash: '$ours'"
  done
done
for kc in lsh-256 lsh-256-224; do
  name=${kc^^}; [ $kc = lsh-256 ] || name=LSH-256-224
  for klen in 1 16 32 128 129 200; do
    key=$(head -c $klen /dev/urandom | od -An -tx1 | tr -d ' \n')
    for f in "$work"/m0 "$work"/m129 "$work"/m1000; do
      runs=$((runs + 1))
      ours=$("$cli" mac --mode hmac --hash "$kc" --key "$key" --in "$f" 2>&1)
      theirs=$(openssl mac "${prov[@]}" -digest "$name" -macopt hexkey:"$key" -in "$f" HMAC 2>&1 | tr A-F a-f)
      [ -n "$ours" ] && [ "$ours" = "$theirs" ] || fail "HMAC-$name key $klen bytes: openssl mac '$theirs', kcipher mac '$ours'"
    done
  done
done
echo "dgst and mac vs CLI: $runs cases, $fails failed"
exit $((fails > 0))
