// SPDX-License-Identifier: MIT
package org.kcipher;

import java.lang.ref.Reference;

/** A keyed MAC ("lea-128-cmac", "aria-256-gmac", and HMAC names when the library has them). */
public final class Mac extends Handle {
    private final int tagSize;

    public Mac(String name, byte[] key) {
        this(Native.macNew(name, key), name);
    }

    private Mac(long h, String name) {
        super(h, Native::macFree, name);
        this.tagSize = Native.macTagSize(h);
    }

    public int tagSize() { return tagSize; }

    /** nonce: GMAC's IV; null for CMAC. */
    public synchronized byte[] compute(int tagLen, byte[] nonce, byte[] msg, int off, int len) {
        try { return Native.macCompute(live(), tagLen, nonce, msg, off, len); }
        finally { Reference.reachabilityFence(this); }
    }
}
