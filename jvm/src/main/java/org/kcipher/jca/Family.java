// SPDX-License-Identifier: MIT
package org.kcipher.jca;

import java.security.InvalidKeyException;
import java.util.Map;
import java.util.TreeMap;

/** A block-cipher family as the provider offers it: "LEA" = lea-128, lea-192, lea-256. */
final class Family {
    final String jcaName;                                   // "LEA"
    final int blockBytes;
    final Map<Integer, String> byKeyBytes = new TreeMap<>(); // 16 -> "lea-128"
    boolean gcm, ccm, cmac, gmac;

    Family(String jcaName, int blockBytes) {
        this.jcaName = jcaName;
        this.blockBytes = blockBytes;
    }

    /** The cipher name for this key length, or InvalidKeyException naming the lengths it takes. */
    String cipherFor(int keyBytes) throws InvalidKeyException {
        String n = byKeyBytes.get(keyBytes);
        if (n == null)
            throw new InvalidKeyException(jcaName + ": a key of " + keyBytes + " bytes; it takes "
                                          + byKeyBytes.keySet() + " bytes");
        return n;
    }

    int defaultKeyBytes() { return byKeyBytes.keySet().iterator().next(); }
}
