# SPDX-License-Identifier: MIT
"""Keys (issue 24): the library's key-file rule, the keyring, key_name=
and expect_kcv= in the constructors, the names the library lists."""
import os
import subprocess
import warnings

import pytest

import kcipher
from kcipher import spark

CIPHER = "ff1-aes-256"


def _file(tmp_path, name, data, mode=0o600):
    p = tmp_path / name
    p.write_bytes(data)
    p.chmod(mode)
    return str(p)


# ---- key files: the library's rule (kc_key_load_file), as the CLI ------------------

@pytest.mark.parametrize("data, why", [
    (b"00" * 15 + b"0", "odd number of hex digits"),
    (b"passwordpassword", "text but not hex (character 1 is not a hex digit); a raw key must hold binary bytes"),
    (b"\n \n", "empty"),
    (bytes(300), "too large for a key file"),
])
def test_key_file_reasons_are_the_librarys(tmp_path, data, why):
    path = _file(tmp_path, "k", data)
    with pytest.raises(kcipher.KeyLengthError) as e:
        kcipher.load_key(file=path)
    assert str(e.value) == "%s: %s" % (path, why)


def test_key_file_parity_with_cli(tmp_path, cli):
    """Every file the CLI takes Python takes, the same key; every file it refuses Python refuses."""
    key = bytes(range(1, 33))
    files = {"hex": b"  " + key.hex().upper().encode() + b"\r\n", "raw": key, "bad": b"passwordpassword",
             "odd": b"abc", "empty": b"\n"}
    for name, data in files.items():
        path = _file(tmp_path, name, data)
        r = subprocess.run([cli, "tokenize", "--cipher", CIPHER, "--key-file", path, "--column", "n=digits"],
                           input=b"n\n1234567890\n", capture_output=True)
        try:
            k = kcipher.load_key(file=path)
        except kcipher.KeyLengthError:
            assert r.returncode != 0, name
            continue
        assert r.returncode == 0, (name, r.stderr)
        assert k == key
        with kcipher.Tokenizer(CIPHER, key=k, format="digits") as t:
            assert r.stdout.decode().split() == ["n", t.encrypt("1234567890")]


def test_key_file_missing_and_readable(tmp_path):
    with pytest.raises(FileNotFoundError):
        kcipher.load_key(file=str(tmp_path / "none"))
    if os.name == "posix":
        with pytest.warns(UserWarning, match="read by its group or others"):
            kcipher.load_key(file=_file(tmp_path, "k", bytes(16).hex().encode(), 0o640))


# ---- keyring ---------------------------------------------------------------------------

def test_keyring_round_trip(tmp_path):
    kr = kcipher.Keyring(str(tmp_path / "ring"))
    v1 = kr.new("pay", CIPHER)
    assert (v1.name, v1.version, v1.cipher, v1.state) == ("pay", 1, CIPHER, "active")
    k1, info = kr.get("pay")
    assert isinstance(k1, bytearray) and len(k1) == 32 and info == v1
    assert v1.kcv == kcipher.key_check_value(CIPHER, k1)
    with kcipher.Tokenizer(CIPHER, key_name="pay", keyring=kr, format="card") as t:
        token = t.encrypt("4111-1111-1111-1111")

    v2 = kr.rotate("pay")
    assert v2.version == 2 and v2.kcv != v1.kcv
    assert [(i.ref, i.state) for i in kr.list()] == [("pay@1", "decrypt-only"), ("pay@2", "active")]
    assert kr.get("pay")[1].version == 2
    assert kr.get("pay@1")[0] == k1                                  # the old version stays
    with kcipher.Tokenizer(CIPHER, key_name="pay@1", keyring=str(kr.path), format="card") as t:
        assert t.decrypt(token) == "4111-1111-1111-1111"
    with kcipher.Tokenizer(CIPHER, key_name="pay", keyring=kr, format="card") as t:
        assert t.encrypt("4111-1111-1111-1111") != token               # the active version is 2

    kr.retire("pay@1")
    assert [(i.ref, i.state) for i in kr.list()] == [("pay@1", "retired"), ("pay@2", "active")]
    with pytest.raises(kcipher.KeyNotFoundError):
        kr.get("pay@1")
    with pytest.raises(kcipher.KeyNotFoundError):
        kcipher.Tokenizer(CIPHER, key_name="pay@1", keyring=kr, format="card")
    with pytest.raises(kcipher.KeyNotFoundError):
        kr.rotate("nobody")
    with pytest.raises(kcipher.KeyringError):
        kcipher.Keyring(str(tmp_path / "missing")).list()


