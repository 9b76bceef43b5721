# SPDX-License-Identifier: MIT
"""Spark local[2]: a million rows tokenized and detokenized, equal to the
CLI's output row for row, nulls kept, a bad value reported with its row."""
import csv
import os
import subprocess
import sys

import pytest

pyspark = pytest.importorskip("pyspark")
pa = pytest.importorskip("pyarrow")

import kcipher                      # noqa: E402
import kcipher.spark               # noqa: E402

ROWS = int(os.environ.get("KCIPHER_SPARK_ROWS", "1000000"))
CIPHER = "ff1-aes-256"
COLUMNS = {"card": "card", "rrn": "kr-rrn"}
KEY = os.urandom(32)


@pytest.fixture(scope="session")
def spark():
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ["KCIPHER_TEST_KEY"] = KEY.hex()           # the workers inherit it
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"            # loopback only
    from pyspark.sql import SparkSession
    s = (SparkSession.builder.master("local[2]").appName("kcipher-test")
         .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
         .config("spark.driver.host", "127.0.0.1")
         .config("spark.driver.bindAddress", "127.0.0.1")
         .config("spark.sql.shuffle.partitions", "2")
         .config("spark.sql.execution.arrow.pyspark.enabled", "true")
         .config("spark.driver.memory", "2g")
         .getOrCreate())
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


@pytest.fixture(scope="session")
def data(tmp_path_factory):
    """A CSV of ROWS customers (about 1% of each column empty) and a key file (hex)."""
    import numpy as np
    d = tmp_path_factory.mktemp("spark")
    rng = np.random.default_rng(7)
    key = d / "token.key"
    key.write_text(KEY.hex() + "\n")
    key.chmod(0o600)
    cards = rng.integers(10 ** 15, 10 ** 16, ROWS).astype(str)
    rrns = rng.integers(10 ** 12, 10 ** 13, ROWS).astype(str)
    dash = rng.random(ROWS) < 0.5
    empty_card, empty_rrn = rng.random(ROWS) < 0.01, rng.random(ROWS) < 0.01
    path = d / "customers.csv"
    with open(path, "w", newline="") as f:
        f.write("id,card,rrn\n")
        for i in range(ROWS):
            c = cards[i]
            if dash[i]:
                c = "%s-%s-%s-%s" % (c[:4], c[4:8], c[8:12], c[12:])
            r = rrns[i]
            f.write("%d,%s,%s-%s\n" % (i, "" if empty_card[i] else c, "" if empty_rrn[i] else r[:6], r[6:])
                    if not empty_rrn[i] else "%d,%s,\n" % (i, "" if empty_card[i] else c))
    return path, key


def _cli(cli, command, key, src, dst):
    args = [cli, command, "--cipher", CIPHER, "--key-file", str(key), "--tweak-context"]
    for name, fmt in COLUMNS.items():
        args += ["--column", "%s=%s" % (name, fmt)]
    with open(src, "rb") as i, open(dst, "wb") as o:
        subprocess.run(args, stdin=i, stdout=o, check=True)


def _read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[1:]


def _collect(df, nulls=""):
    """[id, card, rrn] rows ordered by id, as the CSV reader gives them
    (nulls as ``nulls``)."""
    t = df.toArrow() if hasattr(df, "toArrow") else pa.Table.from_pandas(df.toPandas())
    t = t.sort_by("id")
    ids = t.column("id").cast(pa.string()).to_pylist()
    cols = [t.column(c).fill_null(nulls).to_pylist() if nulls is not None else t.column(c).to_pylist()
            for c in ("card", "rrn")]
    return [list(r) for r in zip(ids, *cols)]


def test_million_rows_equal_to_cli(spark, data, cli, tmp_path):
    path, key = data
    cli_out = tmp_path / "tokens.csv"
    _cli(cli, "tokenize", key, path, cli_out)
    expected = _read_csv(cli_out)
    original = _read_csv(path)
    assert len(expected) == ROWS

    df = spark.read.csv(str(path), header=True, schema="id long, card string, rrn string")
    tok = kcipher.spark.tokenize(df, COLUMNS, cipher=CIPHER, key_file=str(key), tweak_context=True)
    assert key.read_text().strip() not in tok._jdf.queryExecution().toString()   # no key in the plan
    got = _collect(tok, nulls=None)
    assert len(got) == ROWS
    assert [[i, c or "", r or ""] for i, c, r in got] == expected
    nulls = [r for r in original if not r[1]]
    assert nulls and all(got[int(r[0])][1] is None for r in nulls)    # nulls stay null

    # Spark detokenizes the CLI's tokens back to the original.
    tokens = spark.read.csv(str(cli_out), header=True, schema="id long, card string, rrn string")
    back = kcipher.spark.detokenize(tokens, COLUMNS, cipher=CIPHER, key_file=str(key), tweak_context=True)
    assert _collect(back) == original


