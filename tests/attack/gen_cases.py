# SPDX-License-Identifier: MIT
"""Writes cases.json (kept in the repository; edit here and run this to regenerate)."""
import json
import os

C = "4111111111111111"      # marked clear values: none may come out in clear
D = "5500005555555559"
E = "6011000990139424"
TOK = ["tokenize", "--cipher", "ff1-aes-256"]
BOM = "\ufeff"
cases = []


def case(name, defect, args, stdin="", exit=0, **kw):
    cases.append(dict(name=name, defect=defect, args=args, stdin=stdin, exit=exit, **kw))


def for_kinds(name, defect, rows, args, exit, **kw):
    """rows: list of dicts (None = a raw line given as a str) -> csv, tsv and jsonl."""
    for kind in ("csv", "tsv", "jsonl"):
        sep = "," if kind == "csv" else "\t"
        keys = []
        for r in rows:
            for k in r:
                if k not in keys:
                    keys.append(k)
        if kind == "jsonl":
            text = "".join(json.dumps(r) + "\n" for r in rows)
        else:
            text = sep.join(keys) + "\n" + "".join(sep.join(str(r.get(k, "")) for k in keys) + "\n" for r in rows)
        case("%s_%s" % (name, kind), defect, args + ["--input", kind], text, exit, **kw)


# 1. a repeated --column: usage error naming it (was SIGSEGV)
for kind, text in (("csv", "id,card\n1,%s\n" % C), ("tsv", "id\tcard\n1\t%s\n" % C),
                   ("jsonl", '{"card":"%s"}\n' % C)):
    case("repeated_column_" + kind, 1, TOK + ["--column", "card=card", "--column", "card=card", "--input", kind],
         text, 2, stderr=["--column card=card", "twice"])
case("repeated_column_other_format", 1, TOK + ["--column", "card=digits", "--column", "card=card"],
     "card\n%s\n" % C, 2, stderr=["card"])

# 2. --tweak-column naming a tokenized column
case("tweak_is_itself", 2, TOK + ["--column", "card=card", "--tweak-column", "card"], "card\n%s\n" % C, 2,
     stderr=["--tweak-column"])
case("tweak_is_other_tokenized", 2, TOK + ["--column", "card=card", "--column", "acct=digits", "--tweak-column",
     "acct"], "card,acct\n%s,%s\n" % (C, D), 2, stderr=["--tweak-column"])
case("tweak_is_other_tokenized_jsonl", 2, TOK + ["--input", "jsonl", "--column", "card=card", "--column",
     "acct=digits", "--tweak-column", "acct"], '{"card":"%s","acct":"%s"}\n' % (C, D), 2)

# 3. a stray quote in an unquoted CSV field: malformed, that record only; memory bounded
STRAY = "id,name,card\n1,Ann,%s\n2,O\"Brien,%s\n3,Bob,%s\n4,\"Cy\",%s\n" % (C, D, E, C)
for pol in ("fail", "null", "keep"):
    case("stray_quote_" + pol, 3, TOK + ["--column", "card=card", "--on-error", pol], STRAY, 1,
         stderr=["line 3", "quote inside an unquoted field"])
case("stray_quote_skip", 3, TOK + ["--column", "card=card", "--on-error", "skip-record", "--summary-json",
     "{summary}"], STRAY, 0, roundtrip=False,
     summary={"rows_read": 4, "rows_written": 3, "records_skipped": 1, "records_rejected": 0})
case("stray_quote_in_named_column", 3, TOK + ["--column", "card=card", "--on-error", "null"],
     "id,card\n1,4111\"111111111111\n2,%s\n" % D, 1, stderr=["line 2"])
case("unterminated_quote_bounded", 3, TOK + ["--column", "card=card", "--max-record-bytes", "4096"],
     generate={"prefix": "id,card\n1,\"%s\n" % C, "repeat": "2,%s\n" % D, "count": 2000}, exit=1,
     stderr=["line 2", "longer than 4096 bytes"], threads=False)
