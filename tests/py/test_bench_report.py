# SPDX-License-Identifier: MIT
"""`kcipher bench`: the harness runs, every JSON record is well formed and its
units are consistent, and the report is generated.  Speed is never asserted.
Usage: test_bench_report.py PATH_TO_KCIPHER"""
import functools
import gzip
import importlib
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
# One cipher of each kind, plus one with all three peers.
CIPHERS = "aes-128,lea-128,pipo-64-128,tinyjambu-128,fea1-128,ff1-aes-128"
RUN_KEYS = {"run", "date", "target", "cpu", "cores", "compiler", "cflags", "lib_version", "peers", "unit",
            "units_per_second", "cycles_per_unit", "runs", "cpu_features", "cpu_detected", "cpu_disable",
            "cpu_masked", "cpu_class", "cpu_class_name", "peer_masks"}
REC_KEYS = {"run", "target", "cpu", "compiler", "lib_version", "library", "primitive", "family", "impl", "isa",
            "constant_time", "default", "op", "mode", "scenario", "msg_len", "ad_len", "messages", "bits", "steps",
            "unit", "n", "batch", "median", "q1", "q3", "min", "max", "samples", "cycles_per_unit", "cycles",
            "cycles_per_byte", "bytes_per_second", "us_per_op"}


THREAD_APIS = {"kc_mode_encrypt_mt", "kc_mode_decrypt_mt", "kc_mode_encrypt_batch", "kc_fpe_encrypt_batch",
               "kc_aead_encrypt", "kc_aead_encrypt_batch", "kc_tokenize_batch", "kc_mode_encrypt",
               "kc_detokenize_batch+kc_tokenize_batch"}
REPORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "report.py")


def close(a, b, rel=1e-6):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-12)


# KC_TEST_TIMEOUT_SCALE: set by tests/CMakeLists.txt for sanitizer builds, where the bench runs slower.
TIMEOUT = 300 * float(os.environ.get("KC_TEST_TIMEOUT_SCALE", "1"))


