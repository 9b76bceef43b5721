# SPDX-License-Identifier: MIT
"""The binding itself: every function of the headers is declared and
resolves from the shipped library, every kc_status has its class."""
import os
import re

import pytest

import kcipher
from kcipher import _ffi
from kcipher._ffi import ffi, lib


def test_every_declared_function_resolves():
    names = _ffi.declared_functions()
    assert len(names) > 60 and "kc_tokenize_arrow" in names and "kc_cpu_features" in names
    # The same names found the blunt way: identifiers before "(" in the raw headers.
    raw = set()
    for h in _ffi.HEADERS:
        text = re.sub(r"/\*.*?\*/", "", _ffi.header_text(h), flags=re.S)
        raw |= set(re.findall(r"\b(kc_[a-z0-9_]+)\s*\(", text))
    assert raw == set(names)
    missing = [n for n in names if not hasattr(lib, n)]
    assert not missing, "declared but not exported: %s" % missing


def test_parser_sees_a_new_function():
    # A header that grows: the parser must report the new function, and a
    # function the library lacks must not resolve (so the test above can fail).
    text = _ffi.header_text("kcipher.h").replace(
        "void kc_wipe(void *p, size_t len);",
        "void kc_wipe(void *p, size_t len);\nkc_status kc_not_in_the_library(const char *x,\n    int y);")
    names = _ffi.declared_functions([text])
    assert "kc_not_in_the_library" in names
    probe = ffi.dlopen(_ffi.library_path)
    with pytest.raises(AttributeError):
        getattr(probe, "kc_not_in_the_library_either")


def test_library_is_the_packaged_one():
    if os.environ.get("KCIPHER_LIBRARY"):
        pytest.skip("KCIPHER_LIBRARY overrides the packaged library")
    pkg = os.path.dirname(kcipher.__file__)
    assert os.path.commonpath([pkg, os.path.realpath(_ffi.library_path)]) == os.path.realpath(pkg)


def test_every_status_has_its_own_class():
    classes = [kcipher.error_class(s) for s in range(lib.KC_STATUS_COUNT)]
    assert classes[0] is kcipher.Error                       # KC_OK: never raised
    assert len(set(classes)) == lib.KC_STATUS_COUNT          # distinct
    for s, cls in enumerate(classes[1:], 1):
        assert issubclass(cls, kcipher.Error) and cls is not kcipher.Error
        assert cls.status == s
        assert cls.status_name == ffi.string(lib.kc_status_name(s)).decode()
        assert getattr(kcipher, cls.__name__) is cls
    assert kcipher.error_class(lib.KC_ERR_AUTH) is kcipher.InvalidTag
    assert kcipher.error_class(lib.KC_ERR_FORMAT) is kcipher.FormatError


def test_raised_errors_carry_the_library_message():
    cases = [
        (lambda: kcipher.Cipher("no-such", bytes(16)), kcipher.UnknownCipherError),
        (lambda: kcipher.Cipher("aes-128", bytes(15)), kcipher.KeyLengthError),
        (lambda: kcipher.Cipher("aes-128", bytes(16), backend="nope"), kcipher.UnknownBackendError),
        (lambda: kcipher.Cipher("tinyjambu-128", bytes(16)), kcipher.WrongKindError),
        (lambda: kcipher.Cipher("aes-128", bytes(16)).encrypt(b"x" * 16, "cbc", iv=bytes(8)),
         kcipher.IvLengthError),
        (lambda: kcipher.Cipher("aes-128", bytes(16)).encrypt(b"x" * 15, "ecb"), kcipher.NotBlockMultipleError),
        (lambda: kcipher.Cipher("aes-128", bytes(16)).decrypt(bytes(16), "ecb", pad=True), kcipher.BadPaddingError),
        (lambda: kcipher.Cipher("aes-128", bytes(16)).encrypt(b"", "xts"), kcipher.BadModeError),
        (lambda: kcipher.AEAD("tinyjambu-128", bytes(16)).encrypt(bytes(11), b""), kcipher.NonceLengthError),
        (lambda: kcipher.AEAD("tinyjambu-128", bytes(16)).decrypt(bytes(12), bytes(3)), kcipher.InputTooShortError),
        (lambda: kcipher.FEA("fea1-128", bytes(16), bits=200), kcipher.BlockBitsError),
        (lambda: kcipher.FPE("ff1-aes-128", bytes(16), radix=10, length=4), kcipher.DomainTooSmallError),
        (lambda: kcipher.FPE("ff1-aes-128", bytes(16), radix=1, length=40), kcipher.RadixError),
        (lambda: kcipher.FPE("ff3-1-aes-128", bytes(16), length=10).encrypt("0123456789", tweak=bytes(3)),
         kcipher.TweakLengthError),
        (lambda: kcipher.Tokenizer("ff1-aes-128", key=bytes(16), format="card").encrypt("4111-1111-1111-111x"),
         kcipher.FormatError),
        (lambda: kcipher.Tokenizer("ff1-aes-128", key=bytes(16), format="card-luhn").encrypt("4111111111111112"),
         kcipher.CheckDigitError),
        (lambda: kcipher.Tokenizer("ff1-aes-128", key=bytes(16), format="alphabet=zz;keep"), kcipher.FormatSpecError),
        (lambda: kcipher.set_threads(100000), kcipher.ThreadsError),
    ]
    for fn, cls in cases:
        with pytest.raises(cls) as e:
            fn()
        assert ffi.string(lib.kc_strerror(cls.status)).decode() in str(e.value)