case("unterminated_quote_default_limit", 3, TOK + ["--column", "card=card", "--on-error", "keep"],
     generate={"prefix": "id,card\n1,\"x\n", "repeat": "2,%s\n" % D, "count": 70000}, exit=1,
     stderr=["line 2", "longer than 1048576 bytes"], threads=False)
case("long_record_skip_still_fails", 3, TOK + ["--column", "card=card", "--on-error", "skip-record",
     "--max-record-bytes", "100"], "id,card,note\n1,%s,%s\n" % (C, "x" * 200), 1, stderr=["longer than 100"])
case("stray_quote_then_rows_fail_early", 3, TOK + ["--column", "card=card"],
     generate={"prefix": "id,name,card\n1,O\"Brien,%s\n" % C, "repeat": "2,Bob,%s\n" % D, "count": 50000},
     exit=1, stderr=["line 2", "quote inside an unquoted field"], threads=False)

# 4. malformed records: an error under every policy (skip-record drops and counts them)
MAL_CSV = {"text_after_quote": 'id,card\n1,"abc"x\n2,%s\n' % C,
           "text_after_quote_named": 'id,card\n1,"%s"x\n' % C,
           "unterminated_at_eof": 'id,card\n1,"%s\n' % C,
           "too_few_fields": "id,card\n%s\n" % C,
           "unquoted_comma_shifts": "id,name,card\n1,Smith, John,%s\n" % C,
           "too_many_fields": "id,card\n1,%s,%s\n" % (D, C)}
for name, text in MAL_CSV.items():
    for pol in ("fail", "null", "keep"):
        case("csv_%s_%s" % (name, pol), 4, TOK + ["--column", "card=card", "--on-error", pol], text, 1,
             stderr=["malformed record"], threads=name != "unterminated_at_eof" or pol == "fail")
    case("csv_%s_skip" % name, 4, TOK + ["--column", "card=card", "--on-error", "skip-record", "--summary-json",
         "{summary}"], text, 0, roundtrip=False, summary={"records_skipped": 1},
         threads=name != "unterminated_at_eof")
case("tsv_too_few_fields", 4, TOK + ["--input", "tsv", "--column", "card=card", "--on-error", "keep"],
     "id\tcard\n%s\n" % C, 1, stderr=["malformed record"])
MAL_JSON = {"missing_brace": '{"card":"%s"\n' % C,
            "missing_colon": '{"card" "%s"}\n' % C,
            "trailing_text": '{"card":"%s"} x\n' % C,
            "second_object": '{"card":"%s"}{"a":1}\n' % C,
            "bad_literal": '{"x":tru,"card":"%s"}\n' % C,
            "bad_literal_nul": '{"x":nul,"card":"%s"}\n' % C,
            "bad_number": '{"x":01,"card":"%s"}\n' % C,
            "bad_number_dot": '{"x":1.,"card":"%s"}\n' % C,
            "bad_nested": '{"x":[1,],"card":"%s"}\n' % C,
            "unclosed_nested": '{"x":{"y":1,"card":"%s"}\n' % C,
            "bad_escape": '{"x":"\\q","card":"%s"}\n' % C,
            "raw_control": '{"x":"a\tb","card":"%s"}\n' % C,
            "single_quotes": "{'card':'%s'}\n" % C,
            "not_object": '["%s"]\n' % C,
            "bare_string": '"%s"\n' % C,
            "trailing_comma": '{"card":"%s",}\n' % C,
            "lone_surrogate": '{"x":"\\udc00","card":"%s"}\n' % C}
for name, text in MAL_JSON.items():
    for pol in ("fail", "null", "keep"):
        case("jsonl_%s_%s" % (name, pol), 4, TOK + ["--input", "jsonl", "--column", "card=card", "--on-error", pol],
             '{"card":"%s"}\n' % D + text, 1, stderr=["line 2", "malformed record"])
    case("jsonl_%s_skip" % name, 4, TOK + ["--input", "jsonl", "--column", "card=card", "--on-error",
         "skip-record", "--summary-json", "{summary}"], '{"card":"%s"}\n' % D + text, 0, roundtrip=False,
         summary={"rows_read": 2, "rows_written": 1, "records_skipped": 1})