def test_key_from_environment_and_tweak_column(spark, data):
    path, key = data
    rows = [(1, "4111-1111-1111-1111", "k1"), (2, "4111-1111-1111-1111", "k2"), (3, None, "k3")]
    df = spark.createDataFrame(rows, "id long, card string, ctx string")
    out = kcipher.spark.tokenize(df, {"card": "card"}, cipher=CIPHER, key_env="KCIPHER_TEST_KEY",
                                 tweak_column="ctx").orderBy("id").collect()
    t = kcipher.Tokenizer(CIPHER, key=kcipher.load_key(file=str(key)), format="card")
    assert [r.card for r in out] == [t.encrypt(rows[0][1], "k1"), t.encrypt(rows[1][1], "k2"), None]
    assert out[0].card != out[1].card


def test_bad_value_names_its_row(spark, data):
    _, key = data
    rows = [(i, "4111-1111-1111-%04d" % i) for i in range(100)]
    rows[57] = (57, "4111-1111-11x1-0057")
    df = spark.createDataFrame(rows, "id long, card string").coalesce(1)
    with pytest.raises(Exception) as e:
        kcipher.spark.tokenize(df, {"card": "card"}, cipher=CIPHER, key_file=str(key),
                               id_column="id").collect()
    msg = str(e.value)
    assert "FormatError" in msg and "card: partition 0, row 57 (0-based) (id=57): character 13 (1-based)" in msg, msg
    nulled_df = kcipher.spark.tokenize(df, {"card": "card"}, cipher=CIPHER, key_file=str(key), on_error="null")
    nulled = sorted(nulled_df.collect(), key=lambda r: r.id)
    assert nulled[57].card is None and nulled[56].card is not None
    assert nulled_df.kcipher_on_error.value == 1          # counted on the driver, not silent
    kept = kcipher.spark.tokenize(df, {"card": "card"}, cipher=CIPHER, key_file=str(key),
                                  on_error="keep").orderBy("id").collect()
    assert kept[57].card == rows[57][1]


def test_driver_checks(spark, data):
    _, key = data
    df = spark.createDataFrame([(1, "x")], "id long, card string")
    with pytest.raises(kcipher.FormatSpecError):
        kcipher.spark.tokenize(df, {"card": "no-such-format"}, key_file=str(key))
    with pytest.raises(kcipher.UnknownCipherError):
        kcipher.spark.tokenize(df, {"card": "card"}, cipher="ff1-nope-128", key_file=str(key))
    with pytest.raises(TypeError):
        kcipher.spark.tokenize(df, {"id": "digits"}, key_file=str(key))
    with pytest.raises(TypeError):
        kcipher.spark.tokenize(df, {"card": "card"})


def test_fails_before_the_job(spark, data, tmp_path):
    """A missing key file, and executors whose Python has no kcipher, fail on
    the driver before the job, saying what to set (issue 22)."""
    _, key = data
    df = spark.createDataFrame([(1, "4111-1111-1111-1111", "a")], "id long, card string, ctx string")
    with pytest.raises(FileNotFoundError, match="key_file .*missing.key.* on an executor"):
        kcipher.spark.tokenize(df, {"card": "card"}, key_file=str(tmp_path / "missing.key"))
    with pytest.raises(kcipher.KeyLengthError, match="environment variable KCIPHER_NO_SUCH_KEY"):
        kcipher.spark.tokenize(df, {"card": "card"}, key_env="KCIPHER_NO_SUCH_KEY")
    with pytest.raises(ValueError, match="tweak_column 'card' is also one of the tokenized"):
        kcipher.spark.tokenize(df, {"card": "card"}, key_file=str(key), tweak_column="card")
    bare = "/usr/bin/python3"               # the system Python: no kcipher there
    if not os.access(bare, os.X_OK) or subprocess.run([bare, "-c", "import kcipher"],
                                                      capture_output=True).returncode == 0:
        pytest.skip("no Python without kcipher at /usr/bin/python3")
    sc = spark.sparkContext
    saved, sc.pythonExec = sc.pythonExec, bare
    try:
        with pytest.raises(RuntimeError, match="PYSPARK_PYTHON") as e:
            kcipher.spark.tokenize(df, {"card": "card"}, key_file=str(key))
        assert "cannot import kcipher" in str(e.value), str(e.value)
    finally:
        sc.pythonExec = saved


def test_missing_tweak_names_its_row(spark, data):
    _, key = data
    rows = [(0, "4111-1111-1111-1111", "a"), (1, "4111-1111-1111-1111", ""), (2, "", None)]
    df = spark.createDataFrame(rows, "id long, card string, ctx string").coalesce(1)
    with pytest.raises(Exception) as e:
        kcipher.spark.tokenize(df, {"card": "card"}, key_file=str(key), tweak_column="ctx").collect()
    assert "card: partition 0, row 1 (0-based): tweak_column 'ctx' is null or empty" in str(e.value)


