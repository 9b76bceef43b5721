# SPDX-License-Identifier: MIT
"""kcipher: Korean standard and lightweight ciphers, FPE and tokenization.

A thin binding (cffi, ABI mode) over the C library shipped in this package::

    import kcipher
    c = kcipher.Cipher("aria-256", key)
    ct = c.encrypt(data, mode="cbc", iv=iv, pad=True)
    t = kcipher.Tokenizer("ff1-aes-256", key=key, format="card")
    t.encrypt("4111-1111-1111-1111")
    t.encrypt_batch(pyarrow_array)           # zero-copy, nulls kept

Every C call releases the GIL; inputs may be any bytes-like object (read in
place, not copied); objects free (and so wipe) their key schedules when
collected or on ``close()``.  Errors raise subclasses of :class:`Error`, one
per ``kc_status`` (:class:`InvalidTag` when an AEAD tag fails).
"""
from dataclasses import dataclass
from typing import Any, List, Optional, Union

from ._ffi import ffi, lib

__all__ = ["Error", "InvalidTag", "Cipher", "Stream", "AEAD", "FEA", "FPE", "Tokenizer",
           "ciphers", "cipher_info", "backends", "cpu_features", "set_threads", "threads",
           "error_class", "load_key", "CipherInfo", "BackendInfo", "__version__"]

__version__ = "0.1.0"

Bytes = Union[bytes, bytearray, memoryview, Any]   # anything with the buffer protocol


# ---- errors: one class per kc_status, named after kc_status_name -------------

class Error(Exception):
    """A kcipher failure.  ``status`` is the kc_status number, ``status_name``
    its constant's name; the message is the library's (kc_strerror)."""
    status = -1
    status_name = ""

    def __init__(self, message=None, *, row=None, position=None):
        if message is None:
            message = _strerror(self.status)
        super().__init__(message)
        self.row = row            # the failing row of a batch, when there is one
        self.position = position  # 0-based character position of a format error


class InvalidTag(Error):
    """The AEAD tag did not verify (KC_ERR_AUTH); nothing was decrypted."""


def _strerror(st):
    return ffi.string(lib.kc_strerror(st)).decode()


def _class_name(status_name):
    words = status_name.replace("KC_ERR_", "").split("_")
    return "".join(w.capitalize() for w in words) + "Error"


_ERRORS = {}
for _st in range(1, lib.KC_STATUS_COUNT):
    _sname = ffi.string(lib.kc_status_name(_st)).decode()
    if _sname == "KC_ERR_AUTH":
        _cls = InvalidTag
    else:
        _cls = type(_class_name(_sname), (Error,),
                    {"__doc__": "%s: %s" % (_sname, _strerror(_st)), "__module__": __name__})
        globals()[_cls.__name__] = _cls
        __all__.append(_cls.__name__)
    _cls.status, _cls.status_name = _st, _sname
    _ERRORS[_st] = _cls


def error_class(status: int) -> type:
    """The exception class of a kc_status (Error itself for KC_OK or an
    unknown number)."""
    return _ERRORS.get(status, Error)


def _check(st, what=None, **extra):
    if st != 0:
        msg = _strerror(st)
        raise error_class(st)("%s: %s" % (what, msg) if what else msg, **extra)


def _cstr(s):
    return ffi.NULL if s is None else s.encode()


def _buf(data):
    """A pointer into any bytes-like object, without a copy."""
    if isinstance(data, str):
        raise TypeError("expected a bytes-like object, not str")
    return ffi.from_buffer("uint8_t[]", data)


def _key(key):
    if isinstance(key, str):        # hex text
        key = bytes.fromhex(key)
    return _buf(key), len(memoryview(key).cast("B"))


def _nbytes(data):
    return memoryview(data).nbytes


def _text(p):
    return ffi.string(p).decode() if p != ffi.NULL else None