case("jsonl_valid_kinds", 4, TOK + ["--input", "jsonl", "--column", "card=card"],
     '{"a":[1,-2.5e+3,{"b":null}],"t":true,"f":false,"s":"\\u00e9\\ud83d\\ude00\\n","card":"%s"}\n' % C, 0)
case("keep_bad_value_reported", 4, TOK + ["--column", "card=card", "--on-error", "keep", "--summary-json",
     "{summary}"], "id,card\n1,%s\n2,41111111x1111111\n" % C, 0, roundtrip=False,
     stderr=["1 kept"], summary={"columns": {"card": {"tokenized": 1, "emptied": 0, "kept": 1, "refused": 0,
                                                        "untweaked": 0}}})
case("null_bad_value_reported", 4, TOK + ["--column", "card=card", "--on-error", "null", "--summary-json",
     "{summary}"], "id,card\n1,%s\n2,41111111x1111111\n" % C, 0, roundtrip=False, stderr=["1 emptied"],
     summary={"columns": {"card": {"tokenized": 1, "emptied": 1, "kept": 0, "refused": 0, "untweaked": 0}}})
case("skip_bad_value", 4, TOK + ["--column", "card=card", "--on-error", "skip-record", "--summary-json",
     "{summary}"], "id,card\n1,%s\n2,41111111x1111111\n" % C, 0, roundtrip=False,
     summary={"records_skipped": 1, "rows_written": 1})
case("json_number_kept_reported", 4, TOK + ["--input", "jsonl", "--column", "card=digits", "--on-error", "keep"],
     '{"card": %s}\n' % C, 0, markers_allowed=[C], stderr=["1 kept"])
case("summary_always", 4, TOK + ["--column", "card=card"], "id,card\n1,%s\n" % C, 0,
     stderr=["summary: 1 rows read, 1 written", "card: 1 tokenized"])

# 5. duplicate keys and header names
case("jsonl_duplicate_key", 5, TOK + ["--input", "jsonl", "--column", "card=card"],
     '{"card":"%s","card":"%s"}\n' % (C, D), 1, stderr=["line 1", "key card appears twice"])
for pol in ("null", "keep"):
    case("jsonl_duplicate_key_" + pol, 5, TOK + ["--input", "jsonl", "--column", "card=card", "--on-error", pol],
         '{"card":"%s","card":"%s"}\n' % (C, D), 1, stderr=["card"])
case("jsonl_duplicate_key_escaped", 5, TOK + ["--input", "jsonl", "--column", "card=card"],
     '{"card":"%s","c\\u0061rd":"%s"}\n' % (C, D), 1, stderr=["key card appears twice"])
case("jsonl_duplicate_tweak_key", 5, TOK + ["--input", "jsonl", "--column", "card=card", "--tweak-column", "user"],
     '{"user":"a","user":"b","card":"%s"}\n' % C, 1, stderr=["key user appears twice"])
case("csv_duplicate_header", 5, TOK + ["--column", "card=card"], "card,card\n%s,%s\n" % (C, D), 2,
     stderr=["column card appears twice"])
case("tsv_duplicate_header", 5, TOK + ["--input", "tsv", "--column", "card=card"], "card\tcard\n%s\t%s\n" % (C, D), 2,
     stderr=["column card appears twice"])
case("csv_duplicate_header_quoted", 5, TOK + ["--column", "card=card"], 'card,"card"\n%s,%s\n' % (C, D), 2)
case("csv_duplicate_tweak_header", 5, TOK + ["--column", "card=card", "--tweak-column", "user"],
     "user,card,user\na,%s,b\n" % C, 2, stderr=["column user appears twice"])
case("csv_duplicate_other_header_ok", 5, TOK + ["--column", "card=card"], "x,card,x\n1,%s,2\n" % C, 0)

# 6. output quoting; stop-in-alphabet (library)
case("tsv_alphabet_with_tab", 6, TOK + ["--input", "tsv", "--column", "c=alphabet=0123456789\t"],
     "id\tc\n1\t123456789\n", 2, stderr=["TSV"])
case("tsv_alphabet_with_newline", 6, TOK + ["--input", "tsv", "--column", "c=alphabet=0123456789\n"],
     "id\tc\n1\t123456789\n", 2, stderr=["TSV"])