def test_expect_kcv(tmp_path):
    kr = kcipher.Keyring(str(tmp_path / "ring"))
    info = kr.new("pay", CIPHER)
    kcipher.Tokenizer(CIPHER, key_name="pay", keyring=kr, expect_kcv=info.kcv.upper()).close()
    with pytest.raises(kcipher.KcvError, match="not 000000"):
        kcipher.Tokenizer(CIPHER, key_name="pay", keyring=kr, expect_kcv="000000")
    key = bytes(32)
    kcv = kcipher.key_check_value(CIPHER, key)
    kcipher.Tokenizer(CIPHER, key=key, expect_kcv=kcv).close()
    kcipher.Cipher("aes-256", key, expect_kcv=kcv).close()           # FF1's KCV is its cipher's
    with pytest.raises(kcipher.KcvError):
        kcipher.FPE(CIPHER, key, expect_kcv=info.kcv)


def test_key_name_sources(tmp_path, monkeypatch):
    ring = str(tmp_path / "ring")
    kr = kcipher.Keyring(ring)
    kr.new("t", CIPHER)
    key, _ = kr.get("t")
    monkeypatch.setenv("KCIPHER_KEYRING", ring)
    with kcipher.Tokenizer(CIPHER, key_name="t", format="digits") as a, \
            kcipher.Tokenizer(CIPHER, key=key, format="digits") as b:
        assert a.encrypt("0123456789") == b.encrypt("0123456789")
    with pytest.raises(TypeError, match="exactly one"):
        kcipher.Tokenizer(CIPHER, key=key, key_name="t")
    with pytest.raises(TypeError, match="exactly one"):
        kcipher.Tokenizer(CIPHER)
    with pytest.raises(TypeError, match="is a ff1-aes-256 key, not ff3-1-aes-256"):
        kcipher.Tokenizer("ff3-1-aes-256", key_name="t")
    with pytest.raises(TypeError, match="keyring= needs key_name="):
        kcipher.Tokenizer(CIPHER, key=key, keyring=ring)


# ---- names the library lists ----------------------------------------------------------

def test_formats_from_the_library():
    names = kcipher.formats()
    assert {"digits", "card", "kr-rrn", "email"} <= set(names)
    assert len(names) == len(set(names))
    assert kcipher.format_spec("digits")
    with pytest.raises(KeyError):
        kcipher.format_spec("no-such-format")


def test_spark_key_length_from_kc_name_find():
    assert spark._key_bytes("ff1-aes-256") == 32
    assert spark._key_bytes("ff3-1-aria-128") == 16
    assert spark._key_bytes("fea1-192") == 24                         # no ff1-/ff3-1- prefix
    with pytest.raises(kcipher.UnknownCipherError):
        spark._key_bytes("ff1-nope-128")


def test_frames_key_name(tmp_path):
    from kcipher import _frames
    ring = str(tmp_path / "ring")
    kr = kcipher.Keyring(ring)
    kr.new("f", CIPHER)

    def token(name):
        return _frames.tokenizers(CIPHER, ["digits"], key_name=name, keyring=ring)["digits"].encrypt("12345678")
    t1 = token("f")
    kr.rotate("f")
    assert token("f") != t1                                          # "NAME" follows a rotation
    assert token("f@1") == t1
    assert spark._pin("f", ring) == "f@2"
    with pytest.raises(kcipher.KcvError):
        _frames.tokenizers(CIPHER, ["digits"], key_name="f@2", keyring=ring, expect_kcv="000000")


def test_mask_format_needs_no_key():
    with kcipher.Tokenizer(format="mask-card") as t:
        assert t.cipher is None
        masked = t.encrypt("4111-1111-1111-1111")
        assert masked.endswith("1111") and masked != "4111-1111-1111-1111"
        with pytest.raises(kcipher.WrongKindError):
            t.decrypt(masked)
    with pytest.raises(TypeError, match="exactly one"):
        kcipher.Tokenizer(format="card")


