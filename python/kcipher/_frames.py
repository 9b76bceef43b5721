# SPDX-License-Identifier: MIT
"""What the data-frame helpers share: a column through a tokenizer as the
CLI treats a field (nulls and empty strings stay as they are), and the
tokenizers an executor keeps once it has read the key."""
import threading

import kcipher

_cache = {}
_lock = threading.Lock()


def tokenizers(cipher, formats, key=None, key_file=None, key_env=None, backend=None,
               allow_small_domain=False, key_name=None, keyring=None, expect_kcv=None, versions_of=None):
    """{format: Tokenizer}, made once per process for the same key source (a
    key given as bytes is not kept in the cache's index, only its objects).
    ``key_name`` "NAME" (the active version) is read from the keyring on each
    call, so a rotation is seen; "NAME@V" is cached as a file is.  A keyring
    key sets the tokenizers' key version (format item embed-version=);
    "NAME", or ``versions_of`` NAME beside a pinned "NAME@V" (Spark),
    detokenizes each token under the version it embeds."""
    def make(k):
        return {f: kcipher.Tokenizer(cipher, key=k, format=f, backend=backend, expect_kcv=expect_kcv,
                                     allow_small_domain=allow_small_domain) for f in set(formats)}
    if key is not None:
        return make(key)
    ring = (keyring.path, keyring.kek) if isinstance(keyring, kcipher.Keyring) else keyring
    index = (cipher, tuple(sorted(set(formats))), key_file, key_env, key_name, ring, expect_kcv, backend,
             allow_small_domain, versions_of)
    with _lock:
        if index not in _cache:
            if key_name is not None:    # the keyring read by each tokenizer: it knows the version
                toks = {f: kcipher.Tokenizer(cipher, format=f, backend=backend, expect_kcv=expect_kcv,
                                             allow_small_domain=allow_small_domain, key_name=key_name,
                                             keyring=keyring) for f in set(formats)}
                for t in toks.values():
                    t._base = versions_of if versions_of is not None else t._base
            else:
                k = kcipher.load_key(file=key_file) if key_file is not None else kcipher.load_key(env=key_env)
                try:
                    toks = make(k)
                finally:
                    k[:] = bytes(len(k))
            if key_name is not None and "@" not in key_name:
                return toks
            _cache[index] = toks
        return _cache[index]


def column(tok, encrypt, arr, tweaks=None, on_error="fail", int_width=None, name=None, counts=None):
    """A pyarrow array through the tokenizer: nulls and empty strings are
    kept, as the CLI keeps empty fields; integers only with ``int_width``;
    values made null or kept are counted in an OnErrorWarning naming ``name``
    (and added to ``counts``, an accumulator, when given)."""
    import pyarrow as pa
    if isinstance(arr, pa.ChunkedArray):
        arr = arr.combine_chunks()
    if isinstance(tweaks, pa.ChunkedArray):
        tweaks = tweaks.combine_chunks()
    kcipher._on_error(on_error)
    try:
        if not encrypt and tok._base is not None and tok._embeds():
            out, failed, total = _by_version(tok, arr, tweaks, on_error, int_width)
        else:
            out, failed, total = tok._arrow(encrypt, arr, tweaks, on_error, int_width)
    except TypeError as e:
        raise TypeError("column %r: %s" % (name, e) if name is not None else str(e)) from None
    tok._report(failed, total, on_error, name)
    if counts is not None and failed:
        counts.add(failed)
    return out


def tokenized_tweak(columns, tweak_column):
    """Refuses a tweak column that is itself tokenized: its value would be the
    clear one when tokenizing and the token when detokenizing."""
    if tweak_column is not None and tweak_column in columns:
        raise ValueError("tweak_column %r is also one of the tokenized columns: detokenizing would "
                         "read the token as the tweak and give other values; use another column"
                         % tweak_column)


def missing_tweak(values, tweaks):
    """The first row (0-based) with a value to tokenize but a null or empty
    tweak (it would be tokenized without one), or None."""
    import pyarrow as pa
    import pyarrow.compute as pc

    def empty(a):                   # null or empty, as a boolean array
        if isinstance(a, pa.ChunkedArray):
            a = a.combine_chunks()
        if pa.types.is_dictionary(a.type):
            a = a.dictionary_decode()
        if str(a.type) == "string_view":
            a = a.cast(pa.large_string())
        if pa.types.is_string(a.type) or pa.types.is_large_string(a.type) or \
                pa.types.is_binary(a.type) or pa.types.is_large_binary(a.type):
            return pc.fill_null(pc.equal(pc.binary_length(a), 0), True)
        return pc.is_null(a)
    wrong = pc.and_(pc.invert(empty(values)), empty(tweaks))
    return pc.index(wrong, True).as_py() if pc.any(wrong).as_py() else None


def _by_version(tok, arr, tweaks, on_error, int_width):
    """Detokenizes each token under the key version it embeds (Tokenizer
    key_name "NAME"): the rows grouped by version, each group one Arrow call;
    an unknown or retired version raises KeyNotFoundError (no clear value)."""
    import pyarrow as pa
    values = arr.to_pylist()
    groups = {}
    for i, v in enumerate(values):
        if isinstance(v, str) and v:
            try:
                version = tok.token_version(v)
            except kcipher.Error:       # unreadable: fails as any malformed value does
                version = tok.key_version
            groups.setdefault(version, []).append(i)
    out, failed, total = list(values), 0, 0
    for version, rows in sorted(groups.items()):
        tw = tweaks
        if tweaks is not None and not isinstance(tweaks, (str, bytes)):
            tw = tweaks.take(pa.array(rows, type=pa.int64()))
        try:
            done, f, t = tok._version_of(version)._arrow(0, arr.take(pa.array(rows, type=pa.int64())), tw,
                                                         on_error, int_width)
        except kcipher.Error as e:
            if e.row is not None:
                e.row = rows[e.row]
                e.args = ("row %d (0-based): %s" % (e.row, str(e).split(": ", 1)[1]),)
            elif isinstance(e, kcipher.KeyNotFoundError):
                e.row = rows[0]
                e.args = ("row %d (0-based): key version %d: %s" % (e.row, version, e),)
            raise
        for i, d in zip(rows, done.to_pylist()):
            out[i] = d
        failed, total = failed + f, total + t
    return pa.array(out, type=arr.type), failed, total
