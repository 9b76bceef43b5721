# SPDX-License-Identifier: MIT
"""What the data-frame helpers share: a column through a tokenizer as the
CLI treats a field (nulls and empty strings stay as they are), and the
tokenizers an executor keeps once it has read the key."""
import threading

import kcipher

_cache = {}
_lock = threading.Lock()


def tokenizers(cipher, formats, key=None, key_file=None, key_env=None, backend=None,
               allow_small_domain=False):
    """{format: Tokenizer}, made once per process for the same key source (a
    key given as bytes is not kept in the cache's index, only its objects)."""
    if key is not None:
        return {f: kcipher.Tokenizer(cipher, key=key, format=f, backend=backend,
                                     allow_small_domain=allow_small_domain) for f in set(formats)}
    index = (cipher, tuple(sorted(set(formats))), key_file, key_env, backend, allow_small_domain)
    with _lock:
        if index not in _cache:
            k = kcipher.load_key(file=key_file) if key_file is not None else kcipher.load_key(env=key_env)
            try:
                _cache[index] = {f: kcipher.Tokenizer(cipher, key=k, format=f, backend=backend,
                                                      allow_small_domain=allow_small_domain)
                                 for f in set(formats)}
            finally:
                k[:] = bytes(len(k))
        return _cache[index]


def column(tok, encrypt, arr, tweaks=None, on_error="fail"):
    """A pyarrow array through the tokenizer; empty strings are kept, as the
    CLI keeps empty fields."""
    import pyarrow as pa
    import pyarrow.compute as pc
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if arr.type not in (pa.string(), pa.large_string()):
        arr = arr.cast(pa.large_string() if str(arr.type) == "string_view" else pa.string())
    empty = None
    if len(arr) > arr.null_count and pc.min(pc.binary_length(arr)).as_py() == 0:
        empty = pc.equal(pc.binary_length(arr), 0)
        arr = pc.if_else(empty, pa.scalar(None, arr.type), arr)
    if isinstance(tweaks, pa.ChunkedArray):
        tweaks = tweaks.combine_chunks()
    out = tok.arrow(encrypt, arr, tweaks, on_error)
    if empty is not None:
        out = pc.if_else(empty, pa.scalar("", out.type), out)
    return out