def test_pandas_polars_key_name(tmp_path):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    import kcipher.pandas as kpd
    ring = str(tmp_path / "ring")
    kr = kcipher.Keyring(ring)
    kr.new("p", CIPHER)
    key, info = kr.get("p")
    s = pd.Series(["4111-1111-1111-1111", None, ""], name="card")
    tok = kpd.tokenize(s, "card", key_name="p", keyring=ring, expect_kcv=info.kcv)
    assert tok.tolist() == kpd.tokenize(s, "card", key=bytes(key)).tolist()
    df = kpd.tokenize_frame(pd.DataFrame({"card": s}), {"card": "card"}, key_name="p@1", keyring=ring)
    assert df["card"].tolist() == tok.tolist()
    with pytest.raises(TypeError, match="exactly one"):
        kpd.tokenize(s, "card", key=bytes(key), key_name="p", keyring=ring)
    pl = pytest.importorskip("polars")
    import kcipher.polars as kpl
    out = kpl.tokenize(pl.Series("card", ["4111-1111-1111-1111", None, ""]), "card", key_name="p", keyring=ring)
    assert out.to_list() == [tok[0], None, ""]


def test_keyring_wrapped_under_kek(tmp_path, monkeypatch):
    ring = str(tmp_path / "ring")
    monkeypatch.setenv("KC_PY_KEK", bytes(range(32)).hex())
    monkeypatch.setenv("KC_PY_KEK2", bytes(32).hex())
    info = kcipher.Keyring(ring, kek="env:KC_PY_KEK").new("w", CIPHER)
    assert info.kek == "env:KC_PY_KEK"
    key, got = kcipher.Keyring(ring).get("w")                      # the recorded source
    assert got.kcv == info.kcv == kcipher.key_check_value(CIPHER, key)
    with pytest.raises(kcipher.UnwrapError):
        kcipher.Keyring(ring, kek="env:KC_PY_KEK2").get("w")
    monkeypatch.setenv("KCIPHER_KEK", "env:KC_PY_KEK2")             # as the CLI: KCIPHER_KEK replaces it
    with pytest.raises(kcipher.UnwrapError):
        kcipher.Tokenizer(CIPHER, key_name="w", keyring=ring)


# ---- re-tokenization: old version's tokens to the new version's -----------------

