# SPDX-License-Identifier: MIT
"""Attack corpus of the Python package (issue 22, "tokenization that fails
closed"): misuse never crashes, a value never leaves in clear without being
counted, every refusal happens before anything is returned.  Each case
asserts its outcome and, where the call succeeds, that no marked clear
value comes back.  Run under ASan too: scripts/test-python.sh, or by hand
with KCIPHER_LIBRARY set to an ASan build and libasan preloaded."""
import gc
import os
import threading
import time
import warnings

import pytest

import kcipher

KEY = bytes(range(32))
CARD = "4111-1111-1111-1111"
# Marked clear values: 16 digits ending in 99999; no token may contain them.
MARKED = ["%011d99999" % i for i in range(1, 41)]


def no_clear(inputs, outputs):
    """Every non-empty input came back as something else, not containing it."""
    assert len(inputs) == len(outputs)
    for i, o in zip(inputs, outputs):
        if i:
            assert o is not None and o != i and i not in o, (i, o)


@pytest.fixture
def tok():
    return kcipher.Tokenizer("ff1-aes-256", key=KEY, format="digits")


# ---- defect 9a: objects used after their owner is closed ---------------------------

def test_stream_outlives_its_closed_cipher():
    data = bytes(range(200))
    ref = kcipher.Cipher("aes-128", KEY[:16]).encrypt(data, "cbc", iv=bytes(16), pad=True)
    with kcipher.Cipher("aes-128", KEY[:16]) as c:
        s = c.encryptor("cbc", iv=bytes(16), pad=True)
        d = c.decryptor("ctr", iv=bytes(16))
    out = s.update(data[:77]) + s.update(data[77:]) + s.finalize()
    assert out == ref and data not in out
    with pytest.raises(kcipher.StateError, match="Cipher is closed"):
        c.encrypt(data, "ctr", iv=bytes(16))
    with pytest.raises(kcipher.StateError):
        c.encryptor("ctr", iv=bytes(16))
    assert c._ptr is not None                        # d still holds it
    assert len(d.update(b"x" * 33)) == 33
    del d
    gc.collect()
    assert c._ptr is None                            # the last user freed the schedule
    with pytest.raises(kcipher.StateError):
        s.update(b"x")


def test_stream_outlives_a_collected_cipher():
    data = bytes(48)
    ref = kcipher.Cipher("lea-128", KEY[:16]).encrypt(data, "ctr", iv=bytes(16))
    s = kcipher.Cipher("lea-128", KEY[:16]).encryptor("ctr", iv=bytes(16))
    gc.collect()
    assert s.update(data) + s.finalize() == ref


def test_every_object_refuses_after_close():
    objs = [(kcipher.AEAD("aria-128-gcm" if "aria-128-gcm" in kcipher.ciphers() else
                          [n for n in kcipher.ciphers() if kcipher.cipher_info(n).kind == "aead"][0],
                          KEY[:16]), lambda a: a.encrypt(bytes(a.nonce_size), b"x")),
            (kcipher.FEA("fea1-128", KEY[:16], bits=64), lambda f: f.encrypt(bytes(8))),
            (kcipher.FPE("ff1-aes-128", KEY[:16], 10, 10), lambda f: f.encrypt("0123456789")),
            (kcipher.Tokenizer("ff1-aes-128", key=KEY[:16]), lambda t: t.encrypt_batch(["0123456789"]))]
    for obj, use in objs:
        use(obj)
        obj.close()
        obj.close()
        with pytest.raises(kcipher.StateError, match="is closed"):
            use(obj)
    with pytest.raises(kcipher.StateError):
        obj.encrypt("")                               # even an empty value


# ---- defect 9b: close() while another thread's call runs ----------------------------

def _race(make, call, check, rounds=30):
    """Thread A calls, the main thread closes meanwhile: A gets its whole
    result or StateError, never a crash or a wrong result."""
    outcomes = {"ok": 0, "closed": 0}
    for r in range(rounds):
        obj = make()
        box = {}

        def run():
            try:
                box["out"] = call(obj)
            except kcipher.StateError:
                box["closed"] = True
            except BaseException as e:           # noqa: B902 - reported below
                box["error"] = e
        t = threading.Thread(target=run)
        t.start()
        time.sleep((r % 10) * 0.0005)
        obj.close()
        t.join()
        assert "error" not in box, box["error"]
        if "out" in box:
            check(box["out"])
            outcomes["ok"] += 1
        else:
            outcomes["closed"] += 1
        assert obj._ptr is None                    # freed once the call was over
    return outcomes


