# SPDX-License-Identifier: MIT
"""Tokenizer batches (list, NumPy, pyarrow), pandas and Polars."""
import pytest

import kcipher

KEY = bytes(range(32))
CARDS = ["4111-1111-1111-1111", None, "5500 0000 0000 0004", "", "4012888888881881"]


def one_by_one(t, values, tweak=None):
    return [v if not v else t.encrypt(v, tweak) for v in values]


@pytest.fixture
def tok():
    return kcipher.Tokenizer("ff1-aes-256", key=KEY, format="card")


def test_batch_kinds_agree(tok):
    np = pytest.importorskip("numpy")
    pa = pytest.importorskip("pyarrow")
    values = [v for v in CARDS if v != ""]
    want = one_by_one(tok, values)
    assert tok.encrypt_batch(values) == want
    assert tok._rows(1, values, None, "fail") == want                 # the path without pyarrow
    assert list(tok.encrypt_batch(np.array(values, dtype=object))) == want
    assert tok.encrypt_batch(pa.array(values)).to_pylist() == want
    assert tok.encrypt_batch(pa.array(values, pa.large_string())).type == pa.large_string()
    chunked = pa.chunked_array([values[:2], values[2:]])
    assert tok.encrypt_batch(chunked).to_pylist() == want
    assert tok.decrypt_batch(tok.encrypt_batch(pa.array(values))).to_pylist() == values


def test_batch_tweaks(tok):
    pa = pytest.importorskip("pyarrow")
    values = ["4111-1111-1111-1111"] * 3
    ctx = ["a", "b", None]
    want = [tok.encrypt(v, c) for v, c in zip(values, ctx)]
    assert want[0] != want[1] and want[2] == tok.encrypt(values[2])
    assert tok.encrypt_batch(values, tweaks=ctx) == want
    assert tok._rows(1, values, ctx, "fail") == want
    assert tok.encrypt_batch(pa.array(values), tweaks=pa.array([b"a", b"b", None])).to_pylist() == want
    assert tok.encrypt_batch(values, tweaks="a") == [want[0]] * 3


def test_batch_errors(tok):
    pa = pytest.importorskip("pyarrow")
    values = ["4111-1111-1111-1111"] * 5
    values[3] = "4111-1111-1111-11x1"
    for run in (lambda: tok.encrypt_batch(values), lambda: tok._rows(1, values, None, "fail"),
                lambda: tok.encrypt_batch(pa.chunked_array([values[:2], values[2:]]))):
        with pytest.raises(kcipher.FormatError) as e:
            run()
        assert e.value.row == 3 and e.value.position == 18 and str(e.value).startswith("row 3 (0-based): character 18 (1-based)")
    with pytest.warns(kcipher.OnErrorWarning, match="1 of 5 values do not fit"):
        assert tok.encrypt_batch(values, on_error="null")[3] is None
    with pytest.warns(kcipher.OnErrorWarning, match="left in clear"):
        assert tok.encrypt_batch(values, on_error="keep")[3] == values[3]
    with pytest.warns(kcipher.OnErrorWarning):
        assert tok._rows(1, values, None, "null")[3] is None
    with pytest.raises(kcipher.BadModeError):
        tok.encrypt_batch(values, on_error="ignore")


def test_pandas():
    pd = pytest.importorskip("pandas")
    import kcipher.pandas as kp
    tok = kcipher.Tokenizer("ff1-aes-256", key=KEY, format="card")
    s = pd.Series(CARDS, index=[10, 11, 12, 13, 14], name="card", dtype=object)
    out = kp.tokenize(s, "card", key=KEY)
    assert list(out.index) == list(s.index) and out.name == "card"
    assert out.tolist() == one_by_one(tok, CARDS)                     # None and "" kept
    assert kp.detokenize(out, "card", key=KEY).tolist() == CARDS
    st = pd.Series(["4111-1111-1111-1111", None], dtype="string")
    assert kp.tokenize(st, "card", key=KEY).dtype == st.dtype
    df = pd.DataFrame({"card": ["4111-1111-1111-1111", "5500000000000004"],
                       "rrn": ["900101-1234567", None], "ctx": ["x", "y"]})
    t = kp.tokenize_frame(df, {"card": "card", "rrn": "kr-rrn"}, key=KEY, tweak_context=True)
    assert t["card"][0] == tok.encrypt(df["card"][0], "card")
    assert pd.isna(t["rrn"][1]) and t["ctx"].tolist() == ["x", "y"]
    assert kp.detokenize_frame(t, {"card": "card", "rrn": "kr-rrn"}, key=KEY, tweak_context=True).equals(df)
    tc = kp.tokenize_frame(df, {"card": "card"}, key=KEY, tweak_column="ctx")
    assert tc["card"].tolist() == [tok.encrypt(df["card"][0], "x"), tok.encrypt(df["card"][1], "y")]
    bad = df.assign(card=["4111-1111-1111-1111", "55x0000000000004"])
    with pytest.raises(kcipher.FormatError) as e:
        kp.tokenize_frame(bad, {"card": "card"}, key=KEY)
    assert e.value.row == 1 and str(e.value).startswith("card: row 1 (index label): character 3 (1-based)")


def test_polars():
    pl = pytest.importorskip("polars")
    import kcipher.polars as kpl
    tok = kcipher.Tokenizer("ff1-aes-256", key=KEY, format="card")
    s = pl.Series("card", CARDS)
    out = kpl.tokenize(s, "card", key=KEY)
    assert out.name == "card" and out.dtype == pl.String
    assert out.to_list() == one_by_one(tok, CARDS)
    assert kpl.detokenize(out, "card", key=KEY).to_list() == CARDS
    df = pl.DataFrame({"card": CARDS, "n": list(range(5))})
    lazy = df.lazy().with_columns(kpl.expr("card", "card", key=KEY, tweak="card"))
    assert lazy.collect()["card"].to_list() == one_by_one(tok, CARDS, "card")
    back = lazy.with_columns(kpl.expr(pl.col("card"), "card", key=KEY, tweak="card", decrypt=True)).collect()
    assert back.equals(df)
    per_row = kpl.tokenize(s, "card", key=KEY, tweak=pl.Series(["a"] * 5))
    assert per_row.to_list() == one_by_one(tok, CARDS, "a")
