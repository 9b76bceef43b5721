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
}