def run(*args, env=None):
    p = subprocess.run([KCIPHER, "bench", *args], capture_output=True, timeout=TIMEOUT,
                       env=None if env is None else {**os.environ, **env})
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
        for title in ("## Machine and method", "[FEA-OPT]", "[RV32-KBC]", "[PIPO-ARM]", "[TJ-AVR]", "[RC6-RIJ]",
                      "Fig. 10", "Thread-scaling target", "kc_fpe_encrypt_batch", "kc_aead_encrypt_batch",
                      "## Cross-architecture", "## Performance targets"):
            self.assertIn(title, md)
        self.assertNotRegex(md.lower(), r"\bnan\b")
        targets = md.split("## Performance targets")[1].split("\n## ")[0]
        rows = [l for l in targets.splitlines() if l.startswith("| ") and not l.startswith("| workload")]
        self.assertGreaterEqual(len(rows), 3)   # AES-128 vs OpenSSL, LEA-128, TinyJAMBU at least
        for row in rows:
            self.assertRegex(row, r"\*\*(met|not met)\*\*")

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

    def test_cpu_mask_in_the_run_line(self):
        """KC_CPU_DISABLE reaches the bench: the run line records the mask, what it took away and the class the
        run stands for, and OpenSSL gets the same mask; a name that is no feature stops the run."""
        if self.head["target"] == "x86_64":
            for k in ("cpu_vendor", "cpu_family", "cpu_model", "cpu_stepping"):
                self.assertIn(k, self.head)
        env = {"KC_CPU_DISABLE": "all"}
        code, out, err = run("--quick", "--cipher", "aes-128", "--backend", "ct", "--backend", "openssl",
                             "--json", "-", env=env)
        self.assertEqual(code, 0, err)
        head = json.loads(out.splitlines()[0])
        self.assertEqual((head["cpu_disable"], head["cpu_features"], head["cpu_class"]), ("all", "", "portable"))
        self.assertEqual(head["cpu_masked"], head["cpu_detected"])
        if "openssl" in head["peers"] and head["cpu_masked"] and head["target"] == "x86_64":
            self.assertTrue(head["peer_masks"]["openssl"].startswith("~0x"), head["peer_masks"])
        recs = [json.loads(l) for l in out.splitlines()[1:-1]]
        self.assertEqual({r["impl"].split("/")[0] for r in recs if r["library"] == "kcipher"}, {"ct"})   # GCM: ct/ct
        # Crypto++ and Botan are masked too (their CPU flags cleared), where they were built in
        if head["target"] == "x86_64" and "aesni" in head["cpu_detected"]:
            code, out, err = run("--quick", "--cipher", "aes-128", "--backend", "ct", "--backend", "cryptopp",
                                 "--backend", "botan", "--json", "-", env={"KC_CPU_DISABLE": "aesni"})
            self.assertEqual(code, 0, err)
            masks = json.loads(out.splitlines()[0])["peer_masks"]
            if "cryptopp" in masks:
                self.assertIn("aesni", masks["cryptopp"].split(","), masks)
            if "botan" in masks:
                self.assertIn("aes_ni", masks["botan"].split(","), masks)
        code, _, err = run("--quick", "--cipher", "aes-128", "--json", "-", env={"KC_CPU_DISABLE": "avx2,nosuch"})
        self.assertEqual(code, 2)
        self.assertIn("nosuch", err)

    def test_report_one_summary_per_class(self):
        """Runs of two CPU classes: a summary table each, named by its class."""
        cls = "zen3" if self.head["cpu_class"] != "zen3" else "skylake-sp"   # not this run's (KC_CPU_DISABLE)
        other = [dict(r, run="other-run") for r in self.lines]
        other[0].update(cpu_class=cls, cpu_class_name="another class", cpu_disable="avx512f,gfni",
                        cpu_masked="avx512f+gfni")
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "zen3.jsonl")
            with open(path, "w") as f:
                f.write(self.jsonl(*other))
            p = subprocess.run([sys.executable, REPORT, os.path.join(self.dir, "bench.jsonl"), path, "--out", d],
                               capture_output=True, text=True, timeout=300)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(os.path.join(d, "benchmarks.md")) as f:
                md = f.read()
        heads = [l for l in md.splitlines() if l.startswith("## Summary")]
        self.assertEqual(len(heads), 2, heads)
        self.assertIn("CPU class `%s`" % cls, heads[1])
        self.assertIn("`KC_CPU_DISABLE=avx512f,gfni` masked avx512f+gfni", md)
        self.assertIn("CPU class `%s`" % self.head["cpu_class"], heads[0])

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
                 if r["library"] != "kcipher" and r["scenario"] == "bulk"}
        if not peers:
            self.skipTest("built without peers")
        seen = paired = 0
        for r in self.recs:
            if r["library"] != "kcipher" or "best_peer" not in r:
                continue
            if r["scenario"] == "paired":   # against the peer sampled alternately with it
                partner = [p for p in self.recs if p["scenario"] == "paired" and p["library"] == r["paired_with"]
                           and (p["primitive"], p["mode"], p["msg_len"]) == (r["primitive"], r["mode"], r["msg_len"])]
                self.assertEqual(len(partner), 1)
                self.assertEqual((r["best_peer"], partner[0]["paired_with"]), (r["paired_with"], "kcipher"))
                self.assertTrue(close(r["vs_best_peer"], r["median"] / partner[0]["median"]))
                self.assertTrue(r["default"])
                paired += 1
                continue
            self.assertEqual((r["op"], r["scenario"]), ("encrypt", "bulk"))
            same = [p for k, p in peers.items() if k[:3] == (r["primitive"], r["mode"], r["msg_len"])]
            best = min(same, key=lambda p: p["median"])
            self.assertEqual(r["best_peer"], best["library"])
            self.assertTrue(close(r["vs_best_peer"], r["median"] / best["median"]))
            seen += 1
        self.assertGreater(seen, 0)
        self.assertGreater(paired, 0)

    def same_point(self, r, **kw):
        keys = ("primitive", "impl", "mode", "op", "scenario", "msg_len", "messages")
        return [x for x in self.recs if all(x[k] == r[k] for k in keys) and all(x.get(k) == v for k, v in kw.items())]

    def test_thread_records(self):
        """threads, speed-up and efficiency: present where they belong, consistent with the medians."""
        threaded = [r for r in self.recs if "threads" in r]
        self.assertTrue(threaded)
        kinds = set()
        for r in self.recs:
            with self.subTest(rec=(r["primitive"], r["impl"], r["op"], r["mode"], r["scenario"], r["msg_len"],
                                   r.get("api"), r.get("threads"))):
                if "threads" not in r:
                    for k in ("speedup", "efficiency", "baseline_median", "cpu_per_wall"):
                        self.assertNotIn(k, r)
                    continue
                self.assertIsInstance(r["threads"], int)
                self.assertIn(r["threads"], (1, 2, 4))
                self.assertIn(r["api"], THREAD_APIS)
                if r["scenario"] == "threads":
                    self.assertIn(r["attempt"], (1, 2, 3))   # tries of a sweep disturbed by other work
                self.assertEqual(r["library"], "kcipher")
                self.assertIn(r["scenario"], ("threads", "batch", "tokenize"))
                if r["cpu_per_wall"] is not None:   # cores the process got: never more than it has, give or take
                    self.assertGreater(r["cpu_per_wall"], 0)
                    self.assertLessEqual(r["cpu_per_wall"], self.head["cores"] * 1.1 + 0.1)
                if r["scenario"] == "threads" and r["mode"] == "fea":   # [FEA-OPT]'s 10^7 claim, its own backends
                    self.assertEqual((r["primitive"], r["bits"], r["api"]), ("fea1-128", 63, "kc_fpe_encrypt_batch"))
                    self.assertTrue(r["impl"].endswith("-paper"), r["impl"])
                elif r["scenario"] == "threads" and r["mode"] != "fpe":
                    self.assertGreaterEqual(r["msg_len"] * r["messages"], 65536 - 4 * 32)   # below, one thread by design
                    self.assertIn(r["mode"], ("ecb", "ctr", "cbc"))
                if "speedup" not in r:
                    self.assertNotIn("efficiency", r)
                    self.assertTrue(r["threads"] == 1, "a multi-thread point without its speed-up")
                    continue
                loop_api = "kc_aead_encrypt" if r["mode"] == "aead" else "kc_mode_encrypt"   # one-message calls
                base = self.same_point(r, threads=1, api=r["api"]) if r["speedup_vs"] == "threads=1" else \
                    self.same_point(r, threads=1, api=loop_api)
                self.assertEqual(len(base), 1, "exactly one baseline record")
                self.assertEqual(r["baseline_median"], base[0]["median"])
                self.assertTrue(close(r["speedup"], base[0]["median"] / r["median"]))
                if r["speedup_vs"] == "threads=1":
                    self.assertGreater(r["threads"], 1)
                    self.assertTrue(close(r["efficiency"], r["speedup"] / r["threads"]))
                    kinds.add(r["mode"])
                else:
                    self.assertEqual(r["speedup_vs"], "loop")
                    self.assertIn((r["api"], r["threads"], r["mode"]),
                                  (("kc_aead_encrypt_batch", 1, "aead"), ("kc_mode_encrypt_batch", 1, "cbc")))
                    self.assertNotIn("efficiency", r)
                    kinds.add(r["mode"] + " batch")
        self.assertLessEqual({"ecb", "ctr", "cbc", "fpe", "aead batch", "cbc batch"}, kinds)

    def test_batch_records(self):
        tj = [r for r in self.recs if r["scenario"] == "batch" and r["mode"] == "aead"]
        self.assertTrue(tj)
        for r in tj:
            self.assertEqual((r["msg_len"], r["messages"]), (1024, 16))
        fpe = [r for r in self.recs if r["mode"] == "fpe" and r["scenario"] == "threads"]
        self.assertEqual(sorted(r["threads"] for r in fpe), [1, 2])
        for r in fpe:
            self.assertEqual((r["bits"], r["msg_len"]), (54, 32))   # 16 decimal digits as uint16_t
        cbc = [r for r in self.recs if r.get("api") == "kc_mode_encrypt_batch" and r["scenario"] == "threads"]
        self.assertTrue(cbc)
        for r in cbc:
            self.assertEqual(r["messages"], 4)
        mb = [r for r in self.recs if r["scenario"] == "batch" and r["mode"] == "cbc"]   # multi-buffer CBC
        self.assertTrue(mb)
        for r in mb:
            self.assertEqual((r["msg_len"], r["messages"], r["op"]), (4096, 16, "encrypt"))

    def test_tokenize_records(self):
        """FF1 and FEA batches at 1 and 2 threads, and card rows through kc_tokenize_batch."""
        tok = [r for r in self.recs if r["scenario"] == "tokenize"]
        for prim, api, bits in (("ff1-aes-128", "kc_fpe_encrypt_batch", 54), ("fea1-128", "kc_fpe_encrypt_batch", 54),
                                ("ff1-aes-128", "kc_tokenize_batch", 20)):
            mine = [r for r in tok if r["primitive"] == prim and r["api"] == api]
            self.assertEqual(sorted(r["threads"] for r in mine), [1, 2], (prim, api))
            for r in mine:
                self.assertEqual((r["mode"], r["messages"], r["bits"]), ("fpe", 65536, bits))
                self.assertGreater(r["median"], 1000, "a call of 65536 values cannot take under 1000 ticks")

    def test_report_python_and_sql_sections(self):
        """The Python/Spark and SQL sections render their records with the targets, and say when absent."""
        py = self.jsonl({"type": "run", "date": "d", "cpu": "c", "cores": 2, "python": "3.11", "loadavg": 0.1},
                        {"type": "measurement", "library": "ff3", "verified": True, "primitive": "ff3-1-aes-256",
                         "api": "FF3Cipher.encrypt(str)", "scenario": "single", "median": 21000.0,
                         "unit": "values_per_second"},
                        {"type": "ratio", "what": "python_arrow_batch_vs_c_batch", "value": 0.75},
                        {"type": "ratio", "what": "spark_tokenize_vs_identity", "value": 0.9})
        sql = self.jsonl({"type": "run", "run": "r"},
                         {"type": "measurement", "engine": "duckdb", "impl": "extension", "threads": 2,
                          "rows": 1000, "median": 3e6, "vs_python_udf": 2.5},
                         {"type": "measurement", "engine": "postgresql", "impl": "extension", "scan": "parallel",
                          "workers": 2, "rows": 1000, "median": 1e6})
        md = self.cross_report({"python.jsonl": py, "sql.jsonl": sql})
        self.assertIn("| ff3 (verified) | `ff3-1-aes-256` | FF3Cipher.encrypt(str) | single | 21000 |", md)
        self.assertIn("| Python batch (pyarrow) at least 0.8x the C batch | 0.75x | not met |", md)
        self.assertIn("| Spark tokenization at least 0.7x Spark's identity floor | 0.9x | **met** |", md)
        self.assertIn("| postgresql | extension | parallel (2 workers) | 1000 | 1000000 |  |", md)
        self.assertIn("| DuckDB extension at least 2x the Python UDF | 2.5x | **met** |", md)
        md = self.cross_report({})
        self.assertIn("no `python.jsonl` beside the records", md)
        self.assertIn("no `sql.jsonl` beside the records", md)

    def test_report_tokenize_section(self):
        """The section renders our batches, the packages beside them and the CSV rows, with the targets."""
        side = self.jsonl({"type": "run", "run": "r1", "loadavg": "0.10"},
                          {"type": "measurement", "library": "ff3", "version": "1.0.3", "language": "python",
                           "primitive": "ff3-1-aes-128", "api": "FF3Cipher.encrypt", "median": 50000.0,
                           "verified": 1, "threads": 1},
                          {"type": "measurement", "library": "kcipher", "api": "kcipher tokenize", "rows": 1000,
                           "bytes": 40000, "n": 3, "median": 250.0, "threads": 2})
        md = self.cross_report({"tokenize.jsonl": side})
        section = md.split("## Tokenization", 1)[1].split("\n## ", 1)[0]
        self.assertIn("`ff1-aes-128`", section)
        self.assertIn("card rows", section)
        self.assertIn("| ff3 1.0.3 | `ff3-1-aes-128` | FF3Cipher.encrypt | 20000 | agrees |", section)
        self.assertIn("| 2 | 4 | 160 | **met** |", section)   # 1e9 / 250 ns = 4 M rows/s

    def cross_report(self, files):
        """The report over this run's records with a cross directory holding files {name: text}."""
        with tempfile.TemporaryDirectory() as cross, tempfile.TemporaryDirectory() as out:
            for name, text in files.items():
                with open(os.path.join(cross, name), "w") as f:
                    f.write(text)
            p = subprocess.run([sys.executable, REPORT, os.path.join(self.dir, "bench.jsonl"), "--out", out,
                                "--cross", cross], capture_output=True, text=True, timeout=300)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(os.path.join(out, "benchmarks.md")) as f:
                return f.read()

    @staticmethod
    def jsonl(*recs):
        return "".join(json.dumps(r) + "\n" for r in recs)

    def test_report_cross_sections(self):
        """The cross-architecture section names what was not run, and renders AArch64 counts."""
        md = self.cross_report({
            "cross-status.tsv": "rv32\tskipped\tgcc-riscv64-unknown-elf is not installed\t\n"
                                "avr\tfailed\tfailed after 3 s: boom\t3\naarch64\tran\t\t9\n",
            # a record as the script wrote it before it counted FEA, TinyJAMBU and code size
            "aarch64.jsonl": self.jsonl({"target": "aarch64", "primitive": "pipo-64-128", "impl": "neon16-least",
                                         "op": "encrypt", "unit": "instructions_per_block", "value": 63.5})})
        self.assertIn("gcc-riscv64-unknown-elf is not installed", md)
        self.assertIn("boom", md)
        self.assertIn("| pipo-64-128 | neon16-least | 63.50 | 7.94 | 3.9 | 2.04x | – |", md)
        self.assertIn("Not run", md)    # armv7m: not attempted
        self.assertIn("AArch64 time under qemu-aarch64 — NOT representative of any ARM core", md)
        self.assertIn("Not run: no `aarch64-time.jsonl`", md)

    def test_report_aarch64_every_backend(self):
        """Block ciphers, FEA and TinyJAMBU counts with code size; the emulated timing table, labelled."""
        counts = self.jsonl(
            {"kind": "block", "primitive": "pipo-64-256", "impl": "neon8", "value": 281.5,
             "static_instructions": 794},
            {"kind": "block", "primitive": "rijndael-256-128", "impl": "armce", "value": 162.25,
             "static_instructions": 4161},
            {"kind": "fea", "primitive": "fea2-192", "impl": "neon-paper", "value": 8132, "bits": 64,
             "static_instructions": 827},
            {"kind": "fea", "primitive": "fea1-128", "impl": "ct", "value": 13137, "bits": 64,
             "static_instructions": 1010},
            {"kind": "single", "primitive": "tinyjambu-128", "impl": "neon", "value": 8437, "msg_len": 64,
             "static_instructions": 3022},
            {"kind": "batch", "primitive": "tinyjambu-128", "impl": "neon", "value": 3531.25, "msg_len": 64,
             "static_instructions": 3022})
        emu = "qemu-aarch64 (TCG on x86-64)"
        common = {"type": "measurement", "library": "kcipher", "emulated": emu}
        timed = self.jsonl(
            {"type": "run", "target": "aarch64", "cpu": "Test CPU", "unit": "ns", "emulated": emu},
            dict(common, primitive="pipo-64-128", impl="neon16-least", op="encrypt", mode="ecb", scenario="bulk",
                 msg_len=16384, median=81920),
            dict(common, primitive="pipo-64-128", impl="neon16-least", op="encrypt_block", mode="",
                 scenario="primitive", msg_len=8, median=250),
            dict(common, primitive="fea1-128", impl="naive", op="encrypt", mode="fea", scenario="paper", msg_len=8,
                 bits=63, median=21112),
            dict(common, primitive="tinyjambu-128", impl="ref", op="encrypt", mode="aead", scenario="bulk",
                 msg_len=16384, median=1638400),
            dict(common, primitive="tinyjambu-128", impl="ref", op="encrypt", mode="aead", scenario="bulk",
                 msg_len=64, median=9000))
        md = self.cross_report({"cross-status.tsv": "aarch64\tran\t\t95\n", "aarch64.jsonl": counts,
                                "aarch64-time.jsonl": timed})
        sec = md[md.index("### AArch64"):]
        # executed instructions, per byte (32-byte Rijndael block), paper, ours / paper, static
        self.assertIn("| pipo-64-256 | neon8 | 281.50 | 35.19 | 15.6 | 2.26x | 794 |", sec)
        self.assertIn("| rijndael-256-128 | armce | 162.25 | 5.07 | – | – | 4161 |", sec)
        # FEA: [FEA-OPT] Table 7's NEON encryption column (ms) beside neon-paper, instructions per µs of it;
        # nothing beside ct
        self.assertIn("| fea2-192 | neon-paper | 8132.00 | 827 | 0.0128 | 635 |", sec)
        self.assertIn("| fea1-128 | ct | 13137.00 | 1010 | – | – |", sec)
        self.assertIn("| tinyjambu-128 | neon | 8437.00 | 131.83 | 3531.25 | 55.18 | 3022 |", sec)
        # the emulated time: unit named, labelled, papers' real-hardware figures beside
        self.assertIn("**qemu-aarch64 (TCG on x86-64)**", sec)
        self.assertIn("emulated: ns/byte", sec)
        self.assertIn("| pipo-64-128 | neon16-least | ECB 16 KiB / one block | 5 | 250 | A10X: 3.9 cycles/byte |",
                      sec)
        self.assertIn("| fea1-128 | naive | encrypt one 63-bit block | – | 21112 | Cortex-A53: 0.127 ms/block |",
                      sec)
        self.assertIn("| tinyjambu-128 | ref | AEAD encrypt: 16 KiB / a 64-byte message | 100 | 9000 | – |", sec)
        self.assertNotIn("records carry no `emulated` field", sec)

    def test_report_aarch64_time_unlabelled(self):
        """Timing records without the emulator's name still get the warning label."""
        timed = self.jsonl({"type": "run", "target": "aarch64", "unit": "ns"},
                           {"type": "measurement", "library": "kcipher", "primitive": "lea-128", "impl": "neon",
                            "op": "encrypt_block", "msg_len": 16, "median": 900})
        md = self.cross_report({"cross-status.tsv": "aarch64\tran\t\t9\n",
                                "aarch64.jsonl": self.jsonl({"kind": "block", "primitive": "lea-128",
                                                             "impl": "neon", "value": 127.75}),
                                "aarch64-time.jsonl": timed})
        self.assertIn("records carry no `emulated` field", md)
        self.assertIn("| lea-128 | neon | ECB 16 KiB / one block | – | 900 | – |", md)

    def test_bad_arguments(self):
        self.assertEqual(run("--cipher", "no-such-cipher")[0], 2)
        self.assertEqual(run("--runs", "3")[0], 2)
        self.assertEqual(run("--frobnicate")[0], 2)


