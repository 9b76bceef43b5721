# SPDX-License-Identifier: MIT
"""The library's vectors through Python, round trips, buffers, GIL, fork."""
import os
import threading
import time

import pytest

import kcipher
from conftest import tsv

H = bytes.fromhex


def test_block_vectors():
    # FIPS-197 C.1; RFC 5794 Appendix A (all three, from the project's file); LEA-128 of KS X 3246 (tests/test_lea.c).
    assert kcipher.Cipher("aes-128", H("000102030405060708090a0b0c0d0e0f")).encrypt_blocks(
        H("00112233445566778899aabbccddeeff")).hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"
    n = 0
    for row in tsv("aria/rfc5794_examples.txt"):
        key, pt, ct = row[0].split()
        for b in kcipher.backends("aria-%d" % (len(key) * 4)):
            if b.available:
                c = kcipher.Cipher("aria-%d" % (len(key) * 4), H(key), backend=b.name)
                assert c.encrypt(H(pt), "ecb").hex() == ct and c.decrypt(H(ct), "ecb").hex() == pt
                n += 1
    assert n >= 3
    lea = kcipher.Cipher("lea-128", H("0f1e2d3c4b5a69788796a5b4c3d2e1f0"))
    assert lea.encrypt_blocks(H("101112131415161718191a1b1c1d1e1f")).hex() == "9fc84e3528c6c6185532c7a704648bfd"


def test_fea_kat():
    rows = list(tsv("fea/fea_kat.tsv"))[1:]
    assert len(rows) > 1000
    for typ, bits, key, n, tweak, pt, ct in rows[::7]:
        f = kcipher.FEA(typ.lower().replace("-", "") + "-" + bits, H(key), bits=int(n))
        tw = b"" if tweak == "-" else int(tweak, 16).to_bytes(f.tweak_size, "big")
        assert f.encrypt_int(int(pt, 16), tw) == int(ct, 16)
        assert f.decrypt_int(int(ct, 16), tw) == int(pt, 16)


@pytest.mark.parametrize("path,name", [("ff/acvp_ff1.tsv", "ff1-aes-"), ("ff/acvp_ff3_1.tsv", "ff3-1-aes-")])
def test_acvp_ff(path, name):
    n = 0
    for alg, test, direction, key, radix, alphabet, tweak, pt, ct in tsv(path):
        if not 2 <= int(radix) <= 65535:
            continue
        src, dst = (pt, ct) if direction == "encrypt" else (ct, pt)
        p = kcipher.FPE(name + str(len(key) * 4), H(key), radix=int(radix), length=len(src),
                        allow_small_domain=True)
        tw = b"" if tweak == "-" else H(tweak)
        digits = [alphabet.index(ch) for ch in src]
        out = (p.encrypt if direction == "encrypt" else p.decrypt)(digits, tweak=tw)
        assert "".join(alphabet[d] for d in out) == dst, test
        n += 1
    assert n > 100


def test_ff1_nist_samples_as_strings():
    key = H("2B7E151628AED2A6ABF7158809CF4F3C")
    p = kcipher.FPE("ff1-aes-128", key, radix=10, length=10)
    assert p.encrypt("0123456789") == "2433477484"
    assert p.encrypt("0123456789", tweak=H("39383736353433323130")) == "6124200773"
    p36 = kcipher.FPE("ff1-aes-128", key, radix=36, length=19)
    assert p36.encrypt("0123456789abcdefghi", tweak=H("3737373770717273373737")) == "a9tv40mll9kdu509eum"
    assert p36.decrypt("a9tv40mll9kdu509eum", tweak=H("3737373770717273373737")) == "0123456789abcdefghi"


def test_modes_round_trip_any_buffer():
    import array
    key, iv = os.urandom(32), os.urandom(16)
    msg = os.urandom(100_003)
    for name in ("aria-256", "lea-256", "aes-256"):
        c = kcipher.Cipher(name, bytearray(key))
        for mode, pad in (("ecb", True), ("cbc", True), ("ctr", False)):
            m = msg if pad else msg[:-3]
            v = None if mode == "ecb" else iv
            ct = c.encrypt(memoryview(m), mode, iv=v, pad=pad)
            assert c.decrypt(bytearray(ct), mode, iv=v, pad=pad) == m
            # streaming, in odd pieces, gives the same bytes
            e = c.encryptor(mode, iv=v, pad=pad)
            parts = [e.update(m[i:i + 777]) for i in range(0, len(m), 777)]
            assert b"".join(parts) + e.finalize() == ct
            d = c.decryptor(mode, iv=v, pad=pad)
            assert d.update(ct) + d.finalize() == m
    c = kcipher.Cipher("aes-128", bytes(16))
    words = array.array("I", range(8))           # any buffer: 32 bytes of uint32
    assert c.encrypt(words, "ecb") == c.encrypt(words.tobytes(), "ecb")
    with pytest.raises(TypeError):
        c.encrypt("text", "ecb")


