// SPDX-License-Identifier: MIT
package org.kcipher;

import static org.junit.jupiter.api.Assertions.*;

import java.security.InvalidKeyException;
import java.security.Security;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcipher.jca.KCipherProvider;

/** What Java users expect on bad input, and no native crash from misuse. */
class MisuseTest {
    @BeforeAll
    static void register() {
        if (Security.getProvider("KCipher") == null) Security.addProvider(new KCipherProvider());
    }

    @Test
    void providerListsLibraryNames() {
        KCipherProvider p = (KCipherProvider) Security.getProvider("KCipher");
        assertNull(p.loadError());
        for (String a : new String[] {"ARIA", "LEA", "AES", "RC6", "PIPO"})
            assertNotNull(p.getService("Cipher", a), a);
        assertNotNull(p.getService("Mac", "LEACMAC"));
        assertNotNull(p.getService("Mac", "ARIAGMAC"));
        assertNotNull(p.getService("KeyGenerator", "LEA"));
        assertNull(p.getService("Cipher", "RIJNDAEL"), "mixed block sizes are not one JCA cipher");
        assertNotNull(p.getService("Cipher", "RIJNDAEL-256"));
    }

    @Test
    void badKeyLength() throws Exception {
        Cipher c = Cipher.getInstance("LEA/GCM/NoPadding", "KCipher");
        InvalidKeyException e = assertThrows(InvalidKeyException.class,
                () -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[15], "LEA"), new GCMParameterSpec(128, new byte[12])));
        assertTrue(e.getMessage().contains("16, 24, 32"), e.getMessage());
        Cipher d = Cipher.getInstance("ARIA/CBC/PKCS5Padding", "KCipher");
        assertThrows(InvalidKeyException.class, () -> d.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[33], "ARIA")));
        javax.crypto.Mac m = javax.crypto.Mac.getInstance("LEACMAC", "KCipher");
        assertThrows(InvalidKeyException.class, () -> m.init(new SecretKeySpec(new byte[8], "LEA")));
    }

    @Test
    void badTagReleasesNothing() throws Exception {
        SecretKeySpec k = new SecretKeySpec(new byte[16], "LEA");
        for (String mode : new String[] {"GCM", "CCM"}) {
            Cipher c = Cipher.getInstance("LEA/" + mode + "/NoPadding", "KCipher");
            GCMParameterSpec p = new GCMParameterSpec(128, new byte[12]);
            c.init(Cipher.ENCRYPT_MODE, k, p);
            c.updateAAD(new byte[] {1, 2, 3});
            byte[] ct = c.doFinal(new byte[100]);
            ct[ct.length - 1] ^= 1;
            c.init(Cipher.DECRYPT_MODE, k, p);
            c.updateAAD(new byte[] {1, 2, 3});
            assertEquals(0, c.update(ct, 0, 50).length, "nothing before the tag is checked");
            byte[] out = new byte[200];
            Arrays.fill(out, (byte) 0x5a);
            assertThrows(AEADBadTagException.class, () -> c.doFinal(ct, 50, ct.length - 50, out, 0));
            for (byte b : out) assertEquals((byte) 0x5a, b, mode + ": no plaintext written on a bad tag");
            // The same in one doFinal into an array (the native call writes into it directly).
            c.init(Cipher.DECRYPT_MODE, k, p);
            c.updateAAD(new byte[] {1, 2, 3});
            assertThrows(AEADBadTagException.class, () -> c.doFinal(ct, 0, ct.length, out, 0));
            for (byte b : out) assertEquals((byte) 0x5a, b, mode + ": no plaintext written on a bad tag (direct)");
            // The wrong AAD fails too, and a message shorter than the tag.
            c.init(Cipher.DECRYPT_MODE, k, p);
            ct[ct.length - 1] ^= 1;
            c.updateAAD(new byte[] {1, 2, 4});
            assertThrows(AEADBadTagException.class, () -> c.doFinal(ct));
            c.init(Cipher.DECRYPT_MODE, k, p);
            assertThrows(AEADBadTagException.class, () -> c.doFinal(new byte[5]));
        }
    }

    @Test
    void gcmRefusesReusedIv() throws Exception {
        Cipher c = Cipher.getInstance("ARIA/GCM/NoPadding", "KCipher");
        SecretKeySpec k = new SecretKeySpec(new byte[16], "ARIA");
        GCMParameterSpec p = new GCMParameterSpec(128, new byte[12]);
        c.init(Cipher.ENCRYPT_MODE, k, p);
        c.doFinal(new byte[3]);
        assertThrows(IllegalStateException.class, () -> c.doFinal(new byte[3]));
        assertThrows(java.security.InvalidAlgorithmParameterException.class, () -> c.init(Cipher.ENCRYPT_MODE, k, p));
        c.init(Cipher.ENCRYPT_MODE, k);   // a fresh random IV
        assertEquals(12, c.getIV().length);
        c.doFinal(new byte[3]);
    }

    @Test
    void paddingAndBlockErrors() throws Exception {
        SecretKeySpec k = new SecretKeySpec(new byte[16], "ARIA");
        Cipher c = Cipher.getInstance("ARIA/CBC/NoPadding", "KCipher");
        c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[16]));
        assertThrows(IllegalBlockSizeException.class, () -> c.doFinal(new byte[17]));
        Cipher d = Cipher.getInstance("ARIA/ECB/PKCS5Padding", "KCipher");
        d.init(Cipher.DECRYPT_MODE, k);
        assertThrows(BadPaddingException.class, () -> d.doFinal(new byte[16]));
        assertThrows(javax.crypto.NoSuchPaddingException.class, () -> Cipher.getInstance("ARIA/CTR/PKCS5Padding", "KCipher"));
    }

    @Test
    void defaultPaddingAsSunJce() throws Exception {
        SecretKeySpec k = new SecretKeySpec(new byte[16], "LEA");
        Cipher c = Cipher.getInstance("LEA", "KCipher");          // ECB/PKCS5Padding
        c.init(Cipher.ENCRYPT_MODE, k);
        assertEquals(16, c.doFinal(new byte[5]).length);
    }

    @Test
    void keyGenerator() throws Exception {
        KeyGenerator g = KeyGenerator.getInstance("LEA", "KCipher");
        assertEquals(16, g.generateKey().getEncoded().length);
        g.init(256);
        SecretKey k = g.generateKey();
        assertEquals(32, k.getEncoded().length);
        assertThrows(java.security.InvalidParameterException.class, () -> g.init(100));
        KeyGenerator p = KeyGenerator.getInstance("PIPO", "KCipher");
        Cipher c = Cipher.getInstance("PIPO/CBC/PKCS5Padding", "KCipher");
        c.init(Cipher.ENCRYPT_MODE, p.generateKey());
        assertEquals(8, c.getIV().length);
        assertEquals(16, c.doFinal(new byte[9]).length);
    }

    @Test
    void useAfterClose() {
        byte[] key = new byte[16];
        BlockCipher b = new BlockCipher("lea-128", key);
        b.close();
        b.close();   // twice is fine
        assertTrue(b.isClosed());
        assertThrows(IllegalStateException.class, () -> b.encrypt(BlockCipher.Mode.ECB, false, null, new byte[16], 0, 16));
        Aead a = new Aead("aria-128-gcm", key, 0);
        a.close();
        assertThrows(IllegalStateException.class, () -> a.encrypt(new byte[12], null, 0, new byte[1], 0, 1));
        Mac m = new Mac("lea-128-cmac", key);
        m.close();
        assertThrows(IllegalStateException.class, () -> m.compute(16, null, new byte[1], 0, 1));
        Tokenizer t = Tokenizer.of("ff1-aria-128", key, "digits");
        t.close();
        assertThrows(IllegalStateException.class, () -> t.tokenize("1234567"));
    }

    @Test
    void badArgumentsAreJavaExceptions() {
        try (BlockCipher b = new BlockCipher("lea-128", new byte[16])) {
            assertThrows(IndexOutOfBoundsException.class, () -> b.encrypt(BlockCipher.Mode.ECB, false, null, new byte[16], 8, 16));
            assertThrows(IndexOutOfBoundsException.class, () -> b.encrypt(BlockCipher.Mode.ECB, false, null, new byte[16], -1, 1));
            KCipherException e = assertThrows(KCipherException.class,
                    () -> b.encrypt(BlockCipher.Mode.CBC, false, new byte[3], new byte[16], 0, 16));
            assertEquals("KC_ERR_IV_LENGTH", e.status());
        }
        KCipherException e = assertThrows(KCipherException.class, () -> new BlockCipher("nope-128", new byte[16]));
        assertEquals("KC_ERR_UNKNOWN_CIPHER", e.status());
    }

    /** Many threads on one object while another closes it: results or IllegalStateException, never a crash. */
    @Test
    void concurrentUseAndClose() throws Exception {
        byte[] key = new byte[16];
        byte[] pt = new byte[4096];
        byte[] want;
        try (BlockCipher ref = new BlockCipher("aria-128", key)) {
            want = ref.encrypt(BlockCipher.Mode.CTR, false, new byte[16], pt, 0, pt.length);
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 20; round++) {
                BlockCipher b = new BlockCipher("aria-128", key);
                Tokenizer t = Tokenizer.of("ff1-aria-128", key, "digits");
                java.util.List<Future<Integer>> fs = new java.util.ArrayList<>();
                for (int w = 0; w < 4; w++) {
                    fs.add(pool.submit(() -> {
                        int ok = 0;
                        for (int i = 0; i < 50; i++) {
                            try {
                                assertArrayEquals(want, b.encrypt(BlockCipher.Mode.CTR, false, new byte[16], pt, 0, pt.length));
                                assertEquals(3, t.tokenize(new String[] {"1234567", null, "7654321"}).length);
                                ok++;
                            } catch (IllegalStateException closed) {
                                break;
                            }
                        }
                        return ok;
                    }));
                }
                Thread.sleep(round % 3);
                b.close();
                t.close();
                for (Future<Integer> f : fs) f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** a.retokenize(b) and b.retokenize(a) at once, then a closed: results or IllegalStateException, no deadlock. */
    @Test
    void crosswiseRetokenize() throws Exception {
        Tokenizer a = Tokenizer.of("ff1-aria-128", new byte[16], "digits");
        Tokenizer b = Tokenizer.of("ff1-aria-128", new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, "digits");
        String[] v = {"1234567", null, "7654321"};
        String[] tb = b.tokenize(v);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> f1 = pool.submit(() -> { for (int i = 0; i < 2000; i++) assertArrayEquals(tb, a.retokenize(a.tokenize(v), b)); });
            Future<?> f2 = pool.submit(() -> { for (int i = 0; i < 2000; i++) assertArrayEquals(v, a.detokenize(b.retokenize(tb, a))); });
            f1.get(60, TimeUnit.SECONDS);
            f2.get(60, TimeUnit.SECONDS);
            Future<?> f3 = pool.submit(() -> {
                try { for (int i = 0; i < 100000; i++) b.retokenize(tb, a); } catch (IllegalStateException closed) { return; }
            });
            a.close();
            f3.get(60, TimeUnit.SECONDS);
            assertThrows(IllegalStateException.class, () -> b.retokenize(tb, a));
        } finally {
            pool.shutdownNow();
            b.close();
        }
    }
}
