# SPDX-License-Identifier: MIT
"""Tokenization of pandas data: ``tokenize(series, format="card",
cipher="ff1-aes-256", key=key)`` returns a new Series (same index, name and
dtype); ``tokenize_frame(df, columns={"card": "card", "rrn": "kr-rrn"}, ...)``
a new DataFrame.  The values go through Arrow to the library in one call per
column; nulls (None, NaN, NA) and empty strings are left as they are."""
from typing import Dict, Optional

import kcipher
from kcipher import _frames

__all__ = ["tokenize", "detokenize", "tokenize_frame", "detokenize_frame"]


def _tok(format, cipher, key, key_file, key_env, backend, allow_small_domain, tokenizer):
    if tokenizer is not None:
        return tokenizer
    if sum(x is not None for x in (key, key_file, key_env)) != 1:
        raise TypeError("give exactly one of key=, key_file= and key_env= (or tokenizer=)")
    return _frames.tokenizers(cipher, [format], key=key, key_file=key_file, key_env=key_env,
                              backend=backend, allow_small_domain=allow_small_domain)[format]


def _series(encrypt, series, tok, tweak, on_error):
    import pandas as pd
    import pyarrow as pa
    arr = pa.Array.from_pandas(series.astype(object) if series.dtype != object else series,
                               type=pa.string())
    if tweak is not None and not isinstance(tweak, (str, bytes)):
        tweak = pa.Array.from_pandas(pd.Series(tweak).astype(object))
        if tweak.type not in (pa.string(), pa.binary()):
            tweak = tweak.cast(pa.string())
    out = _frames.column(tok, encrypt, arr, tweak, on_error)
    if series.dtype == object:                  # None stays None
        return pd.Series(out.to_numpy(zero_copy_only=False), index=series.index, name=series.name,
                         dtype=object)
    result = out.to_pandas()
    result.index, result.name = series.index, series.name
    return result.astype(series.dtype)


def tokenize(series, format: str = "digits", cipher: str = "ff1-aes-256", key=None,
             key_file: Optional[str] = None, key_env: Optional[str] = None, tweak=None,
             backend: Optional[str] = None, allow_small_domain: bool = False, on_error: str = "fail",
             tokenizer: Optional[kcipher.Tokenizer] = None):
    """A Series of strings tokenized in ``format``.  ``tweak``: one context
    (str or bytes) for every row, or a Series/list of per-row contexts.
    ``on_error``: "fail" (raises with ``.row``), "null" or "keep"."""
    tok = _tok(format, cipher, key, key_file, key_env, backend, allow_small_domain, tokenizer)
    return _series(1, series, tok, tweak, on_error)


def detokenize(series, format: str = "digits", cipher: str = "ff1-aes-256", key=None,
               key_file: Optional[str] = None, key_env: Optional[str] = None, tweak=None,
               backend: Optional[str] = None, allow_small_domain: bool = False, on_error: str = "fail",
               tokenizer: Optional[kcipher.Tokenizer] = None):
    """The inverse of :func:`tokenize`."""
    tok = _tok(format, cipher, key, key_file, key_env, backend, allow_small_domain, tokenizer)
    return _series(0, series, tok, tweak, on_error)


def _frame(encrypt, df, columns, tweak_context, tweak_column, **kw):
    if tweak_context and tweak_column:
        raise TypeError("give tweak_context or tweak_column, not both")
    out = df.copy()
    for name, fmt in columns.items():
        tweak = name if tweak_context else (df[tweak_column] if tweak_column else None)
        try:
            out[name] = (tokenize if encrypt else detokenize)(df[name], fmt, tweak=tweak, **kw)
        except kcipher.Error as e:
            raise type(e)("%s: %s" % (name, e), row=e.row, position=e.position) from None
    return out


def tokenize_frame(df, columns: Dict[str, str], cipher: str = "ff1-aes-256", key=None,
                   key_file: Optional[str] = None, key_env: Optional[str] = None,
                   tweak_context: bool = False, tweak_column: Optional[str] = None, **kw):
    """A copy of ``df`` with ``columns`` ({name: format}) tokenized; tweaks as
    the CLI's ``--tweak-context`` / ``--tweak-column``."""
    return _frame(1, df, columns, tweak_context, tweak_column, cipher=cipher, key=key,
                  key_file=key_file, key_env=key_env, **kw)


def detokenize_frame(df, columns: Dict[str, str], cipher: str = "ff1-aes-256", key=None,
                     key_file: Optional[str] = None, key_env: Optional[str] = None,
                     tweak_context: bool = False, tweak_column: Optional[str] = None, **kw):
    return _frame(0, df, columns, tweak_context, tweak_column, cipher=cipher, key=key,
                  key_file=key_file, key_env=key_env, **kw)