def test_aead():
    key, nonce = os.urandom(16), os.urandom(12)
    a = kcipher.AEAD("tinyjambu-128", key)
    assert a.nonce_size == 12 and a.tag_size == 8
    ct = a.encrypt(nonce, b"attack at dawn", ad=b"hdr")
    assert len(ct) == 14 + 8
    assert a.decrypt(nonce, ct, ad=b"hdr") == b"attack at dawn"
    bad = bytearray(ct)
    bad[0] ^= 1
    for args in ((nonce, bytes(bad), b"hdr"), (nonce, ct, b"hdx")):
        with pytest.raises(kcipher.InvalidTag):
            a.decrypt(*args)
    with pytest.raises(kcipher.TagLengthError):               # TinyJAMBU's tag is 8 bytes, no other
        kcipher.AEAD("tinyjambu-128", key, tag_size=12)


def test_aead_gcm_ccm():
    # [SP800-38D]'s (McGrew-Viega) test case 2: AES-128, zero key, IV and one zero block.
    g = kcipher.AEAD("aes-128-gcm", bytes(16))
    assert (g.nonce_size, g.tag_size) == (12, 16)
    ct = g.encrypt(bytes(12), bytes(16))
    assert ct.hex() == "0388dace60b6a392f328c2b971b2fe78" + "ab6e47d42cec13bdf53a67b21257bddf"
    assert g.decrypt(bytes(12), ct) == bytes(16)
    with pytest.raises(kcipher.InvalidTag):
        g.decrypt(bytes(12), ct[:-1] + bytes([ct[-1] ^ 1]))
    short = kcipher.AEAD("aes-128-gcm", bytes(16), tag_size=12)   # a truncated tag is the full one's prefix
    assert short.encrypt(bytes(12), bytes(16)) == ct[:16 + 12]
    with pytest.raises(kcipher.TagLengthError):
        kcipher.AEAD("aes-128-ccm", bytes(16), tag_size=5)            # CCM: even lengths only
    for name in ("aria-128-gcm", "lea-256-ccm"):
        a = kcipher.AEAD(name, os.urandom(32 if "256" in name else 16))
        n = os.urandom(12)
        assert a.decrypt(n, a.encrypt(n, b"x" * 100, ad=b"hdr"), ad=b"hdr") == b"x" * 100


def test_gil_released():
    kcipher.set_threads(1)
    try:
        c = kcipher.Cipher("aes-128", bytes(16), backend="ct")
        data = bytes(16 << 20)
        t0 = time.perf_counter()
        c.encrypt(data, "ctr", iv=bytes(16))
        single = time.perf_counter() - t0
        ticks = []
        done = threading.Event()

        def counter():
            while not done.is_set():
                ticks.append(time.perf_counter())
                time.sleep(0.001)
        th = threading.Thread(target=counter)
        th.start()
        time.sleep(0.01)
        t0 = time.perf_counter()
        c.encrypt(data, "ctr", iv=bytes(16))
        t1 = time.perf_counter()
        done.set()
        th.join()
        during = [t for t in ticks if t0 < t < t1]
        # The counter ran while C worked (it could not if the GIL were held).
        assert single > 0.02 and len(during) >= 3, (single, len(during))
    finally:
        kcipher.set_threads(0)


def test_fork_child_tokenizes_with_threads():
    t = kcipher.Tokenizer("ff1-aes-128", key=bytes(16), format="digits")
    values = ["%016d" % i for i in range(50_000)]
    kcipher.set_threads(2)
    try:
        expected = t.encrypt_batch(values)              # the pool is running now
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:                                    # the child: threads again
            try:
                ok = t.encrypt_batch(values) == expected and kcipher.threads() == 2
                os.write(w, b"1" if ok else b"0")
            finally:
                os._exit(0)
        os.close(w)
        for _ in range(600):                            # a hung pool: fail, do not hang
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the child did not finish")
        got = os.read(r, 1)
        os.close(r)
        assert status == 0 and got == b"1"
    finally:
        kcipher.set_threads(0)
