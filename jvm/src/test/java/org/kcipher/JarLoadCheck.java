// SPDX-License-Identifier: MIT
package org.kcipher;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Run by scripts/test-jvm.sh with only the jar (and this class) on the
 * class path and no java.library.path: the native library must come from
 * the jar's native/<os>-<arch>/ and work.  Exit 0 when it does.
 */
public final class JarLoadCheck {
    public static void main(String[] args) throws Exception {
        String v = Native.version();
        String from = Native.loadedFrom();
        if (from == null || !from.startsWith("/native/")) {
            System.err.println("FAILED: libkcipher_jni loaded from " + from + ", not from the jar");
            System.exit(1);
        }
        Cipher c = Cipher.getInstance("LEA/GCM/NoPadding", new org.kcipher.jca.KCipherProvider());
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "LEA"), new GCMParameterSpec(128, new byte[12]));
        int n = c.doFinal(new byte[100]).length;
        if (n != 116) { System.err.println("FAILED: LEA-GCM gave " + n + " bytes"); System.exit(1); }
        System.out.println("ok: kcipher " + v + " loaded from the jar (" + from + ")");
    }
}
