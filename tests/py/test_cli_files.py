# SPDX-License-Identifier: MIT
"""Files as users have them (issue 24, items 13-15): --in/--out (a temporary file renamed into
place only on success), --encoding cp949|euc-kr|utf-8 and --output-encoding, and the progress
line.  Usage: test_cli_files.py PATH_TO_KCIPHER"""
import os
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
if os.sep in KCIPHER:
    KCIPHER = os.path.abspath(KCIPHER)                             # some runs change directory
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
KEY = "000102030405060708090a0b0c0d0e0f" * 2
CARDS = ["4111111111111111", "5500005555555559", "6011000990139424"]
HANGUL = "".join(chr(c) for c in range(0xAC00, 0xD7A4))            # all 11,172 syllables
KSX = "".join(c for c in HANGUL if len(c.encode("euc-kr")) == 2)  # the 2,350 of KS X 1001


def run(*args, stdin=b"", cwd=None):
    env = dict(os.environ, KCIPHER_KEY=KEY)
    p = subprocess.run([*EMULATOR, KCIPHER, *args], input=stdin, capture_output=True, timeout=300, env=env, cwd=cwd)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace")


def tok(*args, **kw):
    return run("tokenize", "--cipher", "ff1-aes-256", *args, **kw)


def detok(*args, **kw):
    return run("detokenize", "--cipher", "ff1-aes-256", *args, **kw)


def korean_csv(rows=3, names=KSX):
    """A customer file: Korean header and text columns, a card and a name column to tokenize."""
    lines = ["번호,이름,카드,주소"]
    for i in range(rows):
        name = names[(7 * i) % len(names)] + names[(13 * i + 5) % len(names)] + names[(31 * i + 9) % len(names)]
        lines.append('%d,%s,%s,"서울시 강남구, %d번지"' % (i + 1, name, CARDS[i % 3], i))
    return "\r\n".join(lines) + "\r\n"


class Dir(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.d = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.d, name)

    def write(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)
        return self.path(name)

    def read(self, name):
        with open(self.path(name), "rb") as f:
            return f.read()

    def files(self):
        return sorted(os.listdir(self.d))