case("csv_token_needs_quotes", 6, TOK + ["--column", 'c=alphabet=0123456789",\n'],
     "id,c\n" + "".join("%d,%s\n" % (i, C) for i in range(20)), 0, roundtrip="parsed")
case("jsonl_token_needs_escapes", 6, TOK + ["--input", "jsonl", "--column", 'c=alphabet=0123456789"\\\n'],
     "".join('{"c":"%s"}\n' % C for i in range(20)), 0)
case("stop_in_alphabet_refused", 6, TOK + ["--column", "e=alphabet=alnum;stop=a"], "e\nSECRETVALUE\n", 2,
     requires="stop-overlap-refused")
case("email_alphabet_with_at_refused", 6, TOK + ["--column", "e=alphabet=alnum@;stop=@"], "e\nSECRETVALUE@x\n", 2,
     requires="stop-overlap-refused")

# 7. empty values stay empty
case("csv_empty_values", 7, TOK + ["--column", "card=card"], 'id,card\n1,""\n2,\n3,"%s"\n' % C, 0)
case("csv_empty_values_exact", 7, TOK + ["--column", "card=card"], 'id,card\n1,""\n2,\n', 0,
     stdout='id,card\n1,""\n2,\n')
case("jsonl_empty_value_exact", 7, TOK + ["--input", "jsonl", "--column", "card=card"], '{"card":""}\n', 0,
     stdout='{"card":""}\n')
case("tsv_empty_value_exact", 7, TOK + ["--input", "tsv", "--column", "card=card"], 'id\tcard\n1\t\n', 0,
     stdout='id\tcard\n1\t\n')
case("blank_lines_pass", 7, TOK + ["--input", "jsonl", "--column", "card=card"], '{"card":"%s"}\n\n' % C, 0)

# 8. a byte order mark
case("csv_bom", 8, TOK + ["--column", "id=digits", "--column", "card=card"], BOM + "id,card\n1234567,%s\n" % C, 0)
case("tsv_bom", 8, TOK + ["--input", "tsv", "--column", "card=card"], BOM + "card\tx\n%s\t1\n" % C, 0)
case("jsonl_bom", 8, TOK + ["--input", "jsonl", "--column", "card=card"], BOM + '{"card":"%s"}\n' % C, 0)
case("bom_not_at_start", 8, TOK + ["--input", "jsonl", "--column", "card=card", "--on-error", "keep"],
     '{"card":"%s"}\n' % D + BOM + '{"card":"%s"}\n' % C, 1, stderr=["line 2"])

# 10. key files, tweak values, exit codes and messages
KEYTEXT = "000102030405060708090a0b0c0d0e0g"   # 32 bytes of text, one not hex
case("key_file_hex_typo", 10, TOK + ["--column", "card=card", "--key-file", "{keyfile}"], "card\n%s\n" % C, 2,
     key_file_text=KEYTEXT, stderr=["not hex"])
case("key_file_text_16", 10, ["fpe", "encrypt", "--cipher", "ff1-aes-128", "--key-file", "{keyfile}", "1234567"],
     exit=2, key_file_text="Correct Horse!!!", stderr=["not hex"])
case("key_file_hex_ok", 10, TOK + ["--column", "card=card", "--key-file", "{keyfile}"], "card\n%s\n" % C, 0,
     key_file_text="000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f\n",
     stderr_not=["warning"], roundtrip=False)
case("key_file_world_readable", 10, TOK + ["--column", "card=card", "--key-file", "{keyfile}"], "card\n%s\n" % C,
     0, key_file_hex="00" * 31 + "01", key_file_mode="644", stderr=["warning", "other users"], roundtrip=False)
case("tweak_missing_fail", 10, TOK + ["--column", "card=card", "--tweak-column", "user"],
     "user,card\na,%s\n,%s\n" % (C, D), 1, stderr=["line 3", "tweak-column user"])
case("tweak_missing_jsonl_fail", 10, TOK + ["--input", "jsonl", "--column", "card=card", "--tweak-column", "user"],
     '{"user":"a","card":"%s"}\n{"card":"%s"}\n' % (C, D), 1, stderr=["line 2", "tweak-column user"])
