#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs, only when missing, the Debian 12 packages a job needs.
# Usage: scripts/deps.sh test|bench|aarch64|rv32|avr|armv7m ...
set -euo pipefail

pkgs=()
for what in "$@"; do
  case $what in
    test)    pkgs+=(build-essential cmake pkg-config python3 python3-pip python3-venv valgrind
                    libssl-dev libcrypto++-dev libbotan-2-dev libcrypto++-utils
                    clang libclang-rt-14-dev openjdk-17-jdk-headless maven
                    postgresql-15 postgresql-server-dev-15 curl python3-cryptography openssl
                    python3-matplotlib) ;;   # curl: scripts/test-sql.sh; matplotlib: the plots bench/report.py draws
    bench)   pkgs+=(build-essential cmake pkg-config python3 python3-matplotlib
                    libssl-dev libcrypto++-dev libbotan-2-dev openssl python3-venv openjdk-17-jdk-headless
                    postgresql-15 postgresql-server-dev-15 curl llvm valgrind maven) ;;
    aarch64) pkgs+=(cmake make python3 gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user) ;;
    rv32)    pkgs+=(cmake make gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-system-misc) ;;
    avr)     pkgs+=(cmake make python3 gcc libc6-dev gcc-avr binutils-avr avr-libc simavr libsimavr-dev libelf-dev) ;;
    armv7m)  pkgs+=(cmake make python3 gcc-arm-none-eabi libnewlib-arm-none-eabi picolibc-arm-none-eabi qemu-system-arm) ;;
    *) echo "deps: unknown job '$what'" >&2; exit 2 ;;
  esac
done
[[ " $* " == *" test "* ]] && pkgs+=(softhsm2)   # tests/test_pkcs11.c: a real PKCS#11 token
[[ " $* " == *" test "* ]] && pkgs+=(help2man dpkg-dev)   # scripts/test-debs.sh: the man page, dpkg-shlibdeps

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  apt=(env DEBIAN_FRONTEND=noninteractive apt-get -qq -o DPkg::Lock::Timeout=600)
  $sudo "${apt[@]}" update
  $sudo "${apt[@]}" install -y --no-install-recommends "${missing[@]}" >/dev/null
fi

# Independent references for the differential tests: Rijndael with 192/256-bit
# blocks (py3rijndael), FF3-1 (ff3), FF1/FF3-1 over AES and ARIA (Bouncy Castle,
# from Maven Central).  A reference that cannot be had is skipped by its test.
if [[ " $* " == *" test "* ]]; then
  for mod in py3rijndael ff3; do
    python3 -c "import $mod" 2>/dev/null && continue
    python3 -m pip install --quiet "$mod" 2>/dev/null ||
      python3 -m pip install --quiet --break-system-packages "$mod" ||
      echo "deps: $mod unavailable; its differential test will be skipped"
  done
  # The SQL extensions' test (scripts/test-sql.sh): the DuckDB release whose headers it builds against.
  python3 -c "import duckdb, sys; sys.exit(duckdb.__version__ != '1.4.4')" 2>/dev/null ||
    python3 -m pip install --quiet duckdb==1.4.4 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages duckdb==1.4.4 ||
    echo "deps: duckdb 1.4.4 unavailable; the DuckDB extension test will fail"
  # NIST CAVS GCM files for test_gcm when the shared vectors folder is absent.
  python3 -c "import cryptography_vectors" 2>/dev/null ||
    python3 -m pip install --quiet cryptography-vectors 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages cryptography-vectors ||
    echo "deps: cryptography-vectors unavailable; test_gcm reads ../shared/vectors or skips the NIST files"
  bc=org.bouncycastle:bcprov-jdk18on:1.78.1
  if command -v mvn >/dev/null && ! ls ~/.m2/repository/org/bouncycastle/bcprov-jdk18on/1.78.1/*.jar >/dev/null 2>&1; then
    mvn -q dependency:get -Dartifact=$bc >/dev/null 2>&1 ||
      echo "deps: Bouncy Castle ($bc) unavailable; the FF1/FF3-1 differential test will use only ff3"
  fi
  # The jvm/ module's Maven plugins and test dependencies (scripts/test-jvm.sh), into ~/.m2.
  if command -v mvn >/dev/null; then
    (cd "$(dirname "$0")/../jvm" && mvn -B -q dependency:go-offline >/dev/null 2>&1) ||
      echo "deps: the jvm/ module's Maven dependencies did not resolve; scripts/test-jvm.sh fetches them"
  fi
fi
# The Python FPE packages the tokenization benchmark puts beside ours; the
# DuckDB release the SQL benchmark builds its extension against.
if [[ " $* " == *" bench "* ]]; then
  python3 -c "import duckdb, sys; sys.exit(duckdb.__version__ != '1.4.4')" 2>/dev/null ||
    python3 -m pip install --quiet duckdb==1.4.4 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages duckdb==1.4.4 ||
    echo "deps: duckdb 1.4.4 unavailable; the SQL benchmark will go without DuckDB"
  for mod in ff3 fastfpe; do
    python3 -c "import $mod" 2>/dev/null && continue
    python3 -m pip install --quiet "$mod" 2>/dev/null ||
      python3 -m pip install --quiet --break-system-packages "$mod" ||
      echo "deps: $mod unavailable; the tokenization report will go without it"
  done
fi