DOCS = os.path.join(os.path.dirname(REPORT), "..", "docs")
PAPERS = ("[FEA-OPT]", "[RV32-KBC]", "[PIPO-ARM]", "[TJ-AVR]", "[RC6-RIJ]")
VERDICTS = ("reproduced", "not reproduced", "contradicted", "not measurable here", "not measured yet")
ITEMS = 16


def run_date(path):
    """The date in a records file's first (run) line."""
    with gzip.open(path, "rt") as f:
        return json.loads(f.readline()).get("date", "")


def report(records, cross):
    """benchmarks.md from records files (no kcipher needed)."""
    with tempfile.TemporaryDirectory() as out:
        p = subprocess.run([sys.executable, REPORT, *records, "--out", out, "--cross", cross],
                           capture_output=True, text=True, timeout=300)
        if p.returncode:
            raise AssertionError(p.stderr)
        with open(os.path.join(out, "benchmarks.md")) as f:
            return f.read()


@functools.lru_cache(maxsize=None)
def committed_report():
    """benchmarks.md from the committed records, made once for the tests that read it."""
    return report([os.path.join(DOCS, "bench.jsonl.gz")], DOCS)


def verdict_of(cell):
    """The verdict of a verdict cell: `**not reproduced** (on a stand-in: ...)` -> `not reproduced`."""
    return cell.split(" (on a stand-in: ")[0].strip("*")


