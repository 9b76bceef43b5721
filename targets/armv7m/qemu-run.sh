#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a bare-metal Cortex-M3 ELF (picolibc, semihosting) on qemu-system-arm
# `mps2-an385` and exits with its main()'s return value.  Extra arguments go
# to QEMU (e.g. -singlestep -d exec,nochain -D trace.log for the counts of
# scripts/armv7m-bench.sh).
elf=$1; shift
exec qemu-system-arm -M mps2-an385 -nographic -monitor none -serial none \
  -semihosting-config enable=on,target=native -kernel "$elf" "$@" </dev/null
