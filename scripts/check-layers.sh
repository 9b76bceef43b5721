#!/bin/sh
# SPDX-License-Identifier: MIT
# The include directions of docs/architecture.md ("Layers"): a file under
# src/<dir>/ may include "<other>/..." only for the folders listed for <dir>
# below (its own folder always).  Prints each violation; exit 1 if any.
# Usage: scripts/check-layers.sh [source root]
root=${1:-$(dirname "$0")/..}
cd "$root/src" || exit 2
{
    for d in */; do printf 'dir %s\n' "${d%/}"; done
    grep -n -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[A-Za-z0-9_]+/' */* 2>/dev/null
} | awk '
BEGIN {
    allow["core"] = ""
    allow["ghash"] = "core"; allow["parallel"] = "core"; allow["keys"] = "core"
    allow["tinyjambu"] = "core"; allow["fea"] = "core"
    allow["sha2"] = allow["lsh"] = "core"
    allow["aria"] = allow["lea"] = allow["pipo"] = allow["rc6"] = allow["rijndael"] = "core ghash"
    allow["seed"] = "core ghash"
    allow["modes"] = "core ghash parallel"
    allow["fpe"] = "core parallel"
    allow["hight"] = allow["cham"] = "core"
    bad = 0
}
$1 == "dir" {
    if (!($2 in allow)) { print "check-layers: src/" $2 "/ has no row in scripts/check-layers.sh (add it, and to docs/architecture.md)"; bad = 1 }
    next
}
{
    split($0, part, ":")                  # file, line, text
    file = part[1]; line = part[2]
    dir = file; sub(/\/.*/, "", dir)
    inc = $0; sub(/^[^"]*"/, "", inc); sub(/\/.*/, "", inc)
    if (inc == dir || !(dir in allow)) next
    if (index(" " allow[dir] " ", " " inc " ")) next
    ok = allow[dir] == "" ? "nothing above it" : allow[dir]
    print "check-layers: src/" file ":" line " includes " inc "/ (src/" dir "/ may include: " ok ")"
    bad = 1
}
END {
    if (!bad) print "check-layers: every include goes downward"
    exit bad
}'
