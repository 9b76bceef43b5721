# SPDX-License-Identifier: MIT
"""The benchmark report: bench/report.py is the entry point; load.py reads the records,
the other modules each write one part of benchmarks.md or the plots."""
