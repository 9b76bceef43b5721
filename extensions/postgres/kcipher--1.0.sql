-- SPDX-License-Identifier: MIT
-- kcipher 1.0: tokenization (format-preserving encryption of formatted
-- values) and AEAD encryption.  key_name is NAME or NAME@V of the keyring of
-- the kcipher.keyring setting, or a file in the directory of kcipher.key_dir;
-- keys are never SQL values.
\echo Use "CREATE EXTENSION kcipher" to load this file. \quit

-- cipher '' is FF1 over AES of the key's length; tweak is a context (a
-- column name, a row key), '' for none.
CREATE FUNCTION kc_tokenize(value text, format text, key_name text,
                            cipher text DEFAULT '', tweak text DEFAULT '')
RETURNS text
AS 'MODULE_PATHNAME', 'kc_tokenize_pg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION kc_detokenize(value text, format text, key_name text,
                              cipher text DEFAULT '', tweak text DEFAULT '')
RETURNS text
AS 'MODULE_PATHNAME', 'kc_detokenize_pg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- A token under from_key becomes the token under to_key (e.g. 'cards@1' to
-- 'cards@2' after kcipher key rotate); the clear value never leaves the call.
CREATE FUNCTION kc_retokenize(value text, format text, from_key text, to_key text,
                              cipher text DEFAULT '', tweak text DEFAULT '')
RETURNS text
AS 'MODULE_PATHNAME', 'kc_retokenize_pg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Returns nonce || ciphertext || tag.  VOLATILE, not IMMUTABLE: the nonce is
-- random, so two calls give two ciphertexts (as pgcrypto's pgp_sym_encrypt).
CREATE FUNCTION kc_encrypt(data bytea, cipher text, key_name text, ad bytea DEFAULT '')
RETURNS bytea
AS 'MODULE_PATHNAME', 'kc_encrypt_pg'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

CREATE FUNCTION kc_decrypt(data bytea, cipher text, key_name text, ad bytea DEFAULT '')
RETURNS bytea
AS 'MODULE_PATHNAME', 'kc_decrypt_pg'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

REVOKE ALL ON FUNCTION kc_tokenize(text, text, text, text, text),
                       kc_detokenize(text, text, text, text, text),
                       kc_retokenize(text, text, text, text, text, text),
                       kc_encrypt(bytea, text, text, bytea),
                       kc_decrypt(bytea, text, text, bytea) FROM PUBLIC;
