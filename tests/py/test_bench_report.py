"""`kcipher bench`: the harness runs, every JSON record is well formed and its
units are consistent, and the report is generated.  Speed is never asserted.
Usage: test_bench_report.py PATH_TO_KCIPHER"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
# One cipher of each kind, plus one with all three peers.
CIPHERS = "aes-128,lea-128,pipo-64-128,tinyjambu-128,fea1-128"
RUN_KEYS = {"run", "date", "target", "cpu", "cores", "compiler", "cflags", "lib_version", "peers", "unit",
            "units_per_second", "cycles_per_unit", "runs"}
REC_KEYS = {"run", "target", "cpu", "compiler", "lib_version", "library", "primitive", "family", "impl", "isa",
            "constant_time", "default", "op", "mode", "scenario", "msg_len", "ad_len", "messages", "bits", "steps",
            "unit", "n", "batch", "median", "q1", "q3", "min", "max", "samples", "cycles_per_unit", "cycles",
            "cycles_per_byte", "bytes_per_second", "us_per_op"}


def close(a, b, rel=1e-6):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-12)


def run(*args):
    p = subprocess.run([KCIPHER, "bench", *args], capture_output=True, timeout=300)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


class Bench(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        code, _, err = run("--help")
        if code != 0:
            raise unittest.SkipTest("this kcipher has no bench command: " + err)
        cls.tmp = tempfile.TemporaryDirectory()
        cls.dir = os.path.join(cls.tmp.name, "report")
        code, out, err = run("--quick", "--cipher", CIPHERS, "--report", cls.dir)
        cls.code, cls.out, cls.err = code, out, err
        with open(os.path.join(cls.dir, "bench.jsonl")) as f:
            cls.lines = [json.loads(line) for line in f]
        cls.head = cls.lines[0]
        cls.recs = [r for r in cls.lines if r.get("type") == "measurement"]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_runs_and_reports(self):
        self.assertEqual(self.code, 0, self.err)
        with open(os.path.join(self.dir, "benchmarks.md")) as f:
            md = f.read()
        for title in ("## Machine and method", "Seed 000", "Seed 001", "Seed 002", "Seed 003", "Seed 004"):
            self.assertIn(title, md)
        self.assertNotRegex(md.lower(), r"\bnan\b")

    def test_header_and_end(self):
        self.assertEqual(self.head["type"], "run")
        self.assertLessEqual(RUN_KEYS, set(self.head))
        self.assertIn(self.head["unit"], ("tsc_ticks", "ns"))
        self.assertGreater(self.head["units_per_second"], 0)
        self.assertGreaterEqual(self.head["runs"], 15)
        end = self.lines[-1]
        self.assertEqual(end["type"], "end")
        self.assertEqual(end["points"], len(self.recs))
        self.assertEqual(len(self.lines), len(self.recs) + 2)

    def test_every_cipher_and_kind_is_there(self):
        prims = {r["primitive"] for r in self.recs}
        for c in CIPHERS.split(","):
            self.assertIn(c, prims)
        ops = {(r["primitive"], r["op"]) for r in self.recs}
        for want in [("aes-128", "keysetup"), ("aes-128", "encrypt_block"), ("aes-128", "encrypt"),
                     ("tinyjambu-128", "permutation"), ("tinyjambu-128", "decrypt"), ("fea1-128", "keysetup"),
                     ("fea1-128", "encrypt"), ("pipo-64-128", "keysetup")]:
            self.assertIn(want, ops)

    def test_records_are_well_formed(self):
        unit, ups = self.head["unit"], self.head["units_per_second"]
        self.assertTrue(self.recs)
        for r in self.recs:
            with self.subTest(rec=(r["primitive"], r["library"], r["impl"], r["op"], r["mode"], r["msg_len"])):
                self.assertLessEqual(REC_KEYS, set(r))
                self.assertEqual(r["run"], self.head["run"])
                self.assertEqual(r["unit"], unit)          # never mixed
                self.assertGreaterEqual(r["n"], 15)
                self.assertEqual(len(r["samples"]), r["n"])
                self.assertGreaterEqual(r["batch"], 1)
                s = sorted(r["samples"])
                self.assertGreater(s[0], 0)
                self.assertEqual(r["min"], s[0])
                self.assertEqual(r["max"], s[-1])
                self.assertTrue(close(r["median"], statistics.median(s)))
                self.assertTrue(r["min"] <= r["q1"] <= r["median"] <= r["q3"] <= r["max"])
                self.assertTrue(close(r["us_per_op"], r["median"] / ups * 1e6))
                nbytes = r["msg_len"] * r["messages"]
                if r["cycles_per_unit"] is None:
                    self.assertIsNone(r["cycles"])
                else:
                    self.assertTrue(close(r["cycles"], r["median"] * r["cycles_per_unit"]))
                if nbytes:
                    self.assertTrue(close(r["bytes_per_second"], nbytes / (r["median"] / ups)))
                    if r["cycles"] is not None:
                        self.assertTrue(close(r["cycles_per_byte"], r["cycles"] / nbytes))
                else:
                    self.assertIsNone(r["cycles_per_byte"])
                    self.assertIsNone(r["bytes_per_second"])
                self.assertIsNot(r.get("verified"), False, "a peer disagrees with our output")

    def test_peer_ratios(self):
        peers = {(r["primitive"], r["mode"], r["msg_len"], r["library"]): r for r in self.recs
                 if r["library"] != "kcipher"}
        if not peers:
            self.skipTest("built without peers")
        seen = 0
        for r in self.recs:
            if r["library"] != "kcipher" or "best_peer" not in r:
                continue
            self.assertEqual((r["op"], r["scenario"]), ("encrypt", "bulk"))
            same = [p for k, p in peers.items() if k[:3] == (r["primitive"], r["mode"], r["msg_len"])]
            best = min(same, key=lambda p: p["median"])
            self.assertEqual(r["best_peer"], best["library"])
            self.assertTrue(close(r["vs_best_peer"], r["median"] / best["median"]))
            seen += 1
        self.assertGreater(seen, 0)

    def test_bad_arguments(self):
        self.assertEqual(run("--cipher", "no-such-cipher")[0], 2)
        self.assertEqual(run("--runs", "3")[0], 2)
        self.assertEqual(run("--frobnicate")[0], 2)


if __name__ == "__main__":
    unittest.main()
