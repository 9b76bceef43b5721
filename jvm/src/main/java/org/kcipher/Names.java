// SPDX-License-Identifier: MIT
package org.kcipher;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Every name the library opens (kc_name_at), so new ciphers appear without Java changes. */
public final class Names {
    private Names() {}

    public static final int BLOCK = 1, AEAD = 2, FEA = 3, MAC = 4, FPE = 5;   // kc_name_kind

    /** One name: "lea-128-gcm" is kind AEAD, cipher "lea-128", construction "gcm", family "lea". */
    public record Entry(String name, int kind, String cipher, String construction,
                        int keyBytes, int blockBytes, String family) {}

    private static List<Entry> all;

    public static synchronized List<Entry> all() {
        if (all == null) {
            List<Entry> l = new ArrayList<>();
            for (String line : Native.names()) {
                String[] f = line.split("\t", -1);
                l.add(new Entry(f[0], Integer.parseInt(f[1]), f[2], f[3],
                                Integer.parseInt(f[4]), Integer.parseInt(f[5]), f[6]));
            }
            all = Collections.unmodifiableList(l);
        }
        return all;
    }
}
