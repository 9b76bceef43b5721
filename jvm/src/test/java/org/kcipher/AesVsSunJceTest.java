// SPDX-License-Identifier: MIT
package org.kcipher;

import static org.junit.jupiter.api.Assertions.*;

import java.security.Security;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcipher.jca.KCipherProvider;

/** AES through the provider against SunJCE on random inputs. */
class AesVsSunJceTest {
    static final Random RNG = new Random(Long.getLong("kcipher.seed", System.nanoTime()));

    @BeforeAll
    static void register() {
        if (Security.getProvider("KCipher") == null) Security.addProvider(new KCipherProvider());
    }

    static byte[] rnd(int n) { byte[] b = new byte[n]; RNG.nextBytes(b); return b; }

    @Test
    void modes() throws Exception {
        String[] ts = {"AES/ECB/NoPadding", "AES/ECB/PKCS5Padding", "AES/CBC/NoPadding", "AES/CBC/PKCS5Padding",
                       "AES/CTR/NoPadding", "AES/CFB/NoPadding", "AES/OFB/NoPadding", "AES/GCM/NoPadding"};
        for (String t : ts) {
            for (int r = 0; r < 12; r++) {
                SecretKeySpec k = new SecretKeySpec(rnd(new int[] {16, 24, 32}[RNG.nextInt(3)]), "AES");
                boolean whole = t.endsWith("/NoPadding") && (t.contains("ECB") || t.contains("CBC"));
                byte[] pt = rnd(whole ? 16 * RNG.nextInt(10) : RNG.nextInt(300));
                Cipher sun = Cipher.getInstance(t, "SunJCE"), kc = Cipher.getInstance(t, "KCipher");
                java.security.spec.AlgorithmParameterSpec p = t.contains("GCM") ? new GCMParameterSpec(128, rnd(12))
                        : t.contains("ECB") ? null : new IvParameterSpec(rnd(16));
                sun.init(Cipher.ENCRYPT_MODE, k, p);
                kc.init(Cipher.ENCRYPT_MODE, k, p);
                byte[] ad = rnd(RNG.nextInt(30));
                if (t.contains("GCM")) { sun.updateAAD(ad); kc.updateAAD(ad); }
                byte[] want = sun.doFinal(pt);
                byte[] got = kc.doFinal(pt);
                assertArrayEquals(want, got, t);
                kc.init(Cipher.DECRYPT_MODE, k, p);
                if (t.contains("GCM")) kc.updateAAD(ad);
                assertArrayEquals(pt, kc.doFinal(got), t + " decrypt");
                // doFinal into an array at an offset (GCM: straight from native code).
                byte[] buf = new byte[got.length + 40];
                kc.init(Cipher.DECRYPT_MODE, k, p);
                if (t.contains("GCM")) kc.updateAAD(ad);
                int n = kc.doFinal(got, 0, got.length, buf, 7);
                assertArrayEquals(pt, java.util.Arrays.copyOfRange(buf, 7, 7 + n), t + " decrypt into an array");
                if (t.contains("GCM")) {
                    Cipher e2 = Cipher.getInstance(t, "KCipher");
                    e2.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, rnd(12)));
                    sun.init(Cipher.ENCRYPT_MODE, k, e2.getParameters().getParameterSpec(GCMParameterSpec.class));
                    byte[] o2 = new byte[pt.length + 16 + 3];
                    int m = e2.doFinal(pt, 0, pt.length, o2, 3);
                    assertArrayEquals(sun.doFinal(pt), java.util.Arrays.copyOfRange(o2, 3, 3 + m), t + " encrypt into an array");
                }
            }
        }
    }
}
