// SPDX-License-Identifier: MIT
package org.kcipher;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The JNI entry points (jvm/src/main/c/kcipher_jni.c).  The library is
 * loaded from, in order: the system property {@code kcipher.jni.library} or
 * the environment variable {@code KCIPHER_JNI_LIBRARY} (a file path); the
 * jar's {@code /native/<os>-<arch>/libkcipher_jni.so} when packaged there;
 * else {@code kcipher_jni} on {@code java.library.path}.
 */
public final class Native {
    private Native() {}

    private static String loadedFrom;   // before the static block that sets it

    static {
        load();
    }

    private static void load() {
        String path = System.getProperty("kcipher.jni.library");
        if (path == null || path.isEmpty()) path = System.getenv("KCIPHER_JNI_LIBRARY");
        if (path != null && !path.isEmpty()) {
            System.load(Path.of(path).toAbsolutePath().toString());
            loadedFrom = path;
            return;
        }
        String lib = System.mapLibraryName("kcipher_jni");
        String arch = System.getProperty("os.arch");
        if (arch.equals("amd64")) arch = "x86_64";   // the JVM's name for what uname -m calls x86_64
        String res = "/native/" + System.getProperty("os.name").toLowerCase().replaceAll("[^a-z]", "")
                + "-" + arch + "/" + lib;
        try (InputStream in = Native.class.getResourceAsStream(res)) {
            if (in != null) {
                Path tmp = Files.createTempFile("kcipher_jni", lib);
                tmp.toFile().deleteOnExit();
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                System.load(tmp.toString());
                loadedFrom = res;
                return;
            }
        } catch (IOException e) {
            throw new UnsatisfiedLinkError("kcipher: cannot extract " + res + ": " + e);
        }
        System.loadLibrary("kcipher_jni");
        loadedFrom = "java.library.path";
    }

    /** Where the library came from: a file path, the jar's resource name, or "java.library.path". */
    public static String loadedFrom() { return loadedFrom; }

    /** Forces loading; throws UnsatisfiedLinkError when the library is missing. */
    public static void ensureLoaded() {}

    public static native String version();
    /** name, kind, cipher, construction, key bytes, block bytes, family; tab-separated. */
    static native String[] names();

    static native long cipherNew(String name, byte[] key);
    static native void cipherFree(long h);
    static native int cipherBlockSize(long h);
    static native byte[] modeCrypt(long h, int mode, boolean pad, boolean encrypt, byte[] iv, byte[] in, int off, int len);

    static native long aeadNew(String name, byte[] key, int tagLen);
    static native void aeadFree(long h);
    static native int aeadTagSize(long h);
    static native byte[] aeadCrypt(long h, boolean encrypt, byte[] nonce, byte[] ad, int adLen, byte[] in, int off, int len);
    /** Into out[outOff..]; -1 when in == out (then use aeadCrypt). */
    static native int aeadCryptInto(long h, boolean encrypt, byte[] nonce, byte[] ad, int adLen, byte[] in, int off, int len,
                                    byte[] out, int outOff);

    /** GCM encryption streamed: a stream over aead h (freed before h), its updates' ciphertext, with final the tag. */
    static native long aeadStreamNew(long h, byte[] nonce, byte[] ad, int adLen);
    static native void aeadStreamFree(long s);
    static native byte[] aeadStreamUpdate(long s, byte[] in, int off, int len, boolean last, int tagLen);

    static native long macNew(String name, byte[] key);
    static native void macFree(long h);
    static native int macTagSize(long h);
    static native byte[] macCompute(long h, int tagLen, byte[] nonce, byte[] msg, int off, int len);

    /** s as UTF-8 with a trailing NUL (JNI's string calls give modified UTF-8); null stays null. */
    static byte[] cstr(String s) {
        if (s == null) return null;
        if (s.indexOf('\0') >= 0) throw new IllegalArgumentException("a NUL character in " + s);
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return java.util.Arrays.copyOf(b, b.length + 1);
    }

    static native long tokenizerNew(byte[] cipher, byte[] key, byte[] format, int flags);
    static native long tokenizerFromKeyring(byte[] dir, byte[] ref, byte[] kek, byte[] format, int flags);
    static native void tokenizerFree(long h);
    /**
     * count values, as chars (ASCII: null back, nothing done, when one is not) or utf8, back to back,
     * lens[i] each one's length (-1: null); the outputs back to back, lens[i] their lengths, lens[count]
     * 1 when all are ASCII; into dst when it has room (dst returned), else a new array.  to != 0: h's
     * tokens into to's, the clear values only in C (wiped).
     */
    static native byte[] tokenizeBatch(long h, long to, boolean encrypt, char[] chars, byte[] utf8, int[] lens, int count,
                                       byte[] context, byte[] dst);
    /** Each token's embedded key version (0: none readable), null when the format embeds none. */
    static native int[] tokenVersions(long h, byte[] in, int[] lens);
    /** The benchmark's C reference: reps calls of kc_tokenize_batch on these values, in ns (-1: a row failed). */
    static native long tokenizeBatchNanos(long h, byte[] in, int[] lens, int reps);
}
