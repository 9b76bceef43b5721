# SPDX-License-Identifier: MIT
"""The formats of issue 24 through the CLI: `kcipher formats`, a small
Korean customer file in UTF-8 (Visa and Amex cards, RRN, phone, e-mail,
name) tokenized and detokenized, masks without a key, the errors that name
the option that would help, and --alphabet beyond 1 KB.
Usage: test_cli_formats.py PATH_TO_KCIPHER"""
import csv
import io
import os
import subprocess
import sys
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
KEY = "000102030405060708090a0b0c0d0e0f" * 2


def run(*args, stdin=b"", key=KEY):
    env = dict(os.environ)
    env.pop("KCIPHER_KEY", None)
    if key:
        env["KCIPHER_KEY"] = key
    p = subprocess.run([*EMULATOR, KCIPHER, *args], input=stdin, capture_output=True, timeout=120, env=env)
    return p.returncode, p.stdout, p.stderr.decode()


def luhn(s):
    d = [int(c) for c in s if c.isdigit()][::-1]
    return sum(x if i % 2 == 0 else (x * 2 - 9 if x * 2 > 9 else x * 2) for i, x in enumerate(d)) % 10 == 0


CUSTOMERS = """id,name,card,amex,rrn,phone,tel,email
1,김민수,4111-1111-1111-1111,3782-822463-10005,900101-1234567,010-1234-5678,02-123-4567,minsu.kim@example.co.kr
2,이서연,4012 8888 8888 1881,3714 496353 98431,950505-2345678,010-9876-5432,031-1234-5678,SEOYEON.LEE@EXAMPLE.COM
3,박지훈,4222222222222,371449635398431,011231-3456789,01055556666,0212345678,JiHoon.Park@Example.com
4,최유진,5555555555554444,378734493671000,020202-4123456,010 2222 3333,051-987-6543,yujin_choi+shop@naver.com
5,정하늘,6011111111111117,343434343434343,880808-1987654,010-3333-4444,064-712-3456,haneul.jung@daum.net
"""
COLUMNS = ["--column", "name=kr-name", "--column", "card=card-token", "--column", "amex=card-token",
           "--column", "rrn=kr-rrn-gender", "--column", "phone=kr-tel", "--column", "tel=kr-tel",
           "--column", "email=email"]


def rows(data):
    return list(csv.DictReader(io.StringIO(data.decode("utf-8"))))


