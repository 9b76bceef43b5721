// SPDX-License-Identifier: MIT
package org.kcipher;

import java.lang.ref.Reference;

/** A keyed block cipher ("aria-128", "lea-256", ...) and the one-shot modes over it. */
public final class BlockCipher extends Handle {
    public enum Mode { ECB, CBC, CTR, CFB, OFB }   // kc_mode's values, in order

    private final int blockSize;

    /** The key is copied into native memory; the caller wipes its array. */
    public BlockCipher(String name, byte[] key) {
        this(Native.cipherNew(name, key), name);
    }

    private BlockCipher(long h, String name) {
        super(h, Native::cipherFree, name);
        this.blockSize = Native.cipherBlockSize(h);
    }

    public int blockSize() { return blockSize; }

    /** iv: one block (null for ECB); pad: PKCS#7 (ECB and CBC only). */
    public synchronized byte[] encrypt(Mode mode, boolean pad, byte[] iv, byte[] in, int off, int len) {
        try { return Native.modeCrypt(live(), mode.ordinal(), pad, true, iv, in, off, len); }
        finally { Reference.reachabilityFence(this); }
    }

    public synchronized byte[] decrypt(Mode mode, boolean pad, byte[] iv, byte[] in, int off, int len) {
        try { return Native.modeCrypt(live(), mode.ordinal(), pad, false, iv, in, off, len); }
        finally { Reference.reachabilityFence(this); }
    }
}
