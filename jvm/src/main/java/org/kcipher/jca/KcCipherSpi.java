// SPDX-License-Identifier: MIT
package org.kcipher.jca;

import java.io.ByteArrayOutputStream;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import org.kcipher.Aead;
import org.kcipher.BlockCipher;
import org.kcipher.KCipherException;

/**
 * Cipher for one family: the modes of BlockCipher and the AEADs (GCM, CCM).
 * ECB/CBC/CTR/CFB/OFB stream: update returns the whole blocks it has (the
 * IV carried from one call to the next; with padding, decryption keeps the
 * last block for doFinal).  GCM encryption streams too (kc_aead_stream);
 * other AEAD input is buffered and processed in one native call at doFinal
 * (decryption must see the tag first).  Like
 * SunJCE, an AEAD encryption needs a new init (a new IV) after doFinal, and
 * init refuses the key and IV of the last encryption.
 */
final class KcCipherSpi extends CipherSpi {
    private final Family fam;
    private String mode = "ECB";
    private Boolean padSet;   // null: the default, PKCS5Padding for ECB and CBC as SunJCE ("LEA", "LEA/CBC")
    private boolean pad;      // what init settled

    private BlockCipher cipher;
    private Aead aead;
    private Aead.EncryptStream stream;     // GCM encryption under way (after its first update)
    private boolean encrypt;
    private byte[] iv;
    private byte[] chain;                  // non-AEAD: the IV (counter) where the next update goes on
    private int tagBytes;
    private byte[] lastKey, lastIv;        // the last AEAD encryption's, refused again
    private byte[] curKey;                 // the native object's key, name and tag length
    private String curName;
    private int curTag;
    private boolean spent;                 // AEAD encryption done: init again
    private boolean inited;                // the last init succeeded
    private final Buf data = new Buf(), aad = new Buf();

    /** A growable buffer that wipes what it held. */
    private static final class Buf extends ByteArrayOutputStream {
        byte[] array() { return buf; }
        void wipe() { Arrays.fill(buf, (byte) 0); reset(); }
    }

    KcCipherSpi(Family fam) { this.fam = fam; }

    private boolean isAead() { return mode.equals("GCM") || mode.equals("CCM"); }

    @Override
    protected void engineSetMode(String m) throws NoSuchAlgorithmException {
        String u = m.toUpperCase(Locale.ROOT);
        switch (u) {
            case "ECB", "CBC", "CTR", "CFB", "OFB" -> mode = u;
            case "GCM" -> { if (!fam.gcm) throw new NoSuchAlgorithmException(fam.jcaName + ": no GCM (128-bit blocks only)"); mode = u; }
            case "CCM" -> { if (!fam.ccm) throw new NoSuchAlgorithmException(fam.jcaName + ": no CCM (128-bit blocks only)"); mode = u; }
            default -> throw new NoSuchAlgorithmException(fam.jcaName + ": no mode " + m);
        }
    }

    @Override
    protected void engineSetPadding(String p) throws NoSuchPaddingException {
        String u = p.toUpperCase(Locale.ROOT);
        if (u.equals("NOPADDING")) padSet = false;
        else if ((u.equals("PKCS5PADDING") || u.equals("PKCS7PADDING")) && (mode.equals("ECB") || mode.equals("CBC"))) padSet = true;
        else throw new NoSuchPaddingException(fam.jcaName + "/" + mode + ": padding " + p + " not offered (PKCS5Padding: ECB and CBC)");
    }

    @Override
    protected int engineGetBlockSize() { return fam.blockBytes; }