case("tweak_null_jsonl_fail", 10, TOK + ["--input", "jsonl", "--column", "card=card", "--tweak-column", "user"],
     '{"user":null,"card":"%s"}\n' % C, 1, stderr=["line 1"])
case("tweak_missing_null", 10, TOK + ["--column", "card=card", "--tweak-column", "user", "--on-error", "null",
     "--summary-json", "{summary}"], "user,card\na,%s\n,%s\n" % (C, D), 0, roundtrip=False,
     summary={"columns": {"card": {"tokenized": 1, "emptied": 1, "kept": 0, "refused": 0, "untweaked": 0}}})
case("tweak_missing_keep", 10, TOK + ["--column", "card=card", "--tweak-column", "user", "--on-error", "keep",
     "--summary-json", "{summary}"], "user,card\na,%s\n,%s\n" % (C, D), 0, stderr=["with no --tweak-column value"],
     summary={"columns": {"card": {"tokenized": 2, "emptied": 0, "kept": 0, "refused": 0, "untweaked": 1}}})
case("fpe_short_value_radix", 10, ["fpe", "encrypt", "--cipher", "ff1-aes-256", "--radix", "10", "12345"], exit=1,
     stderr=["--allow-small-domain"], stderr_not=["KC_FPE_ALLOW_SMALL_DOMAIN"])
case("fpe_short_value_format", 10, ["fpe", "encrypt", "--cipher", "ff1-aes-256", "--format", "digits", "12345"],
     exit=1, stderr=["--allow-small-domain"], stderr_not=["KC_FPE_ALLOW_SMALL_DOMAIN"])
case("fpe_long_value_format", 10, ["fpe", "encrypt", "--cipher", "fea1-256", "--format",
     "digits", "1" * 60], exit=1, stderr_not=["tag", "KC_"])
case("fpe_upper_case_radix36", 10, ["fpe", "encrypt", "--cipher", "ff1-aes-256", "--radix", "36", "ACCOUNT7X9Q"],
     exit=1, stderr=["lower case"])
for how in (["--radix", "10"], ["--format", "digits"], ["--alphabet", "0123456789"]):
    case("fpe_tweak_length_" + how[0][2:], 10, ["fpe", "encrypt", "--cipher", "ff3-1-aes-256", "--tweak", "00"] + how
         + ["1234567"], exit=2, stderr=["--tweak"])
case("bad_cipher_blames_cipher", 10, ["tokenize", "--cipher", "nope-128", "--column", "card=card"], "card\n", 2,
     stderr=["--cipher nope-128: unknown cipher"], stderr_not=["--column"])
case("block_cipher_blames_cipher", 10, ["tokenize", "--cipher", "aes-128", "--column", "card=card"], "card\n", 2,
     stderr=["--cipher aes-128: not an FPE cipher"], stderr_not=["kind this function"])
case("key_length_message", 10, ["tokenize", "--cipher", "ff1-aes-128", "--column", "card=card"], "card\n", 2,
     stderr=["key: expected 16 bytes for ff1-aes-128, got 32"])
case("alphabet_key_length_message", 10, ["fpe", "encrypt", "--cipher", "ff1-aes-128", "--alphabet", "0123456789",
     "1234567"], exit=2, stderr=["key: expected 16 bytes"], stderr_not=["--alphabet"])
case("small_domain_names_cli_flag", 10, TOK + ["--column", "c=digits"], "c\n12345\n", 1,
     stderr=["line 2", "--allow-small-domain"], stderr_not=["KC_FPE_ALLOW_SMALL_DOMAIN"])
case("format_error_one_based", 10, TOK + ["--column", "card=card"], "card\n%s\n4111x\n" % C, 1,
     stderr=["line 3: card: character 5"])

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json"), "w") as f:
    f.write('{"comment": "generated by gen_cases.py; run by run_attack.py (README.md)",\n "cases": [\n')
    f.write(",\n".join(json.dumps(c, ensure_ascii=False) for c in cases))   # one case a line
    f.write("\n]}\n")
print(len(cases), "cases")
