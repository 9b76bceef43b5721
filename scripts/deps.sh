#!/usr/bin/env bash
# Installs what the build, the tests and the benchmark need on Debian 12,
# only when missing.  Usage: scripts/deps.sh test|bench
set -euo pipefail
what=${1:-test}

pkgs=(build-essential cmake pkg-config python3 python3-pip valgrind
      libssl-dev libcrypto++-dev libbotan-2-dev)
[ "$what" = bench ] && pkgs+=(python3-matplotlib)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Independent Rijndael reference for 192/256-bit blocks (tests only).
if [ "$what" = test ] && ! python3 -c 'import py3rijndael' 2>/dev/null; then
  python3 -m pip install --quiet py3rijndael 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages py3rijndael ||
    echo "deps: py3rijndael unavailable; that differential test will be skipped"
fi
