# SPDX-License-Identifier: MIT
"""kcipher fpe with FF1/FF3-1, alphabets and formats, and kcipher tokenize /
detokenize on CSV, TSV and JSON Lines as a user calls them, including a
1 GB CSV streamed through two pipes.  Usage: test_cli_tokenize.py PATH_TO_KCIPHER"""
import hashlib
import json
import os
import subprocess
import sys
import threading
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
K128 = "000102030405060708090a0b0c0d0e0f"
NIST = "2B7E151628AED2A6ABF7158809CF4F3C"
HERE = os.path.dirname(os.path.abspath(__file__))


def run(*args, stdin=b"", key=K128):
    env = dict(os.environ, KCIPHER_KEY=key)
    p = subprocess.run([*EMULATOR, KCIPHER, *args], input=stdin, capture_output=True, timeout=300, env=env)
    return p.returncode, p.stdout, p.stderr.decode()


def tok(*args, stdin=b"", cipher="ff1-aes-256", key=K128 * 2):
    return run("tokenize", "--cipher", cipher, *args, stdin=stdin, key=key)


def detok(*args, stdin=b"", cipher="ff1-aes-256", key=K128 * 2):
    return run("detokenize", "--cipher", cipher, *args, stdin=stdin, key=key)


def luhn(s):
    d = [int(c) for c in s if c.isdigit()][::-1]
    return sum(x if i % 2 == 0 else (x * 2 - 9 if x * 2 > 9 else x * 2) for i, x in enumerate(d)) % 10 == 0


class Fpe(unittest.TestCase):
    def test_nist_ff1_samples(self):
        self.assertEqual(run("fpe", "encrypt", "--cipher", "ff1-aes-128", "0123456789", key=NIST)[1],
                         b"2433477484\n")
        code, out, err = run("fpe", "encrypt", "--cipher", "ff1-aes-128", "--tweak", "39383736353433323130",
                             "0123456789", "0123456789", key=NIST)
        self.assertEqual((code, out), (0, b"6124200773\n6124200773\n"), err)
        self.assertEqual(run("fpe", "encrypt", "--cipher", "ff1-aes-128", "--radix", "36", "--tweak",
                             "3737373770717273373737", "0123456789abcdefghi", key=NIST)[1], b"a9tv40mll9kdu509eum\n")
        self.assertEqual(run("fpe", "decrypt", "--cipher", "ff1-aes-128", "2433477484", key=NIST)[1], b"0123456789\n")

    def test_acvp_ff3_1_through_the_cli(self):
        rows = [l.split("\t") for l in open(os.path.join(HERE, "..", "vectors", "ff", "acvp_ff3_1.tsv"))
                if not l.startswith("#")]
        for alg, _, direction, key, radix, alphabet, tweak, pt, ct in rows[:60]:
            ct = ct.strip()
            code, out, err = run("fpe", "encrypt", "--cipher", "ff3-1-aes-%d" % (len(key) * 4), "--alphabet",
                                 alphabet, "--tweak", tweak, pt, key=key)
            self.assertEqual((code, out.decode().strip()), (0, ct), err)

    def test_formats_and_alphabets(self):
        code, out, err = run("fpe", "encrypt", "--cipher", "ff1-aria-128", "--format", "card-luhn",
                             "4111-1111-1111-1111")
        token = out.decode().strip()
        self.assertEqual(code, 0, err)
        self.assertTrue(token.startswith("4111-11") and luhn(token) and token != "4111-1111-1111-1111", token)
        self.assertEqual(run("fpe", "decrypt", "--cipher", "ff1-aria-128", "--format", "card-luhn", token)[1],
                         b"4111-1111-1111-1111\n")
        hangul = "가나다라마바사아자차카타파하"
        code, out, err = run("fpe", "encrypt", "--cipher", "ff1-lea-128", "--alphabet", hangul, "가나다라마바사")
        self.assertEqual(code, 0, err)
        self.assertTrue(all(c in hangul for c in out.decode().strip()) and len(out.decode().strip()) == 7)

    def test_errors_name_the_line_and_character(self):
        code, out, err = run("fpe", "encrypt", "--cipher", "ff1-aes-128", "--format", "card",
                             stdin=b"4111-1111-1111-1111\n4111-1111-1111-111x\n")
        self.assertEqual(code, 1)
        self.assertEqual(len(out.splitlines()), 1)
        self.assertIn("line 2: character 19", err)
        code, _, err = run("fpe", "encrypt", "--cipher", "ff1-aes-128", "--format", "card", "3782 822463 10005")
        self.assertEqual(code, 1)
        self.assertIn("--allow-small-domain", err)
        self.assertEqual(run("fpe", "encrypt", "--cipher", "ff1-aes-128", "--format", "nope", "1")[0], 2)
        self.assertEqual(run("fpe", "encrypt", "--cipher", "ff9-aes-128", "1234567")[0], 2)
        self.assertEqual(run("fpe", "encrypt", "--cipher", "ff3-1-aes-128", "--tweak", "00", "1234567")[0], 2)