def test_close_during_tokenizer_batch():
    pa = pytest.importorskip("pyarrow")
    values = pa.array(MARKED * 5000)
    want = kcipher.Tokenizer("ff1-aes-256", key=KEY, format="digits").encrypt_batch(values)
    seen = _race(lambda: kcipher.Tokenizer("ff1-aes-256", key=KEY, format="digits"),
                 lambda t: t.encrypt_batch(values), lambda out: out.equals(want) or pytest.fail("wrong tokens"))
    print("close during batch:", seen)


def test_close_during_rows_batch():
    values = MARKED * 2000
    want = kcipher.Tokenizer("ff1-aes-256", key=KEY, format="digits")._rows(1, values, None, "fail")

    def check(out):
        assert out == want
    _race(lambda: kcipher.Tokenizer("ff1-aes-256", key=KEY, format="digits"),
          lambda t: t._rows(1, values, None, "fail"), check, rounds=10)


def test_close_during_cipher_and_stream_calls():
    data = bytes(4 << 20)
    want = kcipher.Cipher("aria-128", KEY[:16]).encrypt(data, "ctr", iv=bytes(16))

    def check(out):
        assert out == want
    _race(lambda: kcipher.Cipher("aria-128", KEY[:16]), lambda c: c.encrypt(data, "ctr", iv=bytes(16)),
          check, rounds=10)
    _race(lambda: kcipher.Cipher("aria-128", KEY[:16]),
          lambda c: c.encryptor("ctr", iv=bytes(16)).update(data), check, rounds=10)


def test_many_threads_one_tokenizer_closed_midway():
    pa = pytest.importorskip("pyarrow")
    values = pa.array(MARKED * 500)
    t = kcipher.Tokenizer("ff1-aes-256", key=KEY, format="digits")
    want = t.encrypt_batch(values)
    errors, stop = [], threading.Event()

    def loop():
        while not stop.is_set():
            try:
                if not t.encrypt_batch(values).equals(want):
                    errors.append("wrong tokens")
            except kcipher.StateError:
                return
            except BaseException as e:              # noqa: B902
                errors.append(e)
                return
    threads = [threading.Thread(target=loop) for _ in range(4)]
    for th in threads:
        th.start()
    time.sleep(0.05)
    t.close()
    stop.set()
    for th in threads:
        th.join()
    assert not errors and t._ptr is None


# ---- defect 9c: integer columns -------------------------------------------------------

def test_integer_arrays_refused_without_int_width(tok):
    pa = pytest.importorskip("pyarrow")
    for values in (pa.array([1000022, 950228]), pa.chunked_array([[1000022], [950228]]), [1000022],
                   pa.array([1.5]), [1.5], [True]):
        with pytest.raises(TypeError, match="not (a )?string"):
            tok.encrypt_batch(values)
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError):
        tok.encrypt_batch(np.array([1000022]))


def test_integer_width_round_trip(tok):
    pa = pytest.importorskip("pyarrow")
    ints = pa.array([1000022, 950228, None])
    out = tok.encrypt_batch(ints, int_width=7)
    assert out.type == pa.string() and out[2].as_py() is None
    assert all(len(v) == 7 for v in out.to_pylist()[:2])
    no_clear(["1000022", "0950228"], out.to_pylist()[:2])
    assert tok.decrypt_batch(out).to_pylist() == ["1000022", "0950228", None]
    assert tok.encrypt_batch([1000022], int_width=7) == out.to_pylist()[:1]
    with pytest.raises(ValueError, match="row 1 .*int_width=6"):
        tok.encrypt_batch(pa.array([950228, 1000022]), int_width=6)
    with pytest.raises(ValueError, match="negative"):
        tok.encrypt_batch(pa.array([-5]), int_width=7)


def test_pandas_integer_column():
    pd = pytest.importorskip("pandas")
    import kcipher.pandas as kp
    for s in (pd.Series([1000022, 950228]), pd.Series([1000022, None], dtype="Int64"),
              pd.Series([1.0, 2.0]), pd.Series(["1000022", 7], dtype=object)):
        with pytest.raises(TypeError, match="string"):
            kp.tokenize(s, "digits", key=KEY, on_error="keep")
    s = pd.Series([1000022, 950228], index=["a", "b"])
    t = kp.tokenize(s, "digits", key=KEY, int_width=7)
    assert t.dtype == object and list(t.index) == ["a", "b"]
    no_clear(["1000022", "0950228"], t.tolist())
    assert kp.detokenize(t, "digits", key=KEY).tolist() == ["1000022", "0950228"]
    with pytest.raises(ValueError, match="row 'b' \\(index label\\)"):
        kp.tokenize(pd.Series([1, 12345678], index=["a", "b"]), "digits", key=KEY, int_width=7)


