# SPDX-License-Identifier: MIT
"""Tokenization of Polars data: ``tokenize(series, format="card", key=key)``
for a Series, and ``expr(pl.col("card"), format="card", key=key)`` for use
in ``select``/``with_columns`` (lazy frames too, through ``map_batches``).
Nulls and empty strings are left as they are."""
from typing import Optional

import kcipher
from kcipher import _frames
from kcipher.pandas import _tok

__all__ = ["tokenize", "detokenize", "expr"]


def _series(encrypt, series, tok, tweak, on_error, int_width=None):
    import polars as pl
    tw = tweak
    if isinstance(tweak, pl.Series):
        tw = tweak.cast(pl.String).to_arrow()
    # as it is: an integer column is refused without int_width, not cast to text
    out = _frames.column(tok, encrypt, series.to_arrow(), tw, on_error, int_width, series.name)
    return pl.Series(series.name, out, dtype=pl.String)


def tokenize(series, format: str = "digits", cipher: str = "ff1-aes-256", key=None,
             key_file: Optional[str] = None, key_env: Optional[str] = None, tweak=None,
             backend: Optional[str] = None, allow_small_domain: bool = False, on_error: str = "fail",
             tokenizer: Optional[kcipher.Tokenizer] = None, int_width: Optional[int] = None,
             key_name: Optional[str] = None, keyring=None, expect_kcv: Optional[str] = None):
    """A String Series tokenized in ``format`` (``tweak``: a context for every
    row, or a Series of per-row contexts).  ``on_error`` and ``int_width`` as
    in :func:`kcipher.pandas.tokenize` (rows 0-based)."""
    tok = _tok(format, cipher, key, key_file, key_env, backend, allow_small_domain, tokenizer,
               key_name, keyring, expect_kcv)
    return _series(1, series, tok, tweak, on_error, int_width)


def detokenize(series, format: str = "digits", cipher: str = "ff1-aes-256", key=None,
               key_file: Optional[str] = None, key_env: Optional[str] = None, tweak=None,
               backend: Optional[str] = None, allow_small_domain: bool = False, on_error: str = "fail",
               tokenizer: Optional[kcipher.Tokenizer] = None, int_width: Optional[int] = None,
               key_name: Optional[str] = None, keyring=None, expect_kcv: Optional[str] = None):
    tok = _tok(format, cipher, key, key_file, key_env, backend, allow_small_domain, tokenizer,
               key_name, keyring, expect_kcv)
    return _series(0, series, tok, tweak, on_error, int_width)


def expr(e, format: str = "digits", cipher: str = "ff1-aes-256", key=None, key_file: Optional[str] = None,
         key_env: Optional[str] = None, tweak=None, backend: Optional[str] = None,
         allow_small_domain: bool = False, on_error: str = "fail", decrypt: bool = False,
         tokenizer: Optional[kcipher.Tokenizer] = None, int_width: Optional[int] = None,
         key_name: Optional[str] = None, keyring=None, expect_kcv: Optional[str] = None):
    """An expression that tokenizes (``decrypt=True``: detokenizes) the
    column ``e`` (an expression or a column name) batch by batch; ``tweak``
    is one context (str/bytes) for every row."""
    import polars as pl
    tok = _tok(format, cipher, key, key_file, key_env, backend, allow_small_domain, tokenizer,
               key_name, keyring, expect_kcv)
    if isinstance(e, str):
        e = pl.col(e)
    return e.map_batches(lambda s: _series(0 if decrypt else 1, s, tok, tweak, on_error, int_width),
                         return_dtype=pl.String)