class InOut(Dir):
    DATA = ("id,card\n" + "".join("%d,%s\n" % (i, CARDS[i % 3]) for i in range(100))).encode()

    def test_in_out_as_stdin_stdout(self):
        src = self.write("in.csv", self.DATA)
        code, want, err = tok("--column", "card=card", stdin=self.DATA)
        self.assertEqual(code, 0, err)
        code, out, err = tok("--column", "card=card", "--in", src, "--out", self.path("out.csv"))
        self.assertEqual((code, out), (0, b""), err)
        self.assertEqual(self.read("out.csv"), want)
        self.assertEqual(self.files(), ["in.csv", "out.csv"])         # no temporary file left
        self.assertEqual(stat.S_IMODE(os.stat(self.path("out.csv")).st_mode), 0o600)
        # "-" is stdin / stdout
        self.assertEqual(tok("--column", "card=card", "--in", "-", "--out", "-", stdin=self.DATA)[1], want)
        # an existing file is replaced and keeps its mode
        os.chmod(self.path("out.csv"), 0o640)
        code, _, err = detok("--column", "card=card", "--in", self.path("out.csv"), "--out", self.path("back.csv"))
        self.assertEqual((code, self.read("back.csv")), (0, self.DATA), err)
        code, _, err = tok("--column", "card=card", "--in", src, "--out", self.path("out.csv"))
        self.assertEqual(code, 0, err)
        self.assertEqual(stat.S_IMODE(os.stat(self.path("out.csv")).st_mode), 0o640)
        # a relative --out in the working directory
        code, _, err = tok("--column", "card=card", "--in", "in.csv", "--out", "rel.csv", cwd=self.d)
        self.assertEqual((code, self.read("rel.csv")), (0, want), err)

    def test_other_commands(self):
        src = self.write("plain.bin", os.urandom(5000))
        args = ["--cipher", "aria-128", "--key", KEY[:32], "--mode", "ctr", "--iv", KEY[:32]]
        env = dict(os.environ)
        env.pop("KCIPHER_KEY", None)
        for cmd, i, o in (("encrypt", src, "ct.bin"), ("decrypt", self.path("ct.bin"), "pt.bin")):
            p = subprocess.run([*EMULATOR, KCIPHER, cmd, *args, "--in", i, "--out", self.path(o)], env=env,
                               capture_output=True)
            self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(self.read("pt.bin"), self.read("plain.bin"))
        self.write("v.txt", b"0123456789\n9876543210\n")
        code, out, err = run("fpe", "encrypt", "--cipher", "ff1-aes-256", "--in", self.path("v.txt"))
        self.assertEqual((code, len(out.splitlines())), (0, 2), err)
        p = subprocess.run([*EMULATOR, KCIPHER, "mac", "--cipher", "aes-128", "--mode", "cmac", "--key", KEY[:32],
                            "--in", src], env=env, capture_output=True)
        q = subprocess.run([*EMULATOR, KCIPHER, "mac", "--cipher", "aes-128", "--mode", "cmac", "--key", KEY[:32]],
                           env=env, capture_output=True, input=self.read("plain.bin"))
        self.assertEqual((p.returncode, p.stdout), (0, q.stdout), p.stderr)

    def test_failure_leaves_no_file(self):
        # 40000 rows, a bad value at row 30000: the first chunks (16384 rows) were written already
        rows = ["%d,%s" % (i, CARDS[i % 3]) for i in range(40000)]
        rows[30000] = "30000,4111x11111111111"
        src = self.write("in.csv", ("id,card\n" + "\n".join(rows) + "\n").encode())
        code, partial, err = tok("--column", "card=card", "--in", src)
        self.assertEqual(code, 1, err)
        self.assertGreater(len(partial), 100000)                    # stdout gets the rows before it
        code, out, err = tok("--column", "card=card", "--in", src, "--out", self.path("out.csv"))
        self.assertEqual((code, out), (1, b""), err)
        self.assertIn("line 30002", err)
        self.assertEqual(self.files(), ["in.csv"])                   # no partial file, no temporary file
        # an existing file is left as it was
        self.write("out.csv", b"old\n")
        self.assertEqual(tok("--column", "card=card", "--in", src, "--out", self.path("out.csv"))[0], 1)
        self.assertEqual((self.files(), self.read("out.csv")), (["in.csv", "out.csv"], b"old\n"))
        # usage errors after --out was opened leave nothing either
        self.assertEqual(tok("--column", "nope=card", "--in", src, "--out", self.path("new.csv"))[0], 2)
        self.assertEqual(tok("--column", "card=card", "--on-error", "x", "--in", src, "--out", self.path("new.csv"))[0], 2)
        self.assertEqual(self.files(), ["in.csv", "out.csv"])

    def test_refused(self):
        src = self.write("in.csv", self.DATA)
        code, _, err = tok("--column", "card=card", "--in", src, "--out", src)
        self.assertEqual(code, 2)
        self.assertIn("--out", err)
        os.link(src, self.path("hard.csv"))
        self.assertEqual(tok("--column", "card=card", "--in", src, "--out", self.path("hard.csv"))[0], 2)
        with open(src, "rb") as f:                                   # --out the file stdin reads
            p = subprocess.run([*EMULATOR, KCIPHER, "tokenize", "--cipher", "ff1-aes-256", "--column", "card=card",
                                "--out", src], stdin=f, capture_output=True, env=dict(os.environ, KCIPHER_KEY=KEY))
        self.assertEqual(p.returncode, 2)
        self.assertEqual(self.read("in.csv"), self.DATA)
        self.assertEqual(tok("--column", "card=card", "--in", self.path("missing.csv"))[0], 2)
        self.assertEqual(tok("--column", "card=card", "--in", src, "--out", self.path("no/such/dir.csv"))[0], 2)
        self.assertEqual(tok("--column", "card=card", "--in", src, "--out", self.d)[0], 2)
        self.assertEqual(self.files(), ["hard.csv", "in.csv"])

    def test_signal_leaves_no_file(self):
        for sig in (signal.SIGTERM, signal.SIGINT):
            p = subprocess.Popen([*EMULATOR, KCIPHER, "tokenize", "--cipher", "ff1-aes-256", "--column", "card=card",
                                  "--out", self.path("out.csv")], stdin=subprocess.PIPE, stderr=subprocess.PIPE,
                                 env=dict(os.environ, KCIPHER_KEY=KEY))
            p.stdin.write(b"id,card\n" + b"1,4111111111111111\n" * 50000)
            p.stdin.flush()
            deadline = time.time() + 60
            while len(self.files()) < 1 and time.time() < deadline:   # the temporary file
                time.sleep(0.01)
            time.sleep(0.2)
            self.assertEqual(len(self.files()), 1)
            self.assertTrue(self.files()[0].startswith(".out.csv."), self.files())
            p.send_signal(sig)
            self.assertEqual(p.wait(timeout=60), -sig)
            p.stdin.close()
            p.stderr.close()
            self.assertEqual(self.files(), [])


