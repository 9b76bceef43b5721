# SPDX-License-Identifier: MIT
"""The kcipher CLI's input and output: write errors, line modes, partial output,
digit lists, same-file detection, messages.  Usage: test_cli_io.py PATH_TO_KCIPHER"""
import os
import resource
import signal
import subprocess
import sys
import tempfile
import unittest

KCIPHER = os.environ.get("KCIPHER") or (sys.argv.pop(1) if len(sys.argv) > 1 else "kcipher")
EMULATOR = os.environ.get("KCIPHER_EMULATOR", "").split()
K128 = "000102030405060708090a0b0c0d0e0f"
FEA = ["encrypt", "--cipher", "fea1-128", "--key", K128, "--bits", "64", "--tweak", "f0e1d2c3b4a59687"]
FPE = ["fpe", "encrypt", "--cipher", "fea2-128", "--key", K128]
AES = ["encrypt", "--cipher", "aes-128", "--key", K128]


def run(*args, stdin=b"", **kw):
    """(exit status, stdout, stderr); stdin is bytes or an open file."""
    if isinstance(stdin, bytes):
        kw["input"] = stdin
    else:
        kw["stdin"] = stdin
    kw.setdefault("stdout", subprocess.PIPE)
    p = subprocess.run([*EMULATOR, KCIPHER, *args], stderr=subprocess.PIPE, timeout=120, **kw)
    return p.returncode, p.stdout or b"", p.stderr.decode()


class WriteErrors(unittest.TestCase):
    def check(self, code, err):
        self.assertEqual(code, 1, err)
        self.assertIn("writing output", err)

    def test_dev_full(self):
        with open("/dev/full", "wb") as full:
            self.check(*run(*AES, "--hex", "00" * 16, stdout=full)[::2])
            self.check(*run(*AES, stdin=os.urandom(4096), stdout=full)[::2])
            self.check(*run(*FEA, stdin=b"1\n" * 10, stdout=full)[::2])
            self.check(*run(*FPE, stdin=b"1234567\n" * 10, stdout=full)[::2])

    def test_closed_stdout(self):
        self.check(*run(*AES, "--hex", "00" * 16, stdout=None, preexec_fn=lambda: os.close(1))[::2])
        self.check(*run(*FPE, "1234567", stdout=None, preexec_fn=lambda: os.close(1))[::2])

    def test_file_size_limit(self):
        def limit():
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # write() then fails with EFBIG
            resource.setrlimit(resource.RLIMIT_FSIZE, (20, 20))
        with tempfile.TemporaryFile() as f:
            self.check(*run(*AES, "--hex", "00" * 16, stdout=f, preexec_fn=limit)[::2])
        with tempfile.TemporaryFile() as f:
            self.check(*run(*AES, stdin=os.urandom(100_000), stdout=f, preexec_fn=limit)[::2])


class OutOfMemory(unittest.TestCase):
    def test_allocation_failures_are_reported(self):
        """Address-space limits from where the loader fails to where all succeeds: in between, each
        failed allocation must say "out of memory" (exit 1), never run on with a NULL buffer."""
        if EMULATOR:
            self.skipTest("the emulator needs its own address space")
        streams = ([*AES, "--mode", "ctr", "--iv", "00" * 16],
                   ["encrypt", "--cipher", "tinyjambu-128", "--key", K128, "--nonce", "00" * 12])
        def limited(mb):
            lim = int(mb * 2 ** 20)
            return lambda: resource.setrlimit(resource.RLIMIT_AS, (lim, lim))
        if run(*streams[0], stdin=b"x" * 100, preexec_fn=limited(64))[0] != 0:
            self.skipTest("does not run in 64 MiB of address space (sanitizer build)")
        for args in streams:
            failures = 0
            for mb in (x / 4 for x in range(4, 64)):
                if run("version", preexec_fn=limited(mb))[0] != 0:
                    continue     # the program cannot even start (loader, or an executable above the limit)
                code, _, err = run(*args, stdin=b"x" * 100, preexec_fn=limited(mb))
                if code != 0:
                    failures += 1
                    self.assertEqual(code, 1, (mb, err))
                    self.assertIn("out of memory", err, mb)
            self.assertGreater(failures, 0, args)


