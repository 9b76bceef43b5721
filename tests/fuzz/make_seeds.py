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
BLOCK = dict(enumerate([(k, 16) for k in (16, 24, 32)] * 2 + [(16, 8), (32, 8)]
                       + [(k, 16) for k in (16, 24, 32)] * 3
                       + [(k, b) for b in (24, 32) for k in (16, 24, 32)]))
ECB, CBC, CTR, CFB, OFB = 0, 1, 2, 3, 4


def mode_head(cipher, backend, mode, pad):
    key, block = BLOCK[cipher]
    head = bytes([cipher, backend, mode]) + (bytes([pad]) if mode in (ECB, CBC) else b"")
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
        "aria128-cfb": (0, 1, CFB, 0, 53), "lea256-ofb": (5, 1, OFB, 0, 71),
        "pipo128-cfb": (6, 1, CFB, 0, 29), "rijndael256-ofb": (22, 0, OFB, 0, 95),
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
        "aes128-cfb-decrypt": (11, 1, CFB, 0, 0, [5, 16, 0, 1, 31, 7, 210, 3], 77),
        "rc6-128-ofb-encrypt": (8, 0, OFB, 0, 1, [1, 15, 17, 0, 2, 32, 33, 250], 120),
        "pipo256-cfb-encrypt": (7, 2, CFB, 0, 1, [3, 8, 9, 1, 0, 0, 7, 1], 61),
    }.items():
        head, key, block = mode_head(c, b, m, pad)
        out[fname] = (head + bytes([enc]) + KEY[:key] + (IV[:block] if m != ECB else b"")
                      + bytes(chunks) + TEXT[:n])
    write("stream", out)


# AEADs in the harness's order: "<cipher>-gcm", "-ccm" for each cipher with
# 16-byte blocks in registry order, then tinyjambu-128/192/256.
AEADS = [(c, k) for c in range(23) if BLOCK[c][1] == 16 for k in ("gcm", "ccm")] + \
        [("tj", k) for k in (16, 24, 32)]
GCM_CCM_KEY = lambda i: BLOCK[AEADS[i][0]][0] if AEADS[i][0] != "tj" else AEADS[i][1]


def aead():
    out = {}
    for fname, (a, b, g, form, tag, nonce, ad, count, forge, flip, smode, chunks, n) in {
        "aria128-gcm-96": (0, 0, 0, 1, 16, 12, b"header", 4, 0x0002, 37, 0, [5, 16, 0, 1, 31, 7, 210, 3], 100),
        "lea256-gcm-release-unverified": (10, 1, 1, 0, 12, 12, b"associated", 3, 0, 5, 1, [1, 2, 3, 4, 5, 6, 7, 8], 77),
        "aes128-gcm-iv20-tag4": (18, 1, 2, 2, 4, 20, b"x" * 40, 17, 0x8003, 1000, 0, [16, 16, 0, 0, 33, 1, 2, 240], 300),
        "rc6-128-gcm-forged-stream": (12, 0, 3, 3, 16, 12, b"", 1, 0, 3, 0x2a, [9, 0, 0, 0, 0, 0, 0, 1], 33),
        "aria256-ccm-13-tag8": (5, 1, 0, 0, 8, 13, b"ccm header", 5, 0x0013, 77, 0, [1] * 8, 64),
        "aes128-ccm-7-tag5-refused": (19, 0, 0, 1, 5, 7, b"ad", 2, 0, 9, 0, [1] * 8, 23),
        "lea128-ccm-11": (7, 2, 0, 0, 16, 11, b"", 16, 0, 200, 0, [2] * 8, 160),
        "aes256-gcm-nonce0-refused": (22, 0, 1, 0, 16, 0, b"ad", 1, 0, 2, 0, [3] * 8, 40),
        "tinyjambu128-one": (30, 0, 0, 0, 8, 12, b"header", 1, 0, 37, 0, [1] * 8, 32),
        "tinyjambu192-batch16": (31, 1, 0, 0, 8, 12, b"", 16, 0x0204, 37, 0, [1] * 8, 150),
        "tinyjambu256-batch-forged": (32, 2, 0, 0, 8, 12, b"associated data", 5, 0x0013, 37, 0, [1] * 8, 77),
    }.items():
        out[fname] = (bytes([a, b, g, form, tag, nonce]) + KEY[:GCM_CCM_KEY(a)] + IV[:24]
                      + len(ad).to_bytes(2, "big") + ad + bytes([count - 1]) + forge.to_bytes(2, "big")
                      + flip.to_bytes(2, "big") + bytes([smode]) + bytes(chunks) + TEXT[:n])
    write("aead", out)


