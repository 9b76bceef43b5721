#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `openssl enc` through the kcipher provider against the kcipher CLI, byte
# for byte, both directions, for each block cipher and mode the CLI shares
# with enc (enc takes no AEAD).  -propquery provider=kcipher makes enc take
# our ARIA, not the default provider's.
# Usage: test_cli.sh DIR_WITH_kcipher.so PATH_TO_kcipher_CLI
set -uo pipefail
module_dir=$1 cli=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0 runs=0
ossl() { openssl enc -provider-path "$module_dir" -provider kcipher -provider default \
           -propquery provider=kcipher "$@"; }

head -c 1000 /dev/urandom > "$work/pt"
head -c 5 /dev/urandom > "$work/short"
for cipher in aria-128 aria-192 aria-256 lea-128 lea-192 lea-256 rc6-128 pipo-64-128 pipo-64-256 \
    hight-64-128 cham-64-128 cham-128-128 cham-128-256 seed-128; do
  case $cipher in
    *-128) klen=16 ;; *-192) klen=24 ;; *) klen=32 ;;
  esac
  case $cipher in pipo*|hight*|cham-64*) blen=8 ;; *) blen=16 ;; esac
  key=$(head -c $klen /dev/urandom | od -An -tx1 | tr -d ' \n')
  iv=$(head -c $blen /dev/urandom | od -An -tx1 | tr -d ' \n')
  for mode in ecb cbc ctr cfb ofb; do
    for input in pt short; do
      runs=$((runs + 1))
      name="${cipher^^}-${mode^^} ($input)"
      ivarg=(-iv "$iv"); cliiv=(--iv "$iv"); pad=(--pad)
      [ $mode = ecb ] && { ivarg=(); cliiv=(); }
      case $mode in ctr|cfb|ofb) pad=() ;; esac
      if ! ossl -e -"$cipher-$mode" -K "$key" "${ivarg[@]}" -in "$work/$input" -out "$work/o.enc" 2>"$work/err" ||
         ! "$cli" encrypt --cipher "$cipher" --mode $mode --key "$key" "${cliiv[@]}" "${pad[@]}" \
             < "$work/$input" > "$work/c.enc" 2>>"$work/err"; then
        echo "FAIL: $name: a tool failed"; cat "$work/err"; fails=$((fails + 1)); continue
      fi
      cmp -s "$work/o.enc" "$work/c.enc" || { echo "FAIL: $name: openssl enc and kcipher encrypt differ"; fails=$((fails + 1)); }
      # Each decrypts the other's ciphertext.
      ossl -d -"$cipher-$mode" -K "$key" "${ivarg[@]}" -in "$work/c.enc" -out "$work/o.dec" 2>"$work/err" &&
        cmp -s "$work/o.dec" "$work/$input" || { echo "FAIL: $name: openssl enc -d of kcipher's output"; cat "$work/err"; fails=$((fails + 1)); }
      "$cli" decrypt --cipher "$cipher" --mode $mode --key "$key" "${cliiv[@]}" "${pad[@]}" \
          < "$work/o.enc" > "$work/c.dec" 2>"$work/err" &&
        cmp -s "$work/c.dec" "$work/$input" || { echo "FAIL: $name: kcipher decrypt of openssl's output"; cat "$work/err"; fails=$((fails + 1)); }
    done
  done
done
echo "enc vs CLI: $runs cases, $fails failed"
exit $((fails > 0))
