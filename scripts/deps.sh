#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs, only when missing, the Debian 12 packages a job needs.
# Usage: scripts/deps.sh test|bench|aarch64|rv32|avr|armv7m ...
set -euo pipefail

pkgs=()
for what in "$@"; do
  case $what in
    test)    pkgs+=(build-essential cmake pkg-config python3 python3-pip valgrind clang
                    libssl-dev libcrypto++-dev libbotan-2-dev) ;;
    bench)   pkgs+=(build-essential cmake pkg-config python3 python3-matplotlib
                    libssl-dev libcrypto++-dev libbotan-2-dev) ;;
    aarch64) pkgs+=(cmake make python3 gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user) ;;
    rv32)    pkgs+=(cmake make gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-system-misc) ;;
    avr)     pkgs+=(cmake make python3 gcc libc6-dev gcc-avr binutils-avr avr-libc simavr libsimavr-dev libelf-dev) ;;
    armv7m)  pkgs+=(cmake make python3 gcc-arm-none-eabi libnewlib-arm-none-eabi picolibc-arm-none-eabi qemu-system-arm) ;;
    *) echo "deps: unknown job '$what'" >&2; exit 2 ;;
  esac
done

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

# Independent Rijndael reference for 192/256-bit blocks (tests only).
if [[ " $* " == *" test "* ]] && ! python3 -c 'import py3rijndael' 2>/dev/null; then
  python3 -m pip install --quiet py3rijndael 2>/dev/null ||
    python3 -m pip install --quiet --break-system-packages py3rijndael ||
    echo "deps: py3rijndael unavailable; that differential test will be skipped"
fi
