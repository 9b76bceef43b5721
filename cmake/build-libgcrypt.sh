#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds libgcrypt (and the libgpg-error it needs) once from the source archives in
# $KC_PEERS_DIR (default ../shared/peers beside the repository) into a cache directory
# keyed by their versions, for the benchmark's libgcrypt peer (cmake/FindKcGcrypt.cmake).
# Prints the install prefix on the last line; exits non-zero with a reason otherwise.
# Their code is built, never copied into the repository (LGPL).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=${KC_PEERS_DIR:-$repo/../shared/peers}
gc=$(ls "$dir"/libgcrypt-1.1[1-9]*.tar.gz 2>/dev/null | sort -V | tail -n1 || true)
ge=$(ls "$dir"/libgpg-error-*.tar.gz 2>/dev/null | sort -V | tail -n1 || true)
[ -n "$gc" ] && [ -n "$ge" ] || { echo "no libgcrypt >= 1.11 / libgpg-error archives in $dir" >&2; exit 1; }
gcv=$(basename "$gc" .tar.gz); gev=$(basename "$ge" .tar.gz)
cache=${KC_PEERS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kcipher-peers}/$gcv+$gev
prefix=$cache/prefix
if [ -f "$cache/done" ]; then echo "$prefix"; exit 0; fi
rm -rf "$cache"; mkdir -p "$cache/src"
jobs=$(nproc 2>/dev/null || echo 2)
log=$cache/build.log
echo "libgcrypt: building $gcv with $gev into $cache (a few minutes, once; log: $log)" >&2
{
  tar xzf "$ge" -C "$cache/src" && tar xzf "$gc" -C "$cache/src" &&
  (cd "$cache/src/$gev" && ./configure --prefix="$prefix" --disable-doc --disable-tests --disable-nls \
     --enable-static --disable-shared --with-pic && make -j"$jobs" && make install) &&
  (cd "$cache/src/$gcv" && ./configure --prefix="$prefix" --with-libgpg-error-prefix="$prefix" --disable-doc \
     --enable-static --disable-shared --with-pic && make -j"$jobs" && make install)
} >"$log" 2>&1 || { echo "libgcrypt: the build failed (see $log)" >&2; exit 1; }
rm -rf "$cache/src"   # the install is what the bench needs
touch "$cache/done"
echo "$prefix"