CSV = (b'id,card,note,rrn\r\n'
       b'1,4111-1111-1111-1111,"plain, with comma",900101-1234567\r\n'
       b'2,"5500 0000 0000 0004","multi\nline ""quoted""",850505-2345678\r\n'
       b'3,,empty card,991231-1000000\r\n'
       b'4,4111111111111111,last row without newline,000101-3000000')


class Tokenize(unittest.TestCase):
    def test_csv_keeps_every_other_byte(self):
        code, out, err = tok("--column", "card=card", "--column", "rrn=kr-rrn", stdin=CSV)
        self.assertEqual(code, 0, err)
        a, b = CSV.split(b"\r\n"), out.split(b"\r\n")
        self.assertEqual(len(a), len(b))
        self.assertEqual(b[0], a[0])
        self.assertIn(b'"plain, with comma"', out)
        self.assertIn(b'"multi\nline ""quoted"""', out)
        self.assertIn(b"3,,empty card,991231-", out)
        self.assertTrue(out.endswith(b"last row without newline,000101-" + out[-7:]) and not out.endswith(b"\n"))
        for line in (b[1], b[4]):
            card = line.split(b",")[1]
            self.assertEqual((card[:7], card[-4:]), (line.split(b",")[1][:7], line.split(b",")[1][-4:]))
        self.assertNotEqual(out, CSV)
        code, back, err = detok("--column", "card=card", "--column", "rrn=kr-rrn", stdin=out)
        self.assertEqual((code, back), (0, CSV), err)

    def test_same_value_as_fpe_format(self):
        _, out, _ = tok("--column", "card=card", stdin=b"card\n4111-1111-1111-1111\n")
        _, single, _ = run("fpe", "encrypt", "--cipher", "ff1-aes-256", "--format", "card", "4111-1111-1111-1111",
                           key=K128 * 2)
        self.assertEqual(out.split(b"\n")[1], single.strip())

    def test_tweaks(self):
        data = b"user,card\nalice,4111111111111111\nbob,4111111111111111\n"
        _, plain, _ = tok("--column", "card=digits", stdin=data)
        _, per_row, _ = tok("--column", "card=digits", "--tweak-column", "user", stdin=data)
        _, per_col, _ = tok("--column", "card=digits", "--tweak-context", stdin=data)
        rows = [l.split(b",")[1] for l in per_row.splitlines()[1:]]
        self.assertNotEqual(rows[0], rows[1])                      # a tweak per row
        self.assertEqual(plain.splitlines()[1].split(b",")[1], plain.splitlines()[2].split(b",")[1])
        self.assertNotEqual(per_col, plain)
        self.assertEqual(detok("--column", "card=digits", "--tweak-column", "user", stdin=per_row)[1], data)
        self.assertEqual(run("tokenize", "--cipher", "ff1-aes-128", "--column", "card=digits", "--tweak-column",
                             "user", "--tweak-context", stdin=data)[0], 2)

    def test_on_error(self):
        data = b"id,card\n1,4111111111111111\n2,41111111x1111111\n3,4111111111111111\n"
        code, out, err = tok("--column", "card=card", stdin=data)
        self.assertEqual(code, 1)
        self.assertIn("line 3", err)
        self.assertIn("character 9", err)
        self.assertEqual(len(out.splitlines()), 2)               # header and the good row before it
        code, out, err = tok("--column", "card=card", "--on-error", "null", stdin=data)
        self.assertEqual((code, out.splitlines()[2]), (0, b"2,"), err)
        code, out, err = tok("--column", "card=card", "--on-error", "keep", stdin=data)
        self.assertEqual((code, out.splitlines()[2]), (0, b"2,41111111x1111111"), err)
        self.assertEqual(len(out.splitlines()), 4)
        code, _, err = tok("--column", "card=card", stdin=b"id,card\n1\n")
        self.assertEqual(code, 1)
        self.assertIn("line 2: malformed record: 1 fields, the header has 2", err)
        code, _, err = tok("--column", "card=card", stdin=b"id,card\n1,\"4111\n")
        self.assertEqual(code, 1)

    def test_threads_same_output_and_fail_point(self):
        """Threads take shares of each chunk: the output is the same at 1, 2 and 3 threads, and a bad
        value deep in a chunk (in a later thread's share) still ends the output at the row before it."""
        rows = ["%d,4%015d" % (i, i * 7919) for i in range(40000)]
        data = ("id,card\n" + "\n".join(rows) + "\n").encode()
        outs = [tok("--column", "card=card", "--threads", str(t), stdin=data) for t in (1, 2, 3)]
        for code, out, err in outs:
            self.assertEqual((code, out), (0, outs[0][1]), err)
        bad = 15000                                                # past the first share of two
        rows[bad] = "%d,4111x" % bad
        data = ("id,card\n" + "\n".join(rows) + "\n").encode()
        for t in (1, 2, 3):
            code, out, err = tok("--column", "card=card", "--threads", str(t), stdin=data)
            self.assertEqual(code, 1)
            self.assertIn("line %d" % (bad + 2), err)
            self.assertEqual(out, b"\n".join(outs[0][1].split(b"\n")[:bad + 1]) + b"\n")

    def test_usage_errors(self):
        self.assertEqual(tok("--column", "card=card", stdin=b"id,name\n")[0], 2)          # no such column
        self.assertEqual(tok("--column", "card", stdin=b"card\n")[0], 2)                  # NAME=FORMAT
        self.assertEqual(tok("--column", "card=nope", stdin=b"card\n")[0], 2)             # format
        self.assertEqual(tok(stdin=b"card\n")[0], 2)                                      # no --column
        self.assertEqual(tok("--column", "card=card", "--input", "xml", stdin=b"card\n")[0], 2)
        self.assertEqual(tok("--column", "card=card", "--on-error", "ignore", stdin=b"card\n")[0], 2)
        self.assertEqual(tok("--column", "card=card", "--radix", "10", stdin=b"card\n")[0], 2)
        self.assertEqual(tok("--column", "c=card", "--cipher", "x", stdin=b"c\n")[0], 2)

    def test_tsv_and_jsonl(self):
        tsv = b"id\tcard\n1\t4111-1111-1111-1111\n"
        code, out, err = tok("--input", "tsv", "--column", "card=card", stdin=tsv)
        self.assertEqual(code, 0, err)
        self.assertEqual(detok("--input", "tsv", "--column", "card=card", stdin=out)[1], tsv)
        lines = [{"id": 1, "card": "4111-1111-1111-1111", "rrn": "900101-1234567", "nested": {"card": "x"}},
                 {"card": None, "rrn": "850505-2345678"}, {"id": 3}, {"card": "5500\t0000 0000 0004"}]
        jl = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines).encode()
        jl = jl.replace(b"5500\\t0000", b"5500\\u00200000")       # an escape in a value
        code, out, err = tok("--input", "jsonl", "--column", "card=card", "--column", "rrn=kr-rrn", stdin=jl)
        self.assertEqual(code, 0, err)
        got = [json.loads(l) for l in out.splitlines()]
        self.assertEqual(got[0]["nested"], {"card": "x"})
        self.assertIsNone(got[1]["card"])
        self.assertEqual(got[2], {"id": 3})
        self.assertTrue(got[3]["card"].startswith("5500 00") and got[3]["card"].endswith("0004"))
        back = [json.loads(l) for l in detok("--input", "jsonl", "--column", "card=card", "--column", "rrn=kr-rrn",
                                             stdin=out)[1].splitlines()]
        self.assertEqual(back[:3], lines[:3])
        self.assertEqual(back[3]["card"], "5500 0000 0000 0004")
        code, _, err = tok("--input", "jsonl", "--column", "card=digits", stdin=b'{"card": 4111111111111111}\n')
        self.assertEqual(code, 1)
        self.assertIn("not a JSON string", err)
        code, out, _ = tok("--input", "jsonl", "--column", "card=digits", "--on-error", "keep",
                           stdin=b'{"card": 4111111111111111}\n')
        self.assertEqual((code, out), (0, b'{"card": 4111111111111111}\n'))
        code, out, _ = tok("--input", "jsonl", "--column", "card=digits", "--on-error", "null",
                           stdin=b'{"card": 4111111111111111}\n')
        self.assertEqual((code, out), (0, b'{"card": null}\n'))


