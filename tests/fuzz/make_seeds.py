#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the seed corpora corpus/<name>/ in the byte layouts the harnesses
read (see the comment at the top of each fuzz_<name>.c).  Cipher and backend
bytes are indices (modulo the count) into the registry's order."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
KEY = bytes(range(32))
IV = bytes(range(0xf0, 0x100)) * 2
TEXT = b"Korean ciphers in one library: ARIA, LEA, PIPO, RC6, Rijndael, TinyJAMBU, FEA. " * 2
# Block ciphers in registry order: aria 0-2, lea 3-5, pipo 6-7, rc6 8-10,
# aes 11-13, rijndael-B-K 14-22.  Key and block bytes of each.
BLOCK = {0: (16, 16), 2: (32, 16), 3: (16, 16), 6: (16, 8), 9: (24, 16), 11: (16, 16), 22: (32, 32)}
ECB, CBC, CTR = 0, 1, 2


def mode_head(cipher, backend, mode, pad):
    key, block = BLOCK[cipher]
    head = bytes([cipher, backend, mode]) + (bytes([pad]) if mode != CTR else b"")
    return head, key, block


def write(name, files):
    d = os.path.join(HERE, "corpus", name)
    os.makedirs(d, exist_ok=True)
    for fname, data in files.items():
        with open(os.path.join(d, fname), "wb") as f:
            f.write(data)


def modes():
    out = {}
    for fname, (c, b, m, pad, n) in {
        "aes128-cbc-pkcs7": (11, 0, CBC, 1, 45), "aria256-ctr": (2, 1, CTR, 0, 37),
        "lea128-ecb": (3, 2, ECB, 0, 64), "rijndael256-cbc-pkcs7": (22, 1, CBC, 1, 70),
        "pipo128-ecb-pkcs7": (6, 3, ECB, 1, 13), "rc6-192-cbc": (9, 1, CBC, 0, 32),
    }.items():
        head, key, block = mode_head(c, b, m, pad)
        out[fname] = head + KEY[:key] + (IV[:block] if m != ECB else b"") + TEXT[:n]
    write("modes", out)


def stream():
    out = {}
    for fname, (c, b, m, pad, enc, chunks, n) in {
        "aes128-cbc-pkcs7-decrypt": (11, 1, CBC, 1, 0, [5, 16, 0, 1, 31, 7, 210, 3], 64),
        "lea128-ctr-encrypt": (3, 0, CTR, 0, 1, [1, 2, 3, 4, 5, 6, 7, 8], 100),
        "pipo128-ecb-encrypt": (6, 2, ECB, 0, 1, [8, 8, 9, 0, 0, 0, 0, 1], 48),
        "rijndael256-cbc-encrypt": (22, 0, CBC, 1, 1, [33, 1, 64, 0, 17, 2, 3, 4], 90),
    }.items():
        head, key, block = mode_head(c, b, m, pad)
        out[fname] = (head + bytes([enc]) + KEY[:key] + (IV[:block] if m != ECB else b"")
                      + bytes(chunks) + TEXT[:n])
    write("stream", out)


def aead():
    out = {}
    for fname, (c, b, key, ad, count, forge, n) in {
        "tinyjambu128-one": (0, 0, 16, b"header", 1, 0, 32),
        "tinyjambu192-batch16": (1, 1, 24, b"", 16, 0x0204, 150),
        "tinyjambu256-batch-forged": (2, 2, 32, b"associated data", 5, 0x0013, 77),
    }.items():
        out[fname] = (bytes([c, b]) + KEY[:key] + IV[:12] + bytes([len(ad)]) + ad
                      + bytes([count - 1]) + forge.to_bytes(2, "big") + (37).to_bytes(2, "big")
                      + TEXT[:n])
    write("aead", out)


def fpe():
    # fea1-128 0, fea1-192 1, fea1-256 2, fea2-128 3, fea2-192 4, fea2-256 5
    out = {}
    for fname, (c, b, key, radix, digits, flags, tweak_len, count) in {
        "fea2-256-card16": (5, 0, 32, 10, [4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 0, 16, 2),
        "fea1-128-radix36": (0, 1, 16, 36, [10, 33, 3, 5, 0, 35, 12, 7, 7, 1], 0, 12, 1),
        "fea2-128-radix60000": (3, 2, 16, 60000, [1, 59999, 30000, 0, 42], 0, 16, 3),
        "fea1-192-small-domain": (1, 0, 24, 10, [1, 2, 3, 4], 1, 0, 4),
    }.items():
        sel, rad = (0x80, radix.to_bytes(2, "big")) if radix > 36 else (0, bytes([radix - 2]))
        mode = 1 if tweak_len else 0                        # 1: the right tweak length
        body = b"".join(d.to_bytes(2, "big") for d in digits) * count
        out[fname] = (bytes([c, b]) + KEY[:key] + bytes([sel]) + rad
                      + bytes([len(digits), flags, tweak_len]) + bytes(range(24))
                      + bytes([mode, count - 1]) + body)
    write("fpe", out)


modes()
stream()
aead()
fpe()
