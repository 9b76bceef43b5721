-- SPDX-License-Identifier: MIT
-- The test data: 1,000,000 16-digit card numbers (a third with dashes, one
-- in 97 null) and 1000 resident registration numbers.
CREATE EXTENSION kcipher;
CREATE TABLE cards (id int PRIMARY KEY, card text);
INSERT INTO cards
SELECT i, CASE WHEN i % 97 = 0 THEN NULL
               WHEN i % 3 = 0 THEN substr(d, 1, 4) || '-' || substr(d, 5, 4) || '-' || substr(d, 9, 4) || '-' || substr(d, 13, 4)
               ELSE d END
FROM (SELECT i, lpad(((i::bigint * 2654435761 + 12345) % 10000000000000000)::text, 16, '0') AS d
      FROM generate_series(1, 1000000) AS i) s;
CREATE TABLE rrns (id int PRIMARY KEY, rrn text);
INSERT INTO rrns
SELECT i, lpad((800101 + i % 28)::text, 6, '0') || '-' || lpad(((i::bigint * 7919) % 10000000)::text, 7, '0')
FROM generate_series(1, 1000) AS i;
ANALYZE cards;
ANALYZE rrns;
