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
import org.junit.jupiter.api.Test;

/**
 * The Spark benchmark row (scripts/test-jvm.sh --bench, only when
 * -Dkcipher.bench.out names the TSV to append to): rows/s on local[2] of
 * the SQL function kc_tokenize (Spark calls a Java UDF once per row: one
 * native call a value) vs KcSpark.tokenize (a partition at a time, 4096
 * values a native call), the same 400k card numbers, ff1-aria-256, written
 * to Spark's noop sink.  Runs in turns, median of 3 after a warm-up each.
 */
class SparkBenchTest {
    static final int ROWS = Integer.getInteger("kcipher.bench.rows", 400_000);

    static double rowsPerSecond(Runnable job) {
        long t0 = System.nanoTime();
        job.run();
        return ROWS / ((System.nanoTime() - t0) / 1e9);
    }

    @Test
    void udfVsBatched() throws Exception {
        String out = System.getProperty("kcipher.bench.out", "");
        assumeTrue(!out.isEmpty(), "the Spark benchmark runs with -Dkcipher.bench.out (scripts/test-jvm.sh --bench)");
        String cli = System.getProperty("kcipher.cli", "");
        Path keyring = Files.createTempDirectory("kc-keys", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        KcSparkTest.run(List.of("key", "new", "cust", "--cipher", "ff1-aria-256", "--keyring", keyring.toString()), null);
        SparkSession spark = SparkSession.builder().master("local[2]").appName("kcipher-bench")
                .config("spark.ui.enabled", "false").getOrCreate();
        try {
            KcSpark.register(spark, keyring.toString());
            Dataset<Row> df = spark.range(0, ROWS, 1, 2).selectExpr("id", "format_string('4%015d', id * 7919 + 13) AS v").cache();
            df.count();
            df.createOrReplaceTempView("cards");
            Runnable udf = () -> spark.sql("SELECT id, kc_tokenize(v, 'card', 'cust') AS v FROM cards")
                    .write().format("noop").mode("overwrite").save();
            Runnable batched = () -> KcSpark.tokenize(df, "v", "card", "cust", keyring.toString())
                    .write().format("noop").mode("overwrite").save();
            udf.run();
            batched.run();
            double[] u = new double[3], b = new double[3], q = new double[3];
            for (int r = 0; r < 3; r++) {
                u[r] = rowsPerSecond(udf);
                b[r] = rowsPerSecond(batched);
                q[r] = b[r] / u[r];
            }
            Arrays.sort(u); Arrays.sort(b); Arrays.sort(q);
            String row = String.format("Spark local[2] ff1-aria-256 card: KcSpark.tokenize (4096 a batch) vs SQL kc_tokenize UDF"
                                       + "\t%.0f\t%.0f\tSpark SQL UDF (a row a call)\t%.2f\trows/s", b[1], u[1], q[1]);
            System.out.println(row.replace('\t', ' '));
            Files.write(Path.of(out), List.of(row), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } finally {
            spark.stop();
        }
    }
}
