-- SPDX-License-Identifier: MIT
-- Keyring names (kcipher.keyring): versions, the active one, rotation and
-- kc_retokenize, against the CLI's tokens of the same values (ring_v1 under
-- cards@1, ring_v2 under cards@2, made by scripts/test-sql.sh).
DO $$
DECLARE n int;
BEGIN
  SELECT count(*) INTO n FROM ring_clear c JOIN ring_v1 a USING (id) JOIN ring_v2 b USING (id)
  WHERE kc_tokenize(c.card, 'card', 'cards@1') = a.card
    AND kc_tokenize(c.card, 'card', 'cards') = b.card          -- the active version is 2
    AND kc_detokenize(b.card, 'card', 'cards@2') = c.card
    AND kc_detokenize(a.card, 'card', 'cards@1') = c.card
    AND kc_retokenize(a.card, 'card', 'cards@1', 'cards@2') = b.card
    AND a.card <> b.card;
  ASSERT n = 50, format('keyring versions and kc_retokenize agree with the CLI on %s of 50 rows', n);
  RAISE NOTICE 'keyring: 50 rows: versions, active version, kc_retokenize as the CLI';
END $$;

CREATE FUNCTION pg_temp.err2(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN EXECUTE q; RETURN 'no error';
EXCEPTION WHEN others THEN RETURN SQLSTATE || ' ' || SQLERRM;
END $$;
DO $$
DECLARE r text;
BEGIN
  r := pg_temp.err2($q$SELECT kc_tokenize('4111111111111111', 'card', 'old@1')$q$);
  ASSERT r LIKE '42704 %old@1%', r;                                -- retired
  r := pg_temp.err2($q$SELECT kc_tokenize('4111111111111111', 'card', 'cards@9')$q$);
  ASSERT r LIKE '42704 %cards@9%', r;                              -- no such version
  r := pg_temp.err2($q$SELECT kc_retokenize('4111111111111111', 'card', 'cards@1', 'old@1')$q$);
  ASSERT r LIKE '42704 %', r;
  r := pg_temp.err2($q$SELECT kc_tokenize('4111111111111111', 'card', 'old')$q$);
  ASSERT r = 'no error', r;                                        -- old@2 is active
  r := pg_temp.err2($q$SET kcipher.keyring = '/tmp'$q$);
  ASSERT r LIKE '55P02 %', r;
  RAISE NOTICE 'keyring errors: SQLSTATEs as expected';
END $$;

-- Which key version made a token (embed-version=): a keyring key sets the version a token embeds;
-- kc_detokenize and kc_retokenize's from key under 'cards' (no @V) open each token under its version.
DO $$
DECLARE n int; r text;
BEGIN
  CREATE TEMP TABLE ring_mixed AS
    SELECT c.id, c.card AS clear,
           kc_tokenize(c.card, 'card;embed-version=alnum', CASE WHEN c.id % 2 = 0 THEN 'cards@1' ELSE 'cards' END) AS tok
    FROM ring_clear c;
  SELECT count(*) INTO n FROM ring_mixed
  WHERE kc_detokenize(tok, 'card;embed-version=alnum', 'cards') = clear
    AND kc_retokenize(tok, 'card;embed-version=alnum', 'cards', 'cards@2') =
        kc_tokenize(clear, 'card;embed-version=alnum', 'cards@2')
    AND (id % 2 = 1) = (kc_tokenize(clear, 'card;embed-version=alnum', 'cards@2') = tok);
  ASSERT n = 50, format('embedded key versions opened on %s of 50 rows', n);
  SELECT tok INTO r FROM ring_mixed WHERE id = 2;
  r := pg_temp.err2(format($q$SELECT kc_detokenize(%L, 'card;embed-version=alnum', 'cards@2')$q$, r));
  ASSERT r <> 'no error', r;                                       -- cards@2 opens only its own tokens
  r := pg_temp.err2($q$SELECT kc_tokenize('4111111111111111', 'alnum;embed-version=alnum', 'cards')$q$);
  ASSERT r <> 'no error', r;                                       -- no room for a version
  RAISE NOTICE 'keyring: embedded key versions, per-token detokenize and kc_retokenize';
END $$;
