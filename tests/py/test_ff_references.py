#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""FF1 and FF3-1 against independent implementations, on random keys, tweaks,
radixes and lengths: Bouncy Castle (Java, from Maven Central) over AES and
ARIA, and the `ff3` Python package (FF3-1 over AES).  kcipher is called
through its shared library (ctypes).  Usage: test_ff_references.py KCIPHER
(the CLI; libkcipher.so is beside it in the build tree) or LIBKCIPHER.so.
Exit 77 (skipped) when neither reference can be had, or the library cannot
be loaded into Python (a sanitizer build)."""
import ctypes
import glob
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
JAVA = os.path.join(HERE, "..", "java", "FpeReference.java")
BC = "org.bouncycastle:bcprov-jdk18on:1.78.1"

path = sys.argv[1]
if ".so" not in os.path.basename(path):
    path = os.path.join(os.path.dirname(os.path.abspath(path)), "libkcipher.so")
try:
    with open(path, "rb") as f:
        image = f.read()
    if b"__asan_init" in image or b"__tsan_init" in image:   # the runtime would abort the interpreter
        print("skipped: %s is built with a sanitizer and cannot be loaded into Python" % path)
        sys.exit(77)
    lib = ctypes.CDLL(path)
except OSError as e:
    print("skipped: cannot load %s into Python (%s)" % (path, e))
    sys.exit(77)
lib.kc_fpe_new.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
                           ctypes.c_size_t, ctypes.c_uint, ctypes.c_size_t, ctypes.c_uint]
lib.kc_fpe_encrypt.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint16), ctypes.POINTER(ctypes.c_uint16),
                               ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t]
lib.kc_fpe_decrypt.argtypes = lib.kc_fpe_encrypt.argtypes
lib.kc_fpe_free.argtypes = [ctypes.c_void_p]
lib.kc_status_name.restype = ctypes.c_char_p

passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


def ours(name, key, radix, tweak, digits, encrypt=True):
    p = ctypes.c_void_p()
    st = lib.kc_fpe_new(ctypes.byref(p), name.encode(), None, key, len(key), radix, len(digits), 0)
    if st:
        return "error: " + lib.kc_status_name(st).decode()
    n = len(digits)
    x = (ctypes.c_uint16 * n)(*digits)
    y = (ctypes.c_uint16 * n)()
    st = (lib.kc_fpe_encrypt if encrypt else lib.kc_fpe_decrypt)(p, y, x, n, tweak, len(tweak))
    lib.kc_fpe_free(p)
    return "error: " + lib.kc_status_name(st).decode() if st else list(y)


def random_case(rng, alg):
    radix = rng.choice([2, 8, 10, 10, 10, 16, 26, 36, 62, 64, 100, 255, 256, 1000, 65535])
    # the domain floor 10^6; FF3-1 at most 2*floor(log_radix 2^96); FF1 kept to 100 numerals here
    lo = next(n for n in range(2, 200) if radix ** n >= 10 ** 6)
    hi = 100 if alg == "ff1" else 2 * next(n for n in range(200, 0, -1) if radix ** n <= 2 ** 96)
    n = rng.randint(lo, max(lo, min(hi, lo + 40)))
    key = bytes(rng.getrandbits(8) for _ in range(rng.choice([16, 24, 32])))
    tweak = bytes(rng.getrandbits(8) for _ in range(7 if alg == "ff3-1" else rng.choice([0, 1, 7, 8, 16, 33])))
    return radix, key, tweak, [rng.randrange(radix) for _ in range(n)]


def bouncy_castle_jar():
    jars = glob.glob(os.path.expanduser("~/.m2/repository/org/bouncycastle/bcprov-jdk18on/1.78.1/*.jar"))
    if not jars and shutil.which("mvn"):
        subprocess.run(["mvn", "-q", "dependency:get", "-Dartifact=" + BC], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=600)
        jars = glob.glob(os.path.expanduser("~/.m2/repository/org/bouncycastle/bcprov-jdk18on/1.78.1/*.jar"))
    return jars[0] if jars else None


def test_bouncy_castle(rng):
    jar = bouncy_castle_jar()
    if not jar or not shutil.which("javac"):
        print("skipped: Bouncy Castle (needs javac and mvn, or the jar in ~/.m2)")
        return False
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["javac", "-cp", jar, "-d", tmp, JAVA], check=True)
        cases = []
        for i in range(400):
            alg = "ff1" if i % 2 else "ff3-1"
            cipher = "aria" if i % 4 >= 2 else "aes"
            cases.append((alg, cipher) + random_case(rng, alg))
        lines = "".join("%s %s %s %d %s %s\n" % (a, c, k.hex(), r, t.hex() or "-", ",".join(map(str, d)))
                        for a, c, r, k, t, d in cases)
        res = subprocess.run(["java", "-cp", jar + os.pathsep + tmp, "FpeReference"], input=lines, text=True,
                             capture_output=True, check=True).stdout.splitlines()
    for (alg, cipher, radix, key, tweak, digits), ref in zip(cases, res):
        name = "%s-%s-%d" % (alg, cipher, len(key) * 8)
        got = ours(name, key, radix, tweak, digits)
        want = [int(v) for v in ref.split(",")] if not ref.startswith("error") else ref
        check(got == want, "%s radix %d len %d tweak %s: kcipher %s, Bouncy Castle %s"
              % (name, radix, len(digits), tweak.hex(), got, want))
        if isinstance(got, list):
            check(ours(name, key, radix, tweak, got, encrypt=False) == digits, name + " decrypt")
    return True


def test_ff3_package(rng):
    try:
        from ff3 import FF3Cipher
    except ImportError:
        print("skipped: the ff3 package (pip install ff3)")
        return False
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
    for i in range(200):
        radix = rng.choice([10, 26, 36])
        n = rng.randint(6 if radix == 10 else 5, 2 * {10: 28, 26: 20, 36: 18}[radix])
        key = bytes(rng.getrandbits(8) for _ in range(rng.choice([16, 24, 32])))
        tweak = bytes(rng.getrandbits(8) for _ in range(7))
        digits = [rng.randrange(radix) for _ in range(n)]
        c = FF3Cipher.withCustomAlphabet(key.hex(), tweak.hex(), alphabet[:radix])
        want = [alphabet.index(ch) for ch in c.encrypt("".join(alphabet[d] for d in digits))]
        got = ours("ff3-1-aes-%d" % (len(key) * 8), key, radix, tweak, digits)
        check(got == want, "ff3 package radix %d len %d: %s vs %s" % (radix, n, got, want))
    return True


def main():
    rng = random.Random(int(os.environ.get("KC_TEST_SEED", "20261125")))
    ran = test_bouncy_castle(rng)
    ran = test_ff3_package(rng) or ran
    print("%d passed, %d failed" % (passed, failed))
    if not ran:
        sys.exit(77)
    sys.exit(1 if failed else 0)


main()
