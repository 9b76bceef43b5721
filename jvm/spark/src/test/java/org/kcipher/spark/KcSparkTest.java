// SPDX-License-Identifier: MIT
package org.kcipher.spark;

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
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Spark SQL on local[2], row for row equal to the CLI: the session made
 * with KcSparkExtensions (spark.kcipher.keyring), a second one through
 * KcSpark.register.
 */
class KcSparkTest {
    static final String CLI = System.getProperty("kcipher.cli", "");
    static SparkSession spark, reg;
    static Path keyring;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(!CLI.isEmpty() && Files.isExecutable(Path.of(CLI)), "the kcipher CLI (-Dkcipher.cli) is not built");
        keyring = Files.createTempDirectory("kc-keys", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        run(List.of("key", "new", "cust", "--cipher", "ff1-aria-256", "--keyring", keyring.toString()), null);
        spark = SparkSession.builder().master("local[2]").appName("kcipher-test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.extensions", KcSparkExtensions.class.getName())
                .config("spark.kcipher.keyring", keyring.toString()).getOrCreate();
        reg = spark.newSession();
        KcSpark.register(reg, keyring.toString());
    }

    @AfterAll
    static void stop() {
        if (spark != null) spark.stop();
    }

    static String run(List<String> args, String stdin) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(CLI));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream o = p.getOutputStream()) { if (stdin != null) o.write(stdin.getBytes(StandardCharsets.UTF_8)); }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream i = p.getInputStream()) { i.transferTo(out); }
        assertEquals(0, p.waitFor(), "kcipher " + cmd);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void sqlAndBatchedEqualCli() throws Exception {
        Random rng = new Random();
        int n = 10000;   // more than one batch per partition
        List<Row> rows = new ArrayList<>();
        StringBuilder tsv = new StringBuilder("v\n");
        String[] vals = new String[n];
        for (int i = 0; i < n; i++) {
            vals[i] = String.format("%04d-%04d-%04d-%04d", rng.nextInt(10000), rng.nextInt(10000), rng.nextInt(10000), rng.nextInt(10000));
            rows.add(RowFactory.create(i, vals[i]));
            tsv.append(vals[i]).append('\n');
        }
        List<String> want = new ArrayList<>(Arrays.asList(run(List.of("tokenize", "--key-name", "cust", "--keyring",
                keyring.toString(), "--column", "v=card", "--input", "tsv"), tsv.toString()).split("\n")));
        assertEquals("v", want.remove(0));
        assertEquals(n, want.size());

        StructType schema = new StructType().add("id", DataTypes.IntegerType).add("v", DataTypes.StringType);
        Dataset<Row> df = reg.createDataFrame(rows, schema).repartition(2);
        df.createOrReplaceTempView("t");
        Dataset<Row> q = reg.sql("SELECT id, kc_tokenize(v, 'card', 'cust') AS tok FROM t ORDER BY id");
        List<Row> sql = q.collectAsList();
        // Batched: 2 partitions of ~5000 rows, 4096 a batch: 4 native calls, not 10000 (twice over:
        // ORDER BY's range partitioning samples its input with a job of its own).
        long[] calls = KcSql.nativeCalls(q);
        assertTrue(calls[1] == n || calls[1] == 2 * n, "values through the batch operator: " + calls[1]);
        assertTrue(calls[0] >= 2 && calls[0] * 1000 <= calls[1], "native calls: " + calls[0]);
        List<Row> batched = KcSpark.tokenize(df, "v", "card", "cust", keyring.toString()).orderBy("id").collectAsList();
        for (int i = 0; i < n; i++) {
            assertEquals(i, sql.get(i).getInt(0));
            assertEquals(want.get(i), sql.get(i).getString(1), "SQL row " + i);
            assertEquals(want.get(i), batched.get(i).getString(1), "batched row " + i);
        }
        Dataset<Row> back = KcSpark.detokenize(KcSpark.tokenize(df, "v", "card", "cust", keyring.toString()),
                                               "v", "card", "cust", keyring.toString()).orderBy("id");
        List<Row> b = back.collectAsList();
        for (int i = 0; i < n; i++) assertEquals(vals[i], b.get(i).getString(1));
        Dataset<Row> nested = reg.sql("SELECT kc_detokenize(kc_tokenize(v, 'card', 'cust'), 'card', 'cust') FROM t WHERE id = 7");
        assertEquals(vals[7], nested.collectAsList().get(0).getString(0));
        assertEquals(2, KcSql.nativeCalls(nested)[1], "two batch layers, one value each");
        // Under CASE: per row (the fallback), the same tokens.
        List<Row> cond = reg.sql("SELECT id, CASE WHEN id % 2 = 0 THEN kc_tokenize(v, 'card', 'cust') END FROM t ORDER BY id")
                            .collectAsList();
        for (int i = 0; i < n; i++) assertEquals(i % 2 == 0 ? want.get(i) : null, cond.get(i).getString(1), "CASE row " + i);
        // The extension's session: the same tokens, batched, in the plan.
        spark.createDataFrame(rows, schema).repartition(2).createOrReplaceTempView("t");
        Dataset<Row> e = spark.sql("SELECT id, kc_tokenize(v, 'card', 'cust') AS tok FROM t WHERE kc_tokenize(v, 'card', 'cust') > '5' ORDER BY id");
        List<Row> er = e.collectAsList();
        assertTrue(KcSql.plan(e).contains("KcBatch"), KcSql.plan(e));
        int k = 0;
        for (int i = 0; i < n; i++) if (want.get(i).compareTo("5") > 0) assertEquals(want.get(i), er.get(k++).getString(1));
        assertEquals(k, er.size());
        assertTrue(KcSql.nativeCalls(e)[0] <= 12, "native calls " + KcSql.nativeCalls(e)[0]);
    }

    @Test
    void nullsStayNull() {
        Dataset<Row> q = reg.range(0, 6, 1, 2).selectExpr("id", "IF(id % 3 = 0, NULL, format_string('4%015d', id)) AS v")
                            .selectExpr("id", "v", "kc_tokenize(v, 'card', 'cust') AS tok").orderBy("id");
        List<Row> r = q.collectAsList();
        assertTrue(KcSql.nativeCalls(q)[0] >= 1, "batched");
        for (Row x : r) {
            assertEquals(x.isNullAt(1), x.isNullAt(2), "row " + x.getLong(0));
            if (!x.isNullAt(1)) assertNotEquals(x.getString(1), x.getString(2));
        }
    }

    @Test
    void badValueFailsTheQuery() {
        Dataset<Row> q = reg.range(0, 100, 1, 2).selectExpr("id", "IF(id = 57, 'x4111-1111', format_string('4%015d', id)) AS v")
                            .selectExpr("kc_tokenize(v, 'card', 'cust') AS tok");
        Exception e = assertThrows(Exception.class, q::collectAsList);
        String msg = String.valueOf(e.getMessage());
        for (Throwable c = e; c != null; c = c.getCause()) msg += " | " + c.getMessage();
        assertTrue(msg.contains("kc_tokenize('card', 'cust'): partition 1, row 7 (0-based)"), msg);
        assertFalse(msg.contains("x4111"), "the value is not in the error: " + msg);
        assertTrue(KcSql.plan(q).contains("KcBatch"), KcSql.plan(q));
        // Per row (under IF): fails too.
        Dataset<Row> r = reg.range(0, 100, 1, 2).selectExpr("id", "IF(id = 57, 'x4111-1111', format_string('4%015d', id)) AS v")
                            .selectExpr("IF(id > 0, kc_tokenize(v, 'card', 'cust'), NULL) AS tok");
        Exception e2 = assertThrows(Exception.class, r::collectAsList);
        msg = String.valueOf(e2.getMessage());
        assertTrue(msg.contains("kc_tokenize('card', 'cust'): character 1 (1-based)"), msg);
        assertFalse(msg.contains("x4111"), "the value is not in the error: " + msg);
        assertFalse(KcSql.plan(r).contains("KcBatch"), KcSql.plan(r));
    }

    /** The CLI's column for these values (a TSV with the header v). */
    static List<String> cli(List<String> args, List<String> values) throws Exception {
        List<String> a = new ArrayList<>(args);
        a.addAll(List.of("--keyring", keyring.toString(), "--input", "tsv"));
        List<String> r = new ArrayList<>(Arrays.asList(run(a, "v\n" + String.join("\n", values) + "\n").split("\n", -1)));
        assertEquals("v", r.remove(0));
        assertEquals("", r.remove(r.size() - 1));
        assertEquals(values.size(), r.size());
        return r;
    }

    static String messages(Throwable e) {
        String msg = "";
        for (Throwable c = e; c != null; c = c.getCause()) msg += " | " + c.getMessage();
        return msg;
    }

    /**
     * kc_retokenize (batched and per row) and KcSpark.retokenize equal to kcipher retokenize
     * row for row, nulls kept; a bad token, and with embed-version= a token of another
     * version, fail the query naming neither the token nor its clear value.
     */
    @Test
    void retokenizeEqualsCli() throws Exception {
        run(List.of("key", "new", "rot", "--cipher", "ff1-aria-256", "--keyring", keyring.toString()), null);
        run(List.of("key", "rotate", "rot", "--keyring", keyring.toString()), null);
        Random rng = new Random();
        StructType schema = new StructType().add("id", DataTypes.IntegerType).add("v", DataTypes.StringType);
        for (String format : new String[] {"card", "card;embed-version=alnum"}) {
            int n = format.equals("card") ? 10000 : 300;
            List<String> vals = new ArrayList<>();
            for (int i = 0; i < n; i++)
                vals.add(String.format("%04d-%04d-%04d-%04d", rng.nextInt(10000), rng.nextInt(10000), rng.nextInt(10000), rng.nextInt(10000)));
            List<String> t1 = cli(List.of("tokenize", "--key-name", "rot@1", "--column", "v=" + format), vals);
            List<String> want = cli(List.of("retokenize", "--from", "rot@1", "--to", "rot@2", "--column", "v=" + format), t1);
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < n; i++) rows.add(RowFactory.create(i, i % 97 == 5 ? null : t1.get(i)));
            Dataset<Row> df = reg.createDataFrame(rows, schema).repartition(2);
            df.createOrReplaceTempView("r");
            String call = "kc_retokenize(v, '" + format + "', 'rot@1', 'rot@2')";
            Dataset<Row> q = reg.sql("SELECT id, " + call + " FROM r ORDER BY id");
            List<Row> sql = q.collectAsList();
            long[] calls = KcSql.nativeCalls(q);
            assertTrue(calls[0] >= 2 && calls[0] * 50 <= calls[1], "batched: " + Arrays.toString(calls));
            List<Row> perRow = reg.sql("SELECT id, CASE WHEN id % 2 = 0 THEN " + call + " END FROM r ORDER BY id").collectAsList();
            List<Row> ds = KcSpark.retokenize(df, "v", format, "rot@1", "rot@2", keyring.toString()).orderBy("id").collectAsList();
            for (int i = 0; i < n; i++) {
                String w = i % 97 == 5 ? null : want.get(i);
                assertEquals(i, sql.get(i).getInt(0));
                assertEquals(w, sql.get(i).getString(1), format + ": SQL row " + i);
                assertEquals(i % 2 == 0 ? w : null, perRow.get(i).getString(1), format + ": per-row row " + i);
                assertEquals(w, ds.get(i).getString(1), format + ": KcSpark.retokenize row " + i);
            }
            // A bad token, then (embed-version=) one of rot@2's: the query fails, batched and per row.
            List<String[]> bad = new ArrayList<>();
            bad.add(new String[] {"x4111-1111", "KC_ERR_FORMAT"});
            if (format.contains("embed-version")) bad.add(new String[] {want.get(57), "KC_ERR_KEY_VERSION"});
            for (String[] b : bad) {
                List<Row> br = new ArrayList<>(rows);
                br.set(57, RowFactory.create(57, b[0]));
                reg.createDataFrame(br, schema).coalesce(1).createOrReplaceTempView("rb");
                for (String sel : new String[] {call, "IF(id >= 0, " + call + ", NULL)"}) {
                    Dataset<Row> f = reg.sql("SELECT " + sel + " FROM rb");
                    String msg = messages(assertThrows(Exception.class, f::collectAsList));
                    boolean batched = !sel.startsWith("IF");
                    assertEquals(batched, KcSql.plan(f).contains("KcBatch"), KcSql.plan(f));
                    String where = batched ? ": partition 0, row 57 (0-based)" : "";
                    assertTrue(msg.contains("kc_retokenize('" + format + "', 'rot@1', 'rot@2')" + where), msg);
                    assertTrue(msg.contains(b[1]) && !msg.contains(b[1].equals("KC_ERR_FORMAT") ? "KEY_VERSION" : "KC_ERR_FORMAT"), msg);
                    for (String secret : new String[] {b[0], vals.get(57), t1.get(57), want.get(57)})
                        assertFalse(msg.contains(secret), "a value in the error: " + msg);
                }
            }
        }
        Exception same = assertThrows(Exception.class, () -> reg.sql("SELECT kc_retokenize(v, 'card', 'rot@1', 'rot@1') FROM r").collectAsList());
        assertTrue(messages(same).contains("the same key on both sides"), messages(same));
    }

    /**
     * From a key NAME without @V, with embed-version=: each token opened under the version it
     * names (kc_retokenize and kc_detokenize, batched and per row), as kcipher retokenize --from
     * NAME; a token of a retired version fails the query, naming the row, not the value.
     */
    @Test
    void byEmbeddedVersionEqualsCli() throws Exception {
        String ring = keyring.toString(), fmt = "card;embed-version=alnum";
        for (String name : new String[] {"mix", "old"}) {
            run(List.of("key", "new", name, "--cipher", "ff1-aria-256", "--keyring", ring), null);
            run(List.of("key", "rotate", name, "--keyring", ring), null);
        }
        run(List.of("key", "rotate", "mix", "--keyring", ring), null);   // mix@3 active
        Random rng = new Random();
        int n = 300;
        List<String> vals = new ArrayList<>();
        for (int i = 0; i < n; i++) vals.add(String.format("%016d", rng.nextLong(10_000_000_000_000_000L)));
        List<String> t1 = cli(List.of("tokenize", "--key-name", "mix@1", "--column", "v=" + fmt), vals);
        List<String> t2 = cli(List.of("tokenize", "--key-name", "mix@2", "--column", "v=" + fmt), vals);
        List<String> mixed = new ArrayList<>();
        for (int i = 0; i < n; i++) mixed.add(i % 3 == 0 ? t1.get(i) : t2.get(i));
        List<String> want = cli(List.of("retokenize", "--from", "mix", "--to", "mix@3", "--column", "v=" + fmt), mixed);
        assertEquals(cli(List.of("tokenize", "--key-name", "mix@3", "--column", "v=" + fmt), vals), want);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) rows.add(RowFactory.create(i, i == 7 ? null : mixed.get(i)));
        StructType schema = new StructType().add("id", DataTypes.IntegerType).add("v", DataTypes.StringType);
        reg.createDataFrame(rows, schema).repartition(2).createOrReplaceTempView("m");
        String re = "kc_retokenize(v, '" + fmt + "', 'mix', 'mix@3')", de = "kc_detokenize(v, '" + fmt + "', 'mix')";
        Dataset<Row> q = reg.sql("SELECT id, " + re + ", IF(id >= 0, " + re + ", NULL), " + de + " FROM m ORDER BY id");
        List<Row> got = q.collectAsList();
        assertTrue(KcSql.plan(q).contains("KcBatch"), KcSql.plan(q));
        for (int i = 0; i < n; i++) {
            assertEquals(i == 7 ? null : want.get(i), got.get(i).getString(1), "batched row " + i);
            assertEquals(i == 7 ? null : want.get(i), got.get(i).getString(2), "per-row row " + i);
            assertEquals(i == 7 ? null : vals.get(i), got.get(i).getString(3), "detokenized row " + i);
        }
        // old@1 retired: its tokens no longer open under "old".
        List<String> o1 = cli(List.of("tokenize", "--key-name", "old@1", "--column", "v=" + fmt), vals.subList(0, 100));
        List<String> o2 = cli(List.of("tokenize", "--key-name", "old@2", "--column", "v=" + fmt), vals.subList(0, 100));
        run(List.of("key", "retire", "old@1", "--keyring", ring), null);
        List<Row> or = new ArrayList<>();
        for (int i = 0; i < 100; i++) or.add(RowFactory.create(i, i == 41 ? o1.get(i) : o2.get(i)));
        reg.createDataFrame(or, schema).coalesce(1).createOrReplaceTempView("o");
        for (String sel : new String[] {"kc_detokenize(v, '" + fmt + "', 'old')", "kc_retokenize(v, '" + fmt + "', 'old', 'mix@3')"}) {
            String msg = messages(assertThrows(Exception.class, () -> reg.sql("SELECT " + sel + " FROM o").collectAsList()));
            assertTrue(msg.contains("partition 0, row 41 (0-based): KC_ERR_KEY_NOT_FOUND"), msg);
            assertFalse(msg.contains(vals.get(41)) || msg.contains(o1.get(41)), "a value in the error: " + msg);
        }
    }

    /**
     * KcSpark.detokenize / KcSpark.retokenize from a key NAME without @V, with embed-version=:
     * tokens of two versions in one Dataset, each opened under its own (the originals; kcipher
     * retokenize --from NAME); a token of a version the keyring lacks fails the job, no rows out.
     */
    @Test
    void datasetByEmbeddedVersion() throws Exception {
        String ring = keyring.toString(), fmt = "card;embed-version=alnum";
        run(List.of("key", "new", "dsv", "--cipher", "ff1-aria-256", "--keyring", ring), null);
        run(List.of("key", "rotate", "dsv", "--keyring", ring), null);
        run(List.of("key", "rotate", "dsv", "--keyring", ring), null);   // dsv@3 active
        Random rng = new Random();
        int n = 300;
        List<String> vals = new ArrayList<>();
        for (int i = 0; i < n; i++) vals.add(String.format("%016d", rng.nextLong(10_000_000_000_000_000L)));
        List<String> t1 = cli(List.of("tokenize", "--key-name", "dsv@1", "--column", "v=" + fmt), vals);
        List<String> t2 = cli(List.of("tokenize", "--key-name", "dsv@2", "--column", "v=" + fmt), vals);
        List<String> mixed = new ArrayList<>();
        for (int i = 0; i < n; i++) mixed.add(i % 3 == 0 ? t1.get(i) : t2.get(i));
        List<String> want = cli(List.of("retokenize", "--from", "dsv", "--to", "dsv@3", "--column", "v=" + fmt), mixed);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) rows.add(RowFactory.create(i, i == 7 ? null : mixed.get(i)));
        StructType schema = new StructType().add("id", DataTypes.IntegerType).add("v", DataTypes.StringType);
        Dataset<Row> df = reg.createDataFrame(rows, schema).repartition(2);
        List<Row> de = KcSpark.detokenize(df, "v", fmt, "dsv", ring).orderBy("id").collectAsList();
        List<Row> re = KcSpark.retokenize(df, "v", fmt, "dsv", "dsv@3", ring).orderBy("id").collectAsList();
        for (int i = 0; i < n; i++) {
            assertEquals(i, de.get(i).getInt(0));
            assertEquals(i == 7 ? null : vals.get(i), de.get(i).getString(1), "detokenized row " + i);
            assertEquals(i == 7 ? null : want.get(i), re.get(i).getString(1), "retokenized row " + i);
        }
        // A token of dsv@4 from another keyring: this one has no version 4.
        Path other = Files.createTempDirectory("kc-keys", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        run(List.of("key", "new", "dsv", "--cipher", "ff1-aria-256", "--keyring", other.toString()), null);
        for (int r = 0; r < 3; r++) run(List.of("key", "rotate", "dsv", "--keyring", other.toString()), null);
        List<String> t4 = new ArrayList<>(Arrays.asList(run(List.of("tokenize", "--key-name", "dsv@4", "--keyring", other.toString(),
                "--column", "v=" + fmt, "--input", "tsv"), "v\n" + vals.get(41) + "\n").split("\n")));
        assertEquals(List.of("v"), t4.subList(0, 1));
        List<Row> bad = new ArrayList<>(rows);
        bad.set(41, RowFactory.create(41, t4.get(1)));
        Dataset<Row> bf = reg.createDataFrame(bad, schema).coalesce(1);
        for (Dataset<Row> q : List.of(KcSpark.detokenize(bf, "v", fmt, "dsv", ring), KcSpark.retokenize(bf, "v", fmt, "dsv", "dsv@3", ring))) {
            String msg = messages(assertThrows(Exception.class, q::collectAsList));
            assertTrue(msg.contains("KC_ERR_KEY_NOT_FOUND") && msg.contains("(value 41)"), msg);
            for (String secret : new String[] {vals.get(41), t4.get(1), vals.get(40), mixed.get(40)})
                assertFalse(msg.contains(secret), "a value in the error: " + msg);
        }
    }
}
