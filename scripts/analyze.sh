#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Static analysis: clang's analyzer (clang --analyze, default checkers) over
# the library (src/) and the CLI (cli/), each file with the flags of a real
# build (compile_commands.json of a clang configure in <build>/analyze).
# Any report fails.  Usage: scripts/analyze.sh   (KC_BUILD_DIR as test.sh)
set -uo pipefail
cd "$(dirname "$0")/.."
dir=${KC_BUILD_DIR:-build}/analyze
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p "$dir"
if ! CC=clang cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
     -DKC_BUILD_TESTS=OFF -DKC_PEERS=OFF >"$dir.configure.log" 2>&1; then
  tail -20 "$dir.configure.log"
  echo "analyze: configure failed"
  exit 1
fi
python3 - "$dir/compile_commands.json" "$PWD" "$jobs" <<'EOF'
import concurrent.futures, json, os, shlex, subprocess, sys
db, root, jobs = json.load(open(sys.argv[1])), sys.argv[2], int(sys.argv[3])

def analyze(entry):
    args = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
    out, skip = [], False
    for a in args[1:]:                     # the compiler's flags, without -c / -o
        if skip: skip = False; continue
        if a == "-o": skip = True; continue
        if a in ("-c", entry["file"]): continue
        out.append(a)
    cmd = ["clang", "--analyze", "--analyzer-output", "text", "-o", os.devnull] + out + [entry["file"]]
    r = subprocess.run(cmd, cwd=entry["directory"], capture_output=True, text=True)
    return entry["file"], r.returncode, r.stderr

files = [e for e in db if os.path.relpath(e["file"], root).split(os.sep)[0] in ("src", "cli")]
bad = 0
with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
    for path, rc, err in pool.map(analyze, files):
        if rc or "warning:" in err or "error:" in err:
            bad += 1
            sys.stdout.write(err)
print("analyze: %d files, %d with reports" % (len(files), bad))
sys.exit(1 if bad else 0)
EOF
