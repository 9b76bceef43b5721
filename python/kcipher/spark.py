# SPDX-License-Identifier: MIT
"""Tokenization of Spark DataFrames: ``tokenize(df, columns={"card": "card",
"rrn": "kr-rrn"}, cipher="ff1-aes-256", key_file="/secrets/token.key")``.

The columns go to the executors as Arrow batches (``mapInArrow``) and through
``kc_tokenize_arrow`` there without copies.  The key is read on the executors
from ``key_file`` (a path every executor can read) or ``key_env`` (an
environment variable of the executors, hex): only the path or the variable's
name is in the query plan, never the key; or from ``key_name="NAME[@V]"`` in
the keyring ``keyring`` (a path every executor can read; default the
executors' ``KCIPHER_KEYRING``), "NAME" pinned to its active version on the
driver so every task uses the same one; ``expect_kcv`` refuses another key.  Each Python worker reads the key
once and keeps its tokenizers.  Empty strings and nulls are left as they are
(as the CLI leaves empty fields).  See docs/spark.md for clusters.

Before the job, one probe task on an executor imports kcipher and reads the
key: an executor Python without kcipher (``PYSPARK_PYTHON`` unset or wrong)
or a missing key file fails there, on the driver, saying what to set.  Errors
of the job name the column, the partition and the row (0-based in the
partition); with ``on_error="null"``/``"keep"`` each task warns on its
stderr (the executor's log) with the count of values made null or kept,
and the returned DataFrame's ``kcipher_on_error`` accumulator adds them up on
the driver (per evaluation: a plan computed twice counts twice).
"""
from typing import Dict, Optional

import kcipher
from kcipher import _frames

__all__ = ["tokenize", "detokenize", "retokenize"]


class _Job:
    """The function mapInArrow ships to the executors (pickled: no key in it)."""

    def __init__(self, encrypt, columns, cipher, key_file, key_env, backend, allow_small_domain,
                 tweak_context, tweak_column, on_error, id_column, threads, counts=None,
                 named=(None, None, None), versions_of=None):
        self.counts = counts
        self.key_name, self.keyring, self.expect_kcv = named
        self.versions_of = versions_of    # detokenize "NAME": each token under the version it embeds
        self.encrypt, self.columns, self.cipher = encrypt, dict(columns), cipher
        self.key_file, self.key_env, self.backend = key_file, key_env, backend
        self.allow_small_domain, self.tweak_context = allow_small_domain, tweak_context
        self.tweak_column, self.on_error, self.id_column = tweak_column, on_error, id_column
        self.threads = threads

    def __call__(self, batches):
        import pyarrow as pa
        from pyspark import TaskContext
        ctx = TaskContext.get()
        threads = self.threads
        if threads is None:
            threads = ctx.cpus() if ctx is not None and hasattr(ctx, "cpus") else 0
        if threads != kcipher.threads():
            kcipher.set_threads(threads)
        toks = self._tokenizers()
        seen = 0                                       # rows of this partition so far
        for batch in batches:
            arrays = list(batch.columns)
            names = batch.schema.names
            tweak = batch.column(names.index(self.tweak_column)) if self.tweak_column else None
            for name, fmt in self.columns.items():
                i = names.index(name)
                tw = name if self.tweak_context else tweak
                if tweak is not None:
                    row = _frames.missing_tweak(arrays[i], tweak)
                    if row is not None:
                        raise ValueError("%s: %s: tweak_column %r is null or empty; the value would be "
                                         "tokenized without a tweak"
                                         % (name, self._row(ctx, seen, row, batch), self.tweak_column))
                try:
                    arrays[i] = self._column(toks, fmt, arrays[i], tw, name)
                except kcipher.Error as e:
                    raise self._where(e, name, ctx, seen, batch) from None
            seen += batch.num_rows
            yield pa.RecordBatch.from_arrays(arrays, schema=batch.schema)

    def _tokenizers(self, key_file=None, key_env=None, key_name=None, expect_kcv=None, source=False):
        versions_of = None
        if not source:
            key_file, key_env, key_name, expect_kcv = self.key_file, self.key_env, self.key_name, self.expect_kcv
            versions_of = self.versions_of
        return _frames.tokenizers(self.cipher, self.columns.values(), key_file=key_file, key_env=key_env,
                                  backend=self.backend, allow_small_domain=self.allow_small_domain,
                                  key_name=key_name, keyring=self.keyring, expect_kcv=expect_kcv,
                                  versions_of=versions_of)

    def _column(self, toks, fmt, arr, tw, name):
        return _frames.column(toks[fmt], self.encrypt, arr, tw, self.on_error, name=name, counts=self.counts)

    def _where(self, e, name, ctx, seen, batch):
        """The error again, naming the column and the row (never the value)."""
        if e.row is None:
            return type(e)("%s: %s" % (name, e), row=None, position=e.position)
        detail = str(e).split(": ", 1)[1] if str(e).startswith("row ") else str(e)
        return type(e)("%s: %s: %s" % (name, self._row(ctx, seen, e.row, batch), detail),
                       row=seen + e.row, position=e.position)

    def _row(self, ctx, seen, row, batch):
        where = "partition %d, row %d (0-based)" % (ctx.partitionId() if ctx else 0, seen + row)
        if self.id_column:
            where += " (%s=%s)" % (self.id_column, batch.column(self.id_column)[row].as_py())
        return where


