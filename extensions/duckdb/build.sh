#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds kcipher.duckdb_extension: fetches the pinned DuckDB headers,
# compiles against KCIPHER_BUILD/libkcipher.a, appends the metadata footer.
# Prints the extension's path.  Usage: build.sh KCIPHER_BUILD OUT
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
kbuild=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
"$here/fetch-headers.sh" "$out/include" >&2
make -s -f "$here/Makefile" KCIPHER_BUILD="$kbuild" OUT="$out" DUCKDB_INCLUDE="$out/include" "$out/kcipher.so" >&2
case $(uname -m) in
  x86_64) plat=linux_amd64 ;;
  aarch64|arm64) plat=linux_arm64 ;;
  *) plat=linux_$(uname -m) ;;
esac
ver=$(sed -n 's/.*KC_VERSION_STRING "\(.*\)".*/\1/p' "$here/../../include/kcipher.h")
cp "$out/kcipher.so" "$out/kcipher.duckdb_extension"
python3 "$here/append-metadata.py" "$out/kcipher.duckdb_extension" \
  --platform "${DUCKDB_PLATFORM:-$plat}" --extension-version "v$ver"
echo "$out/kcipher.duckdb_extension"