def iconv_has_korean():
    """False where the CLI's iconv lacks CP949 (qemu-user over a cross sysroot without gconv modules)."""
    code, _, err = tok("--column", "a=digits", "--encoding", "cp949", stdin=b"a\n123456\n")
    return not (code == 2 and "iconv cannot convert" in err)


@unittest.skipUnless(iconv_has_korean(), "this system's iconv cannot convert CP949 (no gconv modules here)")
class Encodings(Dir):
    def test_cp949_round_trip(self):
        text = korean_csv(300, HANGUL)                   # CP949 holds every syllable
        src = self.write("cp949.csv", text.encode("cp949"))
        cols = ["--column", "카드=card", "--column", "이름=alphabet=" + HANGUL]
        code, _, err = tok(*cols, "--encoding", "cp949", "--in", src, "--out", self.path("t.csv"))
        self.assertEqual(code, 0, err)
        tokens = self.read("t.csv").decode("cp949")      # CP949 out, as it came in
        self.assertNotEqual(tokens, text)
        a, b = text.split("\r\n"), tokens.split("\r\n")
        self.assertEqual((len(a), a[0]), (len(b), b[0]))
        for x, y in zip(a[1:-1], b[1:-1]):
            fx, fy = x.split(","), y.split(",")
            self.assertEqual((fx[0], fx[3:]), (fy[0], fy[3:]))       # id and address as they were
            self.assertEqual(len(fx[1]), len(fy[1]))
            self.assertTrue(all(c in HANGUL for c in fy[1]))
        # the same tokens as from the UTF-8 file, and UTF-8 out when asked
        code, utf8, err = tok(*cols, stdin=text.encode())
        self.assertEqual((code, utf8), (0, tokens.encode()), err)
        for alias in ("ms949", "uhc", "CP949"):
            code, out, err = tok(*cols, "--encoding", alias, "--output-encoding", "utf-8", "--in", src)
            self.assertEqual((code, out), (0, utf8), err)
        code, _, err = detok(*cols, "--encoding", "cp949", "--in", self.path("t.csv"), "--out", self.path("b.csv"))
        self.assertEqual((code, self.read("b.csv")), (0, text.encode("cp949")), err)
        # UTF-8 in, CP949 out
        code, out, err = detok(*cols, "--output-encoding", "cp949", stdin=utf8)
        self.assertEqual((code, out), (0, text.encode("cp949")), err)

    def test_euc_kr_round_trip(self):
        text = korean_csv(200, KSX)
        src = self.write("euckr.csv", text.encode("euc-kr"))
        cols = ["--column", "카드=card", "--column", "이름=alphabet=" + KSX]
        code, out, err = tok(*cols, "--encoding", "euc-kr", "--in", src)
        self.assertEqual(code, 0, err)
        self.assertEqual(out, tok(*cols, stdin=text.encode())[1].decode().encode("euc-kr"))
        code, back, err = detok(*cols, "--encoding", "euc-kr", stdin=out)
        self.assertEqual((code, back), (0, text.encode("euc-kr")), err)

    def test_unrepresentable_is_an_error(self):
        text = korean_csv(50, KSX)
        src = self.write("euckr.csv", text.encode("euc-kr"))
        cols = ["--column", "카드=card", "--column", "이름=alphabet=" + HANGUL]    # tokens outside KS X 1001
        code, out, err = tok(*cols, "--encoding", "euc-kr", "--in", src, "--out", self.path("t.csv"))
        self.assertEqual(code, 1, err)
        self.assertIn("line 2: 이름:", err)
        self.assertIn("EUC-KR cannot represent", err)
        self.assertEqual(self.files(), ["euckr.csv"])
        # never a substitute: every row that is written holds exactly its characters
        code, out, err = tok(*cols, "--encoding", "euc-kr", "--on-error", "null", "--in", src)
        self.assertEqual(code, 0, err)
        self.assertNotIn(b"?", out)
        out.decode("euc-kr")
        # written in UTF-8 or CP949, every token fits
        self.assertEqual(tok(*cols, "--encoding", "euc-kr", "--output-encoding", "utf-8", "--in", src)[0], 0)
        self.assertEqual(tok(*cols, "--encoding", "euc-kr", "--output-encoding", "cp949", "--in", src)[0], 0)

    def test_cp949_as_utf8_suggests_the_option(self):
        data = korean_csv(3).encode("cp949")
        code, out, err = tok("--column", "카드=card", stdin=data)           # a Korean header
        self.assertEqual(code, 2)
        self.assertIn("--encoding cp949", err)
        data = ("id,name\n1,%s\n" % "김철수").encode("cp949")              # a Korean value
        code, out, err = tok("--column", "name=alphabet=" + HANGUL, stdin=data)
        self.assertEqual(code, 1)
        self.assertIn("--encoding cp949", err)
        # malformed UTF-8 that is no CP949: no such hint
        code, out, err = tok("--column", "name=alphabet=" + HANGUL, stdin=b"id,name\n1,\xff\xfe\xff\n")
        self.assertEqual(code, 1)
        self.assertNotIn("cp949", err)

    def test_malformed_input_fails_closed(self):
        good = "1,김,4111111111111111\n".encode("cp949")
        bad = b"2,\xff\xfe," + CARDS[1].encode() + b"\n"                   # not CP949
        cut = b"3,\xb0," + CARDS[2].encode() + b"\n"                        # a lead byte alone
        data = "id,이름,카드\n".encode("cp949") + good + bad + good + cut
        cols = ["--column", "카드=card", "--encoding", "cp949"]
        for policy in ("fail", "null", "keep"):
            code, out, err = tok(*cols, "--on-error", policy, stdin=data)
            self.assertEqual(code, 1, err)
            self.assertIn("line 3: malformed record: not valid CP949", err)
            self.assertEqual(len(out.splitlines()), 2)
            for card in CARDS:
                self.assertNotIn(card.encode(), out + err.encode())
        code, out, err = tok(*cols, "--on-error", "skip-record", stdin=data)
        self.assertEqual(code, 0, err)
        self.assertIn("2 skipped", err)
        self.assertEqual(len(out.splitlines()), 3)
        for card in CARDS:
            self.assertNotIn(card.encode(), out + err.encode())
        # a multibyte character cut by the end of the input
        code, out, err = tok(*cols, stdin="id,이름,카드\n".encode("cp949") + good + b"9,\xb0")
        self.assertEqual(code, 1)
        self.assertIn("line 3: malformed record", err)
        # --encoding utf-8 checks the input
        code, out, err = tok("--column", "card=card", "--encoding", "utf-8", stdin=b"id,card\n\xc3\x28,4111111111111111\n")
        self.assertEqual(code, 1)
        self.assertIn("not valid UTF-8", err)

    def test_large_file_across_reads(self):
        text = korean_csv(60000, HANGUL)                 # ~4.5 MB: past the first 4 MiB read
        src = self.write("big.csv", text.encode("cp949"))
        cols = ["--column", "카드=card", "--column", "이름=alphabet=" + HANGUL]
        code, _, err = tok(*cols, "--encoding", "cp949", "--in", src, "--out", self.path("t.csv"), "--threads", "2")
        self.assertEqual(code, 0, err)
        code, _, err = detok(*cols, "--encoding", "cp949", "--in", self.path("t.csv"), "--out", self.path("b.csv"))
        self.assertEqual(code, 0, err)
        self.assertEqual(self.read("b.csv"), self.read("big.csv"))

    def test_bad_names(self):
        self.assertEqual(tok("--column", "c=card", "--encoding", "latin1", stdin=b"c\n")[0], 2)
        self.assertEqual(tok("--column", "c=card", "--output-encoding", "x", stdin=b"c\n")[0], 2)
        self.assertEqual(run("fpe", "encrypt", "--cipher", "ff1-aes-256", "--encoding", "cp949", "123456")[0], 2)