def test_polars_integer_column():
    pl = pytest.importorskip("polars")
    import kcipher.polars as kpl
    with pytest.raises(TypeError, match="column 'n'.*not strings"):
        kpl.tokenize(pl.Series("n", [1000022, 950228]), "digits", key=KEY, on_error="keep")
    out = kpl.tokenize(pl.Series("n", [1000022, 950228]), "digits", key=KEY, int_width=7)
    no_clear(["1000022", "0950228"], out.to_list())
    assert kpl.detokenize(out, "digits", key=KEY).to_list() == ["1000022", "0950228"]


# ---- defect 2: a tweak column that is tokenized -------------------------------------------

def test_pandas_tweak_column_is_tokenized():
    pd = pytest.importorskip("pandas")
    import kcipher.pandas as kp
    df = pd.DataFrame({"card": [CARD], "acct": ["1234567890"], "id": ["x"]})
    for cols, tweak in (({"card": "card"}, "card"), ({"card": "card", "acct": "digits"}, "acct")):
        for f in (kp.tokenize_frame, kp.detokenize_frame):
            with pytest.raises(ValueError, match="tweak_column %r is also one of the tokenized" % tweak):
                f(df, cols, key=KEY, tweak_column=tweak)
    out = kp.tokenize_frame(df, {"card": "card", "acct": "digits"}, key=KEY, tweak_column="id")
    no_clear([CARD, "1234567890"], [out["card"][0], out["acct"][0]])
    assert kp.detokenize_frame(out, {"card": "card", "acct": "digits"}, key=KEY, tweak_column="id").equals(df)


def test_pandas_missing_tweak_value():
    pd = pytest.importorskip("pandas")
    import kcipher.pandas as kp
    df = pd.DataFrame({"card": [CARD, CARD, ""], "id": ["x", "", None]}, index=[5, 6, 7])
    with pytest.raises(ValueError, match="row 6 \\(index label\\): tweak_column 'id' is null or empty"):
        kp.tokenize_frame(df, {"card": "card"}, key=KEY, tweak_column="id")


# ---- defect 7: empty strings stay empty -------------------------------------------------

def test_empty_strings_stay_empty(tok):
    pa = pytest.importorskip("pyarrow")
    assert tok.encrypt("") == "" and tok.decrypt("") == ""
    values = ["", MARKED[0], None, ""]
    out = tok.encrypt_batch(values)
    assert out[0] == "" and out[2] is None and out[3] == ""
    no_clear([MARKED[0]], [out[1]])
    assert tok._rows(1, values, None, "fail") == out
    assert tok.encrypt_batch(pa.array(values, pa.large_string())).to_pylist() == out
    assert tok.encrypt_batch(pa.chunked_array([values[:1], values[1:]])).to_pylist() == out
    assert tok.decrypt_batch(out) == values
    card = kcipher.Tokenizer("ff1-aes-256", key=KEY, format="card")
    assert card.encrypt("") == "" and card.encrypt_batch([""]) == [""]


def test_empty_strings_in_frames():
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    import kcipher.pandas as kp
    import kcipher.polars as kpl
    s = pd.Series(["", MARKED[1], None], dtype=object)
    out = kp.tokenize(s, "digits", key=KEY)
    assert out[0] == "" and out[2] is None
    no_clear([MARKED[1]], [out[1]])
    o = kpl.tokenize(pl.Series("c", ["", MARKED[1]]), "digits", key=KEY).to_list()
    assert o == ["", out[1]]


# ---- on_error null/keep are counted, never silent ---------------------------------------

