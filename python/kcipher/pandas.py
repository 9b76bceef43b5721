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


def _tok(format, cipher, key, key_file, key_env, backend, allow_small_domain, tokenizer,
         key_name=None, keyring=None, expect_kcv=None):
    if tokenizer is not None:
        return tokenizer
    if sum(x is not None for x in (key, key_file, key_env, key_name)) != 1:
        raise TypeError("give exactly one of key=, key_file=, key_env= and key_name= (or tokenizer=)")
    return _frames.tokenizers(cipher, [format], key=key, key_file=key_file, key_env=key_env,
                              key_name=key_name, keyring=keyring, expect_kcv=expect_kcv,
                              backend=backend, allow_small_domain=allow_small_domain)[format]


def _arrow(series):
    """A Series as a pyarrow array, its type as the values are (an object
    column of str is strings, of int is integers: refused without int_width)."""
    import pyarrow as pa
    try:
        return pa.Array.from_pandas(series)
    except (pa.ArrowInvalid, pa.ArrowTypeError) as e:
        raise TypeError("column %r: values of mixed or unknown types (%s); give strings"
                        % (series.name, e)) from None


def _series(encrypt, series, tok, tweak, on_error, int_width=None):
    import pandas as pd
    import pyarrow as pa
    arr = _arrow(series)
    if tweak is not None and not isinstance(tweak, (str, bytes)):
        tweak = pa.Array.from_pandas(pd.Series(tweak).astype(object))
        if tweak.type not in (pa.string(), pa.binary()):
            tweak = tweak.cast(pa.string())
    try:
        out = _frames.column(tok, encrypt, arr, tweak, on_error, int_width, series.name)
    except kcipher.Error as e:
        raise _at_label(e, series.index) from None
    except ValueError as e:                     # int_width too small: the row as a label
        raise ValueError(_relabel(str(e), series.index)) from None
    if series.dtype == object or pa.types.is_integer(arr.type) or pa.types.is_dictionary(arr.type):
        return pd.Series(out.to_numpy(zero_copy_only=False), index=series.index, name=series.name,
                         dtype=object)
    result = out.to_pandas()
    result.index, result.name = series.index, series.name
    return result.astype(series.dtype)


def _label(index, i):
    """The index label of row i, a plain Python value (6, not np.int64(6))."""
    x = index[i]
    return x.item() if hasattr(x, "item") else x


def _relabel(msg, index):
    """"row 3 (0-based): ..." as "row <index label> (index label): ..."."""
    if msg.startswith("row ") and " (0-based)" in msg:
        head, rest = msg.split(" (0-based)", 1)
        return "row %r (index label)%s" % (_label(index, int(head[4:])), rest)
    return msg


def _at_label(e, index):
    """A batch error with ``.row`` the frame's index label, so said in the message."""
    if e.row is None:
        return e
    return type(e)(_relabel(str(e), index), row=_label(index, e.row), position=e.position)


def tokenize(series, format: str = "digits", cipher: str = "ff1-aes-256", key=None,
             key_file: Optional[str] = None, key_env: Optional[str] = None, tweak=None,
             backend: Optional[str] = None, allow_small_domain: bool = False, on_error: str = "fail",
             tokenizer: Optional[kcipher.Tokenizer] = None, int_width: Optional[int] = None,
             key_name: Optional[str] = None, keyring=None, expect_kcv: Optional[str] = None):
    """A Series of strings tokenized in ``format``.  ``tweak``: one context
    (str or bytes) for every row, or a Series/list of per-row contexts.
    ``on_error``: "fail" raises with ``.row`` (the index label) and
    ``.position`` (1-based character); "null" or "keep" warn
    (:class:`kcipher.OnErrorWarning`) with the count.  An integer Series is
    refused unless ``int_width=N`` (rendered as N digits, zero-padded; the
    result is strings)."""
    tok = _tok(format, cipher, key, key_file, key_env, backend, allow_small_domain, tokenizer,
               key_name, keyring, expect_kcv)
    return _series(1, series, tok, tweak, on_error, int_width)


def detokenize(series, format: str = "digits", cipher: str = "ff1-aes-256", key=None,
               key_file: Optional[str] = None, key_env: Optional[str] = None, tweak=None,
               backend: Optional[str] = None, allow_small_domain: bool = False, on_error: str = "fail",
               tokenizer: Optional[kcipher.Tokenizer] = None, int_width: Optional[int] = None,
               key_name: Optional[str] = None, keyring=None, expect_kcv: Optional[str] = None):
    """The inverse of :func:`tokenize`."""
    tok = _tok(format, cipher, key, key_file, key_env, backend, allow_small_domain, tokenizer,
               key_name, keyring, expect_kcv)
    return _series(0, series, tok, tweak, on_error, int_width)


def _frame(encrypt, df, columns, tweak_context, tweak_column, **kw):
    if tweak_context and tweak_column:
        raise TypeError("give tweak_context or tweak_column, not both")
    _frames.tokenized_tweak(columns, tweak_column)
    for name in list(columns) + ([tweak_column] if tweak_column else []):
        if name not in df.columns:
            raise KeyError("no column named %r" % name)
    if tweak_column:
        for name in columns:
            row = _frames.missing_tweak(_arrow(df[name]), _arrow(df[tweak_column]))
            if row is not None:
                raise ValueError("%s: row %r (index label): tweak_column %r is null or empty; the value "
                                 "would be tokenized without a tweak" % (name, _label(df.index, row), tweak_column))
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
    the CLI's ``--tweak-context`` / ``--tweak-column`` (which may not be one
    of ``columns``, nor null or empty where a value is tokenized).  Other
    options as :func:`tokenize`'s."""
    return _frame(1, df, columns, tweak_context, tweak_column, cipher=cipher, key=key,
                  key_file=key_file, key_env=key_env, **kw)


def detokenize_frame(df, columns: Dict[str, str], cipher: str = "ff1-aes-256", key=None,
                     key_file: Optional[str] = None, key_env: Optional[str] = None,
                     tweak_context: bool = False, tweak_column: Optional[str] = None, **kw):
    return _frame(0, df, columns, tweak_context, tweak_column, cipher=cipher, key=key,
                  key_file=key_file, key_env=key_env, **kw)