class Progress(Dir):
    def test_forced_and_default(self):
        src = self.write("in.csv", ("id,card\n" + "1,4111111111111111\n" * 20000).encode())
        code, out, err = tok("--column", "card=card", "--in", src, "--progress")
        self.assertEqual(code, 0, err)
        self.assertRegex(err, r"\r[^\r]*100\.0%[^\r]*rows/s[^\r]*MB/s[^\r]*left")
        self.assertIn("\r" + " " * 20, err)                              # cleared at the end
        code, out2, err = tok("--column", "card=card", "--in", src)      # stderr is a pipe: nothing
        self.assertEqual((code, out2), (0, out), err)
        self.assertNotIn("\r", err)
        self.assertNotIn("%", err)
        code, _, err = tok("--column", "card=card", "--progress", stdin=self.read("in.csv"))   # size unknown
        self.assertEqual(code, 0, err)
        self.assertIn("rows/s", err)
        self.assertNotIn("%", err)
        self.assertEqual(tok("--column", "card=card", "--progress", "--no-progress", "--in", src)[0], 2)
        code, _, err = tok("--column", "card=card", "--no-progress", "--in", src)
        self.assertEqual(code, 0, err)
        self.assertNotIn("\r", err)


if __name__ == "__main__":
    unittest.main()
