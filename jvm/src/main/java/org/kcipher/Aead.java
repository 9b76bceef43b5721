// SPDX-License-Identifier: MIT
package org.kcipher;

import java.lang.ref.Reference;

/** A keyed AEAD ("lea-128-gcm", "aria-256-ccm", "tinyjambu-128") with a fixed tag length. */
public final class Aead extends Handle {
    private final int tagSize;

    /** tagSize 0: the AEAD's default (16 for GCM and CCM). */
    public Aead(String name, byte[] key, int tagSize) {
        this(Native.aeadNew(name, key, tagSize), name);
    }

    private Aead(long h, String name) {
        super(h, Native::aeadFree, name);
        this.tagSize = Native.aeadTagSize(h);
    }

    public int tagSize() { return tagSize; }

    /** ciphertext || tag. */
    public synchronized byte[] encrypt(byte[] nonce, byte[] ad, int adLen, byte[] in, int off, int len) {
        try { return Native.aeadCrypt(live(), true, nonce, ad, adLen, in, off, len); }
        finally { Reference.reachabilityFence(this); }
    }

    /** As encrypt or decrypt, written into out at outOff (room for the result needed);
     *  the length written, or -1 when in and out are the same array (nothing done). */
    public synchronized int crypt(boolean encrypt, byte[] nonce, byte[] ad, int adLen, byte[] in, int off, int len,
                                  byte[] out, int outOff) {
        try { return Native.aeadCryptInto(live(), encrypt, nonce, ad, adLen, in, off, len, out, outOff); }
        finally { Reference.reachabilityFence(this); }
    }

    /** The plaintext of ciphertext || tag; a KCipherException with status KC_ERR_AUTH
     *  (and no plaintext) when the tag does not verify. */
    public synchronized byte[] decrypt(byte[] nonce, byte[] ad, int adLen, byte[] in, int off, int len) {
        try { return Native.aeadCrypt(live(), false, nonce, ad, adLen, in, off, len); }
        finally { Reference.reachabilityFence(this); }
    }

    /** GCM encryption in pieces (kc_aead_stream): ciphertext as the input comes, the tag at the end. */
    public synchronized EncryptStream encryptStream(byte[] nonce, byte[] ad, int adLen) {
        try { return new EncryptStream(Native.aeadStreamNew(live(), nonce, ad, adLen)); }
        finally { Reference.reachabilityFence(this); }
    }

    /** One message; close it (before its Aead) when done or abandoned. */
    public final class EncryptStream implements AutoCloseable {
        private long s;

        private EncryptStream(long s) { this.s = s; }

        /** The ciphertext of in[off..off+len]. */
        public byte[] update(byte[] in, int off, int len) { return step(in, off, len, false); }

        /** The ciphertext of the last input, then the tag; the stream is closed after. */
        public byte[] finish(byte[] in, int off, int len) {
            try { return step(in, off, len, true); }
            finally { close(); }
        }

        private byte[] step(byte[] in, int off, int len, boolean last) {
            synchronized (Aead.this) {
                if (s == 0) throw new IllegalStateException("GCM stream closed");
                live();
                try { return Native.aeadStreamUpdate(s, in, off, len, last, tagSize); }
                finally { Reference.reachabilityFence(Aead.this); }
            }
        }

        @Override
        public void close() {
            synchronized (Aead.this) {
                if (s != 0) Native.aeadStreamFree(s);
                s = 0;
            }
        }
    }
}
