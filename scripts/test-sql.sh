#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The SQL extensions against real databases (docs/sql.md).  Builds
# libkcipher.a (position-independent) and the CLI in $KC_BUILD_DIR/sql (or
# takes those of the build dir $KC_SQL_NATIVE when it has them), then
#  - PostgreSQL 15: the PGXS extension, installed with `make install`; a
#    server of its own (initdb in a temporary directory, Unix socket only,
#    run as the `postgres` user when this runs as root) runs
#    extensions/postgres/test/*.sql against the CLI's output; stopped at the end.
#  - DuckDB: the loadable extension, built against the headers of the pinned
#    duckdb release, loaded into the duckdb Python package
#    (extensions/duckdb/test.py).
# Ends with "N passed, N failed".  KC_SQL_SKIP_PG=1 / KC_SQL_SKIP_DUCKDB=1 skip a part.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${KC_BUILD_DIR:-build}
mkdir -p "$build"
dir=$(cd "$build" && pwd)/sql
pgbin=/usr/lib/postgresql/15/bin
passed=0 failed=0
ok()   { echo "ok: $1"; passed=$((passed + 1)); }
bad()  { echo "FAILED: $1"; failed=$((failed + 1)); }
sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo

# lib: the CMake build with libkcipher.a, libkcipher.so and the CLI; KC_SQL_NATIVE
# names one that made them already (scripts/test.sh: its first).
lib=${KC_SQL_NATIVE:-}
mkdir -p "$dir"
if [ -n "$lib" ] && [ -f "$lib/libkcipher.a" ] && [ -f "$lib/libkcipher.so" ] && [ -x "$lib/kcipher" ]; then
  lib=$(cd "$lib" && pwd)
  echo "== SQL extensions: libkcipher and the CLI of $lib"
else
  lib=$dir
  echo "== SQL extensions: building libkcipher and the CLI ($dir)"
  if ! cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DKC_BUILD_TESTS=OFF -DKC_PEERS=OFF >"$dir.configure.log" 2>&1 ||
     ! cmake --build "$dir" -j2 --target kcipher_static kcipher_shared kcipher_cli >"$dir.build.log" 2>&1; then
    tail -40 "$dir.configure.log" "$dir.build.log"
    echo "all suites: 0 passed, 1 failed"
    exit 1
  fi
fi
cli=$lib/kcipher

# ---- PostgreSQL 15 ----------------------------------------------------------
tmp=""
pg_user=""
as_user() { if [ -n "$pg_user" ]; then (cd "$tmp" && runuser -u "$pg_user" -- "$@"); else (cd "$tmp" && "$@"); fi; }
cleanup() {
  if [ -n "$tmp" ] && [ -f "$tmp/data/postmaster.pid" ]; then
    as_user "$pgbin/pg_ctl" -D "$tmp/data" -m fast -w stop >/dev/null 2>&1
  fi
  [ -n "$tmp" ] && rm -rf "$tmp"
}
trap cleanup EXIT