STAND_INS = ("qemu", "llvm-mca", "valgrind")   # what a verdict's reason names when it rests on a stand-in


def verdict_rows(section):
    """The rows of a section's closing verdict table: [item, claim, paper, ours, ratio, verdict, why]."""
    last = section.split("\n### ")[-1]
    assert last.startswith("Verdicts"), "section does not end with its verdict table: " + section[:60]
    rows = [l for l in last.splitlines() if l.startswith("| ") and not l.startswith("| table / figure")]
    return [[c.strip() for c in l.strip("|").split(" | ")] for l in rows]


class Verdicts(unittest.TestCase):
    """Every paper's section ends with a verdict table; the 16 tables and figures each get one verdict."""

    def check(self, md):
        sections = ["## " + s for s in md.split("\n## ")[1:]]
        papers = [s for s in sections if any(s.startswith("## " + k) for k in PAPERS)]
        self.assertGreaterEqual(len(papers), 6)          # FEA, RV32, PIPO, TJ, RC6-RIJ, threads (Fig. 10)
        items = []
        for sec in papers:
            rows = verdict_rows(sec)
            self.assertTrue(rows, sec[:60])
            for row in rows:
                self.assertEqual(len(row), 7, row)
                self.assertIn(verdict_of(row[5]), VERDICTS, row)
                self.assertTrue(row[6], row)              # a reason, always
                # a verdict that rests on a stand-in says so (one that is not given may show one's figures)
                if verdict_of(row[5]) in ("reproduced", "not reproduced", "contradicted") and \
                        any(w in row[6] for w in STAND_INS):
                    self.assertIn("(on a stand-in: ", row[5], row)
                if row[4] not in ("–",):
                    self.assertRegex(row[4], r"^\d+\.\d\dx$", row)
                if row[0] not in items:
                    items.append(row[0])
        self.assertEqual(len(items), ITEMS, items)
        summ = next(s for s in sections if s.startswith("## Verdicts: the papers' 16"))
        n = int(summ.split("**")[1].split(" of ")[0])
        first = {}
        for sec in papers:
            for row in verdict_rows(sec):
                first.setdefault(row[0], verdict_of(row[5]))
        self.assertEqual(n, sum(1 for v in first.values() if v == "reproduced"))
        return first, n

    def test_committed_records(self):
        """The committed records: every section has its table, and README states the report's count."""
        md = committed_report()
        first, n = self.check(md)
        with open(os.path.join(DOCS, "..", "README.md")) as f:
            readme = f.read()
        want = "%d of the papers' %d measured tables and figures" % (n, ITEMS)
        self.assertTrue(want in " ".join(readme.split()), "README must say: " + want)
        # the audit's items: IPC of a simulated SPARC and FEA's wall time on a 4-core Haswell are not measurable
        # here; [PIPO-ARM] Table 6 waits for the paper's baseline; [TJ-AVR] shows both readings of "N % better"
        for item in ("[RC6-RIJ] Fig. 6", "[RC6-RIJ] Fig. 7", "[RC6-RIJ] Fig. 8", "[FEA-OPT] 10^7 encryptions in ~3 s"):
            self.assertEqual(first[item], "not measurable here", item)
        self.assertEqual(first["[PIPO-ARM] Table 6"], "not measured yet")
        for fig in ("Fig. 6", "Fig. 7"):
            tj = [l for l in md.splitlines() if l.startswith("| [TJ-AVR] %s |" % fig) and "read as" in l]
            self.assertEqual(len(tj), 2, fig)
            self.assertIn("*more* than the baseline", tj[0])
            self.assertIn("*of* the baseline", tj[1])
        rv7 = next(l for l in md.splitlines() if l.startswith("| [RV32-KBC] Table 7 |"))
        self.assertIn("40.3", rv7)
        self.assertIn("101.2", rv7)
        summ = md[md.index("## Verdicts: the papers' 16"):]
        for claim in ("code size", "key-schedule columns", "section 3.3"):
            self.assertIn(claim, summ.split("\n## ")[0])
        # the CBC batch of 4 messages was one share of src/modes/batch.c before it split batches per thread:
        # marked as such then (never as disturbed), and never since
        before_split = "2026-11-28T09:00:00Z" > run_date(os.path.join(DOCS, "bench.jsonl.gz"))
        for l in md.splitlines():
            if "CBC encryption, 4 messages" in l:
                if before_split:
                    self.assertNotIn("†", l)
                    self.assertIn("‡", l)
                else:
                    self.assertNotIn("‡", l)
        # every records file is named with its machine, and "not recorded" where its run line lacks a field
        machines = md[md.index("### The machine behind each records file"):md.index("\n## Summary")]
        for f in ("bench.jsonl.gz", "sql.jsonl.gz", "tokenize.jsonl.gz", "python.jsonl.gz", "rv32.jsonl.gz"):
            self.assertIn("`%s`" % f, machines)
        sql = next(l for l in machines.splitlines() if l.startswith("| `sql.jsonl.gz`"))
        self.assertIn("not recorded", sql)
        # the 16 KiB table is not the paper's: the paper's table (`table-paper`) decides Tables 3, 5 and 7
        fea = md[md.index("## [FEA-OPT]"):]
        for t in ("Table 3", "Table 5", "Table 7"):
            row = next(l for l in fea.splitlines() if l.startswith("| [FEA-OPT] %s |" % t))
            self.assertIn("`table-paper`", row)

    def test_synthetic_records(self):
        """The paper's table against the paper's SIMD decides Table 3: reproduced, then contradicted."""
        def recs(table_us, avx2_us):
            head = {"type": "run", "unit": "ns", "cores": 2}
            out = [head]
            for p in ("fea1-128", "fea1-192", "fea1-256", "fea2-128", "fea2-192", "fea2-256"):
                for impl, us in (("naive", 10.0), ("table-paper", table_us), ("avx2-paper", avx2_us),
                                 ("table", 0.1)):
                    out.append({"type": "measurement", "library": "kcipher", "primitive": p, "impl": impl,
                                "op": "encrypt", "mode": "fea", "scenario": "paper", "msg_len": 8, "bits": 63,
                                "messages": 1, "median": us * 1000, "us_per_op": us,
                                "isa": "avx2" if impl == "avx2-paper" else ""})
            out.append({"type": "measurement", "library": "kcipher", "primitive": "fea1-128", "impl": "avx2-paper",
                        "op": "encrypt", "mode": "fea", "scenario": "threads", "msg_len": 126, "bits": 63,
                        "messages": 16384, "threads": 2, "median": 1, "us_per_op": 16384 * 0.25})
            return "".join(json.dumps(r) + "\n" for r in out)

        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "bench.jsonl")
            for table_us, avx2_us, want in ((2.0, 1.0, "reproduced"), (0.2, 1.0, "contradicted"),
                                            (20.0, 1.0, "not reproduced")):
                with open(path, "w") as f:
                    f.write(recs(table_us, avx2_us))
                md = report([path], d)
                first, _ = self.check(md)
                self.assertEqual(first["[FEA-OPT] Table 3"], want)
                # 0.25 µs per encryption on 2 threads: 2.5 s for 10^7 (paper: ~3 s, on 4 cores): shown, not judged
                self.assertEqual(first["[FEA-OPT] 10^7 encryptions in ~3 s"], "not measurable here")
                self.assertIn("| 3 s | 2.5 s | 0.83x |", md)
                self.assertIn("`table-16k`", md)          # the old `table` records are the 16 KiB table
                fea = md[md.index("## [FEA-OPT]"):]
                self.assertIn('| [FEA-OPT] Table 3 | "about 2x as efficient as the look-up table implementation"',
                              fea)
                self.assertIn("%.2fx" % (table_us / avx2_us), fea)