def load_key(file: Optional[str] = None, env: Optional[str] = None) -> bytearray:
    """A key as the CLI reads it: from a file (hex text, whitespace around it
    allowed, else the raw bytes) or from an environment variable (hex).
    Returns a bytearray, so the caller can wipe it (``key[:] = bytes(len(key))``)."""
    import os
    if (file is None) == (env is None):
        raise TypeError("give exactly one of file= and env=")
    if env is not None:
        text = os.environ.get(env)
        if not text:
            raise error_class(lib.KC_ERR_KEY_LENGTH)("environment variable %s is not set" % env)
        return bytearray.fromhex(text.strip())
    with open(file, "rb", buffering=0) as f:
        raw = bytearray(f.read(257))
    if len(raw) > 256:
        raise error_class(lib.KC_ERR_KEY_LENGTH)("%s: too large for a key file" % file)
    text = raw.strip(b" \t\r\n")
    if text and all(c in b"0123456789abcdefABCDEF" for c in text):
        key = bytearray.fromhex(text.decode())
        raw[:] = bytes(len(raw))
        return key
    return raw


# ---- discovery ----------------------------------------------------------------

_KINDS = {1: "block", 2: "aead", 3: "fea"}


@dataclass(frozen=True)
class CipherInfo:
    name: str
    family: str
    kind: str            # "block", "aead" or "fea"
    key_bytes: int
    block_bytes: int
    nonce_bytes: int
    tag_bytes: int


@dataclass(frozen=True)
class BackendInfo:
    name: str
    summary: str
    cpu_features: str
    constant_time: bool
    available: bool
    is_default: bool


def _info(p):
    return CipherInfo(_text(p.name), _text(p.family), _KINDS.get(p.kind, str(p.kind)),
                      p.key_bytes, p.block_bytes, p.nonce_bytes, p.tag_bytes)


def ciphers() -> List[str]:
    """Names of the block ciphers, AEADs and FEA ciphers (FPE ciphers are
    ff1-/ff3-1- over the AES, ARIA and LEA names, and fea1-/fea2-)."""
    return [_text(lib.kc_cipher_at(i).name) for i in range(lib.kc_cipher_count())]


def cipher_info(name: str) -> CipherInfo:
    p = lib.kc_cipher_find(name.encode())
    if p == ffi.NULL:
        raise error_class(lib.KC_ERR_UNKNOWN_CIPHER)("unknown cipher %r" % name)
    return _info(p)


def backends(name: str) -> List[BackendInfo]:
    """The backends of a cipher, the default one marked."""
    out = []
    info = ffi.new("kc_backend_info *")
    for i in range(lib.kc_backend_count(name.encode())):
        _check(lib.kc_backend_at(name.encode(), i, info), name)
        out.append(BackendInfo(_text(info.name), _text(info.summary), _text(info.cpu_features),
                               bool(info.constant_time), bool(info.available), bool(info.is_default)))
    if not out:
        cipher_info(name)
    return out


def cpu_features() -> str:
    """The CPU features detected at run time, e.g. "sse2+avx2+aesni"."""
    return _text(lib.kc_cpu_features())


def set_threads(n: int) -> None:
    """Threads for bulk calls: 0 = KC_THREADS or all cores.  Results never
    depend on it."""
    _check(lib.kc_set_threads(n), "set_threads")


def threads() -> int:
    return lib.kc_threads()


class _Keyed:
    _ptr = None

    def close(self) -> None:
        """Frees the object now, wiping its key schedule (collection does the same)."""
        if self._ptr is not None:
            ffi.release(self._ptr)
            self._ptr = None

    def _p(self):
        if self._ptr is None:
            raise error_class(lib.KC_ERR_STATE)("%s is closed" % type(self).__name__)
        return self._ptr

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# ---- block ciphers and modes ----------------------------------------------------

def _mode(mode):
    m = ffi.new("kc_mode *")
    _check(lib.kc_mode_from_name(str(mode).lower().encode(), m), "mode %r" % (mode,))
    return m[0]


def _iv(iv):
    if iv is None:
        return ffi.NULL, 0
    return _buf(iv), _nbytes(iv)


