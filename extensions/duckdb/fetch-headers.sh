#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fetches duckdb.h and duckdb_extension.h of the pinned DuckDB release into
# DIR (they are not committed): from the `duckdb` source package on PyPI
# (the file pip would download with --no-binary), checked against its
# SHA-256.  Usage: fetch-headers.sh DIR
set -euo pipefail
ver=1.4.4
sha256=8bba52fd2acb67668a4615ee17ee51814124223de836d9e2fdcbc4c9021b3d3c
dir=$1
if [ -f "$dir/duckdb_extension.h" ] && [ "$(cat "$dir/VERSION" 2>/dev/null)" = "$ver" ]; then exit 0; fi
mkdir -p "$dir"
sdist=$dir/duckdb-$ver.tar.gz
if ! [ -f "$sdist" ] || ! echo "$sha256  $sdist" | sha256sum -c --quiet 2>/dev/null; then
  # `pip download --no-binary :all: duckdb==$ver` would build the package's
  # build requirements from source first; the index's JSON page names the
  # same file directly.
  index=${PIP_INDEX_URL:-https://pypi.org/simple}
  url=$(curl -fsSL -H 'Accept: application/vnd.pypi.simple.v1+json' "${index%/}/duckdb/" |
        python3 -c "import json,sys
for f in json.load(sys.stdin)['files']:
    if f['filename'] == 'duckdb-$ver.tar.gz': print(f['url'])")
  [ -n "$url" ] || { echo "fetch-headers: duckdb-$ver.tar.gz not found on the index" >&2; exit 1; }
  curl -fsSL -o "$sdist.part" "$url"
  echo "$sha256  $sdist.part" | sha256sum -c --quiet
  mv "$sdist.part" "$sdist"
fi
tar -xzf "$sdist" -C "$dir" --strip-components=5 \
  "duckdb-$ver/external/duckdb/src/include/duckdb.h" "duckdb-$ver/external/duckdb/src/include/duckdb_extension.h"
echo "$ver" >"$dir/VERSION"