def plotting():
    """Whether bench/report.py draws plots: matplotlib for this python3, or for /usr/bin/python3 (which
    report/plots.py re-runs itself under).  scripts/deps.sh test installs python3-matplotlib."""
    for exe in dict.fromkeys((sys.executable, "/usr/bin/python3")):
        if os.path.exists(exe) and subprocess.run([exe, "-c", "import matplotlib"], capture_output=True).returncode == 0:
            return True
    return False


def report_module(name):
    """A module of bench/report/ (the package is named `report`, like this file's function)."""
    bench = os.path.dirname(REPORT)
    if bench not in sys.path:
        sys.path.insert(0, bench)
    return importlib.import_module("report." + name)


class RecordMachines(unittest.TestCase):
    """The machine table: one row per machine a records file was measured on, not only its first line's."""

    def test_one_row_per_machine(self):
        machine = report_module("machine")
        intel = {"type": "run", "cpu": "Xeon", "cpu_vendor": "GenuineIntel", "cpu_family": 6, "cpu_model": 207,
                 "cpu_stepping": 2, "cores": 2, "date": "d1", "core_hz": 2.5e9}
        amd = dict(intel, cpu="EPYC", cpu_vendor="AuthenticAMD", cpu_family=25, cpu_model=1, cpu_stepping=1,
                   date="d3")
        lines = [intel, {"type": "measurement"}, dict(intel, date="d2", cpu_disable="avx512f"), amd]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bench.jsonl")
            with open(path, "w") as f:
                f.writelines(json.dumps(r) + "\n" for r in lines)
            rows = [machine.machine_row("bench.jsonl", r) for r in machine.machine_records(path)]
        self.assertEqual([r[2] for r in rows], ["GenuineIntel family 6 model 207 stepping 2",
                                                "AuthenticAMD family 25 model 1 stepping 1"])
        self.assertIn("d1", rows[0][1])   # a machine's first run names it


