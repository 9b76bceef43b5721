# SPDX-License-Identifier: MIT
"""kcipher and libkcipher link no other crypto library (nor the C++ runtime):
the peers belong to kcipher-bench, which `kcipher bench` runs.
Usage: test_cli_deps.py PATH_TO_KCIPHER"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
FORBIDDEN = ("libcrypto.", "libcrypto++", "libcryptopp", "libbotan", "libstdc++", "libc++.", "libssl")


def needed(path):
    out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
    return [l.split("[", 1)[1].rstrip("]") for l in out.splitlines() if "(NEEDED)" in l]


class Deps(unittest.TestCase):
    def setUp(self):
        if not shutil.which("readelf"):
            self.skipTest("readelf not installed")

    def test_cli_and_library_need_no_peer(self):
        exe = shutil.which(KCIPHER) or KCIPHER
        libs = glob.glob(os.path.join(os.path.dirname(os.path.abspath(exe)), "libkcipher.so*"))
        for path in [exe] + [p for p in libs if not os.path.islink(p)]:
            libs_needed = needed(path)
            bad = [n for n in libs_needed if n.startswith(FORBIDDEN)]
            self.assertEqual(bad, [], f"{path} needs {bad}")


class BenchProgram(unittest.TestCase):
    def setUp(self):
        if EMULATOR:
            self.skipTest("kcipher bench executes kcipher-bench, which the emulator does not follow")

    def test_bench_runs_kcipher_bench(self):
        p = subprocess.run([KCIPHER, "bench", "--help"], capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("usage: kcipher bench", p.stdout)

    def test_missing_kcipher_bench_is_reported(self):
        with tempfile.TemporaryDirectory() as d:
            lone = os.path.join(d, "kcipher")
            shutil.copy(shutil.which(KCIPHER) or KCIPHER, lone)
            p = subprocess.run([lone, "bench", "--quick"], capture_output=True, text=True, timeout=60,
                               env={**os.environ, "PATH": d})
        self.assertEqual(p.returncode, 2)
        self.assertIn("kcipher-bench is not installed", p.stderr)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print(f"test_cli_deps: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed or result.testsRun == 0 else 0)