def test_format_error_position():
    t = kcipher.Tokenizer("ff1-aes-128", key=bytes(16), format="card")
    with pytest.raises(kcipher.FormatError) as e:
        t.encrypt("4111-1111-1111-111x")
    assert e.value.position == 19 and "character 19 (1-based)" in str(e.value)


def test_discovery_and_threads():
    names = kcipher.ciphers()
    assert {"aria-128", "lea-256", "tinyjambu-128", "fea2-256", "aes-128", "aes-128-gcm", "aria-128-cmac",
            "lea-128-gmac", "ff1-aes-256", "ff3-1-lea-128"} <= set(names)
    info = kcipher.cipher_info("tinyjambu-128")
    assert info.kind == "aead" and info.key_bytes == 16 and info.nonce_bytes == 12 and info.tag_bytes == 8
    bs = kcipher.backends("aria-128")
    assert sum(b.is_default for b in bs) == 1 and any(b.name == "table" and not b.constant_time for b in bs)
    with pytest.raises(kcipher.UnknownCipherError):
        kcipher.backends("nope")
    gh = kcipher.backends("ghash")              # GCM's GHASH backends, chosen as "cipher-backend/ghash-backend"
    assert sum(b.is_default for b in gh) == 1 and any(b.name == "ct" and b.available for b in gh)
    assert all(b.constant_time and b.available for b in gh if b.is_default)
    assert isinstance(kcipher.cpu_features(), str)
    kcipher.set_threads(2)
    assert kcipher.threads() == 2
    kcipher.set_threads(0)


def test_closed_object():
    c = kcipher.Cipher("aes-128", bytes(16))
    c.close()
    c.close()
    with pytest.raises(kcipher.StateError):
        c.encrypt(bytes(16), "ecb")
    with kcipher.Tokenizer("ff1-aes-128", key=bytes(16)) as t:
        t.encrypt("1234567890")
    with pytest.raises(kcipher.StateError):
        t.encrypt("1234567890")


def test_load_key_as_the_cli(tmp_path, monkeypatch):
    key = bytes(range(32))
    hexfile = tmp_path / "k.hex"
    hexfile.write_text("  " + key.hex().upper() + "\r\n")
    raw = tmp_path / "k.bin"
    raw.write_bytes(b"\n" + key[1:])              # raw bytes, whitespace included, as they are
    hexfile.chmod(0o600)
    raw.chmod(0o600)
    assert kcipher.load_key(file=str(hexfile)) == key
    assert kcipher.load_key(file=str(raw)) == b"\n" + key[1:]
    monkeypatch.setenv("KC_TEST_KEY", key.hex())
    assert kcipher.load_key(env="KC_TEST_KEY") == key
    big = tmp_path / "big"
    big.write_bytes(bytes(300))
    big.chmod(0o600)
    with pytest.raises(kcipher.KeyLengthError):
        kcipher.load_key(file=str(big))
    with pytest.raises(TypeError):
        kcipher.load_key()