class _RetokenizeJob(_Job):
    """retokenize's function: each column's tokens detokenized under the from
    key and tokenized under the to key (Tokenizer.retokenize: the clear values
    only in C buffers, wiped); ``to`` = (key_file, key_env, key_name, expect_kcv)."""

    def __init__(self, to, *args, **kw):
        super().__init__(*args, **kw)
        self.to = to

    def _tokenizers(self):
        return super()._tokenizers(), super()._tokenizers(*self.to, source=True)

    def _column(self, toks, fmt, arr, tw, name):
        import warnings
        import pyarrow as pa
        src, dst = toks
        values = arr.to_pylist()
        tweaks = tw if tw is None or isinstance(tw, (str, bytes)) else tw.to_pylist()
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always", kcipher.OnErrorWarning)
            try:
                out = src[fmt].retokenize(values, dst[fmt], tweaks, self.on_error)
            except kcipher.Error as e:
                raise type(e)(str(e), row=e.row, position=e.position) from None
        failed = sum(w.message.count for w in seen if isinstance(w.message, kcipher.OnErrorWarning))
        if failed:
            warnings.warn(kcipher.OnErrorWarning("%s: %d of %d values %s" % (
                name, failed, sum(1 for v in values if v), "made null" if self.on_error == "null" else "kept"),
                failed, len(values), self.on_error, name))
            if self.counts is not None:
                self.counts.add(failed)
        return pa.array(out, type=pa.string())


