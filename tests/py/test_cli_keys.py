# SPDX-License-Identifier: MIT
"""`kcipher key ...` and --key-name: the keyring as a user drives it.  new, rotate, list,
retire; tokens of an old version still detokenize; retired versions, KCV mismatches and
the wrong KEK refused; keys wrapped under a KEK file, variable and command; the KCV against
Python's cryptography (when importable); permissions; concurrent rotations.
Usage: test_cli_keys.py PATH_TO_KCIPHER"""
import os
import re
import stat
import subprocess
import sys
import tempfile
import unittest
from concurrent.futures import ThreadPoolExecutor

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
KEK = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
CSV = "card\n4111111111111111\n5500000000000004\n"


class Keys(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.ring = os.path.join(self.tmp.name, "ring")

    def tearDown(self):
        self.tmp.cleanup()

    def run_kc(self, *args, stdin="", env=None):
        e = {k: v for k, v in os.environ.items() if not k.startswith("KCIPHER_")}
        e["KCIPHER_KEYRING"] = self.ring
        e.update(env or {})
        p = subprocess.run([*EMULATOR, KCIPHER, *args], input=stdin.encode(), capture_output=True, timeout=60, env=e)
        return p.returncode, p.stdout.decode(), p.stderr.decode()

    def ok(self, *args, **kw):
        code, out, err = self.run_kc(*args, **kw)
        self.assertEqual(code, 0, (args, err))
        return out, err

    def listing(self, **kw):
        out, _ = self.ok("key", "list", **kw)
        rows = [line.split() for line in out.splitlines()[1:]]
        return {(r[0], int(r[1])): r for r in rows}

    def tok(self, ref, text=CSV, encrypt=True, **kw):
        return self.run_kc("tokenize" if encrypt else "detokenize", "--cipher", "ff1-aes-256", "--key-name", ref,
                           "--column", "card=card", stdin=text, **kw)

    def test_lifecycle(self):
        out, _ = self.ok("key", "new", "cards", "--cipher", "ff1-aes-256")
        self.assertIn("cards@1", out)
        self.assertEqual(stat.S_IMODE(os.stat(self.ring).st_mode), 0o700)
        self.assertEqual(stat.S_IMODE(os.stat(os.path.join(self.ring, "cards.key")).st_mode), 0o600)
        code, t1, err1 = self.tok("cards")
        self.assertEqual(code, 0, err1)
        kcv1 = self.listing()[("cards", 1)][5]
        self.assertRegex(err1, r"key cards@1 kcv %s" % kcv1)                     # the summary names the key
        self.ok("key", "rotate", "cards")
        rows = self.listing()
        self.assertEqual([rows[("cards", v)][4] for v in (1, 2)], ["decrypt-only", "active"])
        code, t2, err2 = self.tok("cards")
        self.assertIn("key cards@2", err2)
        self.assertNotEqual(t1, t2)
        self.assertEqual(self.tok("cards@1", t1, encrypt=False)[1], CSV)            # old version still detokenizes
        self.assertEqual(self.tok("cards", t2, encrypt=False)[1], CSV)
        self.assertNotEqual(self.tok("cards", t1, encrypt=False)[1], CSV)
        self.ok("key", "retire", "cards@1")
        self.assertEqual(self.listing()[("cards", 1)][4], "retired")
        code, out, err = self.tok("cards@1", t1, encrypt=False)
        self.assertEqual((code, out), (2, ""))
        self.assertIn("retired", err)
        # list never shows key bytes
        with open(os.path.join(self.ring, "cards.key")) as f:
            secrets = re.findall(r"hex:([0-9a-f]+)", f.read())
        listing, _ = self.ok("key", "list")
        self.assertEqual(len(secrets), 2)
        for s in secrets:
            self.assertNotIn(s, listing)
        # usage errors
        self.assertEqual(self.run_kc("key", "new", "cards", "--cipher", "ff1-aes-256")[0], 2)   # exists
        self.assertEqual(self.run_kc("key", "rotate", "nope")[0], 2)
        self.assertEqual(self.run_kc("key", "retire", "cards")[0], 2)
        self.assertEqual(self.run_kc("key", "new", "x", "--cipher", "nope-128")[0], 2)
        self.assertEqual(self.run_kc("key", "frob")[0], 2)

    def test_cipher_from_keyring(self):
        """Without --cipher, a --key-name key tokenizes with its version's own FPE cipher."""
        self.ok("key", "new", "cards", "--cipher", "ff1-aes-256")
        self.ok("key", "new", "blk", "--cipher", "aes-256")
        implicit, _ = self.ok("tokenize", "--key-name", "cards", "--column", "card=card", stdin=CSV)
        explicit, _ = self.ok("tokenize", "--key-name", "cards", "--cipher", "ff1-aes-256", "--column", "card=card",
                              stdin=CSV)
        self.assertEqual(implicit, explicit)
        self.assertNotEqual(implicit, CSV)
        back, _ = self.ok("detokenize", "--key-name", "cards@1", "--column", "card=card", stdin=implicit)
        self.assertEqual(back, CSV)
        code, _, err = self.run_kc("tokenize", "--key-name", "blk", "--column", "card=card", stdin=CSV)
        self.assertEqual(code, 2, err)
        self.assertIn("aes-256, not an FPE cipher", err)
        code, _, err = self.run_kc("tokenize", "--key-file", "/nonexistent", "--column", "card=card", stdin=CSV)
        self.assertEqual(code, 2, err)
        self.assertIn("--cipher", err)

    def test_key_sources_exclusive(self):
        self.ok("key", "new", "k", "--cipher", "ff1-aes-256")
        code, _, err = self.run_kc("fpe", "encrypt", "--cipher", "ff1-aes-256", "--key-name", "k",
                                   "--key", "00" * 32, "1234567")
        self.assertEqual(code, 2)
        self.assertIn("--key-name", err)
        self.assertIn("--key-file", err)
        code, _, err = self.run_kc("fpe", "encrypt", "--cipher", "ff1-aes-256", "1234567")
        self.assertEqual(code, 2)
        self.assertIn("--key-name", err)
        code, _, err = self.run_kc("fpe", "encrypt", "--cipher", "ff1-aes-128", "--key-name", "k", "1234567")
        self.assertEqual(code, 2)                                                   # another cipher's key
        code, _, err = self.run_kc("fpe", "encrypt", "--cipher", "ff1-aes-256", "--key-name", "k", "1234567",
                                   env={"KCIPHER_KEYRING": ""})
        self.assertEqual(code, 2)
        self.assertIn("KCIPHER_KEYRING", err)

    def test_expect_kcv(self):
        self.ok("key", "new", "k", "--cipher", "ff1-aes-256")
        kcv = self.listing()[("k", 1)][5]
        args = ["fpe", "encrypt", "--cipher", "ff1-aes-256", "--key-name", "k", "1234567"]
        self.ok(*args, "--expect-kcv", kcv.upper())
        other = "%06x" % (int(kcv, 16) ^ 1)
        code, out, err = self.run_kc(*args, "--expect-kcv", other)
        self.assertEqual((code, out), (1, ""))
        self.assertIn(kcv, err)
        self.assertEqual(self.run_kc(*args, "--expect-kcv", "xyz")[0], 2)
        # any key source: AES-128 KCV of the FIPS-197 key, computed independently when possible
        key = "000102030405060708090a0b0c0d0e0f"
        want = None
        try:
            from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
            enc = Cipher(algorithms.AES(bytes.fromhex(key)), modes.ECB()).encryptor()
            want = (enc.update(bytes(16)) + enc.finalize())[:3].hex()
        except ImportError:
            want = "c6a13b"                                                         # AES-128(00..0f)(0^128) = c6a13b37...
        self.assertEqual(want, "c6a13b")
        self.ok("encrypt", "--cipher", "aes-128", "--key", key, "--hex", "00" * 16, "--expect-kcv", want)
        self.assertEqual(self.run_kc("encrypt", "--cipher", "aes-128", "--key", key, "--hex", "00" * 16,
                                     "--expect-kcv", "c6a13c")[0], 1)

    def test_kcv_matches_python(self):
        try:
            from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        except ImportError:
            self.skipTest("python cryptography is not installed")
        self.ok("key", "new", "a", "--cipher", "aes-128")
        with open(os.path.join(self.ring, "a.key")) as f:
            key = bytes.fromhex(re.search(r"hex:([0-9a-f]+)", f.read()).group(1))
        enc = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
        self.assertEqual(self.listing()[("a", 1)][5], (enc.update(bytes(16)) + enc.finalize())[:3].hex())

    def test_wrapped(self):
        kek_file = os.path.join(self.tmp.name, "kek.hex")
        with open(kek_file, "w") as f:
            f.write(KEK + "\n")
        os.chmod(kek_file, 0o600)
        for src, env in (("file:" + kek_file, {}), ("env:MY_KEK", {"MY_KEK": KEK}),
                         ("cmd:cat '%s'" % kek_file, {})):
            name = "w%d" % len(src)
            self.ok("key", "new", name, "--cipher", "ff1-aes-256", "--kek", src, env=env)
            with open(os.path.join(self.ring, name + ".key")) as f:
                text = f.read()
            self.assertIn("kwp-aes-256:", text)
            self.assertNotIn("hex:", text)
            self.assertEqual(" ".join(self.listing(env=env)[(name, 1)][6:]), src)                # the KEK column
            code, t, err = self.tok(name, env=env)                                   # the recorded KEK source
            self.assertEqual(code, 0, err)
            self.assertEqual(self.tok(name, t, encrypt=False, env=env)[1], CSV)
            self.ok("key", "rotate", name, env=env)                                 # rotated under the same KEK
            self.assertEqual(self.listing(env=env)[(name, 2)][6:], self.listing(env=env)[(name, 1)][6:])
            self.assertEqual(self.tok(name + "@1", t, encrypt=False, env=env)[1], CSV)
        # the KEK given at run time (KCIPHER_KEK) replaces the recorded one: a wrong one fails
        wrong = "ff" + KEK[2:]
        code, out, err = self.tok("w%d" % len("env:MY_KEK"), env={"MY_KEK": KEK, "KCIPHER_KEK": "env:BAD",
                                                                 "BAD": wrong})
        self.assertEqual((code, out), (1, ""))
        self.assertIn("wrong KEK", err)
        code, out, err = self.tok("w%d" % len("env:MY_KEK"), env={"MY_KEK": wrong})
        self.assertEqual((code, out), (1, ""))
        # a KEK command that fails is refused
        code, _, err = self.run_kc("key", "new", "z", "--cipher", "aes-128", "--kek", "cmd:exit 3")
        self.assertEqual(code, 2)
        self.assertIn("non-zero exit", err)
        self.assertFalse(os.path.exists(os.path.join(self.ring, "z.key")))

    def test_kcv_mismatch_refused(self):
        self.ok("key", "new", "k", "--cipher", "ff1-aes-256")
        path = os.path.join(self.ring, "k.key")
        with open(path) as f:
            text = f.read()
        kcv = self.listing()[("k", 1)][5]
        with open(path, "w") as f:
            f.write(text.replace(" %s " % kcv, " %06x " % (int(kcv, 16) ^ 0x800000)))
        code, out, err = self.tok("k")
        self.assertEqual((code, out), (1, ""))
        self.assertIn("check value", err)

    def test_permissions(self):
        self.ok("key", "new", "k", "--cipher", "aes-128")
        os.chmod(self.ring, 0o777)
        code, _, err = self.run_kc("key", "list")
        self.assertEqual(code, 2)
        self.assertIn("chmod 700", err)
        os.chmod(self.ring, 0o700)
        os.chmod(os.path.join(self.ring, "k.key"), 0o666)
        self.assertEqual(self.run_kc("key", "list")[0], 2)

    def test_concurrent_rotate(self):
        self.ok("key", "new", "k", "--cipher", "aes-128")
        with ThreadPoolExecutor(6) as pool:
            codes = list(pool.map(lambda _: self.run_kc("key", "rotate", "k")[0], range(18)))
        self.assertEqual(codes, [0] * 18)
        rows = self.listing()
        self.assertEqual(sorted(v for _, v in rows), list(range(1, 20)))
        self.assertEqual([r[4] for r in rows.values()].count("active"), 1)


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print(f"test_cli_keys: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed or result.testsRun == 0 else 0)