class Cipher(_Keyed):
    """A block cipher keyed once: ``Cipher("lea-128", key, backend=None)``.

    ``encrypt``/``decrypt`` take whole messages in ECB, CBC or CTR (CTR counts
    the whole IV block as a big-endian integer), with PKCS#7 ``pad`` for ECB
    and CBC; large inputs are spread over the library's threads.
    ``encryptor()``/``decryptor()`` give streams for inputs of any size."""

    def __init__(self, name: str, key: Bytes, backend: Optional[str] = None):
        p = ffi.new("kc_cipher **")
        k, n = _key(key)
        _check(lib.kc_cipher_new(p, name.encode(), _cstr(backend), k, n), name)
        self._ptr = ffi.gc(p[0], lib.kc_cipher_free)
        self.name = _text(lib.kc_cipher_name(self._ptr))
        self.backend = _text(lib.kc_cipher_backend_name(self._ptr))
        self.block_size = lib.kc_cipher_block_size(self._ptr)

    def _run(self, fn, encrypt, data, mode, iv, pad):
        m, flags = _mode(mode), (lib.KC_PAD_PKCS7 if pad else 0)
        ivp, ivn = _iv(iv)
        n_in = _nbytes(data)
        cap = lib.kc_mode_output_size(self._p(), m, flags, encrypt, n_in)
        out = bytearray(cap)
        n = ffi.new("size_t *")
        _check(fn(self._p(), m, flags, ivp, ivn, ffi.from_buffer(out), cap, n, _buf(data), n_in))
        del out[n[0]:]
        return bytes(out)

    def encrypt(self, data: Bytes, mode: str = "ctr", iv: Optional[Bytes] = None, pad: bool = False) -> bytes:
        """One message, all at once; the IV is one block (None for ECB)."""
        return self._run(lib.kc_mode_encrypt_mt, 1, data, mode, iv, pad)

    def decrypt(self, data: Bytes, mode: str = "ctr", iv: Optional[Bytes] = None, pad: bool = False) -> bytes:
        """Raises BadPaddingError when ``pad`` and the padding does not check out."""
        return self._run(lib.kc_mode_decrypt_mt, 0, data, mode, iv, pad)

    def encrypt_blocks(self, data: Bytes) -> bytes:
        """The raw block function over a whole number of blocks."""
        out = bytearray(_nbytes(data))
        _check(lib.kc_cipher_encrypt_blocks(self._p(), ffi.from_buffer(out), _buf(data), len(out)))
        return bytes(out)

    def decrypt_blocks(self, data: Bytes) -> bytes:
        out = bytearray(_nbytes(data))
        _check(lib.kc_cipher_decrypt_blocks(self._p(), ffi.from_buffer(out), _buf(data), len(out)))
        return bytes(out)

    def encryptor(self, mode: str = "ctr", iv: Optional[Bytes] = None, pad: bool = False) -> "Stream":
        return Stream(self, 1, mode, iv, pad)

    def decryptor(self, mode: str = "ctr", iv: Optional[Bytes] = None, pad: bool = False) -> "Stream":
        return Stream(self, 0, mode, iv, pad)


class Stream(_Keyed):
    """A mode over a cipher, fed piece by piece: ``update()`` returns what it
    can already give, ``finalize()`` the rest (padding is added or checked
    there)."""

    def __init__(self, cipher: Cipher, encrypt: int, mode: str, iv: Optional[Bytes], pad: bool):
        p = ffi.new("kc_stream **")
        ivp, ivn = _iv(iv)
        _check(lib.kc_stream_new(p, cipher._p(), _mode(mode), lib.KC_PAD_PKCS7 if pad else 0,
                                 encrypt, ivp, ivn))
        self._cipher = cipher          # the stream uses the cipher's key schedule
        self._block = cipher.block_size
        self._ptr = ffi.gc(p[0], lib.kc_stream_free)

    def update(self, data: Bytes) -> bytes:
        cap = _nbytes(data) + self._block
        out = bytearray(cap)
        n = ffi.new("size_t *")
        _check(lib.kc_stream_update(self._p(), ffi.from_buffer(out), cap, n, _buf(data), _nbytes(data)))
        del out[n[0]:]
        return bytes(out)

    def finalize(self) -> bytes:
        out = bytearray(self._block)
        n = ffi.new("size_t *")
        _check(lib.kc_stream_final(self._p(), ffi.from_buffer(out), len(out), n))
        del out[n[0]:]
        self.close()
        return bytes(out)