def test_key_name_from_keyring(spark, tmp_path):
    ring = str(tmp_path / "ring")
    kr = kcipher.Keyring(ring)
    kr.new("sp", CIPHER)
    rows = [(1, "4111-1111-1111-1111"), (2, None)]
    df = spark.createDataFrame(rows, "id long, card string")
    tok = kcipher.spark.tokenize(df, {"card": "card"}, cipher=CIPHER, key_name="sp", keyring=ring)
    kr.rotate("sp")                                    # after planning: the job keeps sp@1
    out = [r.card for r in tok.orderBy("id").collect()]
    with kcipher.Tokenizer(CIPHER, key_name="sp@1", keyring=ring, format="card") as t:
        assert out == [t.encrypt(rows[0][1]), None]
    back = kcipher.spark.detokenize(tok, {"card": "card"}, cipher=CIPHER, key_name="sp@1", keyring=ring)
    assert [r.card for r in back.orderBy("id").collect()] == [rows[0][1], None]
    with pytest.raises(kcipher.KcvError):
        kcipher.spark.tokenize(df, {"card": "card"}, cipher=CIPHER, key_name="sp", keyring=ring,
                               expect_kcv="000000").collect()


def test_retokenize_equal_to_cli(spark, tmp_path, cli):
    """Issue 24 item 5: kcipher.spark.retokenize turns cards@1's tokens into cards@2's, row for row as
    `kcipher retokenize`; nulls and '' kept."""
    ring = str(tmp_path / "ring")
    kr = kcipher.Keyring(ring)
    kr.new("rt", CIPHER)
    rows = [(i, "4%015d" % (i * 7919 + 13)) for i in range(500)] + [(500, None), (501, "")]
    df = spark.createDataFrame(rows, "id long, card string").repartition(2)
    t1 = kcipher.spark.tokenize(df, {"card": "card"}, cipher=CIPHER, key_name="rt", keyring=ring)
    kr.rotate("rt")                                    # t1 stays pinned to rt@1
    re = kcipher.spark.retokenize(t1, {"card": "card"}, cipher=CIPHER, from_key_name="rt@1", to_key_name="rt",
                                  keyring=ring)
    got = {r.id: r.card for r in re.collect()}
    old = {r.id: r.card for r in t1.collect()}
    csv_in = "id,card\n" + "".join("%d,%s\n" % (i, old[i]) for i in sorted(old) if old[i])
    r = subprocess.run([cli, "retokenize", "--keyring", ring, "--from", "rt@1", "--to", "rt@2", "--column", "card=card"],
                       input=csv_in.encode(), capture_output=True)
    assert r.returncode == 0, r.stderr
    want = {int(line.split(",")[0]): line.split(",")[1] for line in r.stdout.decode().splitlines()[1:]}
    assert {i: v for i, v in got.items() if v} == want and len(want) == 500
    assert got[500] is None and got[501] == ""
    with pytest.raises(TypeError):
        kcipher.spark.retokenize(t1, {"card": "card"}, cipher=CIPHER, from_key_name="rt@1", keyring=ring)


def test_embedded_key_version(spark, tmp_path):
    """Issue 24 item 4: a keyring key sets the version embed-version= writes; detokenize with key_name
    "NAME" opens each row under the version its token embeds (a mixed frame after a rotation), and
    retokenize's from_key_name "NAME" too; "NAME@V" opens only its own version's tokens."""
    ring = str(tmp_path / "ring")
    kr = kcipher.Keyring(ring)
    kr.new("ev", CIPHER)
    fmt = "card;embed-version=alnum"
    rows = [(i, "4%015d" % (i * 7919 + 13)) for i in range(40)] + [(40, None), (41, "")]
    df = spark.createDataFrame(rows, "id long, card string").repartition(2)
    t1 = {r.id: r.card for r in kcipher.spark.tokenize(df, {"card": fmt}, cipher=CIPHER, key_name="ev",
                                                       keyring=ring).collect()}
    kr.rotate("ev")
    t2 = {r.id: r.card for r in kcipher.spark.tokenize(df, {"card": fmt}, cipher=CIPHER, key_name="ev",
                                                       keyring=ring).collect()}
    probe = kcipher.Tokenizer(CIPHER, format=fmt, key_name="ev", keyring=ring)
    assert {probe.token_version(t1[i]) for i in range(40)} == {1} and {probe.token_version(t2[i]) for i in range(40)} == {2}
    mixed = spark.createDataFrame([(i, t1[i] if i % 2 else t2[i]) for i in range(42)], "id long, card string")
    back = {r.id: r.card for r in kcipher.spark.detokenize(mixed.repartition(2), {"card": fmt}, cipher=CIPHER,
                                                           key_name="ev", keyring=ring).collect()}
    assert back == dict(rows)
    with pytest.raises(Exception, match="another key version"):
        kcipher.spark.detokenize(mixed, {"card": fmt}, cipher=CIPHER, key_name="ev@2", keyring=ring).collect()
    kr.rotate("ev")
    re = kcipher.spark.retokenize(mixed, {"card": fmt}, cipher=CIPHER, from_key_name="ev", to_key_name="ev",
                                  keyring=ring)
    got = {r.id: r.card for r in re.collect()}
    assert {probe.token_version(got[i]) for i in range(40)} == {3}
    assert {r.id: r.card for r in kcipher.spark.detokenize(re, {"card": fmt}, cipher=CIPHER, key_name="ev@3",
                                                           keyring=ring).collect()} == dict(rows)
