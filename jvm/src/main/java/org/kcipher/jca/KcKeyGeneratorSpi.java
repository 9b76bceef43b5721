// SPDX-License-Identifier: MIT
package org.kcipher.jca;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** KeyGenerator for a family: init(bits) with a length the family takes; the default is the shortest. */
final class KcKeyGeneratorSpi extends KeyGeneratorSpi {
    private final Family fam;
    private int bytes;
    private SecureRandom random;

    KcKeyGeneratorSpi(Family fam) { this.fam = fam; this.bytes = fam.defaultKeyBytes(); }

    @Override
    protected void engineInit(SecureRandom r) { random = r; }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom r) throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException(fam.jcaName + " key generation takes no parameters");
    }

    @Override
    protected void engineInit(int keysize, SecureRandom r) {
        if (keysize % 8 != 0 || !fam.byKeyBytes.containsKey(keysize / 8))
            throw new InvalidParameterException(fam.jcaName + ": key size " + keysize + " bits; it takes "
                                                + fam.byKeyBytes.keySet().stream().map(b -> b * 8).toList() + " bits");
        bytes = keysize / 8;
        random = r;
    }

    @Override
    protected SecretKey engineGenerateKey() {
        byte[] k = new byte[bytes];
        (random != null ? random : new SecureRandom()).nextBytes(k);
        SecretKey key = new SecretKeySpec(k, fam.jcaName);
        java.util.Arrays.fill(k, (byte) 0);
        return key;
    }
}
