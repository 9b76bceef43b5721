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
collected or on ``close()``, never under a running call or a stream that
still uses them.  Errors raise subclasses of :class:`Error`, one
per ``kc_status`` (:class:`InvalidTag` when an AEAD tag fails).
"""
import os
import threading
import warnings
from dataclasses import dataclass
from typing import Any, List, Optional, Union

from ._ffi import ffi, lib

__all__ = ["Error", "InvalidTag", "OnErrorWarning", "Cipher", "Stream", "AEAD", "FEA", "FPE", "Tokenizer",
           "ciphers", "cipher_info", "backends", "cpu_features", "set_threads", "threads",
           "error_class", "load_key", "Keyring", "KeyInfo", "key_check_value",
           "formats", "format_spec", "CipherInfo", "BackendInfo", "__version__"]
__all__ += ["hmac", "hashes"]   # kcipher.hash and kcipher.random stay out: a star import would hide the built-in hash() and the random module

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
        self.row = row            # the failing row: 0-based in a batch, the index label in pandas
        self.position = position  # 1-based character of a format error (as the message says)


class InvalidTag(Error):
    """The AEAD tag did not verify (KC_ERR_AUTH); nothing was decrypted."""


class OnErrorWarning(UserWarning):
    """Values that did not fit their format were made null (``on_error="null"``)
    or left in clear (``"keep"``): ``count`` of ``total`` values, ``action``
    ("null" or "keep"), ``column`` (a name, or None).  Make it an exception
    with ``warnings.simplefilter("error", kcipher.OnErrorWarning)``."""

    def __init__(self, message, count=0, total=0, action=None, column=None):
        super().__init__(message)
        self.count, self.total, self.action, self.column = count, total, action, column


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
    """A key as the CLI reads it: from a file or from an environment variable
    (hex).  A file goes through the library's key-file rule
    (``kc_key_load_file``, README "Keys"): a file that is text must be hex
    (whitespace around it allowed); any other file is the raw key, as it is
    (so a hex key with a typo is never taken as ASCII bytes).  A key file
    that its group or others may read gets a warning (UserWarning).  The key
    must be 16, 24 or 32 bytes.  Malformed keys raise KeyLengthError with
    the library's reason; a file that cannot be read raises OSError.
    Returns a bytearray, so the caller can wipe it (``key[:] = bytes(len(key))``)."""
    import os
    bad = error_class(lib.KC_ERR_KEY_LENGTH)
    if (file is None) == (env is None):
        raise TypeError("give exactly one of file= and env=")
    if env is not None:
        text = os.environ.get(env)
        if not text:
            raise bad("environment variable %s is not set" % env)
        return _hex_key(text.strip().encode(), "environment variable %s" % env)
    path = os.fsencode(file)
    buf = ffi.new("uint8_t[]", lib.KC_KEY_FILE_MAX)
    n, warn, why = ffi.new("size_t *"), ffi.new("unsigned *"), ffi.new("char[]", 512)
    st = lib.kc_key_load_file(path, buf, lib.KC_KEY_FILE_MAX, n, warn, why, 512)
    try:
        if warn[0] & lib.KC_KEY_FILE_READABLE:
            mode = os.stat(file).st_mode & 0o777
            warnings.warn("key file %s may be read by its group or others (mode %o): chmod 600 it"
                          % (file, mode), stacklevel=2)
        if st == lib.KC_ERR_KEY_NOT_FOUND:
            err = ffi.errno
            raise OSError(err, os.strerror(err) if err else _text(why), file)
        if st != 0:
            raise bad(_text(why) or _strerror(st))
        if n[0] not in (16, 24, 32):
            raise bad("%s: a key must be 16, 24 or 32 bytes, not %d" % (file, n[0]))
        return bytearray(ffi.buffer(buf, n[0]))
    finally:
        lib.kc_wipe(buf, lib.KC_KEY_FILE_MAX)


def _hex_key(text, where):
    """A hex key of 16, 24 or 32 bytes, or a KeyLengthError saying what is wrong."""
    bad = error_class(lib.KC_ERR_KEY_LENGTH)
    for i, c in enumerate(text):
        if c not in b"0123456789abcdefABCDEF":
            raise bad("%s: a text key must be hex; character %d (1-based) is not a hex digit "
                      "(a raw key file must hold bytes that are not text)" % (where, i + 1))
    if len(text) not in (32, 48, 64):
        raise bad("%s: a hex key must be 32, 48 or 64 hex digits (16, 24 or 32 bytes), not %d"
                  % (where, len(text)))
    return bytearray.fromhex(text.decode())


# ---- keyring (README "Keys") -------------------------------------------------

@dataclass(frozen=True)
class KeyInfo:
    """One version of a keyring's key (never its bytes)."""
    name: str
    version: int
    cipher: str
    created: str
    state: str          # "active", "decrypt-only", "retired"
    kcv: str            # key check value, hex
    kek: str            # the recorded KEK source; "" when stored in hex

    @property
    def ref(self) -> str:
        return "%s@%d" % (self.name, self.version)


def _key_info(p):
    return KeyInfo(ffi.string(p.name).decode(), p.version, ffi.string(p.cipher).decode(),
                   ffi.string(p.created).decode(), _text(lib.kc_key_state_name(p.state)),
                   ffi.string(p.kcv).decode(), ffi.string(p.kek).decode())


