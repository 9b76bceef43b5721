// SPDX-License-Identifier: MIT
package org.kcipher.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.kcipher.Tokenizer;

/**
 * kcipher tokenization in Spark jobs, keys from a keyring directory that
 * every executor can read (the key never enters the plan; each executor JVM
 * opens one Tokenizer per key and format, libkcipher_jni from the kcipher
 * jar, its java.library.path or KCIPHER_JNI_LIBRARY).
 * <ul>
 * <li>{@link #tokenize(Dataset, String, String, String, String)}: a column
 *   tokenized a partition at a time, {@value #BATCH} values per native call.</li>
 * <li>{@link #register(SparkSession, String)}: the SQL functions
 *   {@code kc_tokenize(col, format, keyname)}, {@code kc_detokenize(...)} and
 *   {@code kc_retokenize(col, format, from_keyname, to_keyname)},
 *   planned as a KcBatch operator ({@value #BATCH} rows a native call; KcSql.scala
 *   says where a call stays one native call a row).  Without register, the
 *   session option {@code spark.sql.extensions=org.kcipher.spark.KcSparkExtensions}
 *   with {@code spark.kcipher.keyring=DIR} gives the same.</li>
 * </ul>
 * Tokens equal the CLI's {@code kcipher tokenize --key-name NAME --column c=FORMAT}
 * (no context: the empty tweak), retokenized ones its {@code kcipher retokenize
 * --from NAME@V --to NAME@W}; the clear values of a retokenize stay in C.
 */
public final class KcSpark {
    private KcSpark() {}

    public static final int BATCH = 4096;

    private static final ConcurrentHashMap<String, Tokenizer> CACHE = new ConcurrentHashMap<>();

    /** The executor's tokenizer for a keyring key ("NAME" or "NAME@V") and format. */
    static Tokenizer tokenizer(String keyring, String key, String format) {
        return CACHE.computeIfAbsent(keyring + "\0" + key + "\0" + format,
                k -> Tokenizer.fromKeyring(Path.of(keyring), key, format));
    }

    /** Registers kc_tokenize(col, format, keyname), kc_detokenize(...) and kc_retokenize(col, format, from, to), batched. */
    public static void register(SparkSession spark, String keyring) {
        KcSql.install(spark, keyring);
    }

    /** df with the string column tokenized in its format under the keyring's key, batched per partition. */
    public static Dataset<Row> tokenize(Dataset<Row> df, String column, String format, String key, String keyring) {
        return batched(df, column, format, key, null, keyring, true);
    }

    /**
     * df with the column's tokens opened under the keyring's key: "NAME@V", or
     * "NAME" (the active version, or with an embed-version= format each token's
     * own version, as the CLI and kc_detokenize do).
     */
    public static Dataset<Row> detokenize(Dataset<Row> df, String column, String format, String key, String keyring) {
        return batched(df, column, format, key, null, keyring, false);
    }

    /**
     * df with the column's tokens under fromKey ("NAME@V", or "NAME" as for
     * detokenize) turned into toKey's, batched per partition.
     */
    public static Dataset<Row> retokenize(Dataset<Row> df, String column, String format, String fromKey, String toKey,
                                          String keyring) {
        if (fromKey.equals(toKey)) throw new IllegalArgumentException("retokenize: the same key on both sides");
        return batched(df, column, format, fromKey, toKey, keyring, false);
    }

    private static Dataset<Row> batched(Dataset<Row> df, String column, String format, String key, String toKey,
                                        String keyring, boolean encrypt) {
        int idx = df.schema().fieldIndex(column);
        String op = toKey != null ? "retokenize" : encrypt ? "tokenize" : "detokenize";
        // As kc_detokenize/kc_retokenize: from a NAME with embed-version=, each token under its version.
        MapPartitionsFunction<Row, Row> f = rows -> new Batches(rows, idx, v -> KcSql.batch(keyring, op, format, key, toKey, v));
        return df.mapPartitions(f, Encoders.row(df.schema()));
    }

    /** Rows in, rows out, BATCH at a time through one native call. */
    private static final class Batches implements Iterator<Row> {
        private final Iterator<Row> in;
        private final int idx;
        private final UnaryOperator<String[]> f;
        private final List<Row> buf = new ArrayList<>(BATCH);
        private String[] out = new String[0];
        private int pos;

        Batches(Iterator<Row> in, int idx, UnaryOperator<String[]> f) {
            this.in = in; this.idx = idx; this.f = f;
        }

        private void fill() {
            buf.clear();
            while (buf.size() < BATCH && in.hasNext()) buf.add(in.next());
            String[] v = new String[buf.size()];
            for (int i = 0; i < v.length; i++) v[i] = buf.get(i).isNullAt(idx) ? null : buf.get(i).getString(idx);
            out = v.length == 0 ? v : f.apply(v);
            pos = 0;
        }

        @Override
        public boolean hasNext() {
            if (pos < buf.size()) return true;
            if (!in.hasNext()) return false;
            fill();
            return pos < buf.size();
        }

        @Override
        public Row next() {
            if (!hasNext()) throw new NoSuchElementException();
            Row r = buf.get(pos);
            Object[] vals = new Object[r.length()];
            for (int i = 0; i < vals.length; i++) vals[i] = r.get(i);
            vals[idx] = out[pos++];
            return RowFactory.create(vals);
        }
    }
}
