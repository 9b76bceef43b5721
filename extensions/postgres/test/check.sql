-- SPDX-License-Identifier: MIT
-- Checks after setup.sql, with cards_cli / rrns_cli loaded from the CLI's
-- output.  Any failed ASSERT stops psql (ON_ERROR_STOP) and fails the test.
\set ON_ERROR_STOP 1
CREATE TEMP TABLE tok AS SELECT id, kc_tokenize(card, 'card', 'k256') AS card FROM cards;

-- Equal to the CLI (kcipher tokenize --cipher ff1-aes-256 --column card=card), nulls kept.
DO $$
DECLARE n bigint; diff bigint; nulls bigint; changed bigint;
BEGIN
  SELECT count(*), count(*) FILTER (WHERE t.card IS DISTINCT FROM c.card),
         count(*) FILTER (WHERE t.card IS NULL), count(*) FILTER (WHERE t.card <> s.card)
    INTO n, diff, nulls, changed
    FROM tok t JOIN cards_cli c USING (id) JOIN cards s USING (id);
  ASSERT n = 1000000, format('%s rows joined, not 1000000', n);
  ASSERT diff = 0, format('%s rows differ from the CLI', diff);
  ASSERT nulls = (SELECT count(*) FROM cards WHERE card IS NULL) AND nulls > 0, format('%s nulls', nulls);
  ASSERT changed > 900000, format('only %s values changed', changed);
  RAISE NOTICE 'tokenize: % rows equal to the CLI, % nulls kept', n, nulls;
END $$;

-- Detokenized back to the original.
DO $$
DECLARE diff bigint;
BEGIN
  SELECT count(*) FILTER (WHERE kc_detokenize(t.card, 'card', 'k256') IS DISTINCT FROM s.card) INTO diff
    FROM tok t JOIN cards s USING (id);
  ASSERT diff = 0, format('%s rows do not detokenize to the original', diff);
END $$;

-- Another cipher, format and key (hex file), with a tweak, against the CLI's --tweak-context.
DO $$
DECLARE diff bigint; back bigint;
BEGIN
  SELECT count(*) FILTER (WHERE kc_tokenize(r.rrn, 'kr-rrn', 'k128', 'fea2-128', 'rrn') IS DISTINCT FROM c.rrn),
         count(*) FILTER (WHERE kc_detokenize(c.rrn, 'kr-rrn', 'k128', cipher => 'fea2-128', tweak => 'rrn') IS DISTINCT FROM r.rrn)
    INTO diff, back FROM rrns r JOIN rrns_cli c USING (id);
  ASSERT diff = 0 AND back = 0, format('fea2-128 kr-rrn: %s differ from the CLI, %s do not detokenize', diff, back);
  ASSERT kc_tokenize('900101-1234567', 'kr-rrn', 'k128', 'fea2-128', 'rrn')
      <> kc_tokenize('900101-1234567', 'kr-rrn', 'k128', 'fea2-128', 'other'), 'the tweak changes nothing';
END $$;

-- A parallel query: Gather with workers launched, results equal to the serial ones.
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
DO $$
DECLARE l text; plan text := ''; par bigint; ser bigint;
BEGIN
  FOR l IN EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)
      SELECT sum(hashtext(kc_tokenize(card, 'card', 'k256'))) FROM cards LOOP
    plan := plan || l || E'\n';
  END LOOP;
  ASSERT plan LIKE '%Gather%' AND plan ~ 'Workers Launched: [1-9]', 'no parallel plan: ' || plan;
  SELECT sum(hashtext(kc_tokenize(card, 'card', 'k256'))) INTO par FROM cards;
  SELECT sum(hashtext(card)) INTO ser FROM tok;
  ASSERT par = ser, 'the parallel query differs from the serial one';
  RAISE NOTICE 'parallel: %', substring(plan from 'Workers Launched: [0-9]+');
END $$;
RESET max_parallel_workers_per_gather;

-- Nulls in, null out (STRICT).
DO $$ BEGIN
  ASSERT kc_tokenize(NULL, 'card', 'k256') IS NULL AND kc_detokenize(NULL, 'card', 'k256') IS NULL;
END $$;

-- Empty stays empty (issue 22): '' in, '' out, for every named format, with and without a tweak.
DO $$
DECLARE f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['digits', 'alnum', 'hex', 'card', 'card-luhn', 'kr-rrn', 'kr-phone', 'kr-brn', 'email'] LOOP
    ASSERT kc_tokenize('', f, 'k256') = '', format('%s: kc_tokenize() is not ', f);
    ASSERT kc_detokenize('', f, 'k256') = '', format('%s: kc_detokenize() is not ', f);
    ASSERT kc_tokenize('', f, 'k128', 'fea2-128', 'ctx') = '', format('%s: fea2-128 with a tweak', f);
  END LOOP;
  ASSERT (SELECT count(*) FROM (SELECT kc_tokenize(v, 'card', 'k256') AS t FROM unnest(ARRAY['', NULL, '']) v) s
          WHERE t = '') = 2, 'empty values in a column';