    @Override
    protected synchronized int engineGetOutputSize(int inputLen) {
        long n = (long) data.size() + inputLen;
        if (isAead()) n = encrypt ? n + tagBytes : Math.max(0, n - tagBytes);
        else if (pad && encrypt) n = (n / fam.blockBytes + 1) * fam.blockBytes;
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    @Override
    protected synchronized byte[] engineGetIV() { return iv == null ? null : iv.clone(); }

    @Override
    protected synchronized AlgorithmParameters engineGetParameters() {
        if (iv == null) return null;
        try {
            AlgorithmParameters p;
            if (isAead()) {
                p = AlgorithmParameters.getInstance("GCM");
                p.init(new GCMParameterSpec(tagBytes * 8, iv));
            } else {
                if (fam.blockBytes != 16) return null;   // SunJCE's "AES" parameters hold any 16-byte IV
                p = AlgorithmParameters.getInstance("AES");
                p.init(new IvParameterSpec(iv));
            }
            return p;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            return null;
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        AlgorithmParameterSpec spec = null;
        if (params != null) {
            try {
                spec = isAead() ? params.getParameterSpec(GCMParameterSpec.class)
                                : params.getParameterSpec(IvParameterSpec.class);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException(e);
            }
        }
        engineInit(opmode, key, spec, random);
    }

    @Override
    protected synchronized void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean enc = opmode == javax.crypto.Cipher.ENCRYPT_MODE || opmode == javax.crypto.Cipher.WRAP_MODE;
        if (key == null || !"RAW".equalsIgnoreCase(key.getFormat()) || key.getEncoded() == null)
            throw new InvalidKeyException(fam.jcaName + ": a secret key in RAW format is needed");
        byte[] k = key.getEncoded();
        inited = false;
        pad = padSet != null ? padSet : mode.equals("ECB") || mode.equals("CBC");
        try {
            String name = fam.cipherFor(k.length);
            byte[] newIv;
            int tag = 16;
            if (params instanceof GCMParameterSpec g) {
                if (!isAead()) throw new InvalidAlgorithmParameterException(mode + " takes an IvParameterSpec");
                if (g.getTLen() % 8 != 0) throw new InvalidAlgorithmParameterException("tag length " + g.getTLen() + " bits: not whole bytes");
                tag = g.getTLen() / 8;
                newIv = g.getIV();
            } else if (params instanceof IvParameterSpec v) {
                if (mode.equals("ECB")) throw new InvalidAlgorithmParameterException("ECB takes no IV");
                newIv = v.getIV();
            } else if (params != null) {
                throw new InvalidAlgorithmParameterException("unsupported parameters " + params.getClass().getName());
            } else if (mode.equals("ECB")) {
                newIv = null;
            } else if (enc) {
                newIv = new byte[isAead() ? 12 : fam.blockBytes];
                (random != null ? random : new SecureRandom()).nextBytes(newIv);
            } else {
                throw new InvalidAlgorithmParameterException(mode + " decryption needs the IV");
            }
            if (!isAead() && newIv != null && newIv.length != fam.blockBytes)
                throw new InvalidAlgorithmParameterException(mode + ": the IV is one block, " + fam.blockBytes + " bytes, not " + newIv.length);
            if (isAead() && enc && lastKey != null && java.security.MessageDigest.isEqual(k, lastKey) && Arrays.equals(newIv, lastIv))
                throw new InvalidAlgorithmParameterException(mode + ": the key and IV of the last encryption; use a new IV");
            if (isAead() && (newIv == null || newIv.length == 0 || (mode.equals("CCM") && (newIv.length < 7 || newIv.length > 13))))
                throw new InvalidAlgorithmParameterException(mode + ": nonce of " + (newIv == null ? 0 : newIv.length)
                                                             + " bytes" + (mode.equals("CCM") ? " (CCM: 7..13)" : ""));
            String full = isAead() ? name + "-" + mode.toLowerCase(Locale.ROOT) : name;
            try {
                // The same key again (a new IV): keep the keyed native object.
                if (curKey == null || !java.security.MessageDigest.isEqual(k, curKey) || !full.equals(curName) || tag != curTag) {
                    release();
                    if (isAead()) aead = new Aead(full, k, tag);
                    else cipher = new BlockCipher(full, k);
                    curKey = k.clone();
                    curName = full;
                    curTag = tag;
                } else {
                    endStream();
                    data.wipe();
                    aad.wipe();
                }
            } catch (KCipherException e) {
                if (e.status().equals("KC_ERR_TAG_LENGTH"))
                    throw new InvalidAlgorithmParameterException(mode + ": tag length " + tag + " bytes not allowed");
                if (e.status().equals("KC_ERR_KEY_LENGTH")) throw new InvalidKeyException(e.getMessage());
                throw e;
            }
            encrypt = enc;
            iv = newIv;
            chain = newIv == null ? null : newIv.clone();
            tagBytes = tag;
            spent = false;
            inited = true;
            if (isAead() && enc) {
                if (lastKey != null && !java.security.MessageDigest.isEqual(k, lastKey)) Arrays.fill(lastKey, (byte) 0);
                if (lastKey == null || !java.security.MessageDigest.isEqual(k, lastKey)) lastKey = k.clone();
                lastIv = newIv.clone();
            }
        } finally {
            Arrays.fill(k, (byte) 0);
        }
    }

    /** Frees the native object (wiping its key) and the buffered input. */
    private void release() {
        endStream();
        if (cipher != null) cipher.close();
        if (aead != null) aead.close();
        cipher = null;
        aead = null;
        if (curKey != null) Arrays.fill(curKey, (byte) 0);
        curKey = null;
        data.wipe();
        aad.wipe();
    }

    private void endStream() {
        if (stream != null) stream.close();
        stream = null;
    }

    private void ready() {
        if (!inited || (cipher == null && aead == null)) throw new IllegalStateException("Cipher not initialized");
        if (spent) throw new IllegalStateException(mode + " encryption: init again with a new IV before the next message");
    }

    @Override
    protected synchronized void engineUpdateAAD(byte[] src, int off, int len) {
        ready();
        if (!isAead()) throw new IllegalStateException(mode + " takes no AAD");
        if (data.size() > 0 || stream != null) throw new IllegalStateException("AAD must come before the data");
        aad.write(src, off, len);
    }

    @Override
    protected void engineUpdateAAD(java.nio.ByteBuffer src) {
        byte[] b = new byte[src.remaining()];
        src.get(b);
        engineUpdateAAD(b, 0, b.length);
    }

    @Override
    protected synchronized byte[] engineUpdate(byte[] in, int off, int len) {
        ready();
        if (isAead() && encrypt && mode.equals("GCM") && len > 0) {
            if (stream == null) {
                stream = aead.encryptStream(iv, aad.size() > 0 ? aad.array() : null, aad.size());
                aad.wipe();
            }
            return stream.update(in, off, len);
        }
        if (len > 0) data.write(in, off, len);
        if (isAead()) return new byte[0];
        int bs = fam.blockBytes, n = data.size() / bs * bs;
        if (pad && !encrypt && n == data.size()) n -= bs;   // the last block may hold the padding
        if (n <= 0) return new byte[0];
        byte[] src = data.array();
        BlockCipher.Mode m = BlockCipher.Mode.valueOf(mode);
        byte[] r = encrypt ? cipher.encrypt(m, false, chain, src, 0, n) : cipher.decrypt(m, false, chain, src, 0, n);
        advance(src, n, r);
        byte[] rest = Arrays.copyOfRange(src, n, data.size());
        data.wipe();
        data.write(rest, 0, rest.length);
        Arrays.fill(rest, (byte) 0);
        return r;
    }

    /** The IV after n bytes (whole blocks) of in gave out, as the mode chains. */
    private void advance(byte[] in, int n, byte[] out) {
        int bs = fam.blockBytes;
        switch (mode) {
            case "CBC", "CFB" -> System.arraycopy(encrypt ? out : in, n - bs, chain, 0, bs);   // the last ciphertext block
            case "OFB" -> { for (int i = 0; i < bs; i++) chain[i] = (byte) (in[n - bs + i] ^ out[n - bs + i]); }   // the last keystream block
            case "CTR" -> {   // the counter block plus the blocks done, big-endian over the whole block
                long add = n / bs;
                for (int i = bs - 1; i >= 0 && add != 0; i--) {
                    long v = (chain[i] & 0xff) + (add & 0xff);
                    chain[i] = (byte) v;
                    add = (add >>> 8) + (v >>> 8);
                }
            }
            default -> { }
        }
    }

    @Override
    protected synchronized int engineUpdate(byte[] in, int off, int len, byte[] out, int outOff) throws ShortBufferException {
        if (isAead() && encrypt && mode.equals("GCM") && out.length - outOff < len)
            throw new ShortBufferException("output needs " + len + " bytes");
        if (!isAead()) {
            int room = data.size() + len;
            if (out.length - outOff < room / fam.blockBytes * fam.blockBytes)
                throw new ShortBufferException("output needs up to " + room / fam.blockBytes * fam.blockBytes + " bytes");
        }
        byte[] r = engineUpdate(in, off, len);
        System.arraycopy(r, 0, out, outOff, r.length);
        Arrays.fill(r, (byte) 0);
        return r.length;
    }

    @Override
    protected synchronized byte[] engineDoFinal(byte[] in, int off, int len)
            throws IllegalBlockSizeException, BadPaddingException {
        ready();
        if (stream != null) {   // GCM encryption under way: the rest and the tag
            try {
                byte[] r = stream.finish(in == null ? new byte[0] : in, in == null ? 0 : off, in == null ? 0 : len);
                spent = true;
                return r;
            } finally {
                stream = null;
            }
        }
        byte[] src = in == null ? new byte[0] : in;
        int o = in == null ? 0 : off, n = in == null ? 0 : len;
        if (data.size() > 0) {           // earlier updates: the whole message from the buffer
            if (n > 0) data.write(src, o, n);
            src = data.array();
            o = 0;
            n = data.size();
        }
        try {
            byte[] r = run(src, o, n);
            if (isAead() && encrypt) spent = true;
            return r;
        } finally {
            data.wipe();
            aad.wipe();
            if (iv != null && chain != null) System.arraycopy(iv, 0, chain, 0, iv.length);   // as after init
        }
    }

    /** The output must have room for engineGetOutputSize(len) (with padding, the upper bound). */
    @Override
    protected synchronized int engineDoFinal(byte[] in, int off, int len, byte[] out, int outOff)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        ready();
        int need = engineGetOutputSize(len);
        if (out.length - outOff < need) throw new ShortBufferException("output needs " + need + " bytes");
        if (aead != null && stream == null && data.size() == 0 && in != null && in != out) {   // one message, no copies
            if (!encrypt && len < tagBytes) throw new AEADBadTagException(mode + ": input shorter than the tag");
            try {
                byte[] a = aad.size() > 0 ? aad.array() : null;
                int n = aead.crypt(encrypt, iv, a, aad.size(), in, off, len, out, outOff);
                if (encrypt) spent = true;
                return n;
            } catch (KCipherException e) {
                if (e.status().equals("KC_ERR_AUTH")) throw new AEADBadTagException(mode + ": tag mismatch");
                throw e;
            } finally {
                aad.wipe();
            }
        }
        byte[] r = engineDoFinal(in, off, len);
        System.arraycopy(r, 0, out, outOff, r.length);
        Arrays.fill(r, (byte) 0);
        return r.length;
    }

