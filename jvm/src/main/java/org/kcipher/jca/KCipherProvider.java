// SPDX-License-Identifier: MIT
package org.kcipher.jca;

import java.security.Provider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.kcipher.Names;
import org.kcipher.Native;

/**
 * The JCA/JCE provider "KCipher": Cipher, Mac and KeyGenerator services
 * for every block-cipher family the native library lists (kc_name_at), so
 * a cipher added to the library appears here unchanged.  Register it with
 * {@code Security.addProvider(new KCipherProvider())} or in java.security
 * ({@code security.provider.N=org.kcipher.jca.KCipherProvider}).
 *
 * <ul>
 * <li>Cipher "ARIA", "LEA", "AES", "RC6", "PIPO", ... in ECB, CBC, CTR, CFB,
 *   OFB (NoPadding; PKCS5Padding for ECB and CBC), and for 128-bit blocks
 *   GCM and CCM (NoPadding, GCMParameterSpec; IvParameterSpec gives a
 *   16-byte tag).  The key length picks the variant (LEA: 16, 24, 32 bytes).
 *   Input is buffered until doFinal: update returns nothing.</li>
 * <li>Mac "LEACMAC" (also "LEA-CMAC"), "LEAGMAC" ("LEA-GMAC", IvParameterSpec),
 *   HMAC names when the library has them.</li>
 * <li>KeyGenerator "LEA", ... (init(bits); default the shortest key).</li>
 * </ul>
 * When the native library cannot be loaded the provider has no services and
 * {@link #loadError()} says why.
 */
public final class KCipherProvider extends Provider {
    private static final long serialVersionUID = 1L;
    public static final String NAME = "KCipher";
    private final transient Throwable loadError;

    public KCipherProvider() {
        super(NAME, "0.1.0", "kcipher: ARIA, LEA, SEED, PIPO, RC6, AES via libkcipher (JNI)");
        Throwable err = null;
        try {
            Native.ensureLoaded();
            register(Names.all());
        } catch (LinkageError e) {
            err = e;
        }
        loadError = err;
    }

    /** Why the native library did not load (no services then), or null. */
    public Throwable loadError() { return loadError; }

    private void register(List<Names.Entry> names) {
        // One JCA cipher per name less its key length ("lea-128" -> "lea", "pipo-64-128" ->
        // "pipo-64"), called by its family when that is the family's only one ("PIPO"), else
        // by itself ("AES", "RIJNDAEL-256" beside "RIJNDAEL-128").
        Map<String, Family> fams = new LinkedHashMap<>();
        Map<String, java.util.Set<String>> prefixes = new LinkedHashMap<>();
        for (Names.Entry e : names) {
            if (e.kind() != Names.BLOCK) continue;
            String prefix = e.name().substring(0, e.name().lastIndexOf('-') < 0 ? e.name().length() : e.name().lastIndexOf('-'));
            prefixes.computeIfAbsent(e.family(), x -> new java.util.LinkedHashSet<>()).add(prefix);
        }
        for (Names.Entry e : names) {
            if (e.kind() != Names.BLOCK) continue;
            String prefix = e.name().substring(0, e.name().lastIndexOf('-') < 0 ? e.name().length() : e.name().lastIndexOf('-'));
            String jca = (prefixes.get(e.family()).size() == 1 ? e.family() : prefix).toUpperCase(java.util.Locale.ROOT);
            Family f = fams.computeIfAbsent(jca, x -> new Family(x, e.blockBytes()));
            if (f.blockBytes == e.blockBytes()) f.byKeyBytes.putIfAbsent(e.keyBytes(), e.name());
        }
        Map<String, Family> byCipher = new LinkedHashMap<>();
        for (Family f : fams.values()) for (String c : f.byKeyBytes.values()) byCipher.put(c, f);
        for (Names.Entry e : names) {
            Family f = byCipher.get(e.cipher());
            switch (e.construction()) {
                case "gcm" -> { if (f != null) f.gcm = true; }
                case "ccm" -> { if (f != null) f.ccm = true; }
                case "cmac" -> { if (f != null) f.cmac = true; }
                case "gmac" -> { if (f != null) f.gmac = true; }
                default -> {
                    if (e.kind() == Names.MAC) {   // HMAC and any other keyed MAC by its own name
                        String n = e.name();
                        String jca = n.startsWith("hmac-") ? "Hmac" + n.substring(5).replace("-", "").toUpperCase(java.util.Locale.ROOT)
                                                           : n.toUpperCase(java.util.Locale.ROOT);
                        putService(new Svc(this, "Mac", jca, n.toUpperCase(java.util.Locale.ROOT), () -> new KcMacSpi(n)));
                    }
                }
            }
        }
        for (Family f : fams.values()) {
            String modes = "ECB|CBC|CTR|CFB|OFB" + (f.gcm ? "|GCM" : "") + (f.ccm ? "|CCM" : "");
            putService(new Svc(this, "Cipher", f.jcaName, null, () -> new KcCipherSpi(f), Map.of(
                    "SupportedModes", modes,
                    "SupportedPaddings", "NOPADDING|PKCS5PADDING|PKCS7PADDING",
                    "SupportedKeyFormats", "RAW")));
            putService(new Svc(this, "KeyGenerator", f.jcaName, null, () -> new KcKeyGeneratorSpi(f)));
            if (f.cmac)
                putService(new Svc(this, "Mac", f.jcaName + "CMAC", f.jcaName + "-CMAC", () -> new KcMacSpi(f, "cmac")));
            if (f.gmac)
                putService(new Svc(this, "Mac", f.jcaName + "GMAC", f.jcaName + "-GMAC", () -> new KcMacSpi(f, "gmac")));
        }
    }

    /** A service whose instances are made by a lambda, not by reflection on a class name. */
    private static final class Svc extends Service {
        private final java.util.function.Supplier<Object> make;

        Svc(Provider p, String type, String alg, String alias, java.util.function.Supplier<Object> make) {
            this(p, type, alg, alias, make, null);
        }

        Svc(Provider p, String type, String alg, String alias, java.util.function.Supplier<Object> make,
            Map<String, String> attrs) {
            super(p, type, alg, KcCipherSpi.class.getName(), alias == null ? null : List.of(alias), attrs);
            this.make = make;
        }

        @Override
        public Object newInstance(Object param) { return make.get(); }

        @Override
        public boolean supportsParameter(Object param) { return true; }
    }
}
