// SPDX-License-Identifier: MIT
package org.kcipher.jca;

import java.io.ByteArrayOutputStream;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.MacSpi;
import javax.crypto.spec.IvParameterSpec;
import org.kcipher.KCipherException;
import org.kcipher.Mac;

/** Mac: CMAC or GMAC over a family (the key length picks the cipher), or a MAC by its library name (HMAC). */
final class KcMacSpi extends MacSpi {
    private final Family fam;          // null: a MAC by name
    private final String construction; // "cmac", "gmac"; or the full library name
    private Mac mac;
    private byte[] nonce;
    private final ByteArrayOutputStream data = new ByteArrayOutputStream();

    KcMacSpi(Family fam, String construction) { this.fam = fam; this.construction = construction; }

    KcMacSpi(String name) { this(null, name); }

    @Override
    protected synchronized int engineGetMacLength() {
        if (mac == null) return fam == null ? 0 : construction.equals("gmac") ? 16 : fam.blockBytes;
        return mac.tagSize();
    }

    @Override
    protected synchronized void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (key == null || key.getEncoded() == null) throw new InvalidKeyException("a secret key in RAW format is needed");
        boolean gmac = "gmac".equals(construction);
        byte[] n = null;
        if (params instanceof IvParameterSpec v) n = v.getIV();
        else if (params != null) throw new InvalidAlgorithmParameterException("unsupported parameters " + params.getClass().getName());
        if (gmac && (n == null || n.length == 0)) throw new InvalidAlgorithmParameterException("GMAC needs its IV (IvParameterSpec)");
        if (!gmac && n != null) throw new InvalidAlgorithmParameterException(construction.toUpperCase() + " takes no IV");
        byte[] k = key.getEncoded();
        try {
            String name = fam == null ? construction : fam.cipherFor(k.length) + "-" + construction;
            Mac m;
            try {
                m = new Mac(name, k);
            } catch (KCipherException e) {
                throw new InvalidKeyException(e.getMessage());
            }
            if (mac != null) mac.close();
            mac = m;
            nonce = n;
            engineReset();
        } finally {
            Arrays.fill(k, (byte) 0);
        }
    }

    @Override
    protected synchronized void engineUpdate(byte b) { data.write(b); }

    @Override
    protected synchronized void engineUpdate(byte[] in, int off, int len) { data.write(in, off, len); }

    @Override
    protected synchronized byte[] engineDoFinal() {
        if (mac == null) throw new IllegalStateException("Mac not initialized");
        byte[] msg = data.toByteArray();
        try {
            return mac.compute(mac.tagSize(), nonce, msg, 0, msg.length);
        } finally {
            Arrays.fill(msg, (byte) 0);
            engineReset();
        }
    }

    @Override
    protected synchronized void engineReset() { data.reset(); }
}
