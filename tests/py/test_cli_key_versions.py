# SPDX-License-Identifier: MIT
"""Which key version made a token (issue 24 item 4): --embed-version writes the version into the first
encrypted character, --version-column into a column; detokenize and retokenize --from with --key-name NAME
(no @V) open each row under its own version: tokens made under v1, a rotate to v2, a mixed file comes back
whole.  A row of a retired, unknown or other version, or whose column and embedded version disagree, fails
closed (no clear text for it, exit 1, the line and version named); a format or version with no room refused.
Usage: test_cli_key_versions.py PATH_TO_KCIPHER"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
CARDS = ["4111111111111111", "5500000000000004", "4012888888881881", "6011000990139424"]
ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def csv(rows, ver=True):
    return "id,card,ver\n" + "".join("%d,%s,\n" % (i, c) for i, c in rows) if ver else \
        "id,card\n" + "".join("%d,%s\n" % (i, c) for i, c in rows)


class KeyVersions(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.ring = os.path.join(self.tmp.name, "ring")
        self.ok("key", "new", "cards", "--cipher", "ff1-aes-256")

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
        return {int(r[1]): r[5] for r in (line.split() for line in out.splitlines()[1:]) if r[0] == "cards"}[version]

    def body(self, text):
        return text.split("\n", 1)[1]

    def mixed(self, *opts):
        """Rows 0-1 tokenized under v1, then a rotate, rows 2-3 under v2: one file."""
        t1 = self.ok("tokenize", "--key-name", "cards", "--column", "card=card", *opts,
                     stdin=csv(enumerate(CARDS[:2])))[0]
        self.ok("key", "rotate", "cards")
        t2 = self.ok("tokenize", "--key-name", "cards", "--column", "card=card", *opts,
                     stdin=csv(list(enumerate(CARDS))[2:]))[0]
        return t1 + self.body(t2)

    def test_embedded_version_rotate_mixed(self):
        tokens = self.mixed("--embed-version")
        rows = [line.split(",") for line in tokens.splitlines()[1:]]
        for i, (_, tok, _) in enumerate(rows):                   # v1: a digit at 7 (slot 0); v2: A-J
            self.assertEqual((tok[:6], tok[-4:]), (CARDS[i][:6], CARDS[i][-4:]))
            self.assertIn(tok[6], "0123456789" if i < 2 else "ABCDEFGHIJ", tok)
            self.assertTrue(tok[7:].isdigit())
        out, err = self.ok("detokenize", "--key-name", "cards", "--column", "card=card", "--embed-version",
                           stdin=tokens)
        self.assertEqual(out, csv(enumerate(CARDS)))
        self.assertIn("key cards@1 kcv %s, cards@2 kcv %s" % (self.kcv(1), self.kcv(2)), err)
        # the same, the format's own item instead of the flag; and --summary-json names the versions
        summ = os.path.join(self.tmp.name, "s.json")
        out, _ = self.ok("detokenize", "--key-name", "cards", "--column", "card=card;embed-version=alnum",
                         "--summary-json", summ, stdin=tokens)
        self.assertEqual(out, csv(enumerate(CARDS)))
        with open(summ) as f:
            s = json.load(f)
        self.assertEqual(s["key"], "cards")
        self.assertEqual(s["versions"], {"1": {"kcv": self.kcv(1), "values": 2}, "2": {"kcv": self.kcv(2), "values": 2}})
        # NAME@V opens only V: the v1 row fails closed, no clear text of it
        code, out, err = self.run_kc("detokenize", "--key-name", "cards@2", "--column", "card=card", "--embed-version",
                                     stdin=tokens)
        self.assertEqual(code, 1)
        self.assertNotIn(CARDS[0], out)
        self.assertIn("line 2: card: made under key cards@1, not @2", err)

    def test_version_column_csv_and_jsonl(self):
        tokens = self.mixed("--version-column", "ver")
        self.assertEqual([line.split(",")[2] for line in tokens.splitlines()[1:]], ["1", "1", "2", "2"])
        out, err = self.ok("detokenize", "--key-name", "cards", "--column", "card=card", "--version-column", "ver",
                           stdin=tokens)
        self.assertEqual([line.split(",")[1] for line in out.splitlines()[1:]], CARDS)
        self.assertIn("cards@1 kcv %s, cards@2 kcv %s" % (self.kcv(1), self.kcv(2)), err)
        # JSON Lines: the version a number (null, missing key refused on tokenize)
        text = "".join(json.dumps({"id": i, "card": c, "ver": None}) + "\n" for i, c in enumerate(CARDS))
        t = self.ok("tokenize", "--key-name", "cards", "--input", "jsonl", "--column", "card=card",
                    "--version-column", "ver", stdin=text)[0]
        self.assertEqual([json.loads(line)["ver"] for line in t.splitlines()], [2] * 4)
        back = self.ok("detokenize", "--key-name", "cards", "--input", "jsonl", "--column", "card=card",
                       "--version-column", "ver", stdin=t)[0]
        self.assertEqual([json.loads(line)["card"] for line in back.splitlines()], CARDS)

    def test_version_column_added_when_missing(self):
        # tokenize: a header or record without the column gets it, last; detokenize still needs it
        t = self.ok("tokenize", "--key-name", "cards", "--column", "card=card", "--version-column", "ver",
                    stdin=csv(enumerate(CARDS), ver=False))[0]
        self.assertEqual(t.splitlines()[0], "id,card,ver")
        self.assertEqual([line.split(",")[2] for line in t.splitlines()[1:]], ["1"] * 4)
        back = self.ok("detokenize", "--key-name", "cards", "--column", "card=card", "--version-column", "ver",
                       stdin=t)[0]
        self.assertEqual(back, csv(enumerate(CARDS), ver=False).replace("\n", ",1\n").replace("card,1", "card,ver"))
        tsv = self.ok("tokenize", "--key-name", "cards", "--input", "tsv", "--column", "card=card",
                      "--version-column", "ver", stdin="id\tcard\r\n0\t%s\r\n" % CARDS[0])[0]
        self.assertEqual(tsv.split("\r\n")[0], "id\tcard\tver")
        self.assertTrue(tsv.split("\r\n")[1].endswith("\t1"), tsv)
        code, _, err = self.run_kc("detokenize", "--key-name", "cards", "--column", "card=card",
                                   "--version-column", "ver", stdin="id,card\n0,%s\n" % CARDS[0])
        self.assertEqual(code, 2)
        self.assertIn("no column named ver", err)
        recs = [{"card": CARDS[0]}, {"id": 1, "card": CARDS[1]}, {}, {"card": CARDS[2], "ver": None}]
        text = json.dumps(recs[0]) + "\n" + ' { "id": 1 , "card": "%s" }  \n' % CARDS[1] + "{}\n" + \
            json.dumps(recs[3]) + "\n"
        t = self.ok("tokenize", "--key-name", "cards", "--input", "jsonl", "--column", "card=card",
                    "--version-column", "ver", stdin=text)[0]
        got = [json.loads(line) for line in t.splitlines()]
        self.assertEqual([list(r)[-1] for r in got], ["ver"] * 4)
        self.assertEqual([r["ver"] for r in got], [1] * 4)
        back = self.ok("detokenize", "--key-name", "cards", "--input", "jsonl", "--column", "card=card",
                       "--version-column", "ver", stdin=t)[0]
        self.assertEqual([json.loads(line) for line in back.splitlines()], [dict(r, ver=1) for r in recs])
        code, out, err = self.run_kc("detokenize", "--key-name", "cards", "--input", "jsonl", "--column", "card=card",
                                     "--version-column", "ver", stdin=json.dumps({"card": got[0]["card"]}) + "\n")
        self.assertEqual(code, 1)
        self.assertNotIn(CARDS[0], out)
        self.assertIn("no key version", err)

    def test_fail_closed(self):
        tokens = self.mixed("--embed-version", "--version-column", "ver")
        lines = tokens.splitlines(True)
        cases = [
            (lines[0] + lines[1].replace(",1\n", ",9\n"), "line 2: card: the token embeds key version 1, the "
                                                           "--version-column ver says 9"),
            (lines[0] + lines[1].replace(",1\n", ",x\n"), "line 2: card: the --version-column ver is not a key version"),
        ]
        for text, msg in cases:
            code, out, err = self.run_kc("detokenize", "--key-name", "cards", "--column", "card=card",
                                         "--embed-version", "--version-column", "ver", stdin=text)
            self.assertEqual(code, 1, err)
            self.assertNotIn(CARDS[0], out)
            self.assertIn(msg, err)
        # version column only: an unknown version, an empty one
        plain = self.ok("tokenize", "--key-name", "cards", "--column", "card=card", "--version-column", "ver",
                        stdin=csv([(0, CARDS[0])]))[0]
        for ver, msg in (("7", "key cards version 7 is unknown or retired"), ("", "no key version")):
            text = plain.replace(",2\n", "," + ver + "\n")
            code, out, err = self.run_kc("detokenize", "--key-name", "cards", "--column", "card=card",
                                         "--version-column", "ver", stdin=text)
            self.assertEqual(code, 1, err)
            self.assertNotIn(CARDS[0], out)
            self.assertIn("line 2: card: " + msg, err)
        # v1 retired: its rows fail closed, v2's still open (--on-error null empties the v1 ones)
        self.ok("key", "retire", "cards@1")
        code, out, err = self.run_kc("detokenize", "--key-name", "cards", "--column", "card=card", "--embed-version",
                                     stdin=tokens)
        self.assertEqual(code, 1)
        self.assertIn("line 2: card: key cards version 1 is unknown or retired", err)
        self.assertNotIn(CARDS[0], out)
        out, err = self.ok("detokenize", "--key-name", "cards", "--column", "card=card", "--embed-version",
                           "--on-error", "null", stdin=tokens)
        self.assertEqual([line.split(",")[1] for line in out.splitlines()[1:]], ["", ""] + CARDS[2:])

    def test_retokenize_per_row(self):
        tokens = self.mixed("--embed-version", "--version-column", "ver")
        self.ok("key", "rotate", "cards")
        out, err = self.ok("retokenize", "--from", "cards", "--to", "cards@3", "--column", "card=card",
                           "--embed-version", "--version-column", "ver", stdin=tokens)
        rows = [line.split(",") for line in out.splitlines()[1:]]
        self.assertTrue(all(r[1][6] in "KLMNOPQRST" and r[2] == "3" for r in rows), rows)
        self.assertIn("from key cards@1 kcv %s, cards@2 kcv %s; to key cards@3 kcv %s"
                      % (self.kcv(1), self.kcv(2), self.kcv(3)), err)
        direct = self.ok("tokenize", "--key-name", "cards@3", "--column", "card=card", "--embed-version",
                         "--version-column", "ver", stdin=csv(enumerate(CARDS)))[0]
        self.assertEqual(out, direct)
        back = self.ok("detokenize", "--key-name", "cards", "--column", "card=card", "--embed-version", stdin=out)[0]
        self.assertEqual([line.split(",")[1] for line in back.splitlines()[1:]], CARDS)

    def test_no_room(self):
        code, _, err = self.run_kc("tokenize", "--key-name", "cards", "--column", "id=alnum", "--embed-version",
                                   stdin="id\nabcdefgh\n")
        self.assertEqual(code, 2)
        self.assertIn("no room for a key version", err)
        for _ in range(6):
            self.ok("key", "rotate", "cards")                      # v7: digits in alnum hold 1 to 6
        code, _, err = self.run_kc("tokenize", "--key-name", "cards", "--column", "card=card", "--embed-version",
                                   stdin=csv([(0, CARDS[0])], ver=False))
        self.assertEqual(code, 2)
        self.assertIn("key version 7 does not fit: embed-version's alphabet holds versions 1 to 6", err)
        key = os.path.join(self.tmp.name, "k")
        with open(os.open(key, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
            f.write("11" * 32 + "\n")
        code, _, err = self.run_kc("tokenize", "--cipher", "ff1-aes-256", "--key-file", key, "--column", "card=card",
                                   "--embed-version", stdin=csv([(0, CARDS[0])], ver=False))
        self.assertEqual(code, 2)
        self.assertIn("needs keyring keys", err)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