class LineModes(unittest.TestCase):
    GOOD = b"9e3779b97f4a7c15"
    GOOD_OUT = b"c474da880aa0b0d5\n"

    def test_fea_one_line_out_per_line_in(self):
        self.assertEqual(run(*FEA, stdin=self.GOOD + b"\r\n" + self.GOOD)[:2], (0, self.GOOD_OUT * 2))
        long = b"0" * 300 + self.GOOD                      # leading zeros: still one value
        self.assertEqual(run(*FEA, stdin=long + b"\n")[:2], (0, self.GOOD_OUT))

    def test_fea_bad_lines_name_the_line(self):
        for bad in (b" " + self.GOOD, self.GOOD + b" 1", self.GOOD[:4] + b"\0" + self.GOOD[4:], b"",
                    b"\t", self.GOOD + b"\r\r", b"1" * 17):
            code, out, err = run(*FEA, stdin=self.GOOD + b"\n" + self.GOOD + b"\n" + bad + b"\n" + self.GOOD + b"\n")
            self.assertEqual((code, out), (1, self.GOOD_OUT * 2), bad)
            self.assertIn("line 3", err, bad)

    def test_fpe_one_line_out_per_line_in(self):
        code, out, _ = run(*FPE, stdin=b"1234567\r\n1234567")
        self.assertEqual(code, 0)
        self.assertEqual(out.count(b"\n"), 2)
        self.assertEqual(out.split(b"\n")[0], out.split(b"\n")[1])

    def test_fpe_bad_lines_name_the_line(self):
        for bad in (b" 1234567", b"1234567 8", b"123\x004567", b"", b"1234567x"):
            code, out, err = run(*FPE, stdin=b"1234567\n7654321\n" + bad + b"\n1234567\n")
            self.assertEqual(code, 1, bad)
            self.assertEqual(out.count(b"\n"), 2, bad)
            self.assertIn("line 3", err, bad)

    def test_directory_as_stdin(self):
        for args in (FEA, FPE, AES):
            d = os.open(os.path.dirname(os.path.abspath(__file__)), os.O_RDONLY)
            try:
                code, out, err = run(*args, stdin=d)
            finally:
                os.close(d)
            self.assertEqual((code, out), (1, b""), args)
            self.assertIn("reading input", err)


class PartialOutput(unittest.TestCase):
    def test_fpe_writes_the_rows_before_a_bad_line(self):
        for good in (10, 5000):                            # within one batch, and past the first
            lines = b"".join(b"%07d\n" % i for i in range(good))
            code, out, err = run(*FPE, stdin=lines + b"12x4567\n" + lines)
            self.assertEqual(code, 1)
            self.assertIn(f"line {good + 1}", err)
            self.assertEqual(out, run(*FPE, stdin=lines)[1])

    def test_fpe_domain_error_after_good_rows(self):
        code, out, err = run(*FPE, stdin=b"1234567\n12\n")
        self.assertEqual((code, out.count(b"\n")), (1, 1))      # a value's length: data, exit 1
        self.assertIn("line 2", err)


class DigitLists(unittest.TestCase):
    def test_strict_comma_separated_decimal(self):
        args = [*FPE, "--radix", "60000"]
        self.assertEqual(run(*args, "1,59999,30000")[0], 0)
        for bad in ("1,2,", "+1,2,3", " 1,2,3", "1, 2,3", "1,-0,3", "1,,3", ",1,2,3", "1,2,3 ",
                    "1,2,60000", "1,2,0x3", "1;2;3"):
            code, out, err = run(*args, bad)
            self.assertEqual((code, out), (1, b""), bad)
            self.assertIn("digits", err, bad)


class SameFile(unittest.TestCase):
    def test_input_is_output(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "f")
            data = os.urandom(64)
            with open(path, "wb") as f:
                f.write(data)
            for args in (AES, FPE):
                with open(path, "rb") as fin, open(path, "ab") as fout:
                    code, _, err = run(*args, stdin=fin, stdout=fout)
                self.assertEqual(code, 2, args)
                self.assertIn("same file", err)
                with open(path, "rb") as f:
                    self.assertEqual(f.read(), data)


class Messages(unittest.TestCase):
    def test_no_arguments(self):
        code, out, err = run()
        self.assertEqual((code, out), (2, b""))
        self.assertEqual(err, "kcipher: no command given; try 'kcipher --help'\n")

    def test_help(self):
        code, out, err = run("--help")
        self.assertEqual((code, err), (0, ""))
        self.assertIn(b"usage: kcipher", out)
        self.assertIn(b"--key-file", out)

    def test_small_domain_names_the_cli_flag(self):
        code, _, err = run(*FPE, "123")
        self.assertEqual(code, 1)
        self.assertIn("--allow-small-domain", err)
        self.assertNotIn("KC_FPE", err)

    def test_hex_data_that_is_not_hex_is_data_error(self):
        for data in ("zz", "0", "00 11"):
            code, out, err = run(*AES, "--hex", data)
            self.assertEqual((code, out), (1, b""), data)
            self.assertIn("--hex", err)

    def test_fea_block_outside_domain_is_data_error(self):
        self.assertEqual(run(*FEA[:6], "9", "--hex", "200")[0], 1)
        first = run(*FEA[:6], "9", "--hex", "ff")[1]
        self.assertEqual(run(*FEA[:6], "9", stdin=b"ff\n200\n")[:2], (1, first))


if __name__ == "__main__":
    result = unittest.main(exit=False, verbosity=1).result
    failed = len(result.failures) + len(result.errors)
    print(f"test_cli_io: {result.testsRun - failed} passed, {failed} failed")
    sys.exit(1 if failed or result.testsRun == 0 else 0)
