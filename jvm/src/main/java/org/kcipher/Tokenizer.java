// SPDX-License-Identifier: MIT
package org.kcipher;

import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Format-preserving tokenization of text values, as {@code kcipher tokenize}
 * does for a column: {@code Tokenizer.of("ff1-aria-256", key, "card")}.
 * A context (for the CLI's --tweak-context, the column name) selects the
 * tweak; none is the empty tweak.  Batch methods take a whole String[] in
 * one native call (null stays null).  Thread-safe: calls on one tokenizer
 * run one at a time.
 */
public final class Tokenizer extends Handle {
    /** As kc_tokenizer_new's KC_FPE_ALLOW_SMALL_DOMAIN. */
    public static final int ALLOW_SMALL_DOMAIN = 1;

    private Tokenizer(long h, String what) {
        super(h, Native::tokenizerFree, what);
    }

    /** cipher: an FPE name ("ff1-aria-256", "fea2-128"), null for a mask format; format: a name or spec. */
    public static Tokenizer of(String cipher, byte[] key, String format) {
        return of(cipher, key, format, 0);
    }

    public static Tokenizer of(String cipher, byte[] key, String format, int flags) {
        return new Tokenizer(Native.tokenizerNew(Native.cstr(cipher), key, Native.cstr(format), flags), "tokenizer " + format);
    }

    /** The key "NAME" (its active version) or "NAME@V" from the keyring directory, with the cipher it records. */
    public static Tokenizer fromKeyring(Path dir, String ref, String format) {
        return fromKeyring(dir, ref, format, null, 0);
    }

    /** kek: a KEK source ("file:PATH", "env:VAR", ...) or null for each version's recorded one. */
    public static Tokenizer fromKeyring(Path dir, String ref, String format, String kek, int flags) {
        return new Tokenizer(Native.tokenizerFromKeyring(Native.cstr(dir.toString()), Native.cstr(ref),
                                                              Native.cstr(kek), Native.cstr(format), flags),
                             "tokenizer " + ref + " " + format);
    }

    public String tokenize(String value) { return tokenize(new String[] { value }, null)[0]; }
    public String detokenize(String token) { return detokenize(new String[] { token }, null)[0]; }
    public String[] tokenize(String[] values) { return tokenize(values, null); }
    public String[] detokenize(String[] tokens) { return detokenize(tokens, null); }
    public String[] tokenize(String[] values, String context) { return batch(true, values, context); }
    public String[] detokenize(String[] tokens, String context) { return batch(false, tokens, context); }

    /**
     * Tokens under this tokenizer's key into the tokens {@code to}'s key makes
     * (the same format, e.g. keyring "cards@1" to "cards@2"), in one native
     * call: the clear values exist only in C buffers, wiped before this
     * returns.  A bad token (or, with embed-version=, one of another version)
     * throws as detokenize does.
     */
    public String[] retokenize(String[] tokens, Tokenizer to) { return retokenize(tokens, to, null); }

    public String[] retokenize(String[] tokens, Tokenizer to, String context) {
        if (to == this) { synchronized (this) { return run(false, this, tokens, context); } }
        // Both monitors (neither closed during the call), in one order whatever the caller's.
        int ha = System.identityHashCode(this), hb = System.identityHashCode(java.util.Objects.requireNonNull(to, "to"));
        Object a = ha <= hb ? this : to, b = ha <= hb ? to : this;
        if (ha != hb) synchronized (a) { synchronized (b) { return run(false, to, tokens, context); } }
        synchronized (TIE) { synchronized (a) { synchronized (b) { return run(false, to, tokens, context); } } }
    }

    private static final Object TIE = new Object();

    /**
     * With a format carrying embed-version=: the key version each token
     * names (no key used; 0 for a null or a token whose version cannot be
     * read, which detokenize then refuses).  null when the format embeds none.
     */
    public synchronized int[] tokenVersions(String[] tokens) {
        int[] lens = new int[tokens.length];
        byte[] in = pack(tokens, lens);
        try {
            return Native.tokenVersions(live(), in, lens);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /** The values' UTF-8 back to back, lens[i] each one's length (-1: null); no copies left unwiped. */
    @SuppressWarnings("deprecation")   // String.getBytes(int, int, byte[], int): the low bytes, exact for ASCII
    static byte[] pack(String[] values, int[] lens) {
        int total = 0;
        boolean ascii = true;
        for (int i = 0; i < values.length; i++) {
            String v = values[i];
            if (v == null) { lens[i] = -1; continue; }
            for (int k = 0, m = v.length(); k < m && ascii; k++) ascii = v.charAt(k) < 0x80;
            total = Math.addExact(total, lens[i] = v.length());
        }
        if (!ascii) return packUtf8(values, lens);
        byte[] in = new byte[total];
        for (int i = 0, p = 0; i < values.length; i++) {
            if (values[i] == null) continue;
            values[i].getBytes(0, lens[i], in, p);
            p += lens[i];
        }
        return in;
    }

    private static byte[] packUtf8(String[] values, int[] lens) {
        byte[][] enc = new byte[values.length][];
        int total = 0;
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) continue;
            enc[i] = values[i].getBytes(StandardCharsets.UTF_8);
            total = Math.addExact(total, lens[i] = enc[i].length);
        }
        byte[] in = new byte[total];
        for (int i = 0, p = 0; i < values.length; i++) {
            if (enc[i] == null) continue;
            System.arraycopy(enc[i], 0, in, p, enc[i].length);
            p += enc[i].length;
            java.util.Arrays.fill(enc[i], (byte) 0);
        }
        return in;
    }

    private synchronized String[] batch(boolean encrypt, String[] values, String context) {
        return run(encrypt, null, values, context);
    }

    /**
     * run's scratch, kept from call to call (under the monitor) up to KEEP
     * elements (the lengths a quarter of that), wiped after each call: the
     * values' chars back to back, the outputs' bytes, the lengths.
     */
    private char[] chars = new char[0];
    private byte[] outs = new byte[0];
    private int[] lengths = new int[1];
    private static final int KEEP = 1 << 20;

    /**
     * to: null to (de)tokenize, else retokenize into to's tokens; the monitors held.
     * The values go to C as chars (narrowed there when all are ASCII, else
     * sent again as UTF-8), the outputs come back as one byte[].
     */
    @SuppressWarnings("deprecation")   // String(byte[], 0, int, int): the bytes as chars, exact for ASCII
    private String[] run(boolean encrypt, Tokenizer to, String[] values, String context) {
        values = values.clone();   // the caller's array may change meanwhile
        int n = values.length;
        int[] lens = n < lengths.length ? lengths : new int[n + 1];   // and the outputs' all-ASCII flag
        if (lens.length <= KEEP / 4) lengths = lens;
        int total = 0;
        for (int i = 0; i < n; i++) {
            String v = values[i];
            lens[i] = v == null ? -1 : v.length();
            if (v != null) total = Math.addExact(total, lens[i]);
        }
        char[] c = total <= chars.length ? chars : new char[total];
        if (c.length <= KEEP) chars = c;
        byte[] ctx = context == null ? null : context.getBytes(StandardCharsets.UTF_8);
        byte[] in = null, out;
        try {
            for (int i = 0, p = 0; i < n; i++) {
                if (lens[i] <= 0) continue;
                values[i].getChars(0, lens[i], c, p);
                p += lens[i];
            }
            long h = live(), h2 = to == null ? 0 : to.live();
            out = Native.tokenizeBatch(h, h2, encrypt, c, null, lens, n, ctx, outs);
            if (out == null) {   // not all ASCII
                in = pack(values, lens);
                out = Native.tokenizeBatch(h, h2, encrypt, null, in, lens, n, ctx, outs);
            }
            if (out.length <= KEEP) outs = out;
        } finally {
            java.util.Arrays.fill(c, 0, total, '\0');
            if (in != null) java.util.Arrays.fill(in, (byte) 0);
            Reference.reachabilityFence(this);
            Reference.reachabilityFence(to);
        }
        boolean ascii = lens[n] != 0;
        int used = 0;
        for (int i = 0; i < n; i++) used += Math.max(lens[i], 0);
        try {
            String[] r = new String[n];
            for (int i = 0, p = 0; i < n; i++) {
                if (lens[i] < 0) continue;
                r[i] = ascii ? new String(out, 0, p, lens[i]) : new String(out, p, lens[i], StandardCharsets.UTF_8);
                p += lens[i];
            }
            return r;
        } finally {
            java.util.Arrays.fill(out, 0, used, (byte) 0);
        }
    }

    /**
     * For benchmarks: the time of {@code reps} tokenize batches of these
     * values in C alone (kc_tokenize_batch, no JNI or String conversion),
     * in nanoseconds; the outputs are discarded.
     */
    public synchronized long nativeBatchNanos(String[] values, int reps) {
        int[] lens = new int[values.length];
        byte[] in = pack(values, lens);
        try {
            long ns = Native.tokenizeBatchNanos(live(), in, lens, reps);
            if (ns < 0) throw new IllegalArgumentException("a value does not tokenize (use tokenize for the error)");
            return ns;
        } finally {
            Reference.reachabilityFence(this);
        }
    }
}