class ClassTargets(unittest.TestCase):
    """Issue 23's section: per CPU class, the Zen 3 targets and every default a peer beats in the same run."""

    @staticmethod
    def data(runs, paired=None):
        """runs: {class: {(primitive, mode, library, impl, default): median}}, 16 KiB bulk encryptions;
        paired: {class: {(primitive, mode, peer): (our median, peer median)}}, sampled alternately."""
        load = report_module("load")
        heads, recs = [], []

        def rec(i, prim, mode, lib, impl, dflt, median, scenario="bulk", **kw):
            recs.append(dict({"type": "measurement", "run": "r%d" % i, "library": lib, "primitive": prim,
                              "impl": impl, "default": dflt, "constant_time": impl != "table", "op": "encrypt",
                              "mode": mode, "scenario": scenario, "msg_len": 16384, "messages": 1,
                              "median": median, "cycles": median}, **kw))
        for i, (cls, points) in enumerate(runs.items()):
            heads.append({"type": "run", "run": "r%d" % i, "unit": "tsc_ticks", "cycles_per_unit": 1.0,
                          "cpu_class": cls})
            for (prim, mode, lib, impl, dflt), median in points.items():
                rec(i, prim, mode, lib, impl, dflt, median)
            for (prim, mode, peer), (ours, theirs) in (paired or {}).get(cls, {}).items():
                rec(i, prim, mode, peer, "API", False, theirs, "paired", paired_with="kcipher")
                rec(i, prim, mode, "kcipher", "vaes-avx2", True, ours, "paired", paired_with=peer)
        return load.Data(heads, recs, [])

    def test_paired_points_decide(self):
        """Where a run has our default and a peer sampled alternately, that pair decides, not the bulk points;
        "at" libgcrypt means level within LEVEL."""
        section = report_module("class_targets").section_class_targets
        k = 16384
        bulk = {("aes-128", "ecb", "kcipher", "vaes-avx2", True): 0.2 * k,
                ("aes-128", "ecb", "libgcrypt", "gcry_cipher", False): 0.15 * k,   # apart: a laggard
                ("aes-128", "ecb", "openssl", "EVP", False): 0.5 * k}
        md = section(self.data({"zen3": bulk, "alderlake": {}}))
        self.assertIn("| aes-128 | ECB | 0.2 (vaes-avx2) | 0.15 (libgcrypt) | 1.33 |", md)
        md = section(self.data({"zen3": bulk, "alderlake": {}}, {"zen3": {
            ("aes-128", "ecb", "libgcrypt"): (0.161 * k, 0.16 * k),
            ("aes-128", "ecb", "openssl"): (0.17 * k, 0.4 * k),
            ("aes-128", "ecb", "botan"): (0.16 * k, 0.1 * k)}}))   # the peer doing best against us is the one shown
        self.assertIn("| aes-128 ECB: at or below libgcrypt | 0.161 (vaes-avx2) | libgcrypt 0.16: ours / libgcrypt "
                      "1.01 (level) | **met** |", md)
        self.assertIn("| aes-128 ECB: >= 2.3x OpenSSL | 2.35x |", md)
        self.assertIn("| aes-128 | ECB | 0.16 (vaes-avx2) | 0.1 (botan) | 1.60 |", md)
        self.assertNotIn("0.15 (libgcrypt)", md)

    def test_laggards_and_zen3_rows(self):
        section = report_module("class_targets").section_class_targets
        k = 16384
        md = section(self.data({
            "zen3": {("aes-128", "ctr", "kcipher", "vaes-avx2", True): 0.2 * k,
                     ("aes-128", "ctr", "libgcrypt", "gcry_cipher", False): 0.25 * k,
                     ("aes-128", "ctr", "openssl", "EVP", False): 0.5 * k,
                     ("seed-128", "cbc", "kcipher", "vaes-avx2", True): 80 * k,
                     ("seed-128", "cbc", "kcipher", "table", False): 38 * k,
                     ("seed-128", "cbc", "botan", "API", False): 41 * k},
            "alderlake": {("aes-128", "ecb", "kcipher", "vaes-avx2", True): 0.1005 * k,   # level: within 2 %
                          ("aes-128", "ecb", "libgcrypt", "gcry_cipher", False): 0.1 * k},
            "aesni": {("cham-128-128", "ctr", "kcipher", "ssse3", True): 4.2 * k,
                      ("cham-128-128", "ctr", "cryptopp", "Mode<>", False): 4.0 * k}}))
        zen3 = md[md.index("### `zen3`"):md.index("### `alderlake`")]
        self.assertIn("| aes-128 CTR: at or below libgcrypt | 0.2 (vaes-avx2) | libgcrypt 0.25: ours / libgcrypt 0.80 "
                      "| **met** |", zen3)
        self.assertIn("| aes-128 CTR: >= 2.3x OpenSSL | 2.50x |", zen3)
        self.assertIn("| seed-128 | CBC | 80 (vaes-avx2) | 41 (botan) | 1.95 | 38 (table, variable-time) | table "
                      "look-ups: our variable-time `table` takes 0.93x the peer's time |", zen3)
        self.assertIn("No default is slower than the best peer", md[md.index("### `alderlake`"):md.index("### `aesni`")])
        self.assertIn("| cham-128-128 | CTR | 4.2 (ssse3) | 4 (cryptopp) | 1.05 | 4.2 (ssse3) | Crypto++ runs 80 rounds, "
                      "the revised cipher 112: ours 0.75x its time a round |", md[md.index("### `aesni`"):])
        self.assertEqual(section(self.data({"zen3": {}})), "")   # one class: the summary says it all