def _transform(encrypt, df, columns, cipher, key_file, key_env, backend, allow_small_domain,
               tweak_context, tweak_column, on_error, id_column, threads, key_name, keyring, expect_kcv,
               to=None):
    from pyspark.sql.types import StringType
    for kf, ke, kn, what in ((key_file, key_env, key_name, ""),) + \
            (((to[0], to[1], to[2], "to_"),) if to else ()):
        if sum(x is not None for x in (kf, ke, kn)) != 1:
            raise TypeError("give exactly one of {0}key_file=, {0}key_env= and {0}key_name=".format(
                what or ("from_" if to else "")))
    if keyring is not None and key_name is None and not (to and to[2] is not None):
        raise TypeError("keyring= needs key_name=")
    # Detokenize (and retokenize's source) under "NAME": tokens that embed their version
    # (embed-version=) open under it; others under the version pinned here.
    versions_of = key_name if key_name is not None and "@" not in key_name and (not encrypt or to) else None
    if key_name is not None:
        key_name = _pin(key_name, keyring, expect_kcv)
    if to and to[2] is not None:
        to = (to[0], to[1], _pin(to[2], keyring, to[3]), to[3])
    if tweak_context and tweak_column:
        raise TypeError("give tweak_context or tweak_column, not both")
    if on_error not in ("fail", "null", "keep"):
        raise kcipher.BadModeError("on_error: expected fail, null or keep")
    _frames.tokenized_tweak(columns, tweak_column)
    fields = {f.name: f for f in df.schema.fields}
    for name in list(columns) + [c for c in (tweak_column, id_column) if c]:
        if name not in fields:
            raise KeyError("no column named %r" % name)
    for name in columns:
        if not isinstance(fields[name].dataType, StringType):
            raise TypeError("column %r is %s, not a string" % (name, fields[name].dataType.simpleString()))
    # The driver checks the cipher and formats (with a throwaway key of a valid length).
    for fmt in set(columns.values()):
        kcipher.Tokenizer(cipher, key=bytes(_key_bytes(cipher)),
                          format=fmt, backend=backend, allow_small_domain=True).close()
    _probe(df, key_file, key_env, key_name, keyring)
    if to:
        _probe(df, to[0], to[1], to[2], keyring)
    counts = None if on_error == "fail" else df.sparkSession.sparkContext.accumulator(0)
    args = (encrypt, columns, cipher, key_file, key_env, backend, allow_small_domain,
            tweak_context, tweak_column, on_error, id_column, threads, counts, (key_name, keyring, expect_kcv))
    job = _RetokenizeJob(to, *args, versions_of=versions_of) if to else _Job(*args, versions_of=versions_of)
    out = df.mapInArrow(job, df.schema)
    out.kcipher_on_error = counts       # values made null or kept, once an action has run
    return out


def _pin(key_name, keyring, expect_kcv=None):
    """"NAME" as "NAME@V", its active version read on the driver (no key
    bytes): every task of the job then uses the same version; expect_kcv is
    checked here against the version's recorded KCV (the executors check
    the key's)."""
    name, _, v = key_name.partition("@")
    found = [i for i in kcipher.Keyring(keyring).list() if i.name == name and
             (i.state == "active" if not v else str(i.version) == v and i.state != "retired")]
    if not found:
        raise kcipher.KeyNotFoundError("key %r: not in the keyring%s" % (key_name, "" if v else " as active"))
    info = found[-1]
    if expect_kcv is not None and expect_kcv.lower() != info.kcv.lower():
        raise kcipher.KcvError("%s: the key's check value is %s, not %s: another key"
                               % (info.ref, info.kcv, expect_kcv))
    return info.ref


def _probe(df, key_file, key_env, key_name=None, keyring=None):
    """One task on an executor imports kcipher and reads the key source, so a
    wrong executor Python or a missing key fails now, saying what to set.
    (One executor answers: a cluster must give every executor the same.)"""
    def check(_):               # pickled by value: the executor needs no kcipher to run it
        import sys
        try:
            import kcipher as k
        except ImportError as e:
            return [("import", "%s (executor Python: %s)" % (e, sys.executable))]
        try:
            if key_name is not None:
                key = k.Keyring(keyring).get(key_name)[0]
            else:
                key = k.load_key(file=key_file) if key_file is not None else k.load_key(env=key_env)
            key[:] = bytes(len(key))
        except Exception as e:
            return [(type(e).__name__, str(e))]
        return [("ok", "")]
    try:
        kind, detail = df.sparkSession.sparkContext.parallelize([0], 1).mapPartitions(check).collect()[0]
    except Exception as e:
        raise RuntimeError("kcipher.spark: a probe task on an executor failed (is PYSPARK_PYTHON, or "
                           "spark.pyspark.python, a Python of the driver's version with kcipher "
                           "installed?): %s" % str(e).strip().splitlines()[0]) from None
    if kind == "import":
        raise RuntimeError("kcipher.spark: the executors' Python cannot import kcipher: %s; set "
                           "PYSPARK_PYTHON (or spark.pyspark.python) to a Python with kcipher installed, "
                           "the same on every executor" % detail)
    if kind != "ok":
        what = "key_file %r" % key_file if key_file is not None else \
            "key_env %r" % key_env if key_env is not None else "key_name %r" % key_name
        cls = getattr(kcipher, kind, None) or getattr(__import__("builtins"), kind, None)
        if not (isinstance(cls, type) and issubclass(cls, Exception)):
            cls = RuntimeError
        msg = "kcipher.spark: %s on an executor: %s" % (what, detail)
        raise cls(msg)


