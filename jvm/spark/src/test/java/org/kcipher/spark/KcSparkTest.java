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

/** Spark SQL on local[2], row for row equal to the CLI. */
class KcSparkTest {
    static final String CLI = System.getProperty("kcipher.cli", "");
    static SparkSession spark;
    static Path keyring;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(!CLI.isEmpty() && Files.isExecutable(Path.of(CLI)), "the kcipher CLI (-Dkcipher.cli) is not built");
        keyring = Files.createTempDirectory("kc-keys", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        run(List.of("key", "new", "cust", "--cipher", "ff1-aria-256", "--keyring", keyring.toString()), null);
        spark = SparkSession.builder().master("local[2]").appName("kcipher-test")
                .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2").getOrCreate();
        KcSpark.register(spark, keyring.toString());
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
        Dataset<Row> df = spark.createDataFrame(rows, schema).repartition(2);
        df.createOrReplaceTempView("t");
        List<Row> sql = spark.sql("SELECT id, kc_tokenize(v, 'card', 'cust') AS tok FROM t ORDER BY id").collectAsList();
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
        assertEquals(vals[7], spark.sql("SELECT kc_detokenize(kc_tokenize(v, 'card', 'cust'), 'card', 'cust') FROM t WHERE id = 7")
                                    .collectAsList().get(0).getString(0));
    }
}