END $$;

-- AEAD: nonce || ciphertext || tag; the tag is checked.
DO $$
DECLARE c bytea := kc_encrypt('\x00010203'::bytea, 'tinyjambu-128', 'k128', '\x0001'::bytea);
BEGIN
  ASSERT length(c) = 12 + 4 + 8, format('ciphertext of %s bytes', length(c));
  ASSERT kc_decrypt(c, 'tinyjambu-128', 'k128', '\x0001'::bytea) = '\x00010203'::bytea;
  ASSERT kc_encrypt('\x00010203'::bytea, 'tinyjambu-128', 'k128') <> kc_encrypt('\x00010203'::bytea, 'tinyjambu-128', 'k128'),
         'two encryptions share a nonce';
  ASSERT kc_decrypt(kc_encrypt(''::bytea, 'tinyjambu-128', 'k128'), 'tinyjambu-128', 'k128') = ''::bytea;
END $$;
-- For the shell to check against `kcipher decrypt`.
\pset tuples_only on
\pset format unaligned
\o :aead_out
SELECT encode(kc_encrypt('\x48656c6c6f'::bytea, 'tinyjambu-128', 'k128', '\x0001'::bytea), 'hex');
\o

-- Errors: the SQLSTATE and the library's message.
CREATE FUNCTION pg_temp.err(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN EXECUTE q; RETURN 'no error';
EXCEPTION WHEN others THEN RETURN SQLSTATE || ' ' || SQLERRM;
END $$;
DO $$
DECLARE r text;
BEGIN
  r := pg_temp.err($q$SELECT kc_tokenize('4111-1111-11x1-1111', 'card', 'k256')$q$);
  ASSERT r LIKE '22023 %at character 13', r;
  r := pg_temp.err($q$SELECT kc_tokenize('4111', 'card', 'k256')$q$);
  ASSERT r LIKE '22023 %', r;
  r := pg_temp.err($q$SELECT kc_tokenize('4111111111111111', 'card', 'nokey')$q$);
  ASSERT r LIKE '58P01 %nokey%', r;
  r := pg_temp.err($q$SELECT kc_tokenize('4111111111111111', 'card', '../k256')$q$);
  ASSERT r LIKE '22023 %not a plain file name', r;
  r := pg_temp.err($q$SELECT kc_tokenize('4111111111111111', 'card', 'k256', 'no-such-cipher')$q$);
  ASSERT r LIKE '22023 %', r;
  r := pg_temp.err($q$SELECT kc_tokenize('4111111111111111', 'no-such-format', 'k256')$q$);
  ASSERT r LIKE '22023 %', r;
  -- A character in two roles (issue 22): refused, the character and its roles named.
  r := pg_temp.err($q$SELECT kc_tokenize('abcdefgh@x.kr', 'alphabet=alnum;stop=a', 'k256')$q$);
  ASSERT r LIKE '22023 %''a''%alphabet and stop%only one of alphabet, pass and stop%', r;
  r := pg_temp.err($q$SELECT kc_tokenize('ab@x', 'alphabet=abcdefgh@;stop=@', 'k256')$q$);
  ASSERT r LIKE '22023 %''@''%alphabet and stop%', r;
  -- Too small a domain: no C flag name in the message.
  r := pg_temp.err($q$SELECT kc_tokenize('3782 822463 10005', 'card', 'k256')$q$);
  ASSERT r LIKE '22023 %below 10^6%' AND r NOT LIKE '%KC_FPE_ALLOW%', r;
  -- A bad value in a column: the character position, 1-based.
  r := pg_temp.err($q$SELECT kc_tokenize(v, 'digits', 'k256') FROM unnest(ARRAY['12345678', '', '1234x678']) v$q$);
  ASSERT r LIKE '22023 %at character 5', r;
  r := pg_temp.err($q$SELECT kc_tokenize('4111111111111111', 'card', 'k20')$q$);
  ASSERT r LIKE '22023 %', r;
  r := pg_temp.err($q$SELECT kc_decrypt('\x000102030405060708090a0b0c0d0e0f1011121314'::bytea, 'tinyjambu-128', 'k128')$q$);
  ASSERT r LIKE '22000 %', r;
  r := pg_temp.err($q$SELECT kc_decrypt('\x0001'::bytea, 'tinyjambu-128', 'k128')$q$);
  ASSERT r LIKE '22000 %', r;
  r := pg_temp.err($q$SET kcipher.key_dir = '/tmp'$q$);
  ASSERT r LIKE '55P02 %', r;
  RAISE NOTICE 'errors: SQLSTATEs as expected';
END $$;