class Keyring:
    """Named keys with versions, as the CLI's ``--keyring`` reads them:
    ``Keyring(path=None, kek=None)``; path defaults to ``KCIPHER_KEYRING``,
    kek (a KEK source: "file:PATH", "env:VAR", "cmd:COMMAND", "pkcs11:URI")
    to ``KCIPHER_KEK``.  ``get("NAME")`` gives the active version,
    ``get("NAME@V")`` that version (retired ones are refused).  Each call
    opens the keyring (writes are locked and atomic in the library)."""

    def __init__(self, path: Optional[str] = None, kek: Optional[str] = None):
        import os
        path = path if path is not None else os.environ.get("KCIPHER_KEYRING")
        if not path:
            raise TypeError("a keyring needs a path (or KCIPHER_KEYRING)")
        self.path = os.fspath(path)
        self.kek = kek if kek is not None else (os.environ.get("KCIPHER_KEK") or None)

    def _call(self, fn, *args, create=False):
        p, why = ffi.new("kc_keyring **"), ffi.new("char[]", 600)
        st = lib.kc_keyring_open(p, os.fsencode(self.path), lib.KC_KEYRING_CREATE if create else 0, why, 600)
        if st != 0:
            raise error_class(st)(_text(why) or _strerror(st))
        kr = p[0]
        try:
            if self.kek:
                self._check(kr, lib.kc_keyring_set_kek(kr, self.kek.encode()))
            return fn(kr, *args)
        finally:
            lib.kc_keyring_close(kr)

    @staticmethod
    def _check(kr, st):
        if st != 0:
            raise error_class(st)(_text(lib.kc_keyring_error(kr)) or _strerror(st))

    def get(self, ref: str):
        """(key as a bytearray: wipe it after use, KeyInfo) of "NAME" or "NAME@V"."""
        def get(kr):
            buf, n, info = ffi.new("uint8_t[]", 64), ffi.new("size_t *"), ffi.new("kc_key_info *")
            try:
                self._check(kr, lib.kc_keyring_get(kr, ref.encode(), buf, 64, n, info))
                return bytearray(ffi.buffer(buf, n[0])), _key_info(info)
            finally:
                lib.kc_wipe(buf, 64)
        return self._call(get)

    def list(self) -> List[KeyInfo]:
        """Every version, names in byte order, versions ascending."""
        def lst(kr):
            info, out = ffi.new("kc_key_info *"), []
            while True:
                st = lib.kc_keyring_list(kr, len(out), info)
                if st == lib.KC_ERR_KEY_NOT_FOUND:
                    return out
                self._check(kr, st)
                out.append(_key_info(info))
        return self._call(lst)

    def new(self, name: str, cipher: str) -> KeyInfo:
        """A new name, version 1 active, a random key (the keyring is made if missing)."""
        def new(kr):
            info = ffi.new("kc_key_info *")
            self._check(kr, lib.kc_keyring_new(kr, name.encode(), cipher.encode(), info))
            return _key_info(info)
        return self._call(new, create=True)

    def rotate(self, name: str) -> KeyInfo:
        """A new active version; the older ones stay for decryption."""
        def rot(kr):
            info = ffi.new("kc_key_info *")
            self._check(kr, lib.kc_keyring_rotate(kr, name.encode(), info))
            return _key_info(info)
        return self._call(rot)

    def retire(self, ref: str) -> None:
        """"NAME@V" is refused from now on."""
        self._call(lambda kr: self._check(kr, lib.kc_keyring_retire(kr, ref.encode())))


def key_check_value(cipher: str, key: Bytes) -> str:
    """The key's check value (hex), as ``kcipher key list`` prints it."""
    kcv = ffi.new("uint8_t[]", lib.KC_KCV_BYTES)
    k, n = _key(key)
    _check(lib.kc_key_check_value(cipher.encode(), k, n, kcv), cipher)
    return bytes(kcv).hex()


def _wipe(b):
    if b is not None:
        b[:] = bytes(len(b))


def _key_source(cipher, key, key_name, keyring, expect_kcv, infos=None):
    """(key bytes, a bytearray to wipe after use or None): from key= or from
    key_name= in a keyring, exactly one, as the CLI's --key-name; expect_kcv
    refuses another key (KcvError).  infos (a list): gets the keyring's
    description of the version."""
    if (key is None) == (key_name is None):
        raise TypeError("give exactly one of key= and key_name=")
    wipe = None
    if key_name is not None:
        kr = keyring if isinstance(keyring, Keyring) else Keyring(keyring)
        key, info = kr.get(key_name)
        wipe = key
        if infos is not None:
            infos.append(info)
        if info.cipher != cipher:
            key[:] = bytes(len(key))
            raise TypeError("key %s is a %s key, not %s" % (info.ref, info.cipher, cipher))
        kcv = info.kcv
    elif keyring is not None:
        raise TypeError("keyring= needs key_name=")
    if expect_kcv is not None:
        if key_name is None:
            kcv = key_check_value(cipher, key)
        if expect_kcv.lower() != kcv.lower():
            if wipe is not None:
                wipe[:] = bytes(len(wipe))
            raise error_class(lib.KC_ERR_KCV)("the key's check value is %s, not %s: another key"
                                              % (kcv, expect_kcv))
    return key, wipe


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
    """Every name the library takes (kc_name_at): the block ciphers, AEADs
    ("aes-128-gcm", "tinyjambu-128"), MACs ("aria-128-cmac"), FEA and FPE
    ciphers ("fea1-128", "ff1-aes-256")."""
    info = ffi.new("kc_name_info *")
    return [_check(lib.kc_name_at(i, info), "kc_name_at") or ffi.string(info.name).decode()
            for i in range(lib.kc_name_count())]


