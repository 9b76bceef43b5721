# SPDX-License-Identifier: MIT
"""The ``kcipher`` command of the wheel: executes the C CLI bundled in the
package (kcipher/bin/kcipher), so that its options, streaming, exit codes
and signals are those of the CLI itself, with no Python in between."""
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    exe = os.path.join(_HERE, "bin", "kcipher")
    if not os.path.isfile(exe):
        sys.exit("kcipher: the CLI is not inside the package (%s): install a wheel built "
                 "with it, or build it from the sources (cmake)" % exe)
    os.execv(exe, [exe] + sys.argv[1:])


if __name__ == "__main__":
    main()
