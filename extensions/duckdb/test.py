#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The DuckDB extension in the duckdb Python package: LOAD, ROWS card numbers
tokenized and detokenized (all rows back to the original, nulls kept), all
of them compared one by one with `kcipher tokenize` on the same CSV, another
cipher/format/tweak against the CLI, and the errors."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import duckdb

failures = 0


def check(ok, what):
    global failures
    print(("ok: " if ok else "FAILED: ") + what, flush=True)
    failures += not ok


def expect_error(con, sql, *needles):
    try:
        con.execute(sql).fetchall()
    except duckdb.Error as e:
        msg = str(e)
        check(all(n in msg for n in needles), f"error {needles}: {msg}")
        return
    check(False, f"no error from {sql}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--extension", required=True)
    ap.add_argument("--cli", required=True, help="the kcipher CLI")
    ap.add_argument("--rows", type=int, default=10_000_000)
    ap.add_argument("--cli-step", type=int, default=1, help="compare one row in N with the CLI")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="kcipher-duckdb.")
    k256, k128, sample_in, sample_out = (os.path.join(tmp, n) for n in ("k256", "k128", "in.csv", "out.csv"))
    with open(k256, "wb") as f:
        f.write(os.urandom(32))                       # raw
    with open(k128, "w") as f:
        f.write(os.urandom(16).hex() + "\n")          # hex
    os.chmod(k256, 0o600)
    os.chmod(k128, 0o600)

    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{a.extension}'")
    con.execute("SET preserve_insertion_order = true")
    t0 = time.time()
    con.execute(f"""CREATE TABLE cards AS
        SELECT i AS id, CASE WHEN i % 97 = 0 THEN NULL
                             WHEN i % 3 = 0 THEN concat_ws('-', d[1:4], d[5:8], d[9:12], d[13:16])
                             ELSE d END AS card
        FROM (SELECT i, lpad(((i * 2654435761 + 12345) % 10000000000000000)::VARCHAR, 16, '0') AS d
              FROM range({a.rows}) r(i))""")
    con.execute(f"CREATE TABLE tok AS SELECT id, kc_tokenize(card, 'card', '{k256}') AS card FROM cards")
    t1 = time.time()
    n, diff, nulls, same = con.execute(f"""
        SELECT count(*), count(*) FILTER (WHERE kc_detokenize(k.card, 'card', '{k256}') IS DISTINCT FROM c.card),
               count(*) FILTER (WHERE k.card IS NULL), count(*) FILTER (WHERE k.card = c.card)
        FROM cards c JOIN tok k USING (id)""").fetchone()
    t2 = time.time()
    print(f"tokenize {a.rows} rows: {t1 - t0:.1f} s; detokenize and compare: {t2 - t1:.1f} s")
    want_nulls = (a.rows - 1) // 97 + 1
    check(n == a.rows and diff == 0, f"{n} rows tokenized and detokenized to the original ({diff} differ)")
    check(nulls == want_nulls, f"nulls kept: {nulls} of {want_nulls}")
    check(same < a.rows // 100, f"tokens differ from the values ({same} equal)")

    # Every row (or one in --cli-step), against the CLI on the same CSV.
    step = a.cli_step
    con.execute(f"COPY (SELECT id, card FROM cards WHERE id % {step} = 0 ORDER BY id) TO '{sample_in}' (HEADER)")
    with open(sample_in, "rb") as fi, open(sample_out, "wb") as fo:
        subprocess.run([a.cli, "tokenize", "--cipher", "ff1-aes-256", "--key-file", k256, "--column", "card=card"],
                       stdin=fi, stdout=fo, check=True)
    m, diff = con.execute(f"""
        SELECT count(*), count(*) FILTER (WHERE k.card IS DISTINCT FROM c.card)
        FROM read_csv('{sample_out}', header = true, all_varchar = true) c JOIN tok k ON k.id = c.id::BIGINT""").fetchone()
    want = (a.rows - 1) // step + 1
    check(m == want and diff == 0, f"{m} rows equal to `kcipher tokenize` ({diff} differ, {want} expected)")
    print(f"against the CLI: {time.time() - t2:.1f} s")

    # Another cipher, format and key, with a tweak: the CLI's --tweak-context.
    con.execute("""CREATE TABLE rrns AS SELECT i AS id,
        lpad((800101 + i % 28)::VARCHAR, 6, '0') || '-' || lpad(((i * 7919) % 10000000)::VARCHAR, 7, '0') AS rrn
        FROM range(1, 5001) r(i)""")
    con.execute(f"COPY (SELECT id, rrn FROM rrns ORDER BY id) TO '{sample_in}' (HEADER)")
    with open(sample_in, "rb") as fi, open(sample_out, "wb") as fo:
        subprocess.run([a.cli, "tokenize", "--cipher", "fea2-128", "--key-file", k128, "--column", "rrn=kr-rrn",
                        "--tweak-context"], stdin=fi, stdout=fo, check=True)
    m, diff, back = con.execute(f"""
        SELECT count(*), count(*) FILTER (WHERE kc_tokenize(r.rrn, 'kr-rrn', '{k128}', 'fea2-128', 'rrn') IS DISTINCT FROM c.rrn),
               count(*) FILTER (WHERE kc_detokenize(c.rrn, 'kr-rrn', '{k128}', 'fea2-128', 'rrn') IS DISTINCT FROM r.rrn)
        FROM read_csv('{sample_out}', header = true, all_varchar = true) c JOIN rrns r ON r.id = c.id::BIGINT""").fetchone()
    check(m == 5000 and diff == 0 and back == 0, f"fea2-128 kr-rrn with a tweak: {m} rows, {diff} differ from the CLI, "
          f"{back} do not detokenize")
    # Parameters varying inside one vector: each run of rows has its own key.
    r = con.execute(f"""SELECT count(*) FILTER (WHERE x IS DISTINCT FROM CASE WHEN i % 2 = 0 THEN y256 ELSE y128 END),
                               count(*) FILTER (WHERE y256 = y128)
        FROM (SELECT i, kc_tokenize(v, 'digits', CASE WHEN i % 2 = 0 THEN '{k256}' ELSE '{k128}' END) AS x,
                     kc_tokenize(v, 'digits', '{k256}') AS y256, kc_tokenize(v, 'digits', '{k128}') AS y128
              FROM (SELECT i, lpad(i::VARCHAR, 8, '0') AS v FROM range(4000) r(i)))""").fetchone()
    check(r[0] == 0 and r[1] < 10, f"keys varying row by row: {r[0]} of 4000 wrong, {r[1]} equal under both keys")
    one = con.execute(f"SELECT kc_tokenize('12345678', 'digits', '{k256}'), kc_tokenize('12345678', 'digits', '{k128}')").fetchone()
    check(one[0] != one[1], "two keys give two tokens")

    # Nulls and errors.
    check(con.execute(f"SELECT kc_tokenize(NULL, 'card', '{k256}'), kc_tokenize('4111111111111111', 'card', NULL)")
          .fetchone() == (None, None), "a null value or parameter gives null")
    expect_error(con, f"SELECT kc_tokenize('4111-1111-11x1-1111', 'card', '{k256}')", "does not fit", "at character 13")
    expect_error(con, f"SELECT kc_tokenize('4111111111111111', 'card', '{tmp}/nokey')", "nokey", "No such file")
    expect_error(con, f"SELECT kc_tokenize('4111111111111111', 'card', '{k256}', 'no-such-cipher')", "no-such-cipher")
    expect_error(con, f"SELECT kc_tokenize('4111111111111111', 'no-such-format', '{k256}')", "no-such-format")
    # Empty stays empty (issue 22); a null stays null; in a column too.
    formats = ["digits", "alnum", "hex", "card", "card-luhn", "kr-rrn", "kr-phone", "kr-brn", "email"]
    got = [con.execute(f"SELECT kc_tokenize('', '{f}', '{k256}'), kc_detokenize('', '{f}', '{k256}'), "
                       f"kc_tokenize('', '{f}', '{k128}', 'fea2-128', 'ctx')").fetchone() for f in formats]
    check(all(g == ("", "", "") for g in got), f"'' gives '' in every named format: {got}")
    col = con.execute(f"SELECT kc_tokenize(v, 'card', '{k256}') FROM (VALUES (1, ''), (2, NULL), (3, '4111111111111111'), "
                      f"(4, '')) t(i, v) ORDER BY i").fetchall()
    check(col[0] == ("",) and col[1] == (None,) and col[3] == ("",) and len(col[2][0]) == 16,
          f"a column of '', NULL and a card: {col}")
    # A character in two roles (issue 22): refused, the character and its roles named.
    expect_error(con, f"SELECT kc_tokenize('abcdefgh@x.kr', 'alphabet=alnum;stop=a', '{k256}')",
                 "'a'", "alphabet and stop", "only one of alphabet, pass and stop")
    expect_error(con, f"SELECT kc_tokenize('ab@x', 'alphabet=abcdefgh@;stop=@', '{k256}')", "'@'", "alphabet and stop")
    expect_error(con, f"SELECT kc_tokenize('3782 822463 10005', 'card', '{k256}')", "below 10^6", "small-domain option")
    expect_error(con, f"SELECT kc_tokenize(v, 'digits', '{k256}') FROM (VALUES ('12345678'), (''), ('1234x678')) t(v)",
                 "at character 5")

    # A keyring's versions (keyring:DIR/NAME[@V]): the CLI's tokens under cards@1 and cards@2 (active).
    ring = os.path.join(tmp, "ring")
    def cli(*args, **kw):
        return subprocess.run([a.cli, *args], check=True, **kw)
    cli("key", "new", "cards", "--cipher", "ff1-aes-256", "--keyring", ring, capture_output=True)
    clear = "".join(f"{i},4{(i * 7919 + 13):015d}\n" for i in range(1, 51))
    def cli_tokens(ref):
        out = cli("tokenize", "--cipher", "ff1-aes-256", "--keyring", ring, "--key-name", ref, "--column", "card=card",
                  input=("id,card\n" + clear).encode(), capture_output=True).stdout.decode()
        return [line.split(",")[1] for line in out.splitlines()[1:]]
    v1 = cli_tokens("cards@1")
    cli("key", "rotate", "cards", "--keyring", ring, capture_output=True)
    v2 = cli_tokens("cards@2")
    vals = [line.split(",")[1] for line in clear.splitlines()]
    got1 = [r[0] for r in con.execute(f"SELECT kc_tokenize(v, 'card', 'keyring:{ring}/cards@1') FROM unnest(?) t(v)",
                                      [vals]).fetchall()]
    got2 = [r[0] for r in con.execute(f"SELECT kc_tokenize(v, 'card', 'keyring:{ring}/cards') FROM unnest(?) t(v)",
                                      [vals]).fetchall()]
    back = [r[0] for r in con.execute(f"SELECT kc_detokenize(v, 'card', 'keyring:{ring}/cards@2') FROM unnest(?) t(v)",
                                      [v2]).fetchall()]
    check(got1 == v1 and got2 == v2 and back == vals and v1 != v2,
          "keyring versions: cards@1 and the active cards (@2) as the CLI, detokenized back")
    # kc_retokenize (issue 24 item 5): cards@1's tokens become cards@2's, as `kcipher retokenize` makes them;
    # nulls and '' kept; a token that does not fit names the failing side.
    re = [r[0] for r in con.execute(f"SELECT kc_retokenize(v, 'card', 'keyring:{ring}/cards@1', 'keyring:{ring}/cards') "
                                    "FROM unnest(?) t(v)", [v1 + [None, ""]]).fetchall()]
    out = cli("retokenize", "--keyring", ring, "--from", "cards@1", "--to", "cards@2", "--column", "card=card",
              input=("id,card\n" + "".join(f"{i},{t}\n" for i, t in enumerate(v1))).encode(),
              capture_output=True).stdout.decode()
    check(re == v2 + [None, ""] and [line.split(",")[1] for line in out.splitlines()[1:]] == v2,
          "kc_retokenize cards@1 -> cards@2 equals tokenize@2 and the CLI's retokenize")
    tw = con.execute(f"SELECT kc_retokenize(kc_tokenize('4111111111111111', 'card', '{k256}', '', 'ctx'), 'card', "
                     f"'{k256}', 'keyring:{ring}/cards@2', '', 'ctx') = "
                     f"kc_tokenize('4111111111111111', 'card', 'keyring:{ring}/cards@2', '', 'ctx')").fetchone()
    check(tw == (True,), "kc_retokenize from a key file to a keyring version, with a tweak")
    expect_error(con, f"SELECT kc_retokenize('4111-1111-11x1-1111', 'card', 'keyring:{ring}/cards@1', "
                 f"'keyring:{ring}/cards')", "kc_retokenize (from_key)", "at character 13")
    cli("key", "retire", "cards@1", "--keyring", ring, capture_output=True)
    expect_error(con, f"SELECT kc_tokenize('4111111111111111', 'card', 'keyring:{ring}/cards@1')", "cards@1")
    expect_error(con, f"SELECT kc_tokenize('4111111111111111', 'card', 'keyring:cards')", "keyring:DIR/NAME")
    shutil.rmtree(tmp)
    print(f"duckdb: {'all passed' if not failures else f'{failures} failed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