def formats() -> List[str]:
    """Every named format of :class:`Tokenizer` (kc_format_at, as
    ``kcipher formats`` lists them); :func:`format_spec` gives a name's spec."""
    name, spec, desc = ffi.new("char **"), ffi.new("char **"), ffi.new("char **")
    out, i = [], 0
    while lib.kc_format_at(i, name, spec, desc) == 0:
        out.append(ffi.string(name[0]).decode())
        i += 1
    return out


def format_spec(format: str) -> str:
    """The spec of a named format (KeyError for a name :func:`formats` does not list)."""
    name, spec, desc = ffi.new("char **"), ffi.new("char **"), ffi.new("char **")
    i = 0
    while lib.kc_format_at(i, name, spec, desc) == 0:
        if ffi.string(name[0]).decode() == format:
            return ffi.string(spec[0]).decode()
        i += 1
    raise KeyError(format)


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
    """An object over a C object.  Every call holds a use of it (the C calls
    release the GIL, so another thread may close meanwhile); ``close()`` frees
    it at once when no call runs, else the last running call frees it.  After
    ``close()`` every call raises StateError."""
    _ptr = None
    _guard = None
    _closed = False
    _users = 0

    def _own(self, ptr, free):
        self._guard = threading.Lock()
        self._ptr = ffi.gc(ptr, free)

    def _keyed(self, ctype, free, what, new, cipher, key, key_name, keyring, expect_kcv):
        """Makes and owns the C object: ``new(p, key, key_len)`` under the one
        key source given; a key read from the keyring is wiped after."""
        p = ffi.new(ctype)
        key, wipe = _key_source(cipher, key, key_name, keyring, expect_kcv)
        try:
            k, n = _key(key)
            _check(new(p, k, n), what)
            self._own(p[0], free)
        finally:
            _wipe(wipe)

    def _acquire(self):
        g = self._guard
        if g is None:
            raise error_class(lib.KC_ERR_STATE)("%s is closed" % type(self).__name__)
        with g:                         # nothing allocated under the lock: no collection there
            open_ = not self._closed
            if open_:
                self._users += 1
        if not open_:
            raise error_class(lib.KC_ERR_STATE)("%s is closed" % type(self).__name__)
        return self._ptr

    def _release(self):
        with self._guard:
            self._users -= 1
            if not self._closed or self._users:
                return
            p, self._ptr = self._ptr, None
        if p is not None:
            ffi.release(p)

    def _use(self):
        return _Use(self)

    def close(self) -> None:
        """Frees the object, wiping its key schedule (collection does the
        same); a call running in another thread finishes first."""
        g = self._guard
        if g is None:
            return
        with g:
            if self._closed:
                return
            self._closed = True
            if self._users:
                return                      # the last call frees it
            p, self._ptr = self._ptr, None
        if p is not None:
            ffi.release(p)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class _Use:
    """``with obj._use() as p``: p is the C object, kept alive to the end."""
    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __enter__(self):
        return self.obj._acquire()

    def __exit__(self, *exc):
        self.obj._release()


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

    def __init__(self, name: str, key: Bytes = None, backend: Optional[str] = None,
                 key_name: Optional[str] = None, keyring: Union[str, "Keyring", None] = None,
                 expect_kcv: Optional[str] = None):
        self._keyed("kc_cipher **", lib.kc_cipher_free, name,
                    lambda p, k, n: lib.kc_cipher_new(p, name.encode(), _cstr(backend), k, n),
                    name, key, key_name, keyring, expect_kcv)
        self.name = _text(lib.kc_cipher_name(self._ptr))
        self.backend = _text(lib.kc_cipher_backend_name(self._ptr))
        self.block_size = lib.kc_cipher_block_size(self._ptr)

    def _run(self, fn, encrypt, data, mode, iv, pad):
        m, flags = _mode(mode), (lib.KC_PAD_PKCS7 if pad else 0)
        ivp, ivn = _iv(iv)
        n_in = _nbytes(data)
        with self._use() as c:
            cap = lib.kc_mode_output_size(c, m, flags, encrypt, n_in)
            out = bytearray(cap)
            n = ffi.new("size_t *")
            _check(fn(c, m, flags, ivp, ivn, ffi.from_buffer(out), cap, n, _buf(data), n_in))
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
        with self._use() as c:
            _check(lib.kc_cipher_encrypt_blocks(c, ffi.from_buffer(out), _buf(data), len(out)))
        return bytes(out)

    def decrypt_blocks(self, data: Bytes) -> bytes:
        out = bytearray(_nbytes(data))
        with self._use() as c:
            _check(lib.kc_cipher_decrypt_blocks(c, ffi.from_buffer(out), _buf(data), len(out)))
        return bytes(out)

    def encryptor(self, mode: str = "ctr", iv: Optional[Bytes] = None, pad: bool = False) -> "Stream":
        return Stream(self, 1, mode, iv, pad)

    def decryptor(self, mode: str = "ctr", iv: Optional[Bytes] = None, pad: bool = False) -> "Stream":
        return Stream(self, 0, mode, iv, pad)


