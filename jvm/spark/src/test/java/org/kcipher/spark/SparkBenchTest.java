// SPDX-License-Identifier: MIT
package org.kcipher.spark;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF3;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * The Spark benchmark rows (scripts/test-jvm.sh --bench, only when
 * -Dkcipher.bench.out names the TSV to append to): rows/s on local[2] of
 * the SQL function kc_tokenize (the KcBatch operator, 4096 values a native
 * call) vs the same call as a plain Java UDF (Spark calls it once a row: one
 * native call a value) and vs KcSpark.tokenize (mapPartitions); with
 * -Dkcipher.bench.python=ROWS_PER_S (python/bench/spark_mapinarrow.py, the
 * same rows through kcipher.spark.tokenize's mapInArrow) a row against that
 * too.  The same 400k card numbers, ff1-aria-256, 2 partitions, written to
 * Spark's noop sink; in turns, median of 3 after a warm-up each.
 */
class SparkBenchTest {
    static final int ROWS = Integer.getInteger("kcipher.bench.rows", 400_000);

    static double rowsPerSecond(Runnable job) {
        long t0 = System.nanoTime();
        job.run();
        return ROWS / ((System.nanoTime() - t0) / 1e9);
    }

    static double median(double[] v) {
        double[] c = v.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    @Test
    void sqlVsUdfVsPython() throws Exception {
        String out = System.getProperty("kcipher.bench.out", "");
        assumeTrue(!out.isEmpty(), "the Spark benchmark runs with -Dkcipher.bench.out (scripts/test-jvm.sh --bench)");
        String python = System.getProperty("kcipher.bench.python", "");
        Path keyring = Files.createTempDirectory("kc-keys", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        KcSparkTest.run(List.of("key", "new", "cust", "--cipher", "ff1-aria-256", "--keyring", keyring.toString()), null);
        SparkSession spark = SparkSession.builder().master("local[2]").appName("kcipher-bench")
                .config("spark.ui.enabled", "false").getOrCreate();
        try {
            String kr = keyring.toString();
            KcSpark.register(spark, kr);
            // The per-row baseline: the SQL function as a plain JVM UDF (what register installed before KcBatch).
            spark.udf().register("kc_tokenize_row", (UDF3<String, String, String, String>)
                    (v, format, key) -> v == null ? null : KcSpark.tokenizer(kr, key, format).tokenize(v), DataTypes.StringType);
            Dataset<Row> df = spark.range(0, ROWS, 1, 2).selectExpr("id", "format_string('4%015d', id * 7919 + 13) AS v").cache();
            df.count();
            df.createOrReplaceTempView("cards");
            Runnable sql = () -> spark.sql("SELECT id, kc_tokenize(v, 'card', 'cust') AS v FROM cards")
                    .write().format("noop").mode("overwrite").save();
            Runnable udf = () -> spark.sql("SELECT id, kc_tokenize_row(v, 'card', 'cust') AS v FROM cards")
                    .write().format("noop").mode("overwrite").save();
            Runnable batched = () -> KcSpark.tokenize(df, "v", "card", "cust", kr)
                    .write().format("noop").mode("overwrite").save();
            sql.run();
            udf.run();
            batched.run();
            double[] s = new double[3], u = new double[3], b = new double[3];
            for (int r = 0; r < 3; r++) {
                s[r] = rowsPerSecond(sql);
                u[r] = rowsPerSecond(udf);
                b[r] = rowsPerSecond(batched);
            }
            String c = "Spark local[2] ff1-aria-256 card: SQL kc_tokenize (KcBatch, 4096 a call) vs ";
            List<String> rows = new java.util.ArrayList<>(List.of(
                String.format(c + "a Java UDF\t%.0f\t%.0f\tSpark SQL UDF (a native call a row)\t%.2f\trows/s",
                              median(s), median(u), median(s) / median(u)),
                String.format(c + "KcSpark.tokenize\t%.0f\t%.0f\tDataset mapPartitions (4096 a call)\t%.2f\trows/s",
                              median(s), median(b), median(s) / median(b))));
            if (!python.isEmpty())
                rows.add(String.format(c + "Python mapInArrow\t%.0f\t%.0f\tkcipher.spark.tokenize (Arrow batches)\t%.2f\trows/s",
                                       median(s), Double.parseDouble(python), median(s) / Double.parseDouble(python)));
            for (String row : rows) System.out.println(row.replace('\t', ' '));
            Files.write(Path.of(out), rows, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } finally {
            spark.stop();
        }
    }
}
