#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the built tree into a temporary prefix, then builds a consumer with
# find_package(kcipher) and another with pkg-config, and runs both.
# Usage: run.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
test -f "$tmp/prefix/include/kcipher.h"
cmake -S "$src/tests/install/consumer" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
LD_LIBRARY_PATH="$tmp/prefix/lib:$tmp/prefix/lib64:${LD_LIBRARY_PATH:-}" "$tmp/consumer/consumer_shared"
"$tmp/consumer/consumer_static"
pc=$(find "$tmp/prefix" -name kcipher.pc -printf '%h')
cc "$src/tests/install/consumer/main.c" -o "$tmp/pkgconfig_consumer" \
  $(PKG_CONFIG_PATH="$pc" pkg-config --cflags --libs kcipher) -Wl,-rpath,"$(dirname "$pc")"
"$tmp/pkgconfig_consumer"
echo "install: 3 passed, 0 failed"