class Stream(_Keyed):
    """A mode over a cipher, fed piece by piece: ``update()`` returns what it
    can already give, ``finalize()`` the rest (padding is added or checked
    there).  The stream holds a use of its cipher's key schedule until it is
    finalized, closed or collected: closing the cipher first is safe (the
    schedule is freed when the stream lets it go)."""

    def __init__(self, cipher: Cipher, encrypt: int, mode: str, iv: Optional[Bytes], pad: bool):
        p = ffi.new("kc_stream **")
        ivp, ivn = _iv(iv)
        m = _mode(mode)
        c = cipher._acquire()
        try:
            _check(lib.kc_stream_new(p, c, m, lib.KC_PAD_PKCS7 if pad else 0, encrypt, ivp, ivn))
        except BaseException:
            cipher._release()
            raise
        self._block = cipher.block_size

        def free(s, cipher=cipher):     # the stream first, then its use of the cipher
            lib.kc_stream_free(s)
            cipher._release()
        self._own(p[0], free)

    def update(self, data: Bytes) -> bytes:
        cap = _nbytes(data) + self._block
        out = bytearray(cap)
        n = ffi.new("size_t *")
        with self._use() as s:
            _check(lib.kc_stream_update(s, ffi.from_buffer(out), cap, n, _buf(data), _nbytes(data)))
        del out[n[0]:]
        return bytes(out)

    def finalize(self) -> bytes:
        out = bytearray(self._block)
        n = ffi.new("size_t *")
        with self._use() as s:
            _check(lib.kc_stream_final(s, ffi.from_buffer(out), len(out), n))
        del out[n[0]:]
        self.close()
        return bytes(out)


# ---- AEAD -------------------------------------------------------------------------