pg_start() {   # builds and installs the extension, starts a server; 1 on failure
  mkdir -p "$dir/pg"
  if ! make -C "$dir/pg" -f "$root/extensions/postgres/Makefile" PG_CONFIG="$pgbin/pg_config" \
         with_llvm=no KCIPHER_BUILD="$lib" >"$dir/pg.build.log" 2>&1 ||
     ! $sudo make -C "$dir/pg" -f "$root/extensions/postgres/Makefile" PG_CONFIG="$pgbin/pg_config" \
         with_llvm=no KCIPHER_BUILD="$lib" install >>"$dir/pg.build.log" 2>&1; then
    tail -30 "$dir/pg.build.log"; bad "PostgreSQL extension build"; return 1
  fi
  ok "PostgreSQL extension build and install"

  # PostgreSQL refuses to run as root: the server runs as `postgres` (made if missing).
  if [ "$(id -u)" -eq 0 ]; then
    pg_user=postgres
    id -u "$pg_user" >/dev/null 2>&1 ||
      useradd --system --no-create-home --shell /usr/sbin/nologin "$pg_user" || { bad "user $pg_user"; return 1; }
  fi
  tmp=$(mktemp -d /tmp/kcipher-sql.XXXXXX)
  mkdir -p "$tmp/keys" "$tmp/sock"
  head -c 32 /dev/urandom >"$tmp/keys/k256"                                   # raw
  head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$tmp/keys/k128"; echo >>"$tmp/keys/k128"   # hex
  head -c 20 /dev/urandom >"$tmp/keys/k20"                                    # no AES key length
  chmod 700 "$tmp" "$tmp/keys" "$tmp/sock"; chmod 600 "$tmp"/keys/*
  # A keyring (kcipher.keyring): cards@1 and cards@2 (active), old@1 retired; the CLI's tokens under
  # each version of 50 card numbers, for keyring.sql (made here: after the chown, the server's user owns it)
  local r=(--keyring "$tmp/ring") t=("$cli" tokenize --cipher ff1-aes-256 --column card=card --keyring "$tmp/ring")
  { printf 'id,card\n'; for i in $(seq 1 50); do printf '%d,4%015d\n' "$i" $((i * 7919 + 13)); done; } >"$tmp/ring_clear.csv"
  if ! { "$cli" key new cards --cipher ff1-aes-256 "${r[@]}" && "$cli" key new old --cipher ff1-aes-128 "${r[@]}" &&
         "${t[@]}" --key-name cards <"$tmp/ring_clear.csv" >"$tmp/ring_v1.csv" &&
         "$cli" key rotate cards "${r[@]}" && "$cli" key rotate old "${r[@]}" && "$cli" key retire old@1 "${r[@]}" &&
         "${t[@]}" --key-name cards@2 <"$tmp/ring_clear.csv" >"$tmp/ring_v2.csv"
       } >"$dir/pg.keyring.log" 2>&1; then
    cat "$dir/pg.keyring.log"; bad "keyring for the PostgreSQL tests"; return 1
  fi
  [ -n "$pg_user" ] && chown -R "$pg_user" "$tmp"
  if ! as_user "$pgbin/initdb" -D "$tmp/data" -U kcipher -A trust -E UTF8 --no-locale -N >"$dir/pg.initdb.log" 2>&1; then
    tail -20 "$dir/pg.initdb.log"; bad "initdb"; return 1
  fi
  cat >>"$tmp/data/postgresql.conf" <<EOF
listen_addresses = ''
unix_socket_directories = '$tmp/sock'
kcipher.key_dir = '$tmp/keys'
kcipher.keyring = '$tmp/ring'
fsync = off
max_parallel_workers = 4
EOF
  if ! as_user "$pgbin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 120 start >/dev/null; then
    tail -20 "$tmp/server.log"; bad "PostgreSQL server start"; return 1
  fi
  psql=("$pgbin/psql" -X -q -v ON_ERROR_STOP=1 -h "$tmp/sock" -U kcipher -d postgres)
}

pg_test() {
  echo "== PostgreSQL 15 extension"
  pg_start || return
  local t=extensions/postgres/test good=1 start=$SECONDS
  "${psql[@]}" -f $t/setup.sql &&
  "${psql[@]}" -c "COPY (SELECT id, card FROM cards ORDER BY id) TO STDOUT (FORMAT csv, HEADER)" >"$tmp/cards.csv" &&
  "${psql[@]}" -c "COPY (SELECT id, rrn FROM rrns ORDER BY id) TO STDOUT (FORMAT csv, HEADER)" >"$tmp/rrns.csv" &&
  "$cli" tokenize --cipher ff1-aes-256 --key-file "$tmp/keys/k256" --column card=card <"$tmp/cards.csv" >"$tmp/cards_cli.csv" &&
  "$cli" tokenize --cipher fea2-128 --key-file "$tmp/keys/k128" --column rrn=kr-rrn --tweak-context \
      <"$tmp/rrns.csv" >"$tmp/rrns_cli.csv" &&
  "${psql[@]}" -c "CREATE TABLE cards_cli (id int PRIMARY KEY, card text)" \
      -c "COPY cards_cli FROM STDIN (FORMAT csv, HEADER)" <"$tmp/cards_cli.csv" &&
  "${psql[@]}" -c "CREATE TABLE rrns_cli (id int PRIMARY KEY, rrn text)" \
      -c "COPY rrns_cli FROM STDIN (FORMAT csv, HEADER)" <"$tmp/rrns_cli.csv" &&
  "${psql[@]}" -v aead_out="$tmp/aead.hex" -f $t/check.sql &&
  for v in clear v1 v2; do
    "${psql[@]}" -c "CREATE TABLE ring_$v (id int PRIMARY KEY, card text)" \
        -c "COPY ring_$v FROM STDIN (FORMAT csv, HEADER)" <"$tmp/ring_$v.csv" || break
  done &&
  "${psql[@]}" -f $t/keyring.sql || good=0
  if [ $good = 1 ]; then   # kc_encrypt's nonce || ciphertext || tag, opened by the CLI
    local c n pt
    c=$(tr -d ' \n' <"$tmp/aead.hex"); n=${c:0:24}
    pt=$("$cli" decrypt --cipher tinyjambu-128 --key-file "$tmp/keys/k128" --nonce "$n" --ad 0001 --hex "${c:24}")
    [ "$pt" = 48656c6c6f ] || { echo "kc_encrypt output not opened by kcipher decrypt: '$pt'"; good=0; }
  fi
  echo "PostgreSQL tests: $((SECONDS - start)) s"
  [ $good = 1 ] && ok "PostgreSQL tests (1M rows vs the CLI, parallel query, AEAD, errors, keyring versions, kc_retokenize)" || bad "PostgreSQL tests"
  cleanup; tmp=""
}

# ---- DuckDB -------------------------------------------------------------------
ext=""
duckdb_build() {
  if ! ext=$(extensions/duckdb/build.sh "$lib" "$dir/duckdb" 2>"$dir/duckdb.build.log"); then
    tail -30 "$dir/duckdb.build.log"; bad "DuckDB extension build"; return 1
  fi
  ok "DuckDB extension build"
}

duckdb_test() {
  echo "== DuckDB extension"
  duckdb_build || return
  if python3 extensions/duckdb/test.py --extension "$ext" --cli "$cli" --rows "${KC_SQL_DUCKDB_ROWS:-10000000}"; then
    ok "DuckDB tests"
  else
    bad "DuckDB tests"
  fi
}

# ---- benchmark (scripts/bench-sql.sh): --bench OUT.jsonl [bench_sql.py measure options]
if [ "${1:-}" = --bench ]; then
  out=$2; shift 2
  touch "$out" && out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")
  python3 -c "import pyarrow, numpy, duckdb" 2>/dev/null ||
    python3 -m pip install --quiet pyarrow numpy duckdb==1.4.4 || exit 1
  echo "== SQL benchmark"
  pg_start && duckdb_build || exit 1
  python3 extensions/bench_sql.py measure --out "$out" --psql "${psql[*]}" --key-name k256 --key "$tmp/keys/k256" \
    --extension "$ext" --lib "$lib/libkcipher.so" \
    --lib-version "$(sed -n 's/.*KC_VERSION_STRING "\(.*\)".*/\1/p' include/kcipher.h)" "$@" || exit 1
  echo "records appended to $out"
  exit 0
fi

[ "${KC_SQL_SKIP_PG:-0}" = 1 ] || pg_test
[ "${KC_SQL_SKIP_DUCKDB:-0}" = 1 ] || duckdb_test
echo "sql: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
