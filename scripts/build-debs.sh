#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian packages, with CPack (cmake/KcDebian.cmake): libkcipher0,
# libkcipher-dev, kcipher (CLI, kcipher-bench, man page) and
# postgresql-15-kcipher, into dist/.  Needs build-essential cmake help2man
# postgresql-server-dev-15 dpkg-dev (scripts/deps.sh test).
# Usage: scripts/build-debs.sh [OUT_DIR (dist)]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-dist}")
build=${KC_BUILD_DIR:-build}
dir=$build/deb
mkdir -p "$build" "$out"
if ! cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DKC_DEB=ON \
       -DKC_BUILD_TESTS=OFF -DKC_PEERS=OFF >"$dir.configure.log" 2>&1 ||
   ! cmake --build "$dir" -j"$(nproc 2>/dev/null || echo 2)" >"$dir.build.log" 2>&1 ||
   ! (cd "$dir" && cpack -G DEB) >"$dir.cpack.log" 2>&1; then
  tail -40 "$dir.configure.log" "$dir.build.log" "$dir.cpack.log" 2>/dev/null
  echo "build-debs: failed"
  exit 1
fi
rm -f "$out"/*.deb
cp "$dir"/*.deb "$out"/
ls -1 "$out"/*.deb
