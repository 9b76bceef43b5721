# SPDX-License-Identifier: MIT
"""`kcipher hash` and `kcipher mac --mode hmac` as a user calls them, against
Python's hashlib and hmac (OpenSSL underneath) for SHA-2, the LSH values of
the Crypto++ test vectors typed here, every backend, usage errors.
Usage: test_cli_hash.py PATH_TO_KCIPHER"""
import hashlib
import hmac
import os
import subprocess
import sys
import tempfile
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
SHA2 = {"sha-224": "sha224", "sha-256": "sha256", "sha-384": "sha384", "sha-512": "sha512",
        "sha-512-224": "sha512_224", "sha-512-256": "sha512_256"}


def run(*args, stdin=b""):
    return subprocess.run(EMULATOR + [KCIPHER, *args], input=stdin, capture_output=True)


def out(*args, stdin=b""):
    r = run(*args, stdin=stdin)
    assert r.returncode == 0, (args, r.stderr)
    return r.stdout.decode().strip()


class Hash(unittest.TestCase):
    def test_sha2_against_hashlib(self):
        data = os.urandom(3000)
        for name, py in SHA2.items():
            try:
                want = hashlib.new(py, data).hexdigest()
            except ValueError:
                continue
            self.assertEqual(out("hash", "--alg", name, stdin=data), want, name)
            self.assertEqual(out("hash", "--alg", name, "--hex", data[:100].hex()),
                             hashlib.new(py, data[:100]).hexdigest(), name)

    def test_lsh_known_values(self):
        # Crypto++ TestVectors lsh256.txt (LSH-256, message "ca" and empty) and lsh512.txt.
        self.assertEqual(out("hash", "--alg", "lsh-256-224", "--hex", ""),
                         "48a0d55b2b3d91f26e06f7110fe9ce8ea0e2656bbe344cb1c5930653")
        self.assertEqual(out("hash", "--alg", "lsh-256-224", "--hex", "ca"),
                         "4253e6e91b3c37f75c231d53ca6dc8464885250d2058c41d495bd08f")
        self.assertEqual(out("hash", "--alg", "lsh-256", "--hex", "61"), out("hash", "--alg", "lsh-256-256", "--hex", "61"))

    def test_every_backend_and_file(self):
        data = os.urandom(10000)
        with tempfile.NamedTemporaryFile() as f:
            f.write(data)
            f.flush()
            for name in list(SHA2) + ["lsh-256-256", "lsh-512-512", "lsh-512-224"]:
                want = out("hash", "--alg", name, "--backend", "ref", stdin=data)
                self.assertEqual(out("hash", "--alg", name, "--in", f.name), want, name)
                for b in ("shani", "avx2", "avx512"):
                    r = run("hash", "--alg", name, "--backend", b, stdin=data)
                    if r.returncode == 0:
                        self.assertEqual(r.stdout.decode().strip(), want, (name, b))

    def test_usage_errors(self):
        self.assertEqual(run("hash").returncode, 2)
        self.assertEqual(run("hash", "--alg", "sha-3").returncode, 2)
        self.assertEqual(run("hash", "--alg", "aes-128").returncode, 2)
        self.assertEqual(run("hash", "--alg", "sha-256", "--backend", "nope").returncode, 2)
        self.assertEqual(run("hash", "--alg", "sha-256", "--key", "00").returncode, 2)


class Hmac(unittest.TestCase):
    def test_against_python(self):
        for key in (b"", b"Jefe", os.urandom(64), os.urandom(200)):
            data = os.urandom(500)
            for name, py in (("sha-256", "sha256"), ("sha256", "sha256"), ("sha-384", "sha384"),
                             ("sha-512", "sha512"), ("sha-224", "sha224")):
                want = hmac.new(key, data, py).hexdigest()
                args = ["mac", "--mode", "hmac", "--hash", name, "--key", key.hex()] if key else None
                if args is None:
                    continue       # the CLI takes no empty --key
                self.assertEqual(out(*args, stdin=data), want, name)
                self.assertEqual(run(*args, "--verify", want, stdin=data).returncode, 0)
                bad = ("0" if want[0] != "0" else "1") + want[1:]
                self.assertEqual(run(*args, "--verify", bad, stdin=data).returncode, 1)

    def test_lsh_and_usage(self):
        t = out("mac", "--mode", "hmac", "--hash", "lsh-256", "--key", "00" * 20, "--hex", "6162")
        self.assertEqual(len(t), 64)
        self.assertEqual(out("mac", "--mode", "hmac", "--hash", "lsh256", "--key", "00" * 20, "--hex", "6162"), t)
        self.assertEqual(len(out("mac", "--mode", "hmac", "--hash", "lsh-512", "--key", "01", "--hex", "")), 128)
        self.assertEqual(run("mac", "--mode", "hmac", "--key", "00").returncode, 2)
        self.assertEqual(run("mac", "--mode", "hmac", "--hash", "sha-256", "--cipher", "aes-128",
                             "--key", "00").returncode, 2)
        self.assertEqual(run("mac", "--mode", "cmac", "--hash", "sha-256", "--cipher", "aes-128",
                             "--key", "00" * 16).returncode, 2)


if __name__ == "__main__":
    unittest.main()
