# SPDX-License-Identifier: MIT
"""kcipher.hash and kcipher.hmac against hashlib/hmac (SHA-2) and the
Crypto++ LSH values; names, backends, errors."""
import hashlib
import hmac as pyhmac
import os

import pytest

import kcipher

SHA2 = {"sha-224": "sha224", "sha-256": "sha256", "sha-384": "sha384", "sha-512": "sha512",
        "sha-512-224": "sha512_224", "sha-512-256": "sha512_256"}


def test_hash_names_listed():
    names = kcipher.hashes()
    assert "sha-256" in names and "lsh-512-384" in names and len(names) == 12


@pytest.mark.parametrize("name,py", sorted(SHA2.items()))
def test_sha2_against_hashlib(name, py):
    try:
        hashlib.new(py)
    except ValueError:
        pytest.skip("hashlib has no " + py)
    for n in (0, 1, 55, 56, 64, 111, 112, 128, 1000):
        data = os.urandom(n)
        want = hashlib.new(py, data).digest()
        assert kcipher.hash(name, data) == want
        for b in kcipher.backends(name):
            if b.available:
                assert kcipher.hash(name, bytearray(data), backend=b.name) == want


def test_lsh_known_values():
    # Crypto++ TestVectors/lsh256.txt, LSH-224 of "" and of "ca".
    assert kcipher.hash("lsh-256-224", b"").hex() == "48a0d55b2b3d91f26e06f7110fe9ce8ea0e2656bbe344cb1c5930653"
    assert kcipher.hash("lsh-256-224", b"\xca").hex() == "4253e6e91b3c37f75c231d53ca6dc8464885250d2058c41d495bd08f"
    assert kcipher.hash("lsh-256", b"abc") == kcipher.hash("lsh256", b"abc") == kcipher.hash("lsh-256-256", b"abc")
    assert len(kcipher.hash("lsh-512", b"abc")) == 64


def test_hmac_against_python():
    for key in (b"", b"Jefe", os.urandom(64), os.urandom(129), os.urandom(300)):
        data = os.urandom(333)
        for name, py in (("sha-256", "sha256"), ("hmac-sha-384", "sha384"), ("sha512", "sha512"),
                         ("hmac-sha224", "sha224")):
            assert kcipher.hmac(name, key, data) == pyhmac.new(key, data, py).digest(), (name, len(key))


def test_hmac_lsh():
    t = kcipher.hmac("hmac-lsh256", b"k" * 20, b"abc")
    assert len(t) == 32 and t == kcipher.hmac("lsh-256", b"k" * 20, b"abc")
    assert t != kcipher.hmac("lsh-256", b"k" * 21, b"abc")


def test_errors():
    with pytest.raises(kcipher.Error):
        kcipher.hash("sha-3", b"")
    with pytest.raises(kcipher.Error):
        kcipher.hash("aes-128", b"")
    with pytest.raises(kcipher.Error):
        kcipher.hash("sha-256", b"", backend="nope")
    with pytest.raises(TypeError):
        kcipher.hash("sha-256", "text")
    with pytest.raises(kcipher.Error):
        kcipher.hmac("sha-3", b"k", b"")


def test_random():
    a, b = kcipher.random(64), kcipher.random(64)
    assert len(a) == 64 and a != b and kcipher.random(0) == b""
    assert len(kcipher.random(200_000)) == 200_000   # longer than one DRBG request
    for bad in (-1, 1.5, "8", True):
        with pytest.raises(ValueError):
            kcipher.random(bad)
    assert "random" not in kcipher.__all__ and "hash" not in kcipher.__all__


def test_hash_batch():
    # kc_hash_batch: equal to one message at a time, on every backend (LSH's SIMD lanes from 4, 8, 16 messages)
    msgs = [os.urandom(n) for n in (0, 1, 127, 128, 129, 255, 256, 1000, 3000)] * 4 + [bytearray(b"abc"), b""]
    for name in ("lsh-256", "lsh-512", "lsh-512-224", "sha-256", "sha-384"):
        want = [kcipher.hash(name, m) for m in msgs]
        for b in kcipher.backends(name):
            if b.available:
                assert kcipher.hash_batch(name, msgs, backend=b.name) == want, (name, b.name)
    assert kcipher.hash_batch("lsh-256", []) == []
    with pytest.raises(kcipher.Error):
        kcipher.hash_batch("aes-128", [b""])
