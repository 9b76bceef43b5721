#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Appends DuckDB's extension metadata footer to a built extension.

The footer is the file's last 512 bytes: eight 32-byte fields, zero-padded,
then a 256-byte signature (zeros: unsigned, loadable with
allow_unsigned_extensions).  DuckDB reads the fields last to first: magic
"4", platform, the C API version (for ABI C_STRUCT), the extension
version, the ABI type; the first three are unused.
"""
import argparse
import sys


def field(text):
    b = text.encode()
    if len(b) > 32:
        sys.exit(f"append-metadata: '{text}' is longer than 32 bytes")
    return b.ljust(32, b"\0")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("library")
    ap.add_argument("--platform", required=True, help="e.g. linux_amd64 (PRAGMA platform)")
    ap.add_argument("--capi-version", default="v1.2.0", help="the C API version the extension needs")
    ap.add_argument("--extension-version", required=True)
    a = ap.parse_args()
    footer = (field("") * 3 + field("C_STRUCT") + field(a.extension_version) + field(a.capi_version)
              + field(a.platform) + field("4") + b"\0" * 256)
    assert len(footer) == 512
    with open(a.library, "ab") as f:
        f.write(footer)


if __name__ == "__main__":
    main()