class FailsClosed(unittest.TestCase):
    """Issue 22: no named column's value leaves in clear with exit 0 (the full corpus: tests/attack)."""
    CARD = b"4111111111111111"

    def test_repeated_column_is_a_usage_error(self):
        for kind, data in (("csv", b"card\n4111111111111111\n"), ("jsonl", b'{"card":"4111111111111111"}\n')):
            code, out, err = tok("--input", kind, "--column", "card=card", "--column", "card=card", stdin=data)
            self.assertEqual((code, out), (2, b""), err)
            self.assertIn("--column card=card", err)

    def test_tweak_column_that_is_tokenized(self):
        code, _, err = tok("--column", "card=card", "--column", "u=digits", "--tweak-column", "u",
                           stdin=b"card,u\n4111111111111111,1234567\n")
        self.assertEqual(code, 2, err)
        self.assertIn("--tweak-column", err)

    def test_stray_quote_is_one_malformed_record(self):
        data = b'id,name,card\n1,O"Brien,4111111111111111\n2,Ann,5500005555555559\n'
        for pol in ("fail", "null", "keep"):
            code, out, err = tok("--column", "card=card", "--on-error", pol, stdin=data)
            self.assertEqual(code, 1, (pol, err))
            self.assertIn("line 2: malformed record: quote inside an unquoted field", err)
            self.assertNotIn(self.CARD, out)
        code, out, err = tok("--column", "card=card", "--on-error", "skip-record", stdin=data)
        self.assertEqual((code, out.count(b"\n")), (0, 2), err)
        self.assertNotIn(self.CARD, out)
        self.assertNotIn(b"5500005555555559", out)
        self.assertIn("1 skipped", err)

    def test_malformed_record_in_a_later_share(self):
        rows = ["%d,n,4%015d" % (i, i * 7919) for i in range(24000)]
        rows[15000] = '15000,O"Brien,4111111111111111'          # in the second of two shares
        data = ("id,name,card\n" + "\n".join(rows) + "\n").encode()
        outs = []
        for t in (1, 2):
            for pol in ("fail", "keep"):
                code, out, err = tok("--column", "card=card", "--threads", str(t), "--on-error", pol, stdin=data)
                self.assertEqual(code, 1, err)
                self.assertIn("line 15002: malformed record", err)
                self.assertNotIn(self.CARD, out)
                outs.append(out)
            code, out, err = tok("--column", "card=card", "--threads", str(t), "--on-error", "skip-record",
                                 stdin=data)
            self.assertEqual((code, out.count(b"\n")), (0, 24000), err)
            self.assertNotIn(self.CARD, out)
        self.assertEqual(len(set(outs)), 1)
        self.assertEqual(outs[0].count(b"\n"), 15001)

    def test_record_size_is_bounded(self):
        data = b'id,card\n1,"' + b"2,4111111111111111\n" * 100000
        code, out, err = tok("--column", "card=card", "--max-record-bytes", "65536", stdin=data)
        self.assertEqual((code, out), (1, b"id,card\n"), err)
        self.assertIn("line 2: record longer than 65536 bytes", err)

    def test_malformed_json_under_keep(self):
        for line in (b'{"card":"4111111111111111"', b'{"x":tru,"card":"4111111111111111"}',
                     b'{"card":"4111111111111111"} x', b'\xef\xbb\xbf{"card":"4111111111111111"}'):
            code, out, err = tok("--input", "jsonl", "--column", "card=card", "--on-error", "keep",
                                 stdin=b'{"card":"5500005555555559"}\n' + line + b"\n")
            self.assertEqual(code, 1, (line, err))
            self.assertNotIn(self.CARD, out)

    def test_duplicates(self):
        code, out, err = tok("--input", "jsonl", "--column", "card=card", "--on-error", "null",
                             stdin=b'{"card":"4111111111111111","card":"5500005555555559"}\n')
        self.assertEqual(code, 1)
        self.assertIn("key card appears twice", err)
        code, _, err = tok("--column", "card=card", stdin=b"card,card\n4111111111111111,5500005555555559\n")
        self.assertEqual(code, 2)
        self.assertIn("column card appears twice", err)

    def test_empty_values_and_bom(self):
        data = b'\xef\xbb\xbfid,card\n1,""\n2,\n3,4111111111111111\n'
        code, out, err = tok("--column", "card=card", stdin=data)
        self.assertEqual(code, 0, err)
        self.assertTrue(out.startswith(b'\xef\xbb\xbfid,card\n1,""\n2,\n3,411111'), out)
        self.assertEqual(detok("--column", "card=card", stdin=out)[1], data)
        code, out, err = tok("--input", "jsonl", "--column", "card=card", stdin=b'{"card":""}\n')
        self.assertEqual((code, out), (0, b'{"card":""}\n'), err)

    def test_tsv_refuses_an_alphabet_with_tab(self):
        code, _, err = tok("--input", "tsv", "--column", "c=alphabet=0123456789\t", stdin=b"c\n1234567\n")
        self.assertEqual(code, 2)
        self.assertIn("TSV", err)

    def test_csv_quotes_tokens_that_need_it(self):
        data = b"c\n" + b"".join(b"%d\n" % (10 ** 9 + i) for i in range(50))
        code, out, err = tok("--column", 'c=alphabet=0123456789",', stdin=data)
        self.assertEqual(code, 0, err)
        import csv, io
        rows = list(csv.reader(io.StringIO(out.decode())))
        self.assertEqual(len(rows), 51)
        self.assertTrue(any('"' in r[0] or "," in r[0] for r in rows[1:]))
        back = detok("--column", 'c=alphabet=0123456789",', stdin=out)[1]
        self.assertEqual(list(csv.reader(io.StringIO(back.decode()))), list(csv.reader(io.StringIO(data.decode()))))

    def test_missing_tweak_value(self):
        data = b"u,card\na,4111111111111111\n,5500005555555559\n"
        code, _, err = tok("--column", "card=card", "--tweak-column", "u", stdin=data)
        self.assertEqual(code, 1)
        self.assertIn("line 3: card: the --tweak-column u is missing", err)
        code, out, err = tok("--column", "card=card", "--tweak-column", "u", "--on-error", "null", stdin=data)
        self.assertEqual((code, out.splitlines()[2]), (0, b","), err)

    def test_summary_always_and_json(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "s.json")
            code, _, err = tok("--column", "card=card", "--on-error", "keep", "--summary-json", path,
                               stdin=b"id,card\n1,4111111111111111\n2,4111x\n")
            self.assertEqual(code, 0, err)
            self.assertIn("summary: 2 rows read, 2 written", err)
            s = json.load(open(path))
            self.assertEqual((s["rows_read"], s["columns"]["card"]["tokenized"], s["columns"]["card"]["kept"]),
                             (2, 1, 1))

    def test_messages_blame_the_right_option(self):
        code, _, err = tok("--column", "card=card", cipher="nope-1", stdin=b"card\n")
        self.assertEqual(code, 2)
        self.assertIn("--cipher nope-1: unknown cipher", err)
        code, _, err = tok("--column", "card=card", cipher="ff1-aes-128", stdin=b"card\n")
        self.assertIn("key: expected 16 bytes for ff1-aes-128, got 32", err)

    def test_key_file_rules(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "k")
            with open(path, "w") as f:
                f.write("000102030405060708090a0b0c0d0e0g")             # 32 bytes of text, not hex
            os.chmod(path, 0o600)
            code, _, err = run("tokenize", "--cipher", "ff1-aes-256", "--column", "c=card", "--key-file", path,
                               stdin=b"c\n4111111111111111\n", key="")
            self.assertEqual(code, 2)
            self.assertIn("not hex", err)
            with open(path, "wb") as f:
                f.write(bytes(range(32)))
            os.chmod(path, 0o644)
            code, _, err = run("tokenize", "--cipher", "ff1-aes-256", "--column", "c=card", "--key-file", path,
                               stdin=b"c\n4111111111111111\n", key="")
            self.assertEqual(code, 0, err)
            self.assertIn("warning", err)

    def test_fpe_exit_codes_agree(self):
        for args in (["--radix", "10"], ["--format", "digits"]):
            code, _, err = run("fpe", "encrypt", "--cipher", "ff1-aes-256", *args, "12345", key=K128 * 2)
            self.assertEqual(code, 1, (args, err))
            self.assertNotIn("KC_FPE", err)
        code, _, _ = run("fpe", "encrypt", "--cipher", "ff1-aes-256", "--radix", "36", "ACCOUNT7X9Q", key=K128 * 2)
        self.assertEqual(code, 1)


