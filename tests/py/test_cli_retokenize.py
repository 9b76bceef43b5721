# SPDX-License-Identifier: MIT
"""`kcipher retokenize`: tokens under one key version into tokens under another, in one pass.
Round trips through the keyring (tokenize@1, retokenize 1->2, detokenize@2 gives the original;
the same tokens as tokenize@2 directly), key files, a tweak column, JSON Lines; retired from
versions, KCV mismatches and the same key twice refused; --out left absent on failure; the
summary names both keys.
Usage: test_cli_retokenize.py PATH_TO_KCIPHER"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
CSV = ("id,card,rrn,note\n"
       "1,4111111111111111,900101-1234567,a\n"
       "2,5500000000000004,851231-2345678,\"b, c\"\n"
       "3,,000229-3123456,\n")
COLS = ["--column", "card=card", "--column", "rrn=kr-rrn"]


class Retokenize(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.ring = os.path.join(self.tmp.name, "ring")
        self.ok("key", "new", "cards", "--cipher", "ff1-aes-256")
        self.ok("key", "rotate", "cards")

    def tearDown(self):
        self.tmp.cleanup()

    def run_kc(self, *args, stdin=""):
        e = {k: v for k, v in os.environ.items() if not k.startswith("KCIPHER_")}
        e["KCIPHER_KEYRING"] = self.ring
        p = subprocess.run([*EMULATOR, KCIPHER, *args], input=stdin.encode(), capture_output=True, timeout=60, env=e)
        return p.returncode, p.stdout.decode(), p.stderr.decode()

    def ok(self, *args, **kw):
        code, out, err = self.run_kc(*args, **kw)
        self.assertEqual(code, 0, (args, err))
        return out, err

    def kcv(self, version):
        out, _ = self.ok("key", "list")
        rows = [line.split() for line in out.splitlines()[1:]]
        return {int(r[1]): r[5] for r in rows if r[0] == "cards"}[version]

    def tok(self, mode, ref, text, *extra):
        return self.ok(mode, "--cipher", "ff1-aes-256", "--key-name", ref, *COLS, *extra, stdin=text)[0]

    def test_round_trip(self):
        t1 = self.tok("tokenize", "cards@1", CSV)
        out, err = self.ok("retokenize", "--from", "cards@1", "--to", "cards@2", *COLS, stdin=t1)
        self.assertNotEqual(out, t1)
        self.assertEqual(out, self.tok("tokenize", "cards@2", CSV))           # as tokenize@2 directly
        self.assertEqual(self.tok("detokenize", "cards@2", out), CSV)        # and back to the original
        self.assertIn("card: 2 retokenized", err)
        self.assertIn("from key cards@1 kcv %s; to key cards@2 kcv %s" % (self.kcv(1), self.kcv(2)), err)
        # --cipher may be given (it must then match both keys); --to NAME is the active version
        out2, _ = self.ok("retokenize", "--cipher", "ff1-aes-256", "--from", "cards@1", "--to", "cards", *COLS, stdin=t1)
        self.assertEqual(out2, out)

    def test_tweak_column_jsonl_summary_json(self):
        text = "".join(json.dumps({"id": str(i), "card": c}) + "\n"
                       for i, c in enumerate(["4111111111111111", "5500000000000004"]))
        extra = ("--input", "jsonl", "--tweak-column", "id")
        t1 = self.ok("tokenize", "--cipher", "ff1-aes-256", "--key-name", "cards@1", "--column", "card=card", *extra,
                     stdin=text)[0]
        summ = os.path.join(self.tmp.name, "s.json")
        out, _ = self.ok("retokenize", "--from", "cards@1", "--to", "cards@2", "--column", "card=card", *extra,
                         "--summary-json", summ, stdin=t1)
        self.assertEqual(out, self.ok("tokenize", "--cipher", "ff1-aes-256", "--key-name", "cards@2", "--column",
                                      "card=card", *extra, stdin=text)[0])
        with open(summ) as f:
            s = json.load(f)
        self.assertEqual((s["command"], s["from_key"], s["from_kcv"], s["key"], s["kcv"]),
                         ("retokenize", "cards@1", self.kcv(1), "cards@2", self.kcv(2)))
        self.assertEqual(s["columns"]["card"]["tokenized"], 2)

    def test_key_files(self):
        k1, k2 = os.path.join(self.tmp.name, "k1"), os.path.join(self.tmp.name, "k2")
        for path, hexkey in ((k1, "11" * 32), (k2, "22" * 32)):
            with open(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
                f.write(hexkey + "\n")
        t1 = self.ok("tokenize", "--cipher", "ff1-aes-256", "--key-file", k1, *COLS, stdin=CSV)[0]
        out, _ = self.ok("retokenize", "--cipher", "ff1-aes-256", "--from-key-file", k1, "--to-key-file", k2, *COLS,
                         stdin=t1)
        self.assertEqual(out, self.ok("tokenize", "--cipher", "ff1-aes-256", "--key-file", k2, *COLS, stdin=CSV)[0])
        code, _, err = self.run_kc("retokenize", "--from-key-file", k1, "--to-key-file", k2, *COLS, stdin=t1)
        self.assertEqual(code, 2, err)                                       # a key file needs --cipher
        code, _, err = self.run_kc("retokenize", "--cipher", "ff1-aes-256", "--from-key-file", k1, "--to-key-file", k1,
                                   *COLS, stdin=t1)
        self.assertEqual(code, 2)
        self.assertIn("same key", err)

    def test_refused(self):
        t1 = self.tok("tokenize", "cards@1", CSV)
        out_path = os.path.join(self.tmp.name, "out.csv")
        # a wrong expected KCV on either key: refused before any output
        for opt in ("--expect-from-kcv", "--expect-to-kcv"):
            code, out, err = self.run_kc("retokenize", "--from", "cards@1", "--to", "cards@2", opt, "000000",
                                         "--out", out_path, *COLS, stdin=t1)
            self.assertEqual((code, out), (1, ""), err)
            self.assertIn("check value", err)
            self.assertFalse(os.path.exists(out_path))
        out, _ = self.ok("retokenize", "--from", "cards@1", "--to", "cards@2", "--expect-from-kcv", self.kcv(1),
                         "--expect-to-kcv", self.kcv(2), *COLS, stdin=t1)
        self.assertEqual(self.tok("detokenize", "cards@2", out), CSV)
        # the same version twice; a tokenize option and a retokenize one mixed up
        self.assertEqual(self.run_kc("retokenize", "--from", "cards@2", "--to", "cards", *COLS, stdin=t1)[0], 2)
        self.assertEqual(self.run_kc("retokenize", "--key-name", "cards@1", "--to", "cards@2", *COLS, stdin=t1)[0], 2)
        self.assertEqual(self.run_kc("retokenize", "--from", "cards@1", *COLS, stdin=t1)[0], 2)
        self.assertEqual(self.run_kc("tokenize", "--cipher", "ff1-aes-256", "--from", "cards@1", *COLS, stdin=CSV)[0], 2)
        # a retired from version is refused, and --out is not left behind
        self.ok("key", "retire", "cards@1")
        code, out, err = self.run_kc("retokenize", "--from", "cards@1", "--to", "cards@2", "--out", out_path, *COLS,
                                     stdin=t1)
        self.assertEqual((code, out), (2, ""))
        self.assertIn("retired", err)
        self.assertFalse(os.path.exists(out_path))

    def test_failure_mid_file_leaves_no_output(self):
        t1 = self.tok("tokenize", "cards@1", CSV)
        bad = t1 + "4,12345,900101-1234567,x\n"                            # too short a card: the run fails
        in_path, out_path = os.path.join(self.tmp.name, "in.csv"), os.path.join(self.tmp.name, "out.csv")
        with open(in_path, "w") as f:
            f.write(bad)
        code, _, err = self.run_kc("retokenize", "--from", "cards@1", "--to", "cards@2", "--in", in_path,
                                   "--out", out_path, *COLS)
        self.assertEqual(code, 1, err)
        self.assertIn("(failed)", err)
        self.assertFalse(os.path.exists(out_path))
        # --on-error null empties it, the rest retokenized
        self.ok("retokenize", "--from", "cards@1", "--to", "cards@2", "--in", in_path, "--out", out_path,
                "--on-error", "null", *COLS)
        with open(out_path) as f:
            lines = f.read().splitlines()
        self.assertEqual(lines[4].split(",")[1], "")
        self.assertEqual("\n".join(lines[:4]) + "\n", self.tok("tokenize", "cards@2", CSV))


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
