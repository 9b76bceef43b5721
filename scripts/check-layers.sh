#!/bin/sh
# SPDX-License-Identifier: MIT
# The include directions of docs/architecture.md: a file under src/<dir>/
# may include "<other>/..." only for the folders listed for <dir> below
# (its own folder always).  Prints each violation; exit 1 if any.
# Usage: scripts/check-layers.sh [source root]
root=${1:-$(dirname "$0")/..}
allowed() {
    case $1 in
    core)                          echo "" ;;
    ghash|parallel|keys)           echo "core" ;;
    tinyjambu|fea)                 echo "core" ;;
    aria|lea|pipo|rc6|rijndael)    echo "core ghash" ;;
    modes)                         echo "core ghash parallel" ;;
    fpe)                           echo "core parallel" ;;
    *)                             echo "?" ;;
    esac
}
bad=0
for dir in "$root"/src/*/; do
    d=$(basename "$dir")
    ok=$(allowed "$d")
    if [ "$ok" = "?" ]; then
        echo "check-layers: src/$d/ has no row in scripts/check-layers.sh (add it, and to docs/architecture.md)"
        bad=1
        continue
    fi
    for f in "$dir"*; do
        [ -f "$f" ] || continue
        grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[A-Za-z0-9_]*/' "$f" |
        while IFS= read -r line; do
            inc=$(echo "$line" | sed 's/.*include[[:space:]]*"\([A-Za-z0-9_]*\)\/.*/\1/')
            [ "$inc" = "$d" ] && continue
            case " $ok " in *" $inc "*) continue ;; esac
            echo "check-layers: src/$d/$(basename "$f"):${line%%:*} includes $inc/ (src/$d/ may include: ${ok:-nothing above it})"
        done
    done
done > /tmp/check-layers.$$
if [ -s /tmp/check-layers.$$ ]; then cat /tmp/check-layers.$$; bad=1; fi
rm -f /tmp/check-layers.$$
[ $bad = 0 ] && echo "check-layers: every include goes downward"
exit $bad