# ---- AEAD -------------------------------------------------------------------------

class AEAD(_Keyed):
    """An AEAD keyed once, any of the library's (``kcipher.ciphers()`` with
    kind "aead"): ``encrypt(nonce, data, ad)`` returns ciphertext || tag,
    ``decrypt`` raises :class:`InvalidTag` and returns nothing when the tag
    fails.  ``tag_size`` shortens the tag where the cipher allows it."""

    def __init__(self, name: str, key: Bytes, backend: Optional[str] = None,
                 tag_size: Optional[int] = None):
        p = ffi.new("kc_aead **")
        k, n = _key(key)
        _check(lib.kc_aead_new(p, name.encode(), _cstr(backend), k, n), name)
        self._ptr = ffi.gc(p[0], lib.kc_aead_free)
        self.name = name
        if tag_size is not None:
            setter = getattr(lib, "kc_aead_set_tag_size", None)
            if setter is None:
                raise error_class(lib.KC_ERR_WRONG_KIND)("this library cannot change the tag size")
            _check(setter(self._ptr, tag_size), name)
        self.backend = _text(lib.kc_aead_backend_name(self._ptr))

    @property
    def nonce_size(self) -> int:
        return lib.kc_aead_nonce_size(self._p())

    @property
    def tag_size(self) -> int:
        return lib.kc_aead_tag_size(self._p())

    def _run(self, fn, nonce, data, ad, cap):
        ad = b"" if ad is None else ad
        out = bytearray(max(cap, 0))
        n = ffi.new("size_t *")
        _check(fn(self._p(), ffi.from_buffer(out), len(out), n, _buf(nonce), _nbytes(nonce),
                  _buf(ad), _nbytes(ad), _buf(data), _nbytes(data)))
        del out[n[0]:]
        return bytes(out)

    def encrypt(self, nonce: Bytes, data: Bytes, ad: Optional[Bytes] = None) -> bytes:
        return self._run(lib.kc_aead_encrypt, nonce, data, ad, _nbytes(data) + self.tag_size)

    def decrypt(self, nonce: Bytes, data: Bytes, ad: Optional[Bytes] = None) -> bytes:
        return self._run(lib.kc_aead_decrypt, nonce, data, ad, _nbytes(data) - self.tag_size)


# ---- FEA ------------------------------------------------------------------------

class FEA(_Keyed):
    """FEA-1/FEA-2 on ``bits``-bit blocks (8..128): blocks and tweaks are
    big-endian integers in ``block_size`` / ``tweak_size`` bytes.
    ``encrypt(data, tweak)`` takes any number of whole blocks;
    ``encrypt_int`` one block as an int."""

    def __init__(self, name: str, key: Bytes, bits: int = 128, backend: Optional[str] = None):
        p = ffi.new("kc_fea **")
        k, n = _key(key)
        _check(lib.kc_fea_new(p, name.encode(), _cstr(backend), k, n, bits), name)
        self._ptr = ffi.gc(p[0], lib.kc_fea_free)
        self.name, self.bits = name, bits
        self.block_size = lib.kc_fea_block_size(self._ptr)
        self.tweak_size = lib.kc_fea_tweak_size(self._ptr)
        self.backend = _text(lib.kc_fea_backend_name(self._ptr))

    def _run(self, fn, data, tweak):
        size = _nbytes(data)
        if size % self.block_size:
            raise error_class(lib.KC_ERR_NOT_BLOCK_MULTIPLE)(_strerror(lib.KC_ERR_NOT_BLOCK_MULTIPLE))
        tweak = b"" if tweak is None else tweak
        out = bytearray(size)
        _check(fn(self._p(), ffi.from_buffer(out), _buf(data), size // self.block_size,
                  _buf(tweak), _nbytes(tweak)))
        return bytes(out)

    def encrypt(self, data: Bytes, tweak: Optional[Bytes] = None) -> bytes:
        return self._run(lib.kc_fea_encrypt, data, tweak)

    def decrypt(self, data: Bytes, tweak: Optional[Bytes] = None) -> bytes:
        return self._run(lib.kc_fea_decrypt, data, tweak)

    def encrypt_int(self, value: int, tweak: Optional[Bytes] = None) -> int:
        return int.from_bytes(self.encrypt(value.to_bytes(self.block_size, "big"), tweak), "big")

    def decrypt_int(self, value: int, tweak: Optional[Bytes] = None) -> int:
        return int.from_bytes(self.decrypt(value.to_bytes(self.block_size, "big"), tweak), "big")