    private byte[] run(byte[] src, int off, int n) throws IllegalBlockSizeException, BadPaddingException {
        try {
            if (aead != null) {
                byte[] a = aad.size() > 0 ? aad.array() : null;
                if (!encrypt && n < tagBytes) throw new AEADBadTagException(mode + ": input shorter than the tag");
                return encrypt ? aead.encrypt(iv, a, aad.size(), src, off, n)
                               : aead.decrypt(iv, a, aad.size(), src, off, n);
            }
            BlockCipher.Mode m = BlockCipher.Mode.valueOf(mode);
            return encrypt ? cipher.encrypt(m, pad, chain, src, off, n) : cipher.decrypt(m, pad, chain, src, off, n);
        } catch (KCipherException e) {
            switch (e.status()) {
                case "KC_ERR_AUTH" -> throw new AEADBadTagException(mode + ": tag mismatch");
                case "KC_ERR_BAD_PADDING" -> throw new BadPaddingException(e.getMessage());
                case "KC_ERR_NOT_BLOCK_MULTIPLE" -> throw new IllegalBlockSizeException(e.getMessage());
                case "KC_ERR_INPUT_TOO_SHORT" -> {
                    if (isAead()) throw new AEADBadTagException(e.getMessage());
                    throw new IllegalBlockSizeException(e.getMessage());
                }
                default -> throw e;
            }
        }
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] k = key.getEncoded();
        if (k == null) throw new InvalidKeyException("no encoded key");
        int n = k.length;
        Arrays.fill(k, (byte) 0);
        fam.cipherFor(n);
        return n * 8;
    }
}
