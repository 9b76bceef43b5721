#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a bare-metal RV32 ELF (picolibc, semihosting) on qemu-system-riscv32
# `virt` and exits with its main()'s return value.  -icount shift=0 makes
# rdinstret/rdcycle deterministic: one "cycle" per retired instruction.
elf=$1; shift
exec qemu-system-riscv32 -machine virt -m 128M -nographic -bios none -kernel "$elf" \
  -semihosting-config enable=on,target=native -icount shift=0 "$@" </dev/null