def test_retokenize_after_rotation(tmp_path, cli):
    ring = kcipher.Keyring(str(tmp_path / "ring"))
    ring.new("cards", CIPHER)
    t1 = kcipher.Tokenizer(CIPHER, format="card", key_name="cards@1", keyring=ring)
    ring.rotate("cards")
    t2 = kcipher.Tokenizer(CIPHER, format="card", key_name="cards", keyring=ring)
    clear = ["4111-1111-1111-1111", "", None, "5500000000000004", "4000 0000 0000 7932"]
    old = t1.encrypt_batch(clear, tweaks="card")
    new = t1.retokenize(old, t2, tweaks="card")
    assert new == t2.encrypt_batch(clear, tweaks="card")
    assert new[1] == "" and new[2] is None and new[0] != old[0]
    assert t2.decrypt_batch(new, tweaks="card") == clear
    assert t1.retokenize(old[0], t2, tweaks="card") == new[0]
    # the CLI's retokenize gives the same tokens
    csv = "card\n" + "\n".join(v for v in old if v) + "\n"
    r = subprocess.run([cli, "retokenize", "--keyring", str(tmp_path / "ring"), "--from", "cards@1", "--to", "cards@2",
                        "--column", "card=card", "--tweak-context"], input=csv.encode(), capture_output=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode().splitlines()[1:] == [v for v in new if v]
    # a value that is no token of the format: raised, or kept / made null and counted
    with pytest.raises(kcipher.FormatError):
        t1.retokenize(["4111-1111-11x1-1111"], t2)
    with pytest.warns(kcipher.OnErrorWarning):
        assert t1.retokenize(["4111-1111-11x1-1111", old[3]], t2, tweaks="card", on_error="null") == [None, new[3]]


def test_embedded_key_version(tmp_path, cli):
    """Issue 24 item 4: embed-version= with a keyring key; key_name NAME (no @V) opens each token
    under the version it names, as the CLI's detokenize does."""
    ring = kcipher.Keyring(str(tmp_path / "ring"))
    ring.new("cards", CIPHER)
    fmt = "card;embed-version=alnum"
    t1 = kcipher.Tokenizer(CIPHER, format=fmt, key_name="cards", keyring=ring)
    old = t1.encrypt_batch(["4111-1111-1111-1111", "5500000000000004"])
    ring.rotate("cards")
    t = kcipher.Tokenizer(CIPHER, format=fmt, key_name="cards", keyring=ring)
    assert t.key_version == 2
    new = t.encrypt("4012888888881881")
    assert new[6] in "ABCDEFGHIJ" and t.token_version(new) == 2 and t.token_version(old[0]) == 1
    assert t.decrypt(old[0]) == "4111-1111-1111-1111"
    assert t.decrypt_batch([old[0], None, new, old[1]]) == ["4111-1111-1111-1111", None, "4012888888881881",
                                                          "5500000000000004"]
    with pytest.raises(kcipher.Error):                              # cards@2 opens only version 2's tokens
        kcipher.Tokenizer(CIPHER, format=fmt, key_name="cards@2", keyring=ring).decrypt(old[0])
    ring.rotate("cards")                                            # retokenize a mixed list to version 3
    t3 = kcipher.Tokenizer(CIPHER, format=fmt, key_name="cards", keyring=ring)
    re3 = t.retokenize([old[0], new, None], t3)
    assert re3[0][7] in "KLMNOPQRST" and re3[1][6] in "KLMNOPQRST" and re3[2] is None
    assert t3.decrypt_batch(re3) == ["4111-1111-1111-1111", "4012888888881881", None]
    ring.retire("cards@1")
    with pytest.raises(kcipher.KeyNotFoundError):
        kcipher.Tokenizer(CIPHER, format=fmt, key_name="cards", keyring=ring).decrypt(old[0])
    r = subprocess.run([cli, "detokenize", "--keyring", str(tmp_path / "ring"), "--key-name", "cards",
                        "--column", "card=" + fmt], input=("card\n" + new + "\n").encode(), capture_output=True)
    assert r.returncode == 0 and r.stdout.decode() == "card\n4012888888881881\n", r.stderr
    with pytest.raises(kcipher.Error, match="no room"):
        kcipher.Tokenizer(CIPHER, format="alnum;embed-version=alnum", key_name="cards", keyring=ring)


def test_frames_embedded_key_version(tmp_path):
    """Issue 24 item 4 in pandas/polars: a keyring key sets the version embed-version= writes; key_name
    NAME (no @V) detokenizes each token under the version it embeds; NAME@V only its own; retired refused."""
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    import kcipher.pandas as kpd
    ring = str(tmp_path / "ring")
    kr = kcipher.Keyring(ring)
    kr.new("e", CIPHER)
    fmt = "card;embed-version=alnum"
    cards = ["4111-1111-1111-1111", "5500000000000004", "4012888888881881", "6011000990139424"]
    t1 = kpd.tokenize(pd.Series(cards[:2]), fmt, key_name="e", keyring=ring)
    kr.rotate("e")
    t2 = kpd.tokenize(pd.Series(cards[2:]), fmt, key_name="e", keyring=ring)
    probe = kcipher.Tokenizer(CIPHER, format=fmt, key_name="e", keyring=ring)
    assert [probe.token_version(v) for v in list(t1) + list(t2)] == [1, 1, 2, 2]
    mixed = pd.Series([t1[0], None, t2[0], "", t1[1], t2[1]], name="card")
    back = [None if pd.isna(v) else v for v in kpd.detokenize(mixed, fmt, key_name="e", keyring=ring)]
    assert back == [cards[0], None, cards[2], "", cards[1], cards[3]]
    df = kpd.detokenize_frame(pd.DataFrame({"card": mixed}), {"card": fmt}, key_name="e", keyring=ring)
    assert [None if pd.isna(v) else v for v in df["card"]] == back
    with pytest.raises(kcipher.Error):                  # e@2 opens only version 2's tokens
        kpd.detokenize(mixed, fmt, key_name="e@2", keyring=ring)
    kr.retire("e@1")
    with pytest.raises(kcipher.KeyNotFoundError, match="row 0"):
        kpd.detokenize(mixed, fmt, key_name="e", keyring=ring)
    try:
        import polars as pl
    except ImportError:                                 # polars optional: the rest has run
        return
    import kcipher.polars as kpl
    kr.new("e2", CIPHER)
    t = kpl.tokenize(pl.Series("card", cards[:2]), fmt, key_name="e2", keyring=ring)
    kr.rotate("e2")
    t = t.append(kpl.tokenize(pl.Series("card", cards[2:]), fmt, key_name="e2", keyring=ring))
    assert kpl.detokenize(t, fmt, key_name="e2", keyring=ring).to_list() == cards
