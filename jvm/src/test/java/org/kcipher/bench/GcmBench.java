// SPDX-License-Identifier: MIT
package org.kcipher.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.engines.ARIAEngine;
import org.bouncycastle.crypto.engines.LEAEngine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.GCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.kcipher.Tokenizer;
import org.kcipher.jca.KCipherProvider;

/**
 * The JVM benchmark (scripts/test-jvm.sh --bench): GCM encryption of 16 KiB
 * messages through javax.crypto.Cipher, each message a new init with a new
 * IV as an application does: ARIA-128-GCM and LEA-128-GCM from KCipher vs
 * Bouncy Castle (its GCM over its engines), AES-128-GCM from KCipher vs
 * SunJCE (HotSpot's AES-NI/CLMUL intrinsics); and tokenization values/s
 * through Tokenizer batches.  Each case: warm-up, then the median of 5 runs
 * of about 1 s (-Dkcipher.bench.seconds, -Dkcipher.bench.runs).  Prints a table; with an argument, writes it as TSV there.
 */
public final class GcmBench {
    static final int MSG = 16384;
    static final int RUNS = Integer.getInteger("kcipher.bench.runs", 5);   // odd: the median is a run's
    static final double RUN_SECONDS = Double.parseDouble(System.getProperty("kcipher.bench.seconds", "1"));

    interface Op { void run(int i) throws Exception; }

    /** Median operations per second. */
    static double measure(Op op) throws Exception {
        long end = System.nanoTime() + (long) (RUN_SECONDS * 4e9);   // C2 and its intrinsics need time
        for (int i = 0; System.nanoTime() < end; i++) op.run(i);   // warm-up (JIT)
        double[] rates = new double[RUNS];
        for (int r = 0; r < RUNS; r++) {
            long t0 = System.nanoTime(), stop = t0 + (long) (RUN_SECONDS * 1e9);
            int n = 0;
            long t;
            do { op.run(n++); } while ((t = System.nanoTime()) < stop);
            rates[r] = n / ((t - t0) / 1e9);
        }
        Arrays.sort(rates);
        return rates[RUNS / 2];
    }

    /** Batches/s of the C batch alone (kc_tokenize_batch timed in C), one run of about RUN_SECONDS. */
    static double cBatch(Tokenizer t, String[] values) {
        long one = Math.max(1, t.nativeBatchNanos(values, 5) / 5);
        int reps = (int) Math.max(1, RUN_SECONDS * 1e9 / one);
        return reps / (t.nativeBatchNanos(values, reps) / 1e9);
    }

    /** Ops/s of a and b measured in turns (a loaded machine slows both alike): medians of each and of the ratios a/b. */
    static double[] pair(Op a, Op b) throws Exception {
        measureRuns(a, 1, 4);   // warm-up
        measureRuns(b, 1, 4);
        return pair(() -> measureRuns(a, 1, 1)[0], () -> measureRuns(b, 1, 1)[0]);
    }

    interface Rate { double run() throws Exception; }

    static double[] pair(Rate a, Rate b) throws Exception {
        double[] ra = new double[RUNS], rb = new double[RUNS], q = new double[RUNS];
        for (int r = 0; r < RUNS; r++) {
            ra[r] = a.run();
            rb[r] = b.run();
            q[r] = ra[r] / rb[r];
        }
        Arrays.sort(ra); Arrays.sort(rb); Arrays.sort(q);
        return new double[] { ra[RUNS / 2], rb[RUNS / 2], q[RUNS / 2] };
    }

    /** runs rates of about RUN_SECONDS*scale each. */
    static double[] measureRuns(Op op, int runs, double scale) throws Exception {
        double[] rates = new double[runs];
        for (int r = 0; r < runs; r++) {
            long t0 = System.nanoTime(), stop = t0 + (long) (RUN_SECONDS * scale * 1e9);
            int n = 0;
            long t;
            do { op.run(n++); } while ((t = System.nanoTime()) < stop);
            rates[r] = n / ((t - t0) / 1e9);
        }
        return rates;
    }

    static byte[] iv(int i) {
        byte[] v = new byte[12];
        for (int k = 0; k < 4; k++) v[k] = (byte) (i >>> (8 * k));
        return v;
    }

