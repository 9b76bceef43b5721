#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rows per second of kc_tokenize in PostgreSQL (parallel scan), DuckDB and a
# DuckDB Python UDF over Arrow, one run (extensions/bench_sql.py): builds the
# extensions and starts a PostgreSQL 15 server as scripts/test-sql.sh does.
# Usage: scripts/bench-sql.sh OUT.jsonl [--rows N] [--reps N] [--workers N]
# Render: python3 extensions/bench_sql.py report OUT.jsonl
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 OUT.jsonl [--rows N] [--reps N] [--workers N]" >&2; exit 2; }
exec "$(dirname "$0")/test-sql.sh" --bench "$@"
