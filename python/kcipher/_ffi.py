# SPDX-License-Identifier: MIT
"""cffi in ABI mode: the declarations come from the library's own headers.

The headers shipped in the wheel (``kcipher/include``) are read at import
time, their preprocessor lines and C++ guards dropped, and handed to
``ffi.cdef`` as they are, so the binding cannot drift from the library: a
function added to ``kcipher.h`` is callable from Python at once.
"""
import glob
import os
import re

from cffi import FFI

_HERE = os.path.dirname(os.path.abspath(__file__))
HEADERS = ("kcipher.h", "kcipher_arrow.h")


def _include_dir():
    for d in (os.path.join(_HERE, "include"),
              os.path.join(_HERE, "..", "..", "include")):   # a source checkout
        if os.path.exists(os.path.join(d, HEADERS[0])):
            return os.path.normpath(d)
    raise ImportError("kcipher: headers not found beside the package")


def header_text(name):
    with open(os.path.join(_include_dir(), name), encoding="utf-8") as f:
        return f.read()


def cdef_source(texts=None):
    """The headers as cffi reads them: no preprocessor lines, no C++ guard.

    ``#define NAME <integer>`` lines become ``#define NAME <value>`` without
    the C suffix (cffi takes plain integers); every other directive goes,
    and so does each ``#ifdef __cplusplus`` block."""
    if texts is None:
        texts = [header_text(h) for h in HEADERS]
    out = []
    for text in texts:
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        skip = 0
        for line in text.splitlines():
            s = line.strip()
            if s.startswith("#"):
                d = s[1:].strip()
                if skip:
                    if d.startswith(("if", "ifdef", "ifndef")):
                        skip += 1
                    elif d.startswith("endif"):
                        skip -= 1
                elif d.startswith("ifdef __cplusplus"):
                    skip = 1
                else:
                    m = re.match(r"define\s+([A-Z_][A-Z0-9_]*)\s+(0x[0-9a-fA-F]+|\d+)[uUlL]*\s*$", d)
                    if m:
                        out.append("#define %s %s" % (m.group(1), m.group(2)))
                continue
            if not skip:
                out.append(line)
    return "\n".join(out)


def declared_functions(texts=None):
    """Names of the functions the headers declare (for the completeness test)."""
    src = cdef_source(texts)
    src = re.sub(r"\{[^{}]*\}", ";", src)            # struct and enum bodies
    names = []
    for decl in src.split(";"):
        decl = " ".join(decl.split())
        if not decl or decl.startswith("typedef") or "(" not in decl:
            continue
        m = re.match(r".*?\b(kc_\w+)\s*\(", decl)
        if m:
            names.append(m.group(1))
    return names


def _library_path():
    env = os.environ.get("KCIPHER_LIBRARY")
    if env:
        return env
    for pattern in ("libkcipher.so.*", "libkcipher.so", "libkcipher*.dylib", "kcipher.dll"):
        found = sorted(glob.glob(os.path.join(_HERE, "lib", pattern)))
        if found:
            return found[0]
    raise ImportError("kcipher: the shared library is not inside the package "
                      "(set KCIPHER_LIBRARY to a libkcipher.so to use another)")


ffi = FFI()
ffi.cdef(cdef_source())
library_path = _library_path()
lib = ffi.dlopen(library_path)