class PaperFigures(unittest.TestCase):
    """The plots that have a paper's figure carry the paper's points (the data path, not the pixels), in the
    paper's unit and never on an axis of ours with another unit, and the report computes ours / paper."""

    @classmethod
    def setUpClass(cls):
        load, figures = report_module("load"), report_module("figures")
        cls.papers = report_module("papers")
        d = load.Data(*load.load([os.path.join(DOCS, "bench.jsonl.gz")]))
        cls.figs = figures.paper_figures(d, report_module("verdicts").Cross(DOCS))

    def paper_pts(self, png, title_part):
        """{label: (points, bound)} of the paper's series in the panels whose title contains title_part."""
        return {s.label: (s.pts, s.bound) for p in self.figs[png].panels if title_part in p.title
                for s in p.series if s.paper}

    def test_every_figure_has_the_papers_points(self):
        self.assertEqual(set(self.figs), {"pipo-arm-fig7-rekey.png", "pipo-rekey-aarch64.png", "rc6-rij-figs7-8.png", "rc6-rij-fig6.png",
                                          "threads.png"})
        for png, fig in self.figs.items():
            with self.subTest(png=png):
                self.assertTrue(any(p.paper() for p in fig.panels), "no paper series")
                self.assertTrue(fig.caption)
                self.assertTrue(fig.ratios)
                for point, ours, paper, unit, _ in fig.ratios:
                    self.assertTrue(unit, point)
                    self.assertGreater(paper, 0, point)
                for p in fig.panels:
                    ours = [s for s in p.series if not s.paper]
                    for s in p.series:
                        self.assertEqual(s.paper, s.label.startswith("paper: "), s.label)
                    # one unit per axis: the paper's points share a panel with ours only where both are IPC
                    if ours and p.paper():
                        self.assertIn("IPC", p.ylabel, (png, p.title))

    def test_pipo_fig7(self):
        fig7 = self.papers.PIPO_ARM_FIG7
        for png in ("pipo-arm-fig7-rekey.png", "pipo-rekey-aarch64.png"):
            for prim, ways in fig7.items():
                panels = [p for p in self.figs[png].panels if p.title.startswith(prim + ": paper")]
                self.assertEqual(len(panels), 1, (png, prim))
                p = panels[0]
                self.assertIn("A10X", p.ylabel)
                self.assertFalse([s for s in p.series if not s.paper])
                for way, (regular, cross) in ways.items():
                    flat = [s for s in p.series if s.label.startswith("paper: %d-way, regular" % way)]
                    self.assertEqual(len(flat), 1, (png, prim, way))
                    self.assertEqual({y for _, y in flat[0].pts}, {regular})
                    self.assertIn(cross, [x for x, label, _ in p.vlines if label.startswith("paper: %d-way" % way)])
            pts = self.paper_pts(png, "pipo-64-128: paper")
            self.assertIn(([(5, 11.97)], "="), pts.values())
            # our crossover against the paper's, one ratio per least-alignment backend and key size
            cross = [r for r in self.figs[png].ratios if "faster from period" in r[0]]
            self.assertGreaterEqual(len(cross), 4, png)

    def test_rc6_rij_ipc(self):
        for fam, prim in self.papers.RC6_RIJ_PRIMS.items():
            for fig, title in (("Fig. 7", "blocks"), ("Fig. 8", "messages")):
                x, ipc, _ = self.papers.rc6_rij_ipc(fam, fig)
                panel = next(p for p in self.figs["rc6-rij-figs7-8.png"].panels if p.title == prim + ", IPC"
                             and title in p.xlabel)
                got = {s.pts[0]: s.bound for s in panel.series if s.paper}
                self.assertEqual(got[(x, ipc)], "=")
                self.assertEqual(got[(1, self.papers.rc6_rij_ipc(fam, "Fig. 6")[1])], "<=")
                self.assertTrue([s for s in panel.series if not s.paper and s.pts], "no IPC of ours")
            six = self.paper_pts("rc6-rij-fig6.png", "")
            self.assertIn(([(16, self.papers.rc6_rij_ipc(fam, "Fig. 6")[1])], "<="), six.values())
            ten = self.paper_pts("threads.png", "Fig. 10")
            self.assertIn(([(4, self.papers.rc6_rij_ipc(fam, "Fig. 10")[1])], ">="), ten.values())
        ipc = [r for r in self.figs["rc6-rij-figs7-8.png"].ratios if r[3] == "IPC" and r[1] is not None]
        self.assertGreaterEqual(len(ipc), 8)

    def test_report_renders_them(self):
        """Each paper plot in benchmarks.md is followed by its caption and its ratio table; every table that
        quotes a paper has a ratio (a column, `= N.NNx` cells, or a `Ratios: ours / paper` table beside it)."""
        md = committed_report()
        with self.subTest("plots"):
            if not plotting():
                self.skipTest("matplotlib is not installed: the report has no plots (apt install python3-matplotlib)")
            for png in self.figs:
                after = md[md.index("(plots/%s)" % png):]
                self.assertIn("| at the paper's point | ours | paper | ours / paper | unit |",
                              after.split("\n## ")[0], png)
        body = md[md.index("\n## [FEA-OPT]"):md.index("\n## Key schedule and single blocks")]
        for sec in body.split("\n### "):
            lines = sec.splitlines()
            for i, head in enumerate(lines[:-1]):
                if not (head.startswith("| ") and lines[i + 1].startswith("|---")):
                    continue
                if not re.search(r"\bpaper\b(?!-)", head) or "on real hardware" in head:
                    continue
                cells = "\n".join(l for l in lines[i + 2:] if l.startswith("| "))
                self.assertTrue("ours / paper" in head or "ratio" in head or re.search(r"= \d+\.\d+x", cells)
                                or "#### Ratios: ours / paper" in sec, head)


if __name__ == "__main__":
    unittest.main()