def _key_bytes(name):
    """The key length of a cipher name, as the library lists it (kc_name_find)."""
    info = kcipher.ffi.new("kc_name_info *")
    kcipher._check(kcipher.lib.kc_name_find(name.encode(), info), name)
    return info.key_bytes


def tokenize(df, columns: Dict[str, str], cipher: str = "ff1-aes-256", key_file: Optional[str] = None,
             key_env: Optional[str] = None, backend: Optional[str] = None, allow_small_domain: bool = False,
             tweak_context: bool = False, tweak_column: Optional[str] = None, on_error: str = "fail",
             id_column: Optional[str] = None, threads: Optional[int] = None, key_name: Optional[str] = None,
             keyring: Optional[str] = None, expect_kcv: Optional[str] = None):
    """A DataFrame with ``columns`` ({name: format}) tokenized, the others as they are.

    Options as the CLI's: ``tweak_context`` (each column's name is its
    context), ``tweak_column`` (each row's value of that column),
    ``on_error`` "fail" (the job fails naming column, partition and row, and
    ``id_column``'s value when given), "null" or "keep" (counted: each task
    warns on the executor's stderr, and ``result.kcipher_on_error.value`` sums
    them on the driver after an action).  ``threads``: library
    threads per task (default: the task's CPUs, ``spark.task.cpus``)."""
    return _transform(1, df, columns, cipher, key_file, key_env, backend, allow_small_domain,
                      tweak_context, tweak_column, on_error, id_column, threads, key_name, keyring, expect_kcv)


def detokenize(df, columns: Dict[str, str], cipher: str = "ff1-aes-256", key_file: Optional[str] = None,
               key_env: Optional[str] = None, backend: Optional[str] = None, allow_small_domain: bool = False,
               tweak_context: bool = False, tweak_column: Optional[str] = None, on_error: str = "fail",
               id_column: Optional[str] = None, threads: Optional[int] = None, key_name: Optional[str] = None,
               keyring: Optional[str] = None, expect_kcv: Optional[str] = None):
    """The inverse of :func:`tokenize`, with the same options."""
    return _transform(0, df, columns, cipher, key_file, key_env, backend, allow_small_domain,
                      tweak_context, tweak_column, on_error, id_column, threads, key_name, keyring, expect_kcv)


def retokenize(df, columns: Dict[str, str], cipher: str = "ff1-aes-256", from_key_name: Optional[str] = None,
               to_key_name: Optional[str] = None, keyring: Optional[str] = None,
               from_key_file: Optional[str] = None, to_key_file: Optional[str] = None,
               from_key_env: Optional[str] = None, to_key_env: Optional[str] = None,
               backend: Optional[str] = None, allow_small_domain: bool = False, tweak_context: bool = False,
               tweak_column: Optional[str] = None, on_error: str = "fail", id_column: Optional[str] = None,
               threads: Optional[int] = None, expect_from_kcv: Optional[str] = None,
               expect_to_kcv: Optional[str] = None):
    """Tokens under one key into tokens under another, as ``kcipher retokenize``:
    ``retokenize(df, {"card": "card"}, from_key_name="cards@1", to_key_name="cards@2",
    keyring=...)``.  Each side is a key name (pinned on the driver, as in
    :func:`tokenize`), a key file or an executor environment variable; the
    clear values exist only in C buffers on the executors, wiped.  The other
    options are :func:`tokenize`'s; ``on_error`` "null" or "keep" (the old token)
    counts in ``result.kcipher_on_error``."""
    return _transform(2, df, columns, cipher, from_key_file, from_key_env, backend, allow_small_domain,
                      tweak_context, tweak_column, on_error, id_column, threads, from_key_name, keyring,
                      expect_from_kcv, to=(to_key_file, to_key_env, to_key_name, expect_to_kcv))
