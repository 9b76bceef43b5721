# SPDX-License-Identifier: MIT
"""kcipher's CFB/OFB, GCM/CCM and `mac` (CMAC, GMAC) as a user calls them:
the standards' examples, Python `cryptography` (OpenSSL underneath) as an
independent reference when installed, bad tags (nothing printed, exit 1),
usage errors.  Usage: test_cli_modes.py PATH_TO_KCIPHER"""
import os
import subprocess
import sys
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
try:
    from cryptography.hazmat.primitives import cmac
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.ciphers.aead import AESCCM, AESGCM
    try:                                   # CFB and OFB moved there in cryptography 43
        from cryptography.hazmat.decrepit.ciphers.modes import CFB, OFB
    except ImportError:
        CFB, OFB = modes.CFB, modes.OFB
    HAVE_REF = True
except ImportError:
    HAVE_REF = False

# [SP800-38A] F.3.13, F.4.1; [SP800-38B] D.1
K38A = "2b7e151628aed2a6abf7158809cf4f3c"
IV38A = "000102030405060708090a0b0c0d0e0f"
PT38A = ("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
         "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
CFB38A = ("3b3fd92eb72dad20333449f8e83cfb4ac8a64537a0b3a93fcde3cdad9f1ce58b"
          "26751f67a3cbb140b1808cf187a4f4dfc04b05357c5d1c0eeac4c66f9ff7f2e6")
OFB38A = ("3b3fd92eb72dad20333449f8e83cfb4a7789508d16918f03f53c52dac54ed825"
          "9740051e9c5fecf64344f7a82260edcc304c6528f659c77866a510d9c1d6ae5e")
# [SP800-38C] C.1-C.3
K38C = "404142434445464748494a4b4c4d4e4f"
CCM38C = [("10111213141516", "0001020304050607", "20212223", 4, "7162015b4dac255d"),
          ("1011121314151617", "000102030405060708090a0b0c0d0e0f", "202122232425262728292a2b2c2d2e2f", 6,
           "d2a1f0e051ea5f62081a7792073d593d1fc64fbfaccd"),
          ("101112131415161718191a1b", "000102030405060708090a0b0c0d0e0f10111213",
           "202122232425262728292a2b2c2d2e2f3031323334353637", 8,
           "e3b201a9f5b71a7a9b1ceaeccd97e70b6176aad9a4428aa5484392fbc1b09951")]


def run(*args, stdin=b"", env=None):
    p = subprocess.run([*EMULATOR, KCIPHER, *args], input=stdin, capture_output=True, timeout=120, env=env)
    return p.returncode, p.stdout, p.stderr.decode()


def ok(*args, stdin=b""):
    code, out, err = run(*args, stdin=stdin)
    if code != 0:
        raise AssertionError(f"{args}: exit {code}: {err}")
    return out


def hexout(*args, stdin=b""):
    return ok(*args, stdin=stdin).decode().strip()


class FeedbackModes(unittest.TestCase):
    def test_sp800_38a(self):
        for mode, want in (("cfb", CFB38A), ("ofb", OFB38A)):
            args = ("--cipher", "aes-128", "--key", K38A, "--mode", mode, "--iv", IV38A)
            self.assertEqual(hexout("encrypt", *args, "--hex", PT38A), want)
            self.assertEqual(hexout("decrypt", *args, "--hex", want), PT38A)
            self.assertEqual(hexout("encrypt", *args, "--hex", PT38A[:42]), want[:42])   # a partial block
            self.assertEqual(ok("encrypt", *args, stdin=bytes.fromhex(PT38A)).hex(), want)

    def test_stream_round_trip_every_cipher_kind(self):
        data = os.urandom(3 * (1 << 20) + 5)          # several of the CLI's 1 MiB chunks, and a tail
        for cipher, key, bs in (("aria-256", "00" * 32, 16), ("pipo-64-128", "11" * 16, 8),
                                ("rijndael-256-192", "22" * 24, 32)):
            for mode in ("cfb", "ofb"):
                args = ("--cipher", cipher, "--key", key, "--mode", mode, "--iv", "ab" * bs)
                enc = ok("encrypt", *args, stdin=data)
                self.assertEqual(len(enc), len(data))
                self.assertEqual(ok("decrypt", *args, stdin=enc), data, (cipher, mode))
                self.assertEqual(hexout("encrypt", *args, "--hex", data[:77].hex()), enc[:77].hex())

    @unittest.skipUnless(HAVE_REF, "python3-cryptography not installed")
    def test_against_cryptography(self):
        for n in (0, 1, 15, 16, 17, 100, 4097):
            key, iv, pt = os.urandom(32), os.urandom(16), os.urandom(n)
            for mode, ref in (("cfb", CFB), ("ofb", OFB)):
                e = Cipher(algorithms.AES(key), ref(iv)).encryptor()
                want = e.update(pt) + e.finalize()
                got = ok("encrypt", "--cipher", "aes-256", "--key", key.hex(), "--mode", mode, "--iv", iv.hex(), stdin=pt)
                self.assertEqual(got, want, (mode, n))

    def test_usage(self):
        args = ("--cipher", "aes-128", "--key", K38A)
        self.assertEqual(run("encrypt", *args, "--mode", "cfb", "--hex", "00")[0], 2)             # no --iv
        self.assertEqual(run("encrypt", *args, "--mode", "ofb", "--iv", IV38A, "--pad", "--hex", "00")[0], 2)
        self.assertEqual(run("encrypt", *args, "--mode", "cfb8", "--iv", IV38A, "--hex", "00")[0], 2)
        self.assertEqual(run("encrypt", *args, "--mode", "cfb", "--iv", IV38A[:30], "--hex", "00")[0], 2)
        self.assertEqual(run("encrypt", *args, "--mode", "cfb", "--iv", IV38A, "--nonce", "00", "--hex", "00")[0], 2)


class AeadModes(unittest.TestCase):
    def test_sp800_38c_examples(self):
        for nonce, ad, pt, tag, want in CCM38C:
            args = ("--cipher", "aes-128", "--key", K38C, "--mode", "ccm", "--nonce", nonce, "--ad", ad,
                    "--tag-len", str(tag))
            self.assertEqual(hexout("encrypt", *args, "--hex", pt), want)
            self.assertEqual(hexout("decrypt", *args, "--hex", want), pt)
            self.assertEqual(ok("decrypt", *args, stdin=bytes.fromhex(want)).hex(), pt)

    def test_bad_tag_prints_nothing(self):
        for mode in ("gcm", "ccm"):
            args = ("--cipher", "aria-128", "--key", "00" * 16, "--mode", mode, "--nonce", "01" * 12, "--ad", "0203")
            ct = bytes.fromhex(hexout("encrypt", *args, "--hex", "00" * 40))
            self.assertEqual(len(ct), 56)
            for i in (0, 39, 40, 55):                  # ciphertext and tag bytes
                bad = bytearray(ct)
                bad[i] ^= 1
                code, out, err = run("decrypt", *args, "--hex", bad.hex())
                self.assertEqual((code, out), (1, b""), (mode, i))
                self.assertIn("tag", err)
                code, out, _ = run("decrypt", *args, stdin=bytes(bad))
                self.assertEqual((code, out), (1, b""), (mode, i))
            code, out, _ = run("decrypt", *args[:-2], "--hex", ct.hex())   # AD left out
            self.assertEqual((code, out), (1, b""))

    @unittest.skipUnless(HAVE_REF, "python3-cryptography not installed")
    def test_against_cryptography(self):
        for n in (0, 1, 16, 31, 1000):
            key, pt, ad = os.urandom(16), os.urandom(n), os.urandom(n % 7)
            for mode, ref, nonce_len, tag in (("gcm", AESGCM, 12, 16), ("ccm", AESCCM, 13, 16), ("ccm", AESCCM, 7, 6)):
                nonce = os.urandom(nonce_len)
                want = (ref(key, tag) if ref is AESCCM else ref(key)).encrypt(nonce, pt, ad or None)
                args = ("--cipher", "aes-128", "--key", key.hex(), "--mode", mode, "--nonce", nonce.hex(),
                        "--tag-len", str(tag)) + (("--ad", ad.hex()) if ad else ())
                self.assertEqual(ok("encrypt", *args, stdin=pt), want, (mode, n))
                self.assertEqual(ok("decrypt", *args, stdin=want), pt)

    def test_usage(self):
        args = ("--cipher", "aes-128", "--key", "00" * 16)
        self.assertEqual(run("encrypt", *args, "--mode", "gcm", "--hex", "00")[0], 2)                # no --nonce
        self.assertEqual(run("encrypt", *args, "--mode", "ccm", "--nonce", "00" * 6, "--hex", "00")[0], 2)
        self.assertEqual(run("encrypt", *args, "--mode", "ccm", "--nonce", "00" * 12, "--tag-len", "5",
                             "--hex", "00")[0], 2)
        self.assertEqual(run("encrypt", *args, "--mode", "gcm", "--nonce", "00" * 12, "--iv", "00" * 16,
                             "--hex", "00")[0], 2)
        self.assertEqual(run("encrypt", "--cipher", "pipo-64-128", "--key", "00" * 16, "--mode", "ccm",
                             "--nonce", "00" * 12, "--hex", "00")[0], 2)
        self.assertEqual(run("encrypt", *args, "--mode", "cbc", "--iv", "00" * 16, "--tag-len", "8",
                             "--hex", "00")[0], 2)


class Mac(unittest.TestCase):
    D1 = ("2b7e151628aed2a6abf7158809cf4f3c", "6bc1bee22e409f96e93d7e117393172a", "070a16b46b4d4144f79bdd9dd04a287c")

    def test_sp800_38b(self):
        key, msg, tag = self.D1
        args = ("mac", "--cipher", "aes-128", "--mode", "cmac", "--key", key)
        self.assertEqual(hexout(*args, "--hex", msg), tag)
        self.assertEqual(hexout(*args, stdin=bytes.fromhex(msg)), tag)
        self.assertEqual(hexout(*args, "--hex", ""), "bb1d6929e95937287fa37d129b756746")
        self.assertEqual(hexout(*args, "--tag-len", "8", "--hex", msg), tag[:16])
        env = dict(os.environ, KCIPHER_KEY=key)
        code, out, _ = run("mac", "--cipher", "aes-128", "--mode", "cmac", "--hex", msg, env=env)
        self.assertEqual((code, out.decode().strip()), (0, tag))

    def test_verify(self):
        key, msg, tag = self.D1
        args = ("mac", "--cipher", "aes-128", "--mode", "cmac", "--key", key, "--hex", msg)
        self.assertEqual(run(*args, "--verify", tag), (0, b"", ""))
        self.assertEqual(run(*args, "--verify", tag[:8])[0], 0)         # a truncated tag
        code, out, err = run(*args, "--verify", tag[:-1] + "d")
        self.assertEqual((code, out), (1, b""))
        self.assertIn("does not match", err)
        self.assertEqual(run("mac", "--cipher", "aes-128", "--mode", "cmac", "--key", key, "--verify", tag,
                             stdin=bytes.fromhex(msg))[0], 0)
        self.assertEqual(run(*args, "--verify", tag[:6])[0], 2)         # 3 bytes: too short a tag

    def test_every_block_cipher_streams(self):
        data = os.urandom((1 << 20) + 123)
        for cipher, key in (("pipo-64-256", "33" * 32), ("lea-192", "44" * 24), ("rc6-256", "55" * 32)):
            args = ("mac", "--cipher", cipher, "--mode", "cmac", "--key", key)
            tag = hexout(*args, stdin=data)
            self.assertEqual(len(tag), 16 if cipher.startswith("pipo") else 32)
            self.assertEqual(hexout(*args, "--hex", data[:1000].hex()), hexout(*args, stdin=data[:1000]))
            self.assertEqual(run(*args, "--verify", tag, stdin=data)[0], 0)
            self.assertEqual(run(*args, "--verify", tag, stdin=data[:-1])[0], 1)

    @unittest.skipUnless(HAVE_REF, "python3-cryptography not installed")
    def test_against_cryptography(self):
        for n in (0, 1, 16, 17, 5000):
            key, msg, nonce = os.urandom(32), os.urandom(n), os.urandom(12)
            c = cmac.CMAC(algorithms.AES(key))
            c.update(msg)
            self.assertEqual(hexout("mac", "--cipher", "aes-256", "--mode", "cmac", "--key", key.hex(), stdin=msg),
                             c.finalize().hex())
            gmac = AESGCM(key).encrypt(nonce, b"", msg)     # GMAC: GCM with everything as AD
            self.assertEqual(hexout("mac", "--cipher", "aes-256", "--mode", "gmac", "--key", key.hex(),
                                    "--nonce", nonce.hex(), stdin=msg), gmac.hex())

    def test_usage(self):
        key = "00" * 16
        self.assertEqual(run("mac", "--cipher", "aes-128", "--key", key, "--hex", "00")[0], 2)          # no --mode
        self.assertEqual(run("mac", "--cipher", "aes-128", "--mode", "hmac", "--key", key, "--hex", "00")[0], 2)
        self.assertEqual(run("mac", "--cipher", "aes-128", "--mode", "gmac", "--key", key, "--hex", "00")[0], 2)
        self.assertEqual(run("mac", "--cipher", "aes-128", "--mode", "cmac", "--key", key, "--nonce", "00",
                             "--hex", "00")[0], 2)
        self.assertEqual(run("mac", "--cipher", "aes-128", "--mode", "cmac", "--key", key, "--iv", "00",
                             "--hex", "00")[0], 2)
        self.assertEqual(run("mac", "--cipher", "tinyjambu-128", "--mode", "cmac", "--key", key, "--hex", "00")[0], 2)
        self.assertEqual(run("mac", "--cipher", "rijndael-256-128", "--mode", "cmac", "--key", key, "--hex", "00")[0], 2)
        self.assertEqual(run("mac", "--cipher", "pipo-64-128", "--mode", "gmac", "--key", key, "--nonce", "00",
                             "--hex", "00")[0], 2)
        self.assertEqual(run("mac", "--cipher", "aes-128", "--mode", "cmac", "--key", key, "--tag-len", "17",
                             "--hex", "00")[0], 2)
        self.assertEqual(run("mac", "--cipher", "aes-128", "--mode", "cmac", "--key", key, "--hex", "0")[0], 1)
        self.assertEqual(run("mac", "--cipher", "aes-128", "--mode", "cmac", "--hex", "00")[0], 2)      # no key


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print(f"test_cli_modes: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed or result.testsRun == 0 else 0)
