# SPDX-License-Identifier: MIT
"""Rijndael with 128-, 192- and 256-bit blocks against the PyPI package
py3rijndael, an independent pure-Python implementation, through the kcipher
CLI: random keys and blocks for all nine block/key sizes and every backend,
ECB single and multi-block, both directions, and CBC with PKCS#7.

Usage: test_rijndael_py3rijndael.py PATH_TO_KCIPHER   (or env KCIPHER)
Exits 77 (skip) when py3rijndael is not installed."""
import os
import random
import subprocess
import sys

SIZES = (128, 192, 256)
CASES = 3            # random single blocks per cipher and backend

# Gladman's 256-bit block, 192-bit key vector: checks that we call py3rijndael right.
GLADMAN = ("2b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da5",
           "3243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c8",
           "5d7101727bb25781bf6715b0e6955282b9610e23a43c2eb062699f0ebf5887b2")


class Tally:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL:", what)


def kcipher_run(exe, *args):
    p = subprocess.run([exe, *args], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        return None, f"exit {p.returncode}: {p.stderr.strip()}"
    return p.stdout.strip(), ""


def backends(listing, cipher):
    """Backends this CPU runs, from `kcipher list` (backend is the 5th column)."""
    names = []
    for line in (listing or "").splitlines():
        cols = line.split()
        if len(cols) > 5 and cols[0] == cipher and "runs" in cols[5:]:
            names.append(cols[4])
    return names


def main():
    try:
        from py3rijndael import Pkcs7Padding, Rijndael, RijndaelCbc
    except ImportError:
        print("py3rijndael is not installed (pip install py3rijndael): skipped")
        return 77
    exe = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("KCIPHER", "kcipher")
    rng = random.Random(int(os.environ.get("KC_TEST_SEED", "20261122"), 0))
    t = Tally()

    key, pt, ct = (bytes.fromhex(h) for h in GLADMAN)
    t.check(Rijndael(key, block_size=32).encrypt(pt) == ct, "py3rijndael does not reproduce Gladman's vector")

    listing, _ = kcipher_run(exe, "list")
    for block_bits in SIZES:
        for key_bits in SIZES:
            cipher = f"rijndael-{block_bits}-{key_bits}"
            bs, names = block_bits // 8, backends(listing, cipher)
            t.check(len(names) >= 2, f"{cipher}: backends from `kcipher list`: {names}")
            for backend in names:
                def ours(*args):
                    out, err = kcipher_run(exe, *args, "--cipher", cipher, "--backend", backend)
                    t.check(out is not None, f"{cipher}/{backend} {' '.join(args)}: {err}")
                    return out

                for i in range(CASES + 2):
                    key = rng.randbytes(key_bits // 8)
                    ref = Rijndael(key, block_size=bs)
                    nblocks = 1 if i < CASES else rng.randint(2, 5)
                    msg = rng.randbytes(nblocks * bs)
                    want = b"".join(ref.encrypt(msg[j:j + bs]) for j in range(0, len(msg), bs))
                    label = f"{cipher}/{backend} key {key.hex()} msg {msg.hex()}"
                    got = ours("encrypt", "--key", key.hex(), "--hex", msg.hex())
                    t.check(got == want.hex(), f"{label}: encrypt {got}, py3rijndael {want.hex()}")
                    got = ours("decrypt", "--key", key.hex(), "--hex", want.hex())
                    t.check(got == msg.hex(), f"{label}: decrypt {got}")
                    # The reference's own decryption, for symmetry.
                    t.check(ref.decrypt(want[:bs]) == msg[:bs], f"{label}: py3rijndael decrypt")

                key, iv = rng.randbytes(key_bits // 8), rng.randbytes(bs)
                msg = rng.randbytes(rng.randint(0, 3 * bs))
                want = RijndaelCbc(key, iv, Pkcs7Padding(bs), block_size=bs).encrypt(msg)
                got = ours("encrypt", "--mode", "cbc", "--pad", "--key", key.hex(), "--iv", iv.hex(),
                           "--hex", msg.hex())
                t.check(got == want.hex(), f"{cipher}/{backend} CBC+PKCS7 key {key.hex()} iv {iv.hex()} "
                                           f"msg {msg.hex()}: {got}, py3rijndael {want.hex()}")

    print(f"{t.passed} passed, {t.failed} failed")
    return 1 if t.failed or not t.passed else 0


if __name__ == "__main__":
    sys.exit(main())
