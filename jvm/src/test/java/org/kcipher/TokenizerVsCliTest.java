// SPDX-License-Identifier: MIT
package org.kcipher;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tokenization from Java equal to the build's kcipher CLI, value for value. */
class TokenizerVsCliTest {
    static final Random RNG = new Random(Long.getLong("kcipher.seed", System.nanoTime()));
    static final String CLI = System.getProperty("kcipher.cli", "");

    static Path cli() {
        assumeTrue(!CLI.isEmpty() && Files.isExecutable(Path.of(CLI)), "the kcipher CLI (-Dkcipher.cli) is not built");
        return Path.of(CLI);
    }

    /** Runs the CLI on a one-column TSV of values and returns the column it prints. */
    static List<String> run(List<String> args, String[] values) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(cli().toString()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        StringBuilder in = new StringBuilder("v\n");
        for (String v : values) in.append(v).append('\n');
        try (OutputStream o = p.getOutputStream()) { o.write(in.toString().getBytes(StandardCharsets.UTF_8)); }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream i = p.getInputStream()) { i.transferTo(out); }
        assertEquals(0, p.waitFor(), "kcipher " + cmd);
        List<String> lines = new ArrayList<>(Arrays.asList(out.toString(StandardCharsets.UTF_8).split("\n", -1)));
        assertEquals("v", lines.remove(0));
        assertEquals("", lines.remove(lines.size() - 1));
        return lines;
    }

    static String digits(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) b.append((char) ('0' + RNG.nextInt(10)));
        return b.toString();
    }

    static String[] values(String format, int n) {
        String[] v = new String[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (format) {
                case "card" -> { String d = digits(16); yield RNG.nextBoolean() ? d : d.substring(0, 4) + "-" + d.substring(4, 8) + "-" + d.substring(8, 12) + "-" + d.substring(12); }
                case "kr-rrn" -> digits(6) + "-" + digits(7);
                case "alnum" -> { String a = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"; StringBuilder b = new StringBuilder();
                                  for (int k = 6 + RNG.nextInt(12); k > 0; k--) b.append(a.charAt(RNG.nextInt(a.length()))); yield b.toString(); }
                default -> digits(6 + RNG.nextInt(20));
            };
        }
        if (n > 2) v[n / 2] = "";   // the empty value gives the empty token
        return v;
    }

    @Test
    void keyEqualsCli() throws Exception {
        for (String cipher : new String[] {"ff1-aria-256", "ff1-lea-128", "ff3-1-aes-128", "fea2-128"}) {
            for (String format : new String[] {"card", "digits", "kr-rrn", "alnum"}) {
                int keyBytes = Names.all().stream().filter(e -> e.name().equals(cipher)).findFirst().orElseThrow().keyBytes();
                byte[] key = new byte[keyBytes];
                RNG.nextBytes(key);
                String hex = HexFormat.of().formatHex(key);
                String[] vals = values(format, 40);
                try (Tokenizer t = Tokenizer.of(cipher, key, format)) {
                    String[] tok = t.tokenize(vals);
                    List<String> base = List.of("tokenize", "--cipher", cipher, "--key", hex, "--column", "v=" + format, "--input", "tsv");
                    assertEquals(run(base, vals), Arrays.asList(tok), cipher + " " + format);
                    List<String> ctx = new ArrayList<>(base);
                    ctx.add("--tweak-context");   // the column name is the context
                    assertEquals(run(ctx, vals), Arrays.asList(t.tokenize(vals, "v")), cipher + " " + format + " with context");
                    assertArrayEquals(vals, t.detokenize(tok), "round trip");
                    assertEquals(tok[0], t.tokenize(vals[0]));
                }
            }
        }
    }

    @Test
    void keyringEqualsCli(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("키 keys \uD83D\uDD11");   // Hangul and a character beyond U+FFFF: UTF-8, not JNI's modified UTF-8
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        run0(List.of("key", "new", "cust", "--cipher", "ff1-aria-256", "--keyring", dir.toString()));
        String[] vals = values("card", 30);
        List<String> want = run(List.of("tokenize", "--key-name", "cust", "--keyring", dir.toString(),
                                        "--column", "v=card", "--input", "tsv"), vals);
        try (Tokenizer t = Tokenizer.fromKeyring(dir, "cust", "card")) {
            assertEquals(want, Arrays.asList(t.tokenize(vals)));
        }
        try (Tokenizer t = Tokenizer.fromKeyring(dir, "cust@1", "card")) {
            assertEquals(want, Arrays.asList(t.tokenize(vals)));
        }
        KCipherException e = assertThrows(KCipherException.class, () -> Tokenizer.fromKeyring(dir, "nobody", "card"));
        assertEquals("KC_ERR_KEY_NOT_FOUND", e.status());
    }

    @Test
    void retokenizeEqualsCli(@TempDir Path tmp) throws Exception {
        String ring = tmp.toString();
        run0(List.of("key", "new", "cust", "--cipher", "ff1-aria-256", "--keyring", ring));
        run0(List.of("key", "rotate", "cust", "--keyring", ring));
        for (String format : new String[] {"card", "card;embed-version=alnum"}) {
            String[] vals = values("card", 30);
            List<String> col = List.of("--keyring", ring, "--column", "v=" + format, "--input", "tsv");
            List<String> t1 = run(cat(List.of("tokenize", "--key-name", "cust@1"), col), vals);
            List<String> want = run(cat(List.of("retokenize", "--from", "cust@1", "--to", "cust@2"), col), t1.toArray(new String[0]));
            assertEquals(run(cat(List.of("tokenize", "--key-name", "cust@2"), col), vals), want, format);
            try (Tokenizer from = Tokenizer.fromKeyring(tmp, "cust@1", format);
                 Tokenizer to = Tokenizer.fromKeyring(tmp, "cust@2", format)) {
                assertEquals(t1, Arrays.asList(from.tokenize(vals)), format + ": tokenize@1");
                String[] in = t1.toArray(new String[31]);   // and a null at the end
                String[] got = from.retokenize(in, to);
                assertNull(got[30]);
                assertEquals(want, Arrays.asList(got).subList(0, 30), format);
                String[] bad = t1.toArray(new String[0]);
                bad[7] = "41x1111111111111";
                KCipherException e = assertThrows(KCipherException.class, () -> from.retokenize(bad, to));
                assertEquals("KC_ERR_FORMAT", e.status());
                assertEquals(7, e.row());
                assertFalse(e.getMessage().contains("41x1"), e.getMessage());
                if (format.contains("embed-version")) {   // a token of version 2 is not cust@1's to open
                    String[] other = t1.toArray(new String[0]);
                    other[3] = want.get(3);
                    e = assertThrows(KCipherException.class, () -> from.retokenize(other, to));
                    assertEquals("KC_ERR_KEY_VERSION", e.status());
                    assertEquals(3, e.row());
                    assertFalse(e.getMessage().contains(vals[3]) || e.getMessage().contains(want.get(3)), e.getMessage());
                }
                to.close();
                assertThrows(IllegalStateException.class, () -> from.retokenize(in, to));
            }
        }
    }

    static List<String> cat(List<String> a, List<String> b) {
        List<String> r = new ArrayList<>(a);
        r.addAll(b);
        return r;
    }

    static void run0(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(cli().toString()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
    }

    @Test
    void batchErrorsNameTheRow() {
        try (Tokenizer t = Tokenizer.of("ff1-aria-128", new byte[16], "card")) {
            String[] r = t.tokenize(new String[] {null, "4111111111111111"});
            assertNull(r[0]);
            KCipherException e = assertThrows(KCipherException.class, () -> t.tokenize(new String[] {"4111111111111111", "41x1111111111111"}));
            assertEquals("KC_ERR_FORMAT", e.status());
            assertEquals(1, e.row());
            assertEquals(2, e.position());
        }
    }

    static String hangul(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) b.append((char) (0xAC00 + RNG.nextInt(11172)));
        return b.toString();
    }

    /**
     * Values and tokens beyond ASCII (Run sends ASCII batches as chars and
     * the others as UTF-8; outputs come back ASCII or not): Hangul in and out
     * (kr-name), ASCII in and Hangul out (embed-version=hangul), Hangul in
     * and ASCII out (mask-name), and batches mixing both, equal to the CLI.
     */
    @Test
    void nonAsciiEqualsCli(@TempDir Path tmp) throws Exception {
        String ring = tmp.toString();
        run0(List.of("key", "new", "cust", "--cipher", "ff1-aria-256", "--keyring", ring));
        String[] fmts = {"kr-name", "digits;embed-version=hangul", "mask-name", "alphabet=digits;pass=-\uAC00"};
        for (String format : fmts) {
            String[] vals = new String[60];
            for (int i = 0; i < vals.length; i++) {
                vals[i] = switch (format) {
                    case "kr-name", "mask-name" -> hangul(2 + RNG.nextInt(3));
                    case "digits;embed-version=hangul" -> digits(6 + RNG.nextInt(10));
                    default -> digits(4) + (i % 5 == 0 ? "\uAC00" : "-") + digits(4);   // 1 in 5 not ASCII
                };
            }
            List<String> want = run(List.of("tokenize", "--key-name", "cust", "--keyring", ring, "--column", "v=" + format,
                                            "--input", "tsv"), vals);
            try (Tokenizer t = Tokenizer.fromKeyring(tmp, "cust", format)) {
                String[] tok = t.tokenize(vals);
                assertEquals(want, Arrays.asList(tok), format);
                if (!format.startsWith("mask")) {
                    assertArrayEquals(vals, t.detokenize(tok), format + ": round trip");
                    String[] one = {tok[3]};
                    assertEquals(vals[3], t.detokenize(one)[0], format + ": one value");
                }
                if (format.startsWith("digits")) assertTrue(tok[0].chars().anyMatch(c -> c >= 0x80), tok[0]);
            }
        }
    }

    /**
     * Batches through the reused scratch: big (past what is kept) then small,
     * after a failing batch, empty and all-null ones; each value as alone.
     */
    @Test
    void batchesOfEverySize() {
        try (Tokenizer t = Tokenizer.of("ff1-aes-128", new byte[16], "card")) {
            String[] big = new String[100_000];
            for (int i = 0; i < big.length; i++) big[i] = String.format("4%015d", 7919L * i + 13);
            String[] tb = t.tokenize(big);
            for (int i = 0; i < big.length; i += 997) assertEquals(t.tokenize(big[i]), tb[i], "row " + i);
            assertArrayEquals(big, t.detokenize(tb));
            String[] small = {big[5], null, "", big[6]};
            assertArrayEquals(new String[] {tb[5], null, "", tb[6]}, t.tokenize(small));
            assertThrows(KCipherException.class, () -> t.tokenize(new String[] {big[1], "4x"}));
            assertArrayEquals(new String[] {tb[5], null, "", tb[6]}, t.tokenize(small));
            assertEquals(0, t.tokenize(new String[0]).length);
            assertArrayEquals(new String[3], t.detokenize(new String[3]));
            assertArrayEquals(new String[] {"", ""}, t.tokenize(new String[] {"", ""}));
        }
    }

    /**
     * Batches of thousands of rows through the reused output and length
     * arrays: equal to the CLI, with nulls (every 256th row), ASCII and
     * Hangul tokens, again and again and after a failing batch of that size.
     */
    @Test
    void bigBatchesEqualCli(@TempDir Path tmp) throws Exception {
        String ring = tmp.toString();
        run0(List.of("key", "new", "cust", "--cipher", "ff1-aria-256", "--keyring", ring));
        int n = 2055;
        for (String format : new String[] {"card", "digits;embed-version=hangul"}) {
            String[] vals = values(format.startsWith("card") ? "card" : "digits", n);
            if (!format.startsWith("card")) vals[n / 2] = digits(9);   // values() puts an empty one there
            String[] withNulls = new String[n + n / 256 + 1];
            List<Integer> at = new ArrayList<>();   // vals[k] is withNulls[at.get(k)]
            for (int i = 0, k = 0; i < withNulls.length; i++) {
                if (i % 256 == 256 - 1 || k == n) continue;
                at.add(i);
                withNulls[i] = vals[k++];
            }
            List<String> col = List.of("--key-name", "cust", "--keyring", ring, "--column", "v=" + format, "--input", "tsv");
            List<String> want = run(cat(List.of("tokenize"), col), vals);
            try (Tokenizer t = Tokenizer.fromKeyring(tmp, "cust", format)) {
                String[] bad = vals.clone();
                bad[n - 3] = "4x";
                KCipherException e = assertThrows(KCipherException.class, () -> t.tokenize(bad));
                assertEquals(n - 3, e.row(), format);
                for (int round = 0; round < 3; round++) {   // the reused scratch: again and again
                    assertEquals(want, Arrays.asList(t.tokenize(vals)), format);
                    String[] got = t.tokenize(withNulls);
                    for (int i = 0, k = 0; i < got.length; i++) {
                        if (k < n && at.get(k) == i) assertEquals(want.get(k++), got[i], format + " row " + i);
                        else assertNull(got[i], format + " row " + i);
                    }
                    assertArrayEquals(withNulls, t.detokenize(got), format + ": round trip");
                }
                if (format.contains("hangul")) assertTrue(want.get(0).chars().anyMatch(c -> c >= 0x80), want.get(0));
            }
        }
    }
}
