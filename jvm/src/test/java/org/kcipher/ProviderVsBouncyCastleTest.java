// SPDX-License-Identifier: MIT
package org.kcipher;

import static org.junit.jupiter.api.Assertions.*;

import java.security.Security;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.BufferedBlockCipher;
import org.bouncycastle.crypto.CipherParameters;
import org.bouncycastle.crypto.DefaultBufferedBlockCipher;
import org.bouncycastle.crypto.engines.ARIAEngine;
import org.bouncycastle.crypto.engines.LEAEngine;
import org.bouncycastle.crypto.engines.SEEDEngine;
import org.bouncycastle.crypto.macs.CMac;
import org.bouncycastle.crypto.macs.GMac;
import org.bouncycastle.crypto.modes.AEADBlockCipher;
import org.bouncycastle.crypto.modes.CBCBlockCipher;
import org.bouncycastle.crypto.modes.CCMBlockCipher;
import org.bouncycastle.crypto.modes.CFBBlockCipher;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.OFBBlockCipher;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.paddings.PKCS7Padding;
import org.bouncycastle.crypto.paddings.PaddedBufferedBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.kcipher.jca.KCipherProvider;

/** The provider against Bouncy Castle's lightweight engines on random inputs, every mode both have. */
class ProviderVsBouncyCastleTest {
    static final Random RNG = new Random(Long.getLong("kcipher.seed", System.nanoTime()));
    static final int ROUNDS = 12;

    @BeforeAll
    static void register() {
        if (Security.getProvider("KCipher") == null) Security.addProvider(new KCipherProvider());
    }

    static byte[] rnd(int n) { byte[] b = new byte[n]; RNG.nextBytes(b); return b; }

    static byte[] bc(BufferedBlockCipher c, boolean enc, CipherParameters p, byte[] in) throws Exception {
        c.init(enc, p);
        byte[] out = new byte[c.getOutputSize(in.length)];
        int n = c.processBytes(in, 0, in.length, out, 0);
        n += c.doFinal(out, n);
        return java.util.Arrays.copyOf(out, n);
    }

    static byte[] bcAead(AEADBlockCipher c, boolean enc, AEADParameters p, byte[] in) throws Exception {
        c.init(enc, p);
        byte[] out = new byte[c.getOutputSize(in.length)];
        int n = c.processBytes(in, 0, in.length, out, 0);
        n += c.doFinal(out, n);
        return java.util.Arrays.copyOf(out, n);
    }

    record Fam(String jca, Supplier<BlockCipher> engine, int[] keys) {}

    static List<Fam> families() {
        List<Fam> l = new java.util.ArrayList<>(List.of(
                new Fam("ARIA", ARIAEngine::new, new int[] {16, 24, 32}),
                new Fam("LEA", LEAEngine::new, new int[] {16, 24, 32})));
        if (Names.all().stream().anyMatch(e -> e.name().equals("seed-128")))
            l.add(new Fam("SEED", SEEDEngine::new, new int[] {16}));
        return l;
    }

