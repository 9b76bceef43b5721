#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# TLS 1.2 with the ARIA-GCM suites of [RFC6209] between openssl s_server and
# s_client on the loopback, both configured by an openssl.cnf that loads the
# kcipher and default providers and prefers kcipher (default_properties =
# ?provider=kcipher).  Checks the suite, the data both ways, and through
# KCIPHER_PROVIDER_TRACE that the provider sealed and opened the records; a
# control run preferring the default provider must leave no trace.
# Usage: test_tls.sh DIR_WITH_kcipher.so
set -uo pipefail
module_dir=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

conf() {        # file, default_properties, load kcipher (1/0)
  {
    echo "openssl_conf = openssl_init"
    echo "[openssl_init]"
    echo "providers = provider_sect"
    echo "alg_section = evp_properties"
    echo "[provider_sect]"
    echo "default = default_sect"
    [ "$3" = 1 ] && echo "kcipher = kcipher_sect"
    echo "[default_sect]"
    echo "activate = 1"
    echo "[kcipher_sect]"
    echo "module = $module_dir/kcipher.so"
    echo "activate = 1"
    echo "[evp_properties]"
    echo "default_properties = $2"
  } > "$1"
}
conf "$work/prefer.cnf" "?provider=kcipher" 1
conf "$work/control.cnf" "?provider=default" 1
conf "$work/only.cnf" "provider=kcipher" 0

# Throwaway ECDSA and RSA certificates.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=localhost -days 1 \
  -keyout "$work/ec.key" -out "$work/ec.crt" 2>/dev/null || fail "EC certificate"
openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=localhost -days 1 \
  -keyout "$work/rsa.key" -out "$work/rsa.crt" 2>/dev/null || fail "RSA certificate"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# session NAME CONF SUITE KEY: one connection, a line each way; leaves
# $work/NAME.{server,client,trace}.
session() {
  local name=$1 cnf=$2 suite=$3 key=$4 port i
  local trace=$work/$name.trace
  rm -f "$trace"
  for attempt in 1 2 3; do
    port=$(free_port)
    (printf 'from-server-%s\n' "$name"; sleep 3) |
      OPENSSL_CONF=$cnf KCIPHER_PROVIDER_TRACE=$trace \
      timeout 20 openssl s_server -accept "127.0.0.1:$port" -naccept 1 -tls1_2 -cipher "$suite" \
        -cert "$work/$key.crt" -key "$work/$key.key" > "$work/$name.server" 2>&1 &
    local spid=$!
    for i in $(seq 50); do   # until it listens
      grep -q ACCEPT "$work/$name.server" 2>/dev/null && break
      sleep 0.1
    done
    if grep -q ACCEPT "$work/$name.server"; then break; fi
    kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null
  done
  (printf 'from-client-%s\n' "$name"; sleep 1) |
    OPENSSL_CONF=$cnf KCIPHER_PROVIDER_TRACE=$trace \
    timeout 20 openssl s_client -connect "127.0.0.1:$port" -tls1_2 -cipher "$suite" \
      -servername localhost > "$work/$name.client" 2>&1
  wait "$spid" 2>/dev/null
}

check_session() {   # NAME SUITE AES-NAME expect-trace(1/0)
  local name=$1 suite=$2 alg=$3 want=$4
  grep -q "Cipher is $suite" "$work/$name.client" || { fail "$name: suite $suite not negotiated"; sed 's/^/  client: /' "$work/$name.client" | tail -15; sed 's/^/  server: /' "$work/$name.server" | tail -10; }
  grep -q "from-server-$name" "$work/$name.client" || fail "$name: server data did not reach the client"
  grep -q "from-client-$name" "$work/$name.server" || fail "$name: client data did not reach the server"
  local sealed opened
  sealed=$(grep -c "^tls-record-encrypt $alg\$" "$work/$name.trace" 2>/dev/null)
  opened=$(grep -c "^tls-record-decrypt $alg\$" "$work/$name.trace" 2>/dev/null)
  echo "$name: $suite, kcipher $alg sealed ${sealed:-0} and opened ${opened:-0} records (both ends)"
  if [ "$want" = 1 ]; then
    [ "${sealed:-0}" -ge 4 ] && [ "${opened:-0}" -ge 4 ] || fail "$name: the provider did not carry the records"
  else
    [ "${sealed:-0}" -eq 0 ] && [ "${opened:-0}" -eq 0 ] || fail "$name: control run used the provider"
  fi
}

session ecdsa128 "$work/prefer.cnf" ECDHE-ECDSA-ARIA128-GCM-SHA256 ec
check_session ecdsa128 ECDHE-ECDSA-ARIA128-GCM-SHA256 ARIA-128-GCM 1
session rsa256 "$work/prefer.cnf" ECDHE-ARIA256-GCM-SHA384 rsa
check_session rsa256 ECDHE-ARIA256-GCM-SHA384 ARIA-256-GCM 1
session control "$work/control.cnf" ECDHE-ECDSA-ARIA128-GCM-SHA256 ec
check_session control ECDHE-ECDSA-ARIA128-GCM-SHA256 ARIA-128-GCM 0

# Requiring provider=kcipher without loading it: no ARIA-GCM suite (no cipher at all).
if OPENSSL_CONF=$work/only.cnf timeout 10 openssl s_client -connect 127.0.0.1:1 -tls1_2 \
     -cipher ECDHE-ECDSA-ARIA128-GCM-SHA256 < /dev/null > "$work/only.out" 2>&1 ||
   ! grep -qiE "no cipher match|has no ciphers" "$work/only.out"; then
  fail "without the provider, provider=kcipher should leave no ARIA-GCM suite"; cat "$work/only.out"
fi

[ "$fails" -eq 0 ] && echo "TLS: all checks passed" || echo "TLS: $fails failed"
exit $((fails > 0))