def mac():
    out = {}
    for fname, (c, gmac, b, g, form, tag, nonce, count, flip, chunks, n) in {
        "aes128-cmac": (11, 0, 0, 0, 0, 16, 0, 1, 0, [16] * 8, 64),
        "pipo128-cmac-tag4": (6, 0, 1, 0, 0, 4, 0, 3, 0x0101, [3, 5, 8, 0, 0, 0, 0, 1], 40),
        "rc6-192-cmac-batch16": (9, 0, 1, 0, 3, 16, 0, 16, 0x8000, [7] * 8, 500),
        "aria128-gmac": (0, 1, 0, 1, 1, 16, 12, 4, 0x0003, [1, 2, 3, 4, 5, 6, 7, 8], 90),
        "lea256-gmac-iv1-tag4": (5, 1, 1, 2, 2, 4, 1, 2, 0x0100, [33] * 8, 47),
        "aes256-gmac-iv16": (13, 1, 1, 0, 0, 13, 16, 9, 0x8001, [250, 1, 0, 0, 0, 0, 0, 1], 160),
        "rijndael256-cmac-refused": (22, 0, 0, 0, 0, 16, 0, 1, 0, [1] * 8, 10),
        "lea128-cmac-nonce-refused": (3, 0, 0, 0, 0, 16, 12, 1, 0, [1] * 8, 10),
    }.items():
        key, _ = BLOCK[c]
        out[fname] = (bytes([c, gmac, b, g, form, tag, nonce]) + KEY[:key] + IV[:24] + bytes([count - 1])
                      + flip.to_bytes(2, "big") + bytes(chunks) + TEXT[:n])
    write("mac", out)


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


def tokenize():
    # Only the seeds below are written here (the others in corpus/tokenize are kept as they are).
    # Layout: format (10..41: a spec from parts), cipher (ff1-aes-128 0, ff3-1-aria-128 1, fea2-128 2, ff1-lea-256 3), mode (flags;
    # 4: the value built from the format), tweak length % 40, tweak, [spec NUL], value.
    card, email, parts, custom = 3, 8, 10, 0xc8
    out = {}
    for fname, (fmt, c, mode, tweak, spec, value) in {
        # issue 22: a stop character inside the alphabet (refused now; on the old tree detokenize
        # stopped at an 'a' the cipher wrote and the round trip failed)
        "stop-in-alphabet": (custom, 0, 4, b"", b"alphabet=alnum;stop=a", bytes(range(1, 33))),
        "email-at-in-alphabet": (custom, 2, 4, b"ctx", b"alphabet=abcdefghijklmnopqrstuvwxyz0123456789@;pass=.;stop=@",
                                 bytes(range(40, 70))),
        # values built from the format, all alphabet: the "nothing in clear" oracle
        "marked-card": (card, 0, 4, b"", None, bytes(range(10, 26))),
        "marked-hangul": (custom, 1, 4, b"", "alphabet=가나다라마바사아자차카타파하;keep=2,2".encode(), bytes(range(3, 40))),
        "marked-email": (email, 3, 4, b"users", None, bytes(range(60, 90)) + b"\xf5x.kr"),
        "empty-email": (email, 0, 0, b"", None, b""),
        # a mask and the empty value: detokenize was KC_OK (an empty row skipped the mask's refusal)
        "mask-empty": (custom, 0, 0, b"", b"mask=a", b""),
        # a spec from parts (fuzz_tokenize.c build_spec): alnum, pass '-', stop '@', keep=1,1
        "parts-alnum-stop": (parts, 0, 4, b"", None, bytes([6, 1, 13, 1, 32, 1 | 2 | 8]) + bytes(range(50, 80))),
    }.items():
        head = bytes([fmt, c, mode, len(tweak)]) + tweak
        out[fname] = head + (spec + b"\0" if spec is not None else b"") + value
    write("tokenize", out)


modes()
stream()
aead()
mac()
fpe()
tokenize()