def test_on_error_is_counted(tok):
    pd = pytest.importorskip("pandas")
    import kcipher.pandas as kp
    values = [MARKED[0], "12x4567890123456", "", MARKED[1], "1"]
    for policy, action in (("null", "made null"), ("keep", "left in clear")):
        for run in (lambda: tok.encrypt_batch(values, on_error=policy),
                    lambda: tok._rows(1, values, None, policy)):
            with pytest.warns(kcipher.OnErrorWarning, match="2 of 4 values do not fit .* %s" % action) as w:
                out = run()
            assert w[0].message.count == 2 and w[0].message.total == 4 and w[0].message.action == policy
            no_clear([values[0], values[3]], [out[0], out[3]])
            assert out[2] == ""
            assert out[1] == (None if policy == "null" else values[1])
        df = pd.DataFrame({"acct": values})
        with pytest.warns(kcipher.OnErrorWarning, match="column 'acct'") as w:
            kp.tokenize_frame(df, {"acct": "digits"}, key=KEY, on_error=policy)
        assert w[0].message.column == "acct"
        with warnings.catch_warnings():               # the caller can make it fail closed
            warnings.simplefilter("error", kcipher.OnErrorWarning)
            with pytest.raises(kcipher.OnErrorWarning):
                tok.encrypt_batch(values, on_error=policy)
    with warnings.catch_warnings():
        warnings.simplefilter("error", kcipher.OnErrorWarning)
        no_clear(MARKED, tok.encrypt_batch(MARKED, on_error="keep"))    # nothing to report: no warning


# ---- exceptions carry row and position ---------------------------------------------------

def test_row_and_position():
    pd = pytest.importorskip("pandas")
    import kcipher.pandas as kp
    t = kcipher.Tokenizer("ff1-aes-256", key=KEY, format="card")
    with pytest.raises(kcipher.FormatError) as e:
        t.encrypt_batch([CARD, CARD, "4111-11x1-1111-1111"])
    assert e.value.row == 2 and e.value.position == 8
    assert str(e.value).startswith("row 2 (0-based): character 8 (1-based)")
    df = pd.DataFrame({"card": [CARD, "4111-11x1-1111-1111"]}, index=["r1", "r2"])
    with pytest.raises(kcipher.FormatError) as e:
        kp.tokenize_frame(df, {"card": "card"}, key=KEY)
    assert e.value.row == "r2" and e.value.position == 8
    assert str(e.value).startswith("card: row 'r2' (index label): character 8 (1-based)")


# ---- key files ---------------------------------------------------------------------------

def _key_file(tmp_path, name, data, mode=0o600):
    p = tmp_path / name
    p.write_bytes(data)
    p.chmod(mode)
    return str(p)


@pytest.mark.parametrize("text", [
    b"000102030405060708090a0b0c0d0e0g",             # hex with a typo, 32 characters: not 32 ASCII bytes
    b"000102030405060708090a0b0c0d0e0f0",            # odd length
    b"000102030405060708090a0b0c0d0e",               # 15 bytes
    b"passwordpassword",                             # text, 16 characters
    b"00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f",
    b"\n\n",                                         # empty
])
def test_malformed_key_files_refused(tmp_path, text):
    with pytest.raises(kcipher.KeyLengthError):
        kcipher.load_key(file=_key_file(tmp_path, "k", text))


def test_key_files_accepted(tmp_path):
    key = bytes(range(16))
    assert kcipher.load_key(file=_key_file(tmp_path, "h", b" " + key.hex().encode() + b"\n")) == key
    assert kcipher.load_key(file=_key_file(tmp_path, "r", key)) == key       # raw, has non-text bytes
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kcipher.load_key(file=_key_file(tmp_path, "q", key))                 # 0600: no warning


def test_readable_key_file_warns(tmp_path):
    if os.name != "posix":
        pytest.skip("POSIX modes")
    with pytest.warns(UserWarning, match="read by its group or others \\(mode 644\\)"):
        kcipher.load_key(file=_key_file(tmp_path, "k", KEY.hex().encode(), 0o644))


def test_key_env_malformed(monkeypatch):
    monkeypatch.setenv("KC_ATTACK_KEY", KEY.hex()[:-1] + "g")
    with pytest.raises(kcipher.KeyLengthError, match="not a hex digit"):
        kcipher.load_key(env="KC_ATTACK_KEY")


# ---- format specs (library side: passes once src/fpe refuses the spec) ---------------------

@pytest.mark.parametrize("spec", ["alphabet=alnum;stop=a", "alphabet=0123456789abcdefghij@;pass=.;stop=@",
                                  "alphabet=digits;pass=5"])
def test_spec_with_a_character_in_two_roles_refused(spec):
    with pytest.raises(kcipher.FormatSpecError):
        kcipher.Tokenizer("ff1-aes-256", key=KEY, format=spec)