    static Op jca(String transform, String provider, String alg) throws Exception {
        Cipher c = Cipher.getInstance(transform, provider);
        SecretKeySpec k = new SecretKeySpec(new byte[16], alg);
        byte[] pt = new byte[MSG], out = new byte[MSG + 16];
        return i -> {
            c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv(i)));
            c.doFinal(pt, 0, MSG, out, 0);
        };
    }

    static Op bc(java.util.function.Supplier<org.bouncycastle.crypto.BlockCipher> engine) {
        GCMModeCipher g = GCMBlockCipher.newInstance(engine.get());
        KeyParameter k = new KeyParameter(new byte[16]);
        byte[] pt = new byte[MSG], out = new byte[MSG + 16];
        return i -> {
            g.init(true, new AEADParameters(k, 128, iv(i)));
            int n = g.processBytes(pt, 0, MSG, out, 0);
            g.doFinal(out, n);
        };
    }

    public static void main(String[] args) throws Exception {
        Security.addProvider(new KCipherProvider());
        List<String> rows = new ArrayList<>();
        rows.add("case\tkcipher\tpeer\tpeer_name\tratio\tunit");
        // -Dkcipher.bench.only=tokenize: the tokenization row alone (to compare builds quickly).
        boolean all = !System.getProperty("kcipher.bench.only", "").equals("tokenize");
        String[][] gcm = {{"ARIA-128-GCM", "ARIA"}, {"LEA-128-GCM", "LEA"}};
        for (String[] g : all ? gcm : new String[0][]) {
            double kc = measure(jca(g[1] + "/GCM/NoPadding", "KCipher", g[1])) * MSG / 1e6;
            double peer = measure(bc(g[1].equals("ARIA") ? ARIAEngine::new : LEAEngine::new)) * MSG / 1e6;
            rows.add(String.format("%s 16 KiB\t%.1f\t%.1f\tBouncy Castle 1.78.1\t%.2f\tMB/s", g[0], kc, peer, kc / peer));
        }
        double[] aes = all ? pair(jca("AES/GCM/NoPadding", "KCipher", "AES"), jca("AES/GCM/NoPadding", "SunJCE", "AES")) : null;
        if (all) rows.add(String.format("AES-128-GCM 16 KiB\t%.1f\t%.1f\tSunJCE\t%.2f\tMB/s", aes[0] * MSG / 1e6, aes[1] * MSG / 1e6, aes[2]));
        // Tokenization: batches of 4096 card numbers in one call each.
        String[] cards = new String[4096];
        for (int i = 0; i < cards.length; i++) cards[i] = String.format("4%015d", 1234567L * i + 99);
        try (Tokenizer t = Tokenizer.of("ff1-aes-128", new byte[16], "card")) {
            // The C reference: the same batches through kc_tokenize_batch alone, timed in C.
            Op java = i -> t.tokenize(cards);
            measureRuns(java, 1, 4);   // warm-up
            cBatch(t, cards);
            double[] tk = pair(() -> measureRuns(java, 1, 1)[0], () -> cBatch(t, cards));
            // KC_THREADS=1 (test-jvm.sh runs this row again so): both sides on one core, the Java work per value against
            // the C work per value; by default the C batch spreads over the cores and the Java side's is serial.
            String threads = "1".equals(System.getenv("KC_THREADS")) ? ", 1 thread" : "";
            rows.add(String.format("tokenize ff1-aes-128 card (4096 a batch%s)\t%.0f\t%.0f\tC kc_tokenize_batch\t%.2f\tvalues/s",
                                   threads, tk[0] * cards.length, tk[1] * cards.length, tk[2]));
        }
        PrintStream o = System.out;
        o.printf("%-42s %12s %12s  %-22s %6s%n", "JVM benchmark", "kcipher", "peer", "peer", "ratio");
        for (String r : rows.subList(1, rows.size())) {
            String[] f = r.split("\t", -1);
            o.printf("%-42s %12s %12s  %-22s %6s %s%n", f[0], f[1], f[2], f[3], f[4], f[5]);
        }
        // -Dkcipher.bench.append=true: the rows added to the file, without a header (a second run's rows).
        if (args.length > 0 && Boolean.getBoolean("kcipher.bench.append"))
            Files.write(Path.of(args[0]), rows.subList(1, rows.size()), java.nio.file.StandardOpenOption.APPEND);
        else if (args.length > 0) Files.write(Path.of(args[0]), rows);
    }
}
