#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian packages as a user gets them: scripts/build-debs.sh, then
# `dpkg -i` of the four packages, then from the installed system only:
# `kcipher list` and the man page; a pkg-config consumer and a CMake consumer
# (tests/install/consumer) built and run; `CREATE EXTENSION kcipher` and a
# token equal to the CLI's in a PostgreSQL 15 started here (as
# scripts/test-sql.sh does).  Ends with `dpkg -P` (purge) of the four, so that the
# system is as before (also on failure).  Needs root (sudo when not root).
# Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${KC_BUILD_DIR:-build}
mkdir -p "$build"
out=$(cd "$build" && pwd)/debs
pgbin=/usr/lib/postgresql/15/bin
pkgs=(postgresql-15-kcipher kcipher libkcipher-dev libkcipher0)   # removal order
passed=0 failed=0 start=$SECONDS
ok()  { echo "ok: $1"; passed=$((passed + 1)); }
bad() { echo "FAILED: $1"; failed=$((failed + 1)); }
sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo

for p in "${pkgs[@]}"; do   # never remove a kcipher the machine had before
  if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    echo "debs: $p is already installed; not testing over it"; echo "all suites: 0 passed, 1 failed"; exit 1
  fi
done

echo "== Debian packages: building (scripts/build-debs.sh)"
if ! scripts/build-debs.sh "$out"; then echo "all suites: 0 passed, 1 failed"; exit 1; fi
ok "build-debs: $(cd "$out" && echo *.deb)"

tmp=$(mktemp -d /tmp/kcipher-debs.XXXXXX)
pg_user=""
as_pg() { if [ -n "$pg_user" ]; then (cd "$tmp" && runuser -u "$pg_user" -- "$@"); else (cd "$tmp" && "$@"); fi; }
cleanup() {
  [ -f "$tmp/data/postmaster.pid" ] && as_pg "$pgbin/pg_ctl" -D "$tmp/data" -m fast -w stop >/dev/null 2>&1
  $sudo dpkg -P "${pkgs[@]}" >/dev/null 2>&1   # done below; again here when a step failed
  rm -rf "$tmp"
}
trap cleanup EXIT

if $sudo dpkg -i "$out"/*.deb >"$tmp/dpkg.log" 2>&1; then ok "dpkg -i"; else cat "$tmp/dpkg.log"; bad "dpkg -i"; fi

# The CLI and its man page
if out_list=$(/usr/bin/kcipher list) && grep -q '^lea-128' <<<"$out_list"; then ok "kcipher list"; else bad "kcipher list"; fi
man=/usr/share/man/man1/kcipher.1.gz
if [ -f "$man" ] && zcat "$man" | grep -q '^\.TH KCIPHER "1"' && zcat "$man" | grep -q 'tokenize'; then
  ok "man page"; else bad "man page ($man)"; fi

# Consumers of libkcipher-dev: pkg-config (shared, from the system path), CMake (shared and static)
if cc "$root/tests/install/consumer/main.c" -o "$tmp/pc_consumer" $(pkg-config --cflags --libs kcipher) &&
   "$tmp/pc_consumer" && libs=$(ldd "$tmp/pc_consumer") && grep -q 'libkcipher\.so\.0 => /\(usr/\)\?lib/' <<<"$libs"; then
  ok "pkg-config consumer"; else bad "pkg-config consumer"; fi
if cmake -S "$root/tests/install/consumer" -B "$tmp/cmake" >"$tmp/cmake.log" 2>&1 &&
   cmake --build "$tmp/cmake" >>"$tmp/cmake.log" 2>&1 &&
   "$tmp/cmake/consumer_shared" && "$tmp/cmake/consumer_static"; then
  ok "CMake consumer"; else cat "$tmp/cmake.log"; bad "CMake consumer"; fi

# postgresql-15-kcipher: CREATE EXTENSION in a server of its own; a token equal to the CLI's
pg_test() {
  if [ "$(id -u)" -eq 0 ]; then
    pg_user=postgres
    id -u "$pg_user" >/dev/null 2>&1 ||
      useradd --system --no-create-home --shell /usr/sbin/nologin "$pg_user" || return 1
  fi
  mkdir -p "$tmp/keys" "$tmp/sock"
  head -c 32 /dev/urandom >"$tmp/keys/k256"
  chmod 700 "$tmp" "$tmp/keys" "$tmp/sock"; chmod 600 "$tmp/keys/k256"
  [ -n "$pg_user" ] && chown -R "$pg_user" "$tmp"
  as_pg "$pgbin/initdb" -D "$tmp/data" -U kcipher -A trust -E UTF8 --no-locale -N >"$tmp/initdb.log" 2>&1 ||
    { tail -20 "$tmp/initdb.log"; return 1; }
  printf "listen_addresses = ''\nunix_socket_directories = '%s/sock'\nkcipher.key_dir = '%s/keys'\nfsync = off\n" \
    "$tmp" "$tmp" >>"$tmp/data/postgresql.conf"
  as_pg "$pgbin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 120 start >/dev/null ||
    { tail -20 "$tmp/server.log"; return 1; }
  local psql=("$pgbin/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$tmp/sock" -U kcipher -d postgres) sql cli
  sql=$("${psql[@]}" -c "CREATE EXTENSION kcipher" -c "SELECT kc_tokenize('4111-1111-1111-1111', 'card', 'k256')") ||
    return 1
  cli=$(/usr/bin/kcipher fpe encrypt --cipher ff1-aes-256 --key-file "$tmp/keys/k256" --format card 4111-1111-1111-1111) ||
    return 1
  echo "token: SQL $sql, CLI $cli"
  [ -n "$sql" ] && [ "$sql" = "$cli" ]
}
if pg_test; then ok "CREATE EXTENSION kcipher (postgresql-15-kcipher), token equal to the CLI's"
else bad "PostgreSQL extension from postgresql-15-kcipher"; fi
as_pg "$pgbin/pg_ctl" -D "$tmp/data" -m fast -w stop >/dev/null 2>&1

# Removal leaves nothing of ours behind
$sudo dpkg -P "${pkgs[@]}" >"$tmp/remove.log" 2>&1 || cat "$tmp/remove.log"
left=$(dpkg-query -W -f='${Package} ${Status}\n' "${pkgs[@]}" 2>/dev/null | grep -c ' installed$' || true)
if [ "$left" = 0 ] && [ ! -e /usr/bin/kcipher ] && [ ! -e /usr/include/kcipher.h ]; then ok "dpkg -P (purge)"; else bad "dpkg -P (purge)"; fi
echo "debs: $((SECONDS - start)) s"
echo "all suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
