# SPDX-License-Identifier: MIT
import os

import pytest

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
VECTORS = os.path.join(ROOT, "tests", "vectors")


def tsv(path):
    """Rows of a vector file, comments and the header skipped."""
    with open(os.path.join(VECTORS, path), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            yield line.rstrip("\n").split("\t")


@pytest.fixture(scope="session")
def cli():
    """The kcipher command (KCIPHER_CLI, set by scripts/test-python.sh)."""
    path = os.environ.get("KCIPHER_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("KCIPHER_CLI is not set to the kcipher command (scripts/test-python.sh sets it)")
    return path
