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
        self.runs = runs
        self.end = ends[0] if ends else {}
        self.ends = ends
        for r in recs:   # old records name FEA's 16 KiB table `table`, which is not [FEA-OPT]'s (`table-paper`)
            if r.get("impl") == "table" and str(r.get("primitive", "")).startswith("fea"):
                r["impl"] = "table-16k"
        self.recs = recs
        self._index = {}   # find's look-up tables, one per set of keys
        self.calibrated = bool(self.run.get("cycles_per_unit"))
        self.unit = self.run.get("unit", "ns")

    def classes(self):
        """[(cpu_class, its runs)] in the order measured: a run line since KC_CPU_DISABLE carries the class its
        features in use stand for (bench/machine.c); older ones carry none (None)."""
        out = {}
        for r in self.runs:
            if r.get("cpu_class"):
                out.setdefault(r["cpu_class"], []).append(r)
        return list(out.items())

    def first_class(self):
        """Without the records of the other CPU classes' runs: the sections but the summary show one class,
        the first run's (the extra records files, which carry no class, stay)."""
        classes = self.classes()
        if len(classes) <= 1:
            return self
        mine = self.run.get("cpu_class") or classes[0][0]
        other = {r.get("run") for c, runs in classes if c != mine for r in runs}
        return Data([r for r in self.runs if r.get("run") not in other],
                    [r for r in self.recs if r.get("run") not in other], self.ends)

    def of_runs(self, runs):
        """The records of these runs only, as a Data of their own."""
        ids = {r.get("run") for r in runs}
        return Data(runs, [r for r in self.recs if r.get("run") in ids], self.ends)

    def find(self, **kw):
        """The records whose fields equal kw's (a missing field counts as None), in file order; one look-up
        table per set of keys, made at its first use (the records do not change after loading)."""
        keys = tuple(sorted(kw))
        index = self._index.get(keys)
        if index is None:
            index = self._index[keys] = {}
            for r in self.recs:
                index.setdefault(tuple(r.get(k) for k in keys), []).append(r)
        return list(index.get(tuple(kw[k] for k in keys), ()))

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