# ---- FPE of numeral strings ------------------------------------------------------

class FPE(_Keyed):
    """Format-preserving encryption of numeral strings of one ``length`` and
    ``radix``: FF1 and FF3-1 (``ff1-aes-256``, ``ff3-1-aria-128``, ...) and
    FEA (``fea2-128``).  Values are strings of 0-9a-z (radix <= 36) or
    sequences of digit values; the result has the same type."""

    def __init__(self, name: str, key: Bytes, radix: int = 10, length: int = 16,
                 backend: Optional[str] = None, allow_small_domain: bool = False):
        p = ffi.new("kc_fpe **")
        k, n = _key(key)
        _check(lib.kc_fpe_new(p, name.encode(), _cstr(backend), k, n, radix, length,
                              lib.KC_FPE_ALLOW_SMALL_DOMAIN if allow_small_domain else 0), name)
        self._ptr = ffi.gc(p[0], lib.kc_fpe_free)
        self.name, self.radix, self.length = name, radix, length
        self.tweak_size = lib.kc_fpe_tweak_size(self._ptr)

    def _run(self, fn_str, fn_digits, value, tweak):
        tweak = b"" if tweak is None else tweak
        tp, tn = _buf(tweak), _nbytes(tweak)
        if isinstance(value, str):
            if len(value) != self.length:
                raise error_class(lib.KC_ERR_VALUE_OUT_OF_DOMAIN)("expected %d characters" % self.length)
            out = ffi.new("char[]", self.length + 1)
            _check(fn_str(self._p(), out, value.encode(), tp, tn))
            return ffi.string(out).decode()
        digits = ffi.new("uint16_t[]", list(value))
        _check(fn_digits(self._p(), digits, digits, len(digits), tp, tn))
        return list(digits)

    def encrypt(self, value, tweak: Optional[Bytes] = None):
        return self._run(lib.kc_fpe_encrypt_str, lib.kc_fpe_encrypt, value, tweak)

    def decrypt(self, value, tweak: Optional[Bytes] = None):
        return self._run(lib.kc_fpe_decrypt_str, lib.kc_fpe_decrypt, value, tweak)


# ---- tokenization -------------------------------------------------------------

_ON_ERROR = {"fail": 0, "null": 1, "keep": 2}


def _context(tweak):
    if tweak is None:
        return ffi.NULL, 0
    if isinstance(tweak, str):
        tweak = tweak.encode()
    return _buf(tweak), _nbytes(tweak)


