// SPDX-License-Identifier: MIT
// Differential tests of the hashes on random inputs of random lengths, on
// every backend this CPU runs: SHA-2 and HMAC-SHA-2 against OpenSSL, LSH
// and HMAC-LSH against Crypto++ (no peer has LSH-512-224: the vectors and
// the backends-against-ref checks of test_hash cover it).
//     peer_hash            (ctest: peer_hash; skipped, 77, with no peer built)
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
extern "C" {
#include "testlib.h"
}
#ifdef KC_HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif
#ifdef KC_HAVE_CRYPTOPP
#include <cryptopp/hmac.h>
#include <cryptopp/lsh.h>
#endif

typedef size_t peer_fn(const uint8_t *key, size_t kl, const uint8_t *in, size_t len, uint8_t *out);

#ifdef KC_HAVE_OPENSSL
template <const EVP_MD *(*MD)()> static size_t ossl(const uint8_t *key, size_t kl, const uint8_t *in, size_t len,
                                                    uint8_t *out)
{
    unsigned n = 0;
    if (key) HMAC(MD(), kl ? key : (const uint8_t *)"", (int)kl, in, len, out, &n);
    else EVP_Digest(in, len, out, &n, MD(), nullptr);
    return n;
}
#endif
#ifdef KC_HAVE_CRYPTOPP
template <class H> static size_t cpp(const uint8_t *key, size_t kl, const uint8_t *in, size_t len, uint8_t *out)
{
    if (key) {
        CryptoPP::HMAC<H> m(key, kl);
        m.CalculateDigest(out, in, len);
        return m.DigestSize();
    }
    H h;
    h.CalculateDigest(out, in, len);
    return h.DigestSize();
}
#endif

struct pair_ { const char *name, *peer; peer_fn *fn; };

static const pair_ pairs[] = {
#ifdef KC_HAVE_OPENSSL
    { "sha-224", "OpenSSL", ossl<EVP_sha224> }, { "sha-256", "OpenSSL", ossl<EVP_sha256> },
    { "sha-384", "OpenSSL", ossl<EVP_sha384> }, { "sha-512", "OpenSSL", ossl<EVP_sha512> },
    { "sha-512-224", "OpenSSL", ossl<EVP_sha512_224> }, { "sha-512-256", "OpenSSL", ossl<EVP_sha512_256> },
#endif
#ifdef KC_HAVE_CRYPTOPP
    { "lsh-256-224", "Crypto++", cpp<CryptoPP::LSH224> }, { "lsh-256-256", "Crypto++", cpp<CryptoPP::LSH256> },
    { "lsh-512-256", "Crypto++", cpp<CryptoPP::LSH512_256> }, { "lsh-512-384", "Crypto++", cpp<CryptoPP::LSH384> },
    { "lsh-512-512", "Crypto++", cpp<CryptoPP::LSH512> },
#endif
};

int main()
{
    const size_t npairs = sizeof pairs / sizeof pairs[0];
    if (npairs == 0) { printf("SKIP: no peer with these hashes built (OpenSSL 3, Crypto++)\n"); return 77; }
    std::vector<uint8_t> msg(5000), key(300);
    uint8_t want[64], got[64];
    long n = 0;
    for (size_t p = 0; p < npairs; p++) {
        const pair_ &q = pairs[p];
        for (size_t b = 0; b < kc_backend_count(q.name); b++) {
            kc_backend_info bi;
            if (kc_backend_at(q.name, b, &bi) != KC_OK || !bi.available) continue;
            for (int c = 0; c < 200; c++) {
                size_t len = c < 40 ? (size_t)c * 37 % 600 : tl_rand_below(msg.size());
                tl_random_bytes(msg.data(), len);
                size_t dl = q.fn(nullptr, 0, msg.data(), len, want);
                memset(got, 0, sizeof got);
                tl_check_status(kc_hash_compute(q.name, bi.name, msg.data(), len, got, sizeof got), KC_OK, "%s", q.name);
                tl_check_bytes(got, want, dl, "%s/%s vs %s, length %zu", q.name, bi.name, q.peer, len);
                // HMAC with keys below, at and above the block size.
                size_t kl = tl_rand_below(key.size());
                tl_random_bytes(key.data(), kl);
                q.fn(key.data(), kl, msg.data(), len, want);
                std::string mn = std::string("hmac-") + q.name;
                kc_mac *m;
                if (!tl_check_status(kc_mac_new(&m, mn.c_str(), bi.name, key.data(), kl), KC_OK, "%s", mn.c_str()))
                    continue;
                memset(got, 0, sizeof got);
                kc_mac_compute(m, got, dl, nullptr, 0, msg.data(), len);
                tl_check_bytes(got, want, dl, "%s/%s vs %s, key %zu, length %zu", mn.c_str(), bi.name, q.peer, kl, len);
                kc_mac_free(m);
                n += 2;
            }
        }
    }
    printf("%ld comparisons\n", n);
    return tl_finish("peer_hash");
}