def sanitized():
    with open(KCIPHER, "rb") as f:
        return b"AddressSanitizer" in f.read()


class Big(unittest.TestCase):
    @unittest.skipIf(EMULATOR or sanitized(), "1 GB takes too long under emulation or sanitizers")
    def test_1gb_csv_through_pipes(self):
        """gen | kcipher tokenize | kcipher detokenize | sha256 = sha256(gen)."""
        rows = []
        for i in range(10000):
            rows.append(b'%d,%04d-%04d-%04d-%04d,"Name %d, Jr.",%d\n' % (i, i % 10000, (i * 7) % 10000,
                                                                       (i * 13) % 10000, (i * 17) % 10000, i, i * 3))
        block = b"".join(rows)
        repeat = (1 << 30) // len(block) + 1
        env = dict(os.environ, KCIPHER_KEY=K128 * 2)
        t = subprocess.Popen([KCIPHER, "tokenize", "--cipher", "ff1-aes-256", "--column", "card=card"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        d = subprocess.Popen([KCIPHER, "detokenize", "--cipher", "ff1-aes-256", "--column", "card=card"],
                             stdin=t.stdout, stdout=subprocess.PIPE, env=env)
        t.stdout.close()
        want = hashlib.sha256(b"id,card,name,amount\n")

        def feed():
            t.stdin.write(b"id,card,name,amount\n")
            for _ in range(repeat):
                t.stdin.write(block)
            t.stdin.close()
        writer = threading.Thread(target=feed)
        writer.start()
        for _ in range(repeat):
            want.update(block)
        got, n = hashlib.sha256(), 0
        for chunk in iter(lambda: d.stdout.read(1 << 20), b""):
            got.update(chunk)
            n += len(chunk)
        writer.join()
        self.assertEqual((t.wait(), d.wait()), (0, 0))
        self.assertGreater(n, 1 << 30)
        self.assertEqual(got.hexdigest(), want.hexdigest())


if __name__ == "__main__":
    unittest.main()