class Tokenizer(_Keyed):
    """Tokenization of formatted text: ``Tokenizer("ff1-aes-256", key=key,
    format="card")``.  ``format`` is a name (digits, alnum, hex, card,
    card-luhn, kr-rrn, kr-phone, kr-brn, email) or a spec such as
    ``"alphabet=digits;pass=- ;keep=6,4"``.  A tweak is a context (str or
    bytes: a column name, a row key), hashed to the cipher's tweak as the CLI
    does; ``raw_tweak=True`` gives the bytes to the cipher as they are.

    ``encrypt(value)`` does one string; ``encrypt_batch(values)`` a list, a
    NumPy array or a pyarrow (chunked) array, returning the same kind, nulls
    (None) kept, spread over the library's threads; pyarrow arrays go through
    the Arrow C Data Interface without copying."""

    def __init__(self, cipher: str = "ff1-aes-256", key: Bytes = None, format: str = "digits",
                 backend: Optional[str] = None, allow_small_domain: bool = False,
                 raw_tweak: bool = False):
        if key is None:
            raise TypeError("Tokenizer needs a key")
        p = ffi.new("kc_tokenizer **")
        k, n = _key(key)
        flags = (lib.KC_FPE_ALLOW_SMALL_DOMAIN if allow_small_domain else 0) | \
                (lib.KC_TOKENIZER_RAW_TWEAK if raw_tweak else 0)
        _check(lib.kc_tokenizer_new(p, cipher.encode(), _cstr(backend), k, n, format.encode(), flags),
               "%s, format %s" % (cipher, format))
        self._ptr = ffi.gc(p[0], lib.kc_tokenizer_free)
        self.cipher, self.format = cipher, format

    # -- one value
    def _one(self, fn, value, tweak, row=None):
        data = value.encode()
        cap = 4 * len(data) + 1
        out = ffi.new("char[]", cap)
        n = ffi.new("size_t *")
        pos = ffi.new("size_t *")
        tp, tn = _context(tweak)
        st = fn(self._p(), out, cap, n, data, len(data), tp, tn, pos)
        if st != 0:
            raise self._error(st, pos[0], row)
        return ffi.unpack(out, n[0]).decode()

    def _error(self, st, pos, row):
        where = [] if row is None else ["row %d" % row]
        position = None
        if st in (lib.KC_ERR_FORMAT, lib.KC_ERR_CHECK_DIGIT):
            position = pos
            where.append("character %d" % (pos + 1))
        return error_class(st)(": ".join(where + [_strerror(st)]), row=row, position=position)

    def encrypt(self, value: str, tweak: Union[str, bytes, None] = None) -> str:
        return self._one(lib.kc_tokenize, value, tweak)

    def decrypt(self, value: str, tweak: Union[str, bytes, None] = None) -> str:
        return self._one(lib.kc_detokenize, value, tweak)

    # -- many values
    def encrypt_batch(self, values, tweaks=None, on_error: str = "fail"):
        """Tokenizes many values.  ``tweaks``: one context per row (None: no
        tweak for that row), or a single str/bytes context for all rows.
        ``on_error``: "fail" raises the first bad row's error (``.row``,
        ``.position``), "null" makes bad rows null, "keep" leaves them."""
        return self._batch(1, values, tweaks, on_error)

    def decrypt_batch(self, values, tweaks=None, on_error: str = "fail"):
        return self._batch(0, values, tweaks, on_error)

    def _batch(self, encrypt, values, tweaks, on_error):
        if on_error not in _ON_ERROR:
            raise error_class(lib.KC_ERR_BAD_MODE)("on_error: expected fail, null or keep")
        kind = type(values).__module__.split(".")[0]
        if kind == "pyarrow":
            return self.arrow(encrypt, values, tweaks, on_error)
        if kind == "numpy":
            import numpy as np
            out = self._batch(encrypt, values.tolist(), tweaks, on_error)
            return np.array(out, dtype=object)
        try:
            import pyarrow as pa
        except ImportError:
            return self._rows(encrypt, list(values), tweaks, on_error)
        if tweaks is not None and not isinstance(tweaks, (str, bytes)):
            tweaks = pa.array(list(tweaks))
        return self.arrow(encrypt, pa.array(list(values), type=pa.string()), tweaks, on_error).to_pylist()

    def _rows(self, encrypt, values, tweaks, on_error):
        """Without pyarrow: kc_tokenize_batch over a row array."""
        n = len(values)
        if isinstance(tweaks, (str, bytes)) or tweaks is None:
            tweaks = [tweaks] * n
        rows = ffi.new("kc_token_row[]", max(n, 1))
        keep = []
        for i, (v, t) in enumerate(zip(values, tweaks)):
            if v is None:
                continue
            data = v.encode()
            out = ffi.new("char[]", 4 * len(data) + 1)
            tp, tn = _context(t)
            keep.append((data, out, t))
            r = rows[i]
            setattr(r, "in", ffi.from_buffer(data))   # "in" is a Python keyword
            r.in_len = len(data)
            r.tweak, r.tweak_len = tp, tn
            r.out, r.out_cap = out, 4 * len(data) + 1
        bad = ffi.new("size_t *")
        st = (lib.kc_tokenize_batch if encrypt else lib.kc_detokenize_batch)(self._p(), rows, n, bad)
        if st != 0 and on_error == "fail":
            raise self._error(st, rows[bad[0]].error_pos, bad[0])
        result = []
        for i, v in enumerate(values):
            r = rows[i]
            if v is None or (r.status != 0 and on_error == "null"):
                result.append(None)
            elif r.status != 0:
                result.append(v)
            else:
                result.append(ffi.unpack(r.out, r.out_len).decode())
        return result

    def arrow(self, encrypt, values, tweaks=None, on_error: str = "fail"):
        """The Arrow path: a pyarrow string array (or chunked array) in, one of
        the same type out, through kc_tokenize_arrow without copies."""
        import pyarrow as pa
        if isinstance(values, pa.ChunkedArray):
            chunks, start = [], 0
            for c in values.chunks:
                tw = tweaks
                if tweaks is not None and not isinstance(tweaks, (str, bytes)):
                    tw = tweaks.slice(start, len(c))
                try:
                    chunks.append(self.arrow(encrypt, c, tw, on_error))
                except Error as e:
                    if e.row is not None:
                        e.row += start
                        e.args = ("row %d: %s" % (e.row, str(e).split(": ", 1)[1]),)
                    raise
                start += len(c)
            return pa.chunked_array(chunks, type=values.type)
        typ = values.type
        if typ not in (pa.string(), pa.large_string()):
            values = values.cast(pa.string())
        if isinstance(tweaks, (str, bytes)):
            tweaks = _constant(tweaks, len(values))
        elif tweaks is not None:
            if isinstance(tweaks, pa.ChunkedArray):
                tweaks = tweaks.combine_chunks()
            if not isinstance(tweaks, pa.Array):
                tweaks = pa.array(list(tweaks))
            if tweaks.type not in (pa.string(), pa.large_string(), pa.binary(), pa.large_binary()):
                tweaks = tweaks.cast(pa.string())
        s_in, a_in = ffi.new("struct ArrowSchema *"), ffi.new("struct ArrowArray *")
        s_tw, a_tw = ffi.new("struct ArrowSchema *"), ffi.new("struct ArrowArray *")
        s_out, a_out = ffi.new("struct ArrowSchema *"), ffi.new("struct ArrowArray *")
        bad = ffi.new("int64_t *")
        values._export_to_c(int(ffi.cast("uintptr_t", a_in)), int(ffi.cast("uintptr_t", s_in)))
        try:
            if tweaks is not None:
                tweaks._export_to_c(int(ffi.cast("uintptr_t", a_tw)), int(ffi.cast("uintptr_t", s_tw)))
            st = lib.kc_tokenize_arrow(self._p(), encrypt, s_in, a_in,
                                       s_tw if tweaks is not None else ffi.NULL,
                                       a_tw if tweaks is not None else ffi.NULL,
                                       _ON_ERROR[on_error], s_out, a_out, bad)
        finally:
            for s in (a_in, s_in, a_tw, s_tw):
                if s.release != ffi.NULL:
                    s.release(s)
        if st != 0:
            row = bad[0] if bad[0] >= 0 else None
            if row is None:
                _check(st)
            v = values[row].as_py()
            t = None if tweaks is None else tweaks[row].as_py()
            try:                          # again on its own, for the character position
                self._one(lib.kc_tokenize if encrypt else lib.kc_detokenize, v, t, row)
            except Error as e:
                raise e from None
            raise self._error(st, 0, row)
        out = pa.Array._import_from_c(int(ffi.cast("uintptr_t", a_out)), int(ffi.cast("uintptr_t", s_out)))
        return out if out.type == typ else out.cast(typ)


def _constant(context, n):
    """n rows of one context, built without a Python loop over the rows."""
    import pyarrow as pa
    if isinstance(context, str):
        context = context.encode()
    size = len(context)
    wide = (n + 1) * size >= 2 ** 31
    try:
        import numpy as np
        offsets = np.arange(n + 1, dtype=np.int64 if wide else np.int32) * size
    except ImportError:
        import array
        offsets = array.array("q" if wide else "i", range(0, (n + 1) * size, size) if size else [0] * (n + 1))
    typ = pa.large_binary() if wide else pa.binary()
    return pa.Array.from_buffers(typ, n, [None, pa.py_buffer(offsets), pa.py_buffer(context * n)])