    @Test
    void blockModes() throws Exception {
        for (Fam f : families()) {
            for (String mode : new String[] {"ECB", "CBC", "CTR", "CFB", "OFB"}) {
                for (boolean pad : new boolean[] {false, true}) {
                    if (pad && !(mode.equals("ECB") || mode.equals("CBC"))) continue;
                    for (int r = 0; r < ROUNDS; r++) {
                        byte[] key = rnd(f.keys[RNG.nextInt(f.keys.length)]);
                        byte[] iv = rnd(16);
                        int len = pad || mode.equals("CTR") || mode.equals("CFB") || mode.equals("OFB")
                                ? RNG.nextInt(200) : 16 * RNG.nextInt(13);
                        byte[] pt = rnd(len);
                        BlockCipher e = f.engine.get();
                        BlockCipher m = switch (mode) {
                            case "ECB" -> e;
                            case "CBC" -> CBCBlockCipher.newInstance(e);
                            case "CTR" -> SICBlockCipher.newInstance(e);
                            case "CFB" -> CFBBlockCipher.newInstance(e, 128);
                            default -> new OFBBlockCipher(e, 128);
                        };
                        BufferedBlockCipher b = pad ? new PaddedBufferedBlockCipher(m, new PKCS7Padding())
                                                    : new DefaultBufferedBlockCipher(m);
                        CipherParameters p = mode.equals("ECB") ? new KeyParameter(key)
                                                                : new ParametersWithIV(new KeyParameter(key), iv);
                        byte[] want = bc(b, true, p, pt);
                        String t = f.jca + "/" + mode + "/" + (pad ? "PKCS5Padding" : "NoPadding");
                        Cipher c = Cipher.getInstance(t, "KCipher");
                        SecretKeySpec k = new SecretKeySpec(key, f.jca);
                        if (mode.equals("ECB")) c.init(Cipher.ENCRYPT_MODE, k);
                        else c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(iv));
                        // Split across update and doFinal to exercise the buffering.
                        int cut = len == 0 ? 0 : RNG.nextInt(len);
                        byte[] a = c.update(pt, 0, cut);
                        byte[] z = c.doFinal(pt, cut, len - cut);
                        byte[] got = concat(a, z);
                        assertArrayEquals(want, got, t + " encrypt, key " + key.length + ", len " + len);
                        if (mode.equals("ECB")) c.init(Cipher.DECRYPT_MODE, k);
                        else c.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(iv));
                        assertArrayEquals(pt, c.doFinal(got), t + " decrypt");
                    }
                }
            }
        }
    }

    static byte[] concat(byte[] a, byte[] b) {
        if (a == null) a = new byte[0];
        if (b == null) b = new byte[0];
        byte[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    @Test
    void aeadModes() throws Exception {
        for (Fam f : families()) {
            for (String mode : new String[] {"GCM", "CCM"}) {
                for (int r = 0; r < ROUNDS; r++) {
                    byte[] key = rnd(f.keys[RNG.nextInt(f.keys.length)]);
                    byte[] nonce = rnd(mode.equals("GCM") ? (RNG.nextBoolean() ? 12 : 1 + RNG.nextInt(32)) : 7 + RNG.nextInt(7));
                    int tag = mode.equals("GCM") ? 12 + RNG.nextInt(5) : 4 + 2 * RNG.nextInt(7);
                    byte[] pt = rnd(RNG.nextInt(300)), ad = rnd(RNG.nextInt(40));
                    AEADBlockCipher b = mode.equals("GCM") ? GCMBlockCipher.newInstance(f.engine.get())
                                                           : CCMBlockCipher.newInstance(f.engine.get());
                    AEADParameters p = new AEADParameters(new KeyParameter(key), tag * 8, nonce, ad);
                    byte[] want = bcAead(b, true, p, pt);
                    Cipher c = Cipher.getInstance(f.jca + "/" + mode + "/NoPadding", "KCipher");
                    SecretKeySpec k = new SecretKeySpec(key, f.jca);
                    c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(tag * 8, nonce));
                    int cut = ad.length == 0 ? 0 : RNG.nextInt(ad.length);
                    c.updateAAD(ad, 0, cut);
                    c.updateAAD(ad, cut, ad.length - cut);
                    byte[] got = c.doFinal(pt);
                    assertArrayEquals(want, got, f.jca + "/" + mode + " tag " + tag + " nonce " + nonce.length);
                    c.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(tag * 8, nonce));
                    c.updateAAD(ad);
                    assertArrayEquals(pt, c.doFinal(got));
                }
            }
        }
    }

    @Test
    void macs() throws Exception {
        for (Fam f : families()) {
            for (int r = 0; r < ROUNDS; r++) {
                byte[] key = rnd(f.keys[RNG.nextInt(f.keys.length)]);
                byte[] msg = rnd(RNG.nextInt(200));
                CMac bcm = new CMac(f.engine.get());
                bcm.init(new KeyParameter(key));
                bcm.update(msg, 0, msg.length);
                byte[] want = new byte[bcm.getMacSize()];
                bcm.doFinal(want, 0);
                javax.crypto.Mac m = javax.crypto.Mac.getInstance(f.jca + "CMAC", "KCipher");
                m.init(new SecretKeySpec(key, f.jca));
                m.update(msg);
                assertArrayEquals(want, m.doFinal(), f.jca + "CMAC");

                byte[] iv = rnd(12);
                GMac g = new GMac(GCMBlockCipher.newInstance(f.engine.get()));
                g.init(new ParametersWithIV(new KeyParameter(key), iv));
                g.update(msg, 0, msg.length);
                want = new byte[g.getMacSize()];
                g.doFinal(want, 0);
                m = javax.crypto.Mac.getInstance(f.jca + "-GMAC", "KCipher");
                m.init(new SecretKeySpec(key, f.jca), new IvParameterSpec(iv));
                assertArrayEquals(want, m.doFinal(msg), f.jca + "GMAC");
            }
        }
    }
}
