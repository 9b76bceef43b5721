# SPDX-License-Identifier: MIT
"""The kcipher CLI's options and key sources.  Usage: test_cli_options.py PATH_TO_KCIPHER"""
import os
import subprocess
import sys
import tempfile
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
K128 = "000102030405060708090a0b0c0d0e0f"
PT, CT = "00112233445566778899aabbccddeeff", b"69c4e0d86a7b0430d8cdb78070b4c55a\n"   # FIPS-197 C.1


def run(*args, env_key=None):
    env = {k: v for k, v in os.environ.items() if k != "KCIPHER_KEY"}
    if env_key is not None:
        env["KCIPHER_KEY"] = env_key
    p = subprocess.run([*EMULATOR, KCIPHER, *args], capture_output=True, timeout=60, env=env)
    return p.returncode, p.stdout, p.stderr.decode()


class Options(unittest.TestCase):
    def usage_error(self, args, name):
        code, out, err = run(*args)
        self.assertEqual((code, out), (2, b""), args)
        self.assertIn(name, err, args)
        self.assertEqual(err.count("\n"), 1, err)

    def test_repeated_options(self):
        base = ["encrypt", "--cipher", "aes-128", "--key", K128, "--hex", PT]
        for opt, val in (("--cipher", "aes-128"), ("--key", K128), ("--hex", PT), ("--mode", "ecb")):
            args = base + [opt, val] + ([opt, val] if opt == "--mode" else [])
            self.usage_error(args, opt)
        self.usage_error(["encrypt", "--cipher", "aes-128", "--key", K128, "--mode", "cbc", "--iv", "00" * 16,
                          "--pad", "--pad", "--hex", PT], "--pad")
        self.usage_error(["fpe", "encrypt", "--cipher", "fea2-128", "--key", K128, "--radix", "10",
                          "--radix", "10", "1234567"], "--radix")

    def test_options_that_do_not_apply(self):
        block = ["encrypt", "--cipher", "aes-128", "--key", K128, "--hex", PT]
        for extra, name in ((["--nonce", "00"], "--nonce"), (["--ad", "00"], "--ad"), (["--tweak", "00"], "--tweak"),
                            (["--bits", "64"], "--bits"), (["--radix", "10"], "--radix"),
                            (["--allow-small-domain"], "--allow-small-domain"), (["--iv", "00" * 16], "--iv"),
                            (["--mode", "ctr", "--iv", "00" * 16, "--pad"], "--pad")):
            self.usage_error(block + extra, name)
        aead = ["encrypt", "--cipher", "tinyjambu-128", "--key", K128, "--nonce", "00" * 12, "--hex", ""]
        for extra, name in ((["--mode", "cbc"], "--mode"), (["--iv", "00"], "--iv"), (["--pad"], "--pad"),
                            (["--tweak", "00"], "--tweak"), (["--bits", "64"], "--bits")):
            self.usage_error(aead + extra, name)
        fea = ["encrypt", "--cipher", "fea2-128", "--key", K128, "--bits", "64", "--hex", "00"]
        for extra, name in ((["--mode", "ecb"], "--mode"), (["--nonce", "00"], "--nonce"), (["--pad"], "--pad"),
                            (["--radix", "10"], "--radix")):
            self.usage_error(fea + extra, name)
        fpe = ["fpe", "encrypt", "--cipher", "fea2-128", "--key", K128, "1234567"]
        for extra, name in ((["--bits", "64"], "--bits"), (["--hex", "00"], "--hex"), (["--iv", "00"], "--iv")):
            self.usage_error(fpe + extra, name)
        self.usage_error(fpe + ["--column", "card=card"], "--column")
        self.usage_error(["encrypt", "--cipher", "aes-128", "--key", K128, "--hex", "00" * 16, "extra"], "extra")

    def test_bench_options(self):
        if EMULATOR:
            self.skipTest("kcipher bench executes kcipher-bench, which the emulator does not follow")
        for args, name in ((["--runs", "15", "--runs", "15"], "--runs"), (["--runs", "+15"], "--runs"),
                           (["--frob"], "--frob"), (["--cipher", "aes,,lea"], "--cipher")):
            code, _, err = run("bench", *args)
            self.assertEqual(code, 2, args)
            self.assertIn(name, err, args)


class KeySources(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def key_file(self, content):
        path = os.path.join(self.dir.name, "key")
        with open(path, "wb") as f:
            f.write(content)
        return path

    def test_every_source_gives_the_same_key(self):
        args = ["encrypt", "--cipher", "aes-128", "--hex", PT]
        self.assertEqual(run(*args, "--key", K128)[:2], (0, CT))
        self.assertEqual(run(*args, env_key=K128)[:2], (0, CT))
        for content in (bytes.fromhex(K128), K128.encode(), K128.encode() + b"\n",
                        b"  " + K128.upper().encode() + b"\r\n"):
            self.assertEqual(run(*args, "--key-file", self.key_file(content))[:2], (0, CT), content)

    def test_raw_key_file_keeps_whitespace_bytes(self):
        key = bytes.fromhex("0a0102030405060708090a0b0c0d0e20")   # starts with \n, ends with a space
        ref = run("encrypt", "--cipher", "aes-128", "--key", key.hex(), "--hex", PT)
        self.assertEqual(ref[0], 0)
        self.assertEqual(run("encrypt", "--cipher", "aes-128", "--key-file", self.key_file(key), "--hex", PT)[:2],
                         ref[:2])

    def test_exactly_one_source(self):
        args = ["encrypt", "--cipher", "aes-128", "--hex", PT]
        path = self.key_file(K128.encode())
        for extra, env in (([], None), (["--key", K128, "--key-file", path], None), (["--key", K128], K128),
                           (["--key-file", path], K128)):
            code, out, err = run(*args, *extra, env_key=env)
            self.assertEqual((code, out), (2, b""), (extra, env))
            self.assertIn("key", err)

    def test_bad_key_files(self):
        args = ["encrypt", "--cipher", "aes-128", "--hex", PT, "--key-file"]
        code, _, err = run(*args, os.path.join(self.dir.name, "missing"))
        self.assertEqual(code, 2)
        self.assertIn("missing", err)
        code, _, err = run(*args, self.key_file(bytes(15)))
        self.assertEqual(code, 2)
        self.assertIn("key length", err.lower())
        code, _, err = run(*args, self.key_file(b"0" * 31))
        self.assertEqual(code, 2)
        code, _, err = run(*args, self.key_file(bytes(4096)))
        self.assertEqual(code, 2)
        code, _, err = run("encrypt", "--cipher", "aes-128", "--hex", PT, env_key="zz")
        self.assertEqual(code, 2)
        self.assertIn("KCIPHER_KEY", err)

    def test_fpe_and_fea_take_key_files(self):
        path = self.key_file(K128.encode() + b"\n")
        self.assertEqual(run("fpe", "encrypt", "--cipher", "fea1-128", "--key-file", path, "1234567890123456")[:2],
                         (0, b"9981133713582519\n"))
        self.assertEqual(run("encrypt", "--cipher", "fea1-128", "--bits", "64", "--tweak", "f0e1d2c3b4a59687",
                             "--hex", "9e3779b97f4a7c15", env_key=K128)[:2], (0, b"c474da880aa0b0d5\n"))


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print(f"test_cli_options: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed or result.testsRun == 0 else 0)