class Formats(unittest.TestCase):
    def test_formats_lists_every_name_with_its_spec(self):
        code, out, err = run("formats", key=None)
        self.assertEqual(code, 0, err)
        text = out.decode()
        for name, spec in [("card-token", "check=luhn-fail"), ("card-token-bin", "keep=6,4"), ("kr-frn", "shape=kr-frn"),
                           ("kr-passport", "shape=kr-passport"), ("kr-driver", ""), ("kr-crn", "check=crn"),
                           ("kr-account", ""), ("kr-tel", ""), ("kr-name", "alphabet=hangul"),
                           ("email", "case=preserve"), ("mask", "mask=*"), ("card", "keep=6,4")]:
            line = [l for l in text.splitlines() if l.split(" ")[0] == name]
            self.assertEqual(len(line), 1, name)
            self.assertIn(spec, line[0])
        code, out, err = run("formats", "kr-tel", key=None)
        self.assertEqual((code, len(out.decode().splitlines())), (0, 2), err)
        self.assertEqual(run("formats", "nope", key=None)[0], 2)

    def test_korean_customer_file(self):
        data = CUSTOMERS.encode()
        code, out, err = run("tokenize", "--cipher", "ff1-aes-256", *COLUMNS, "--tweak-context", stdin=data)
        self.assertEqual(code, 0, err)
        before, after = rows(data), rows(out)
        self.assertEqual(len(after), 5)
        for b, a in zip(before, after):
            self.assertEqual(a["id"], b["id"])
            for col in ("card", "amex"):
                self.assertEqual(len(a[col]), len(b[col]))
                self.assertEqual(a[col][-4:], b[col][-4:])
                self.assertTrue(luhn(b[col]) and not luhn(a[col]), (b[col], a[col]))
                self.assertEqual([c.isdigit() for c in a[col]], [c.isdigit() for c in b[col]])
            self.assertEqual(a["rrn"][:8], b["rrn"][:8])
            self.assertNotEqual(a["rrn"], b["rrn"])
            for col, area in (("phone", 3), ("tel", 3 if not b["tel"].startswith("02") else 2)):
                self.assertEqual(a[col][:area], b[col][:area])
                self.assertEqual(len(a[col]), len(b[col]))
            local_b, dom_b = b["email"].split("@")
            local_a, dom_a = a["email"].split("@")
            self.assertEqual(dom_a, dom_b)
            if local_b == local_b.lower():
                self.assertEqual(local_a, local_a.lower(), a["email"])
            if local_b == local_b.upper():
                self.assertEqual(local_a, local_a.upper(), a["email"])
            self.assertEqual(a["name"][0], b["name"][0])
            self.assertTrue(all("\uac00" <= ch <= "\ud7a3" for ch in a["name"]))
            self.assertNotEqual(a["name"], b["name"])
        code, back, err = run("detokenize", "--cipher", "ff1-aes-256", *COLUMNS, "--tweak-context", stdin=out)
        self.assertEqual((code, back), (0, data), err)

    def test_masks_need_no_key_and_cannot_be_detokenized(self):
        data = CUSTOMERS.encode()
        code, out, err = run("tokenize", "--column", "card=mask", "--column", "email=mask-email", "--column",
                             "name=mask-name", stdin=data, key=None)
        self.assertEqual(code, 0, err)
        after = rows(out)
        self.assertEqual(after[0]["card"], "****-****-****-1111")
        self.assertEqual(after[0]["email"], "m********@example.co.kr")
        self.assertEqual(after[0]["name"], "김**")
        # beside FPE columns in one run (then a key is needed)
        code, out, err = run("tokenize", "--cipher", "ff1-aes-256", "--column", "card=mask", "--column",
                             "rrn=kr-rrn", stdin=data)
        self.assertEqual(code, 0, err)
        self.assertEqual(rows(out)[1]["card"], "**** **** **** 1881")
        code, _, err = run("tokenize", "--cipher", "ff1-aes-256", "--column", "card=mask", "--column",
                           "rrn=kr-rrn", stdin=data, key=None)
        self.assertEqual(code, 2, err)
        code, out, err = run("detokenize", "--cipher", "ff1-aes-256", "--column", "card=mask", stdin=data)
        self.assertEqual((code, out), (2, b""))
        self.assertIn("masked column cannot be detokenized", err)

    def test_domain_errors_name_what_would_help(self):
        data = b"card\n3782-822463-10005\n"
        code, _, err = run("tokenize", "--cipher", "ff1-aes-256", "--column", "card=card-token-bin", stdin=data)
        self.assertEqual(code, 1)
        self.assertIn("use card-token (keeps the last 4 only)", err)
        self.assertIn("--allow-small-domain", err)
        code, out, err = run("tokenize", "--cipher", "ff1-aes-256", "--column", "card=card-token-bin",
                             "--allow-small-domain", stdin=data)
        self.assertEqual(code, 0, err)
        token = out.decode().splitlines()[1]
        self.assertTrue(token.startswith("3782-82") and token.endswith("0005") and not luhn(token), token)
        code, _, err = run("fpe", "encrypt", "--cipher", "ff1-aes-256", "--format", "card-token-bin",
                           "4111111111111111")
        self.assertEqual(code, 1)
        self.assertIn("use card-token (keeps the last 4 only)", err)
        self.assertIn("--allow-small-domain", err)
        code, _, err = run("tokenize", "--cipher", "ff1-aes-256", "--column", "n=kr-name", stdin="n\n김\n".encode())
        self.assertEqual(code, 1)
        self.assertIn("one-syllable", err)

    def test_alphabet_beyond_one_kilobyte(self):
        hangul = "".join(chr(c) for c in range(0xAC00, 0xD7A4))
        code, out, err = run("fpe", "encrypt", "--cipher", "ff1-lea-256", "--alphabet", hangul, "가나다라")
        self.assertEqual(code, 0, err)
        token = out.decode().strip()
        for spec in (["--alphabet", "hangul"], ["--alphabet", "U+AC00-U+D7A3"]):
            code, out2, err = run("fpe", "encrypt", "--cipher", "ff1-lea-256", *spec, "가나다라")
            self.assertEqual((code, out2.decode().strip()), (0, token), err)
        code, back, err = run("fpe", "decrypt", "--cipher", "ff1-lea-256", "--alphabet", hangul, token)
        self.assertEqual((code, back.decode().strip()), (0, "가나다라"), err)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=1)
