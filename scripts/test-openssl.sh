#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The OpenSSL 3 provider (extensions/openssl, docs/openssl.md): builds
# kcipher.so (or takes $KC_OPENSSL_NATIVE's), then runs through it the EVP test (OpenSSL's ARIA vectors when
# ../shared/vectors is there, random messages against the default provider,
# TLS records, failure paths; LSH digests against Crypto++'s TestVectors
# where installed, kc_hash, and HMAC-LSH through OpenSSL's HMAC against
# kc_mac), `openssl enc`, `openssl dgst -lsh256` and `openssl mac` against
# the kcipher CLI,
# `openssl speed -evp` (runs, no speed asserted), a TLS 1.2 ARIA-GCM session
# between s_server and s_client, and a one-second pass of the benchmark
# script.  Ends with "openssl provider: N passed, N failed"; exit 1 on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
build=${KC_BUILD_DIR:-build}/openssl
jobs=$(nproc 2>/dev/null || echo 2)
passed=0 failed=0
step() {        # name, command...
  local name=$1; shift
  echo "== openssl provider: $name"
  if "$@"; then passed=$((passed + 1)); else echo "openssl provider: $name FAILED"; failed=$((failed + 1)); fi
}

# KC_OPENSSL_NATIVE: a build dir that made the module, its test and the CLI already
# (scripts/test.sh: its first, -DKC_OPENSSL_PROVIDER=ON).
native=${KC_OPENSSL_NATIVE:-}
if [ -n "$native" ] && [ -f "$native/extensions/openssl/kcipher.so" ] &&
   [ -x "$native/extensions/openssl/test_openssl_provider" ] && [ -x "$native/kcipher" ]; then
  build=$native
  echo "== openssl provider: the module, its test and the CLI of $build"
else
  mkdir -p "$build"
  if ! cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DKC_OPENSSL_PROVIDER=ON -DKC_BUILD_TESTS=OFF \
         -DKC_PEERS=OFF >"$build.configure.log" 2>&1 ||
     ! cmake --build "$build" -j"$jobs" --target kcipher_ossl_provider test_openssl_provider kcipher_cli \
         >"$build.build.log" 2>&1; then
    cat "$build.configure.log" "$build.build.log" | tail -40
    echo "openssl provider: build failed"
    echo "openssl provider: 0 passed, 1 failed"
    exit 1
  fi
fi
mod=$build/extensions/openssl
vectors=${KC_VECTORS_EXTRA:-../shared/vectors}/gcm/aria_gcm_ccm_openssl_evpciph_aria.txt
[ -r "$vectors" ] || vectors=-      # the test prints a SKIP line for the vector part

step "EVP (vectors, differential, TLS records, failures, TinyJAMBU)" "$mod/test_openssl_provider" "$mod" \
  "$vectors" tests/vectors/tinyjambu/tinyjambu_oracle_random.tsv
step "openssl enc = kcipher CLI" extensions/openssl/tests/test_cli.sh "$mod" "$build/kcipher"
step "openssl dgst -lsh256 / openssl mac HMAC = kcipher hash / mac" extensions/openssl/tests/test_dgst.sh "$mod" \
  "$build/kcipher"
speed_runs() {
  local c out ok=0
  for c in aria-128-gcm lea-128-gcm aria-128-ctr; do
    out=$(openssl speed -provider-path "$mod" -provider kcipher -provider default -propquery provider=kcipher \
            -seconds 1 -bytes 16384 -mr -evp $c 2>&1)
    grep -q "^+F:.*:${c^^}:" <<<"$out" && echo "speed -evp $c: $(grep '^+F' <<<"$out")" ||
      { echo "speed -evp $c failed:"; echo "$out" | tail -5; ok=1; }
  done
  return $ok
}
step "openssl speed -evp through the provider" speed_runs
step "TLS 1.2 ARIA-GCM (s_server / s_client)" extensions/openssl/tests/test_tls.sh "$mod"
bench_smoke() {
  local out=$build/bench-smoke.jsonl md
  python3 extensions/openssl/bench.py --module-dir "$mod" --out "$out" --runs 1 --seconds 1 >/dev/null &&
    [ "$(grep -c '"type": "measurement"' "$out")" -eq 6 ] &&
    md=$(python3 extensions/openssl/bench.py --markdown "$out") && grep -q "ARIA-128-GCM | kcipher" <<<"$md"
}
step "benchmark script (one-second pass, numbers not checked)" bench_smoke
echo "openssl provider: $passed passed, $failed failed"
exit $((failed > 0))
