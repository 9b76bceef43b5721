# SPDX-License-Identifier: MIT
"""The records: `kcipher bench` JSON lines (run, measurement and end records)."""
import gzip
import json


def load(paths):
    runs, recs, ends = [], [], []
    for path in paths:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                r = json.loads(line)
                {"run": runs, "measurement": recs, "end": ends}.get(r.get("type"), []).append(r)
    return runs, recs, ends


class Data:
    def __init__(self, runs, recs, ends):
        self.run = runs[0] if runs else {}
        self.end = ends[0] if ends else {}
        for r in recs:   # FEA's 16 KiB table was `table` before [FEA-OPT]'s own table (`table-paper`) came
            if r.get("impl") == "table" and str(r.get("primitive", "")).startswith("fea"):
                r["impl"] = "table-16k"
        self.recs = recs
        self.calibrated = bool(self.run.get("cycles_per_unit"))
        self.unit = self.run.get("unit", "ns")

    def find(self, **kw):
        return [r for r in self.recs if all(r.get(k) == v for k, v in kw.items())]

    def one(self, **kw):
        found = self.find(**kw)
        return found[0] if found else None

    def cycles(self, r):
        """Median per operation in calibrated cycles, else in the clock unit."""
        return r["cycles"] if self.calibrated and r.get("cycles") is not None else r["median"]

    def per_byte(self, r):
        n = r["msg_len"] * max(r.get("messages", 1), 1)
        return self.cycles(r) / n if n else None

    @property
    def cpb_label(self):
        return "cycles/byte (calibrated)" if self.calibrated else "%s/byte" % self.unit

    @property
    def cyc_label(self):
        return "cycles (calibrated)" if self.calibrated else self.unit
