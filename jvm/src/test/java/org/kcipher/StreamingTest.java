// SPDX-License-Identifier: MIT
package org.kcipher;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.security.Security;
import java.util.Arrays;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcipher.jca.KCipherProvider;

/**
 * Cipher.update streams for the non-AEAD modes: output as the blocks come,
 * the IV carried across calls, equal to SunJCE fed the same random chunks
 * (and to one doFinal); CTR's counter carried over its whole block.
 */
class StreamingTest {
    static final Random RNG = new Random(Long.getLong("kcipher.seed", System.nanoTime()));

    @BeforeAll
    static void register() {
        if (Security.getProvider("KCipher") == null) Security.addProvider(new KCipherProvider());
    }

    static byte[] rnd(int n) { byte[] b = new byte[n]; RNG.nextBytes(b); return b; }

    /** Feeds in in random chunks; returns what update gave before doFinal and the whole output. */
    static byte[][] chunked(Cipher c, byte[] in) throws Exception {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        int p = 0;
        while (p < in.length) {
            int n = Math.min(in.length - p, RNG.nextInt(40));
            byte[] r = c.update(in, p, n);
            if (r != null) o.write(r);
            p += n;
        }
        byte[] early = o.toByteArray();
        o.write(c.doFinal());
        return new byte[][] { early, o.toByteArray() };
    }

    @Test
    void updateStreamsLikeSunJce() throws Exception {
        String[] ts = {"AES/ECB/NoPadding", "AES/ECB/PKCS5Padding", "AES/CBC/NoPadding", "AES/CBC/PKCS5Padding",
                       "AES/CTR/NoPadding", "AES/CFB/NoPadding", "AES/OFB/NoPadding"};
        for (String t : ts) {
            for (int r = 0; r < 10; r++) {
                SecretKeySpec k = new SecretKeySpec(rnd(16), "AES");
                boolean whole = t.endsWith("/NoPadding") && (t.contains("ECB") || t.contains("CBC"));
                byte[] pt = rnd(whole ? 16 * (4 + RNG.nextInt(10)) : 64 + RNG.nextInt(300));
                byte[] iv = rnd(16);
                if (t.contains("CTR") && r % 2 == 0) Arrays.fill(iv, 8, 16, (byte) 0xff);   // a carry past the low 64 bits
                IvParameterSpec p = t.contains("ECB") ? null : new IvParameterSpec(iv);
                Cipher sun = Cipher.getInstance(t, "SunJCE"), kc = Cipher.getInstance(t, "KCipher");
                sun.init(Cipher.ENCRYPT_MODE, k, p);
                kc.init(Cipher.ENCRYPT_MODE, k, p);
                byte[] want = sun.doFinal(pt);
                byte[][] got = chunked(kc, pt);
                assertArrayEquals(want, got[1], t + " encryption in chunks");
                assertTrue(got[0].length >= pt.length - 16,   // at most a partial block waits for doFinal
                            t + ": update gave " + got[0].length + " of " + pt.length);
                assertArrayEquals(want, kc.doFinal(pt), t + " after doFinal, as after init");
                kc.init(Cipher.DECRYPT_MODE, k, p);
                assertArrayEquals(pt, chunked(kc, want)[1], t + " decryption in chunks");
            }
        }
    }

    @Test
    void otherFamiliesChunkedEqualOneShot() throws Exception {
        for (String t : new String[] {"LEA/CBC/PKCS5Padding", "LEA/CTR/NoPadding", "LEA/CFB/NoPadding", "LEA/OFB/NoPadding",
                                      "ARIA/CBC/PKCS5Padding", "ARIA/OFB/NoPadding"}) {
            String alg = t.substring(0, t.indexOf('/'));
            SecretKeySpec k = new SecretKeySpec(rnd(16), alg);
            IvParameterSpec p = new IvParameterSpec(rnd(16));
            byte[] pt = rnd(100 + RNG.nextInt(200));
            Cipher kc = Cipher.getInstance(t, "KCipher");
            kc.init(Cipher.ENCRYPT_MODE, k, p);
            byte[] want = kc.doFinal(pt);
            assertArrayEquals(want, chunked(kc, pt)[1], t);
            kc.init(Cipher.DECRYPT_MODE, k, p);
            assertArrayEquals(pt, chunked(kc, want)[1], t + " decryption");
        }
    }

    /** GCM encryption streams (ciphertext from update, equal to SunJCE's); decryption gives nothing before the tag. */
    @Test
    void gcmEncryptionStreamsDecryptionWaits() throws Exception {
        for (int r = 0; r < 10; r++) {
            SecretKeySpec k = new SecretKeySpec(rnd(16), "AES");
            javax.crypto.spec.GCMParameterSpec p = new javax.crypto.spec.GCMParameterSpec(128, rnd(12));
            byte[] pt = rnd(64 + RNG.nextInt(300)), ad = rnd(RNG.nextInt(40));
            Cipher sun = Cipher.getInstance("AES/GCM/NoPadding", "SunJCE"), kc = Cipher.getInstance("AES/GCM/NoPadding", "KCipher");
            sun.init(Cipher.ENCRYPT_MODE, k, p);
            sun.updateAAD(ad);
            byte[] want = sun.doFinal(pt);
            kc.init(Cipher.ENCRYPT_MODE, k, p);
            kc.updateAAD(ad);
            byte[][] got = chunked(kc, pt);
            assertArrayEquals(want, got[1], "AES-GCM encryption in chunks");
            assertEquals(pt.length, got[0].length, "GCM encryption: update gives all the ciphertext");
            assertThrows(IllegalStateException.class, () -> kc.update(pt), "a spent GCM encryption");
            kc.init(Cipher.DECRYPT_MODE, k, p);
            kc.updateAAD(ad);
            byte[][] back = chunked(kc, want);
            assertEquals(0, back[0].length, "GCM decryption: no plaintext before the tag");
            assertArrayEquals(pt, back[1]);
            // An abandoned stream: init again and encrypt anew.
            kc.init(Cipher.ENCRYPT_MODE, k, new javax.crypto.spec.GCMParameterSpec(128, rnd(12)));
            kc.update(pt, 0, 20);
            javax.crypto.spec.GCMParameterSpec p2 = new javax.crypto.spec.GCMParameterSpec(128, rnd(12));
            kc.init(Cipher.ENCRYPT_MODE, k, p2);
            sun.init(Cipher.ENCRYPT_MODE, k, p2);
            assertArrayEquals(sun.doFinal(pt), kc.doFinal(pt), "after an abandoned stream");
        }
    }
}