class AEAD(_Keyed):
    """An AEAD keyed once, any of the library's (in ``kcipher.ciphers()``:
    "tinyjambu-*", "<cipher>-gcm", "<cipher>-ccm"): ``encrypt(nonce, data, ad)`` returns ciphertext || tag,
    ``decrypt`` raises :class:`InvalidTag` and returns nothing when the tag
    fails.  ``tag_size`` shortens the tag where the cipher allows it."""

    def __init__(self, name: str, key: Bytes = None, backend: Optional[str] = None,
                 tag_size: Optional[int] = None, key_name: Optional[str] = None,
                 keyring: Union[str, "Keyring", None] = None, expect_kcv: Optional[str] = None):
        self._keyed("kc_aead **", lib.kc_aead_free, name,
                    lambda p, k, n: lib.kc_aead_new(p, name.encode(), _cstr(backend), k, n),
                    name, key, key_name, keyring, expect_kcv)
        self.name = name
        if tag_size is not None:
            setter = getattr(lib, "kc_aead_set_tag_size", None)
            if setter is None:
                raise error_class(lib.KC_ERR_WRONG_KIND)("this library cannot change the tag size")
            _check(setter(self._ptr, tag_size), name)
        self.backend = _text(lib.kc_aead_backend_name(self._ptr))

    @property
    def nonce_size(self) -> int:
        with self._use() as a:
            return lib.kc_aead_nonce_size(a)

    @property
    def tag_size(self) -> int:
        with self._use() as a:
            return lib.kc_aead_tag_size(a)

    def _run(self, fn, nonce, data, ad, cap):
        ad = b"" if ad is None else ad
        out = bytearray(max(cap, 0))
        n = ffi.new("size_t *")
        with self._use() as a:
            _check(fn(a, ffi.from_buffer(out), len(out), n, _buf(nonce), _nbytes(nonce),
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

    def __init__(self, name: str, key: Bytes = None, bits: int = 128, backend: Optional[str] = None,
                 key_name: Optional[str] = None, keyring: Union[str, "Keyring", None] = None,
                 expect_kcv: Optional[str] = None):
        self._keyed("kc_fea **", lib.kc_fea_free, name,
                    lambda p, k, n: lib.kc_fea_new(p, name.encode(), _cstr(backend), k, n, bits),
                    name, key, key_name, keyring, expect_kcv)
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
        with self._use() as f:
            _check(fn(f, ffi.from_buffer(out), _buf(data), size // self.block_size,
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

    def __init__(self, name: str, key: Bytes = None, radix: int = 10, length: int = 16,
                 backend: Optional[str] = None, allow_small_domain: bool = False, key_name: Optional[str] = None,
                 keyring: Union[str, "Keyring", None] = None, expect_kcv: Optional[str] = None):
        flags = lib.KC_FPE_ALLOW_SMALL_DOMAIN if allow_small_domain else 0
        self._keyed("kc_fpe **", lib.kc_fpe_free, name,
                    lambda p, k, n: lib.kc_fpe_new(p, name.encode(), _cstr(backend), k, n, radix, length, flags),
                    name, key, key_name, keyring, expect_kcv)
        self.name, self.radix, self.length = name, radix, length
        self.tweak_size = lib.kc_fpe_tweak_size(self._ptr)

    def _run(self, fn_str, fn_digits, value, tweak):
        tweak = b"" if tweak is None else tweak
        tp, tn = _buf(tweak), _nbytes(tweak)
        if isinstance(value, str):
            if len(value) != self.length:
                raise error_class(lib.KC_ERR_VALUE_OUT_OF_DOMAIN)("expected %d characters" % self.length)
            out = ffi.new("char[]", self.length + 1)
            with self._use() as f:
                _check(fn_str(f, out, value.encode(), tp, tn))
            return ffi.string(out).decode()
        digits = ffi.new("uint16_t[]", list(value))
        with self._use() as f:
            _check(fn_digits(f, digits, digits, len(digits), tp, tn))
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
    format="card")``.  ``format`` is a name (``kcipher.formats()`` lists
    them: digits, card, kr-rrn, email, ...) or a spec such as
    ``"alphabet=digits;pass=- ;keep=6,4"``; a mask format (``mask-card``)
    takes no key (its ``cipher`` is None) and cannot detokenize.  A tweak is a context (str or
    bytes: a column name, a row key), hashed to the cipher's tweak as the CLI
    does; ``raw_tweak=True`` gives the bytes to the cipher as they are.

    ``encrypt(value)`` does one string; ``encrypt_batch(values)`` a list, a
    NumPy array or a pyarrow (chunked) array, returning the same kind, nulls
    (None) kept, spread over the library's threads; pyarrow arrays go through
    the Arrow C Data Interface without copying."""

    def __init__(self, cipher: str = "ff1-aes-256", key: Bytes = None, format: str = "digits",
                 backend: Optional[str] = None, allow_small_domain: bool = False,
                 raw_tweak: bool = False, key_name: Optional[str] = None,
                 keyring: Union[str, "Keyring", None] = None, expect_kcv: Optional[str] = None):
        p = ffi.new("kc_tokenizer **")
        mask = key is None and key_name is None and lib.kc_format_is_mask(format.encode()) == 1
        if mask:            # masking needs no cipher and no key
            key, cipher = b"", None
        infos = []
        key, wipe = (key, None) if mask else _key_source(cipher, key, key_name, keyring, expect_kcv, infos)
        try:
            k, n = _key(key)
            flags = (lib.KC_FPE_ALLOW_SMALL_DOMAIN if allow_small_domain else 0) | \
                    (lib.KC_TOKENIZER_RAW_TWEAK if raw_tweak else 0)
            _check(lib.kc_tokenizer_new(p, _cstr(cipher), _cstr(backend), k, n, format.encode(), flags),
                   "%s, format %s" % (cipher, format))
            self._own(p[0], lib.kc_tokenizer_free)
        finally:
            _wipe(wipe)
        self.cipher, self.format = cipher, format
        # Which key version made a token (format item embed-version=): a keyring key's version is
        # embedded on encrypt; key_name NAME (no @V) decrypts each token under the version it names.
        self.key_version = infos[0].version if infos else None
        self._versions = {}
        self._opts = (backend, allow_small_domain, raw_tweak, keyring)
        self._base = key_name if key_name is not None and "@" not in key_name else None
        if self.key_version is not None:
            with self._use() as t:
                _check(lib.kc_tokenizer_set_version(t, self.key_version), "key %s, format %s" % (infos[0].ref, format))

    # -- one value
    def _one(self, fn, value, tweak, row=None):
        if value == "":
            with self._use():           # empty stays empty, as in the CLI (closed: refused)
                return ""
        data = value.encode()
        cap = 4 * len(data) + 1
        out = ffi.new("char[]", cap)
        n = ffi.new("size_t *")
        pos = ffi.new("size_t *")
        tp, tn = _context(tweak)
        with self._use() as t:
            st = fn(t, out, cap, n, data, len(data), tp, tn, pos)
        if st != 0:
            raise self._error(st, pos[0], row)
        return ffi.unpack(out, n[0]).decode()

    def _error(self, st, pos, row):
        where = [] if row is None else ["row %d (0-based)" % row]
        position = None
        if st in (lib.KC_ERR_FORMAT, lib.KC_ERR_CHECK_DIGIT):
            position = pos + 1
            where.append("character %d (1-based)" % position)
        return error_class(st)(": ".join(where + [_strerror(st)]), row=row, position=position)

    def encrypt(self, value: str, tweak: Union[str, bytes, None] = None) -> str:
        return self._one(lib.kc_tokenize, value, tweak)

    def decrypt(self, value: str, tweak: Union[str, bytes, None] = None) -> str:
        if self._base is not None and value and self._embeds():
            return self._version_of(self.token_version(value))._one(lib.kc_detokenize, value, tweak)
        return self._one(lib.kc_detokenize, value, tweak)

    def token_version(self, token: str) -> int:
        """The key version embedded in a token (format item embed-version=; no key used)."""
        data = token.encode()
        v, pos = ffi.new("unsigned *"), ffi.new("size_t *")
        with self._use() as t:
            st = lib.kc_tokenizer_token_version(t, data, len(data), v, pos)
        if st != 0:
            raise self._error(st, pos[0], None)
        return v[0]

    def _embeds(self):
        with self._use() as t:
            return lib.kc_tokenizer_token_version(t, b"", 0, ffi.new("unsigned *"), ffi.NULL) != \
                lib.KC_ERR_VERSION_ROOM

    def _version_of(self, version):
        """This tokenizer's key NAME at another version (loaded once; unknown or retired: KeyNotFound)."""
        if version == self.key_version:
            return self
        if version not in self._versions:
            backend, small, raw, keyring = self._opts
            self._versions[version] = Tokenizer(self.cipher, format=self.format, backend=backend,
                                                allow_small_domain=small, raw_tweak=raw,
                                                key_name="%s@%d" % (self._base, version), keyring=keyring)
        return self._versions[version]

    # -- many values
    def encrypt_batch(self, values, tweaks=None, on_error: str = "fail", int_width: Optional[int] = None):
        """Tokenizes many values.  ``tweaks``: one context per row (None: no
        tweak for that row), or a single str/bytes context for all rows.
        ``on_error``: "fail" raises the first bad row's error (``.row``
        0-based, ``.position`` the 1-based character); "null" makes bad rows
        null and "keep" leaves them in clear, both counted in an
        :class:`OnErrorWarning`.  Empty strings stay empty.  Values must be
        strings: integers are refused (their leading zeros would not come
        back) unless ``int_width=N`` renders them as N digits, zero-padded
        (the result is then strings)."""
        return self._batch(1, values, tweaks, on_error, int_width)

    def decrypt_batch(self, values, tweaks=None, on_error: str = "fail", int_width: Optional[int] = None):
        if self._base is not None and self._embeds() and \
                type(values).__module__.split(".")[0] not in ("pyarrow", "numpy"):
            return self._by_version(values, tweaks, lambda t, v, tw: t._batch(0, v, tw, on_error, int_width))
        return self._batch(0, values, tweaks, on_error, int_width)

    def _by_version(self, values, tweaks, run):
        """key_name NAME: the values grouped by the version their tokens embed, run(tokenizer, values,
        tweaks) on each group (a token whose version cannot be read goes to this tokenizer, to fail as
        any malformed value does)."""
        values = list(values)
        out = list(values)
        tw = tweaks if tweaks is None or isinstance(tweaks, (str, bytes)) else list(tweaks)
        groups = {}
        for i, v in enumerate(values):
            if v:
                try:
                    version = self.token_version(v)
                except Error:
                    version = self.key_version
                groups.setdefault(version, []).append(i)
        for version, rows in sorted(groups.items()):
            sub_tw = tw if tw is None or isinstance(tw, (str, bytes)) else [tw[i] for i in rows]
            try:
                done = run(self._version_of(version), [values[i] for i in rows], sub_tw)
            except Error as e:
                if e.row is not None:
                    e.row = rows[e.row]
                raise
            for i, d in zip(rows, done):
                out[i] = d
        return out

    def _batch(self, encrypt, values, tweaks, on_error, int_width):
        _on_error(on_error)
        kind = type(values).__module__.split(".")[0]
        if kind == "pyarrow":
            return self.arrow(encrypt, values, tweaks, on_error, int_width=int_width)
        if kind == "numpy":
            import numpy as np
            out = self._batch(encrypt, values.tolist(), tweaks, on_error, int_width)
            return np.array(out, dtype=object)
        values = _strings(list(values), int_width)
        try:
            import pyarrow as pa
        except ImportError:
            return self._rows(encrypt, values, tweaks, on_error)
        if tweaks is not None and not isinstance(tweaks, (str, bytes)):
            tweaks = pa.array(list(tweaks))
        return self.arrow(encrypt, pa.array(values, type=pa.string()), tweaks, on_error).to_pylist()

    def _rows(self, encrypt, values, tweaks, on_error):
        """Without pyarrow: kc_tokenize_batch over a row array."""
        n = len(values)
        if isinstance(tweaks, (str, bytes)) or tweaks is None:
            tweaks = [tweaks] * n
        rows = ffi.new("kc_token_row[]", max(n, 1))
        keep = []
        for i, (v, t) in enumerate(zip(values, tweaks)):
            if not v:                                 # None, and "" that stays ""
                continue
            data = v.encode()
            out = ffi.new("char[]", 4 * len(data) + 1)
            tp, tn = _context(t)
            keep.append((data, out, t, tp))   # tp: the tweak buffer, alive until the call returns
            r = rows[i]
            setattr(r, "in", ffi.from_buffer(data))   # "in" is a Python keyword
            r.in_len = len(data)
            r.tweak, r.tweak_len = tp, tn
            r.out, r.out_cap = out, 4 * len(data) + 1
        bad = ffi.new("size_t *")
        with self._use() as t:
            st = (lib.kc_tokenize_batch if encrypt else lib.kc_detokenize_batch)(t, rows, n, bad)
        if st != 0 and on_error == "fail":
            raise self._error(st, rows[bad[0]].error_pos, bad[0])
        result, failed = [], 0
        for i, v in enumerate(values):
            r = rows[i]
            if not v:
                result.append(v)
            elif r.status != 0:
                failed += 1
                result.append(None if on_error == "null" else v)
            else:
                result.append(ffi.unpack(r.out, r.out_len).decode())
        self._report(failed, sum(1 for v in values if v), on_error, None)
        return result

    def retokenize(self, values, to: "Tokenizer", tweaks=None, on_error: str = "fail"):
        """Tokens under this tokenizer's key become tokens under ``to``'s (same
        format; e.g. ``cards@1`` to ``cards@2`` after a rotation).  ``values``:
        one str or a list (None and "" kept); ``tweaks`` as for
        :meth:`encrypt_batch`.  The clear values exist only in C buffers,
        wiped before this returns: never as Python strings.  ``on_error``:
        "fail" raises the first bad row's error, "null" makes it null, "keep"
        leaves the old token."""
        _on_error(on_error)
        if isinstance(values, str):
            return self.retokenize([values], to, tweaks, on_error)[0]
        if self._base is not None and self._embeds():     # each token under the version it names
            return self._by_version(values, tweaks, lambda t, v, tw: t._retokenize_one_version(v, to, tw, on_error))
        return self._retokenize_one_version(values, to, tweaks, on_error)

    def _retokenize_one_version(self, values, to, tweaks, on_error):
        values = list(values)
        n = len(values)
        if isinstance(tweaks, (str, bytes)) or tweaks is None:
            tweaks = [tweaks] * n
        src = ffi.new("kc_token_row[]", max(n, 1))
        dst = ffi.new("kc_token_row[]", max(n, 1))
        keep, clear = [], []
        for i, (v, t) in enumerate(zip(values, tweaks)):
            if not v:
                continue
            data = v.encode()
            cap = 4 * len(data) + 1
            mid, out = ffi.new("char[]", cap), ffi.new("char[]", cap)
            tp, tn = _context(t)
            keep.append((data, out, t, tp))   # tp: the tweak buffer, alive until the call returns
            clear.append((mid, cap))
            setattr(src[i], "in", ffi.from_buffer(data))
            src[i].in_len, src[i].tweak, src[i].tweak_len, src[i].out, src[i].out_cap = len(data), tp, tn, mid, cap
            setattr(dst[i], "in", mid)
            dst[i].tweak, dst[i].tweak_len, dst[i].out, dst[i].out_cap = tp, tn, out, cap
        bad = ffi.new("size_t *")
        try:
            with self._use() as t:
                st = lib.kc_detokenize_batch(t, src, n, bad)
            if st != 0 and on_error == "fail":
                raise self._error(st, src[bad[0]].error_pos, bad[0])
            for i in range(n):
                dst[i].in_len = src[i].out_len if src[i].status == 0 else 0
            with to._use() as t2:
                st2 = lib.kc_tokenize_batch(t2, dst, n, bad)
            if st2 != 0 and on_error == "fail":
                raise self._error(st2, dst[bad[0]].error_pos, bad[0])
        finally:
            for mid, cap in clear:
                ffi.memmove(mid, b"\0" * cap, cap)
        result, failed = [], 0
        for i, v in enumerate(values):
            if not v:
                result.append(v)
            elif src[i].status != 0 or dst[i].status != 0:
                failed += 1
                result.append(None if on_error == "null" else v)
            else:
                result.append(ffi.unpack(dst[i].out, dst[i].out_len).decode())
        self._report(failed, sum(1 for v in values if v), on_error, None)
        return result

    def arrow(self, encrypt, values, tweaks=None, on_error: str = "fail", int_width: Optional[int] = None,
              column: Optional[str] = None):
        """The Arrow path: a pyarrow string array (or chunked array) in, one of
        the same type out, through kc_tokenize_arrow without copies.  Empty
        strings stay empty; integer arrays need ``int_width`` (see
        :meth:`encrypt_batch`); ``column`` names the values in warnings."""
        _on_error(on_error)
        out, failed, total = self._arrow(encrypt, values, tweaks, on_error, int_width)
        self._report(failed, total, on_error, column)
        return out

    def _report(self, failed, total, on_error, column):
        if failed:
            what = "" if column is None else " of column %r" % column
            done = "made null" if on_error == "null" else "left in clear"
            warnings.warn(OnErrorWarning("kcipher: %d of %d values%s do not fit format %r and were %s "
                                         "(on_error=%r)" % (failed, total, what, self.format, done, on_error),
                                         failed, total, on_error, column), stacklevel=3)

    def _arrow(self, encrypt, values, tweaks, on_error, int_width):
        """(result, values made null or kept, values tokenized or tried)."""
        import pyarrow as pa
        if isinstance(values, pa.ChunkedArray):
            chunks, start, failed, total = [], 0, 0, 0
            for c in values.chunks:
                tw = tweaks
                if tweaks is not None and not isinstance(tweaks, (str, bytes)):
                    tw = tweaks.slice(start, len(c))
                try:
                    out, f, t = self._arrow(encrypt, c, tw, on_error, int_width)
                except Error as e:
                    if e.row is not None:
                        e.row += start
                        e.args = ("row %d (0-based): %s" % (e.row, str(e).split(": ", 1)[1]),)
                    raise
                chunks.append(out)
                failed, total, start = failed + f, total + t, start + len(c)
            return pa.chunked_array(chunks, type=chunks[0].type if chunks else pa.string()), failed, total
        import pyarrow.compute as pc
        values = _arrow_strings(values, int_width)
        typ = values.type
        if typ not in (pa.string(), pa.large_string()):
            values = values.cast(pa.large_string() if str(typ) == "string_view" else pa.string())
        empty = None                                    # empty strings stay empty: null while in C
        if len(values) > values.null_count and pc.min(pc.binary_length(values)).as_py() == 0:
            empty = pc.equal(pc.binary_length(values), 0)
            values = pc.if_else(empty, pa.scalar(None, values.type), values)
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
        # keep runs as null, and the nulls made here are copied back: so they are counted
        mode = _ON_ERROR["fail" if on_error == "fail" else "null"]
        values._export_to_c(int(ffi.cast("uintptr_t", a_in)), int(ffi.cast("uintptr_t", s_in)))
        try:
            if tweaks is not None:
                tweaks._export_to_c(int(ffi.cast("uintptr_t", a_tw)), int(ffi.cast("uintptr_t", s_tw)))
            with self._use() as t:
                st = lib.kc_tokenize_arrow(t, encrypt, s_in, a_in,
                                           s_tw if tweaks is not None else ffi.NULL,
                                           a_tw if tweaks is not None else ffi.NULL,
                                           mode, s_out, a_out, bad)
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
        total = len(values) - values.null_count
        failed = out.null_count - values.null_count
        if failed and on_error == "keep":
            out = pc.if_else(pc.and_(pc.is_null(out), pc.is_valid(values)), values, out)
        if empty is not None:
            out = pc.if_else(empty, pa.scalar("", out.type), out)
        return (out if out.type == typ else out.cast(typ)), failed, total


def _on_error(on_error):
    if on_error not in _ON_ERROR:
        raise error_class(lib.KC_ERR_BAD_MODE)("on_error: expected fail, null or keep")


def _int_text(v, width, row):
    if width is None:
        raise TypeError("row %d (0-based) is an integer, not a string: its leading zeros would not "
                        "come back; give strings, or int_width=N to render integers as N digits" % row)
    s = str(v)
    if v < 0 or len(s) > width:
        raise ValueError("row %d (0-based): a negative integer or one of more than int_width=%d digits"
                         % (row, width))
    return s.zfill(width)


def _strings(values, int_width):
    """A list of values as str (None kept); ints only with int_width."""
    out = []
    for i, v in enumerate(values):
        if v is None or isinstance(v, str):
            out.append(v)
        elif isinstance(v, int) and not isinstance(v, bool):
            out.append(_int_text(v, int_width, i))
        else:
            raise TypeError("row %d (0-based) is %s, not a string" % (i, type(v).__name__))
    return out


def _arrow_strings(values, int_width):
    """A pyarrow array of strings: strings as they are, integers rendered
    with int_width (else refused), anything else refused."""
    import pyarrow as pa
    import pyarrow.compute as pc
    typ = values.type
    if pa.types.is_dictionary(typ):
        values, typ = values.dictionary_decode(), typ.value_type
    if pa.types.is_null(typ):
        return values.cast(pa.string())
    if pa.types.is_string(typ) or pa.types.is_large_string(typ) or str(typ) == "string_view":
        return values
    if pa.types.is_integer(typ):
        if int_width is None:
            raise TypeError("the values are %s, not strings: integers lose their leading zeros "
                            "(1000022 -> 0950228 -> 950228); give strings, or int_width=N to render "
                            "them as N digits, zero-padded" % typ)
        text = values.cast(pa.string())
        wrong = pc.or_(pc.less(values, 0), pc.greater(pc.utf8_length(text), int_width))
        if pc.any(wrong).as_py():
            row = pc.index(wrong, True).as_py()
            raise ValueError("row %d (0-based): a negative integer or one of more than int_width=%d digits"
                             % (row, int_width))
        return pc.utf8_lpad(text, width=int_width, padding="0")
    raise TypeError("the values are %s, not strings: give a string column" % typ)


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


# ---- hashes and HMAC (kc_hash; kc_mac "hmac-<hash>") ------------------------

def hashes() -> List[str]:
    """The hash names kc_name_at lists ("sha-256", "lsh-512-384", ...)."""
    info = ffi.new("kc_name_info *")
    out, i = [], 0
    while lib.kc_name_at(i, info) == 0:
        if info.kind == lib.KC_NAME_HASH:
            out.append(ffi.string(info.name).decode())
        i += 1
    return out


def hash(name: str, data: Bytes, backend: Optional[str] = None) -> bytes:   # noqa: A001 (kcipher.hash)
    """The digest of data: SHA-2 ("sha-256", "sha-512-256", ...) or LSH
    ("lsh-256", "lsh-512-384", ...); "sha256", "lsh256" are accepted too."""
    h = ffi.new("kc_hash **")
    _check(lib.kc_hash_new(h, _cstr(name), _cstr(backend)), name)
    try:
        _check(lib.kc_hash_update(h[0], _buf(data), _nbytes(data)), name)
        out = ffi.new("uint8_t[64]")
        _check(lib.kc_hash_final(h[0], out, 64), name)
        return bytes(ffi.buffer(out, lib.kc_hash_size(h[0])))
    finally:
        lib.kc_hash_free(h[0])


__all__ += ["hash_batch"]


def hash_batch(name: str, messages: List[Bytes], backend: Optional[str] = None) -> List[bytes]:
    """The digests of many messages in one call (kc_hash_batch: LSH runs
    them side by side in the SIMD lanes), equal to [hash(name, m) ...]."""
    n = len(messages)
    size = len(hash(name, b"", backend))
    keep = [_buf(m) for m in messages]   # alive until the call returns
    ptrs = ffi.new("const uint8_t *[]", keep or [ffi.NULL])
    lens = ffi.new("size_t[]", [_nbytes(m) for m in messages] or [0])
    out = ffi.new("uint8_t[]", max(n * size, 1))
    _check(lib.kc_hash_batch(_cstr(name), _cstr(backend), ptrs, lens, n, out, n * size), name)
    return [bytes(ffi.buffer(out + i * size, size)) for i in range(n)]


def random(n: int) -> bytes:   # kcipher.random, not the standard module
    """n random bytes from the library's process-wide generator (kc_random:
    CTR_DRBG over AES-256, seeded from the OS, thread- and fork-safe)."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError("kcipher.random: n must be an int >= 0, not %r" % (n,))
    out = ffi.new("uint8_t[]", max(n, 1))
    _check(lib.kc_random(out, n), "kc_random")
    try:
        return bytes(ffi.buffer(out, n))
    finally:
        ffi.memmove(out, b"\0" * n, n)


def hmac(name: str, key: Bytes, data: Bytes, backend: Optional[str] = None) -> bytes:
    """HMAC (RFC 2104) of data under key (any length) over the hash name
    ("sha-256" or "hmac-sha-256", "lsh-256", "hmac-lsh256", ...)."""
    full = name if name.startswith("hmac-") else "hmac-" + name
    kp, kl = _key(key)
    m = ffi.new("kc_mac **")
    _check(lib.kc_mac_new(m, _cstr(full), _cstr(backend), kp, kl), full)
    try:
        size = lib.kc_mac_tag_size(m[0])
        tag = ffi.new("uint8_t[]", size)
        _check(lib.kc_mac_compute(m[0], tag, size, ffi.NULL, 0, _buf(data), _nbytes(data)), full)
        return bytes(ffi.buffer(tag, size))
    finally:
        lib.kc_mac_free(m[0])
