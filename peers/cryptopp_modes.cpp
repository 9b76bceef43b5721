/* SPDX-License-Identifier: MIT */
// Crypto++ CFB (full-block feedback), OFB, CMAC<> and CCM<> over AES, ARIA,
// LEA and RC6 (CCM's tag length is a template argument: one per even length).
#include <cstdio>
#include <cstring>
#include <string>
#include <cryptopp/aes.h>
#include <cryptopp/aria.h>
#include <cryptopp/ccm.h>
#include <cryptopp/cmac.h>
#include <cryptopp/lea.h>
#include <cryptopp/modes.h>
#include <cryptopp/rc6.h>
#include "peer.h"

namespace {

// Calls f.template run<BC>() for the block cipher named; 1 when unknown.
template <class F>
int with_cipher(const char *cipher, F &f)
{
    std::string c(cipher);
    try {
        if (c.rfind("aes-", 0) == 0) return f.template run<CryptoPP::AES>();
        if (c.rfind("aria-", 0) == 0) return f.template run<CryptoPP::ARIA>();
        if (c.rfind("lea-", 0) == 0) return f.template run<CryptoPP::LEA>();
        if (c.rfind("rc6-", 0) == 0) return f.template run<CryptoPP::RC6>();
    } catch (const std::exception &e) {
        std::fprintf(stderr, "Crypto++: %s\n", e.what());
        return -1;
    }
    return 1;
}

struct Stream {
    kc_mode mode; int encrypt; const uint8_t *key; size_t key_len; const uint8_t *iv, *in; size_t len; uint8_t *out;
    template <class BC> int run()
    {
        if (mode == KC_MODE_OFB) {
            typename CryptoPP::OFB_Mode<BC>::Encryption m(key, key_len, iv);
            m.ProcessData(out, in, len);
        } else if (encrypt) {
            typename CryptoPP::CFB_Mode<BC>::Encryption m(key, key_len, iv);
            m.ProcessData(out, in, len);
        } else {
            typename CryptoPP::CFB_Mode<BC>::Decryption m(key, key_len, iv);
            m.ProcessData(out, in, len);
        }
        return 0;
    }
};

struct Cmac {
    const uint8_t *key; size_t key_len; const uint8_t *msg; size_t len; uint8_t *tag;
    template <class BC> int run()
    {
        CryptoPP::CMAC<BC> m(key, key_len);
        m.CalculateDigest(tag, msg, len);
        return 0;
    }
};

struct Ccm {
    int encrypt; const uint8_t *key; size_t key_len; const uint8_t *nonce; size_t nonce_len;
    const uint8_t *ad; size_t ad_len; const uint8_t *in; size_t len; size_t tag_len; uint8_t *out;
    template <class BC, int T> int sized()
    {
        if (encrypt) {
            typename CryptoPP::CCM<BC, T>::Encryption e;
            e.SetKeyWithIV(key, key_len, nonce, nonce_len);
            e.EncryptAndAuthenticate(out, out + len, T, nonce, (int)nonce_len, ad, ad_len, in, len);
            return 0;
        }
        typename CryptoPP::CCM<BC, T>::Decryption d;
        d.SetKeyWithIV(key, key_len, nonce, nonce_len);
        return d.DecryptAndVerify(out, in + len, T, nonce, (int)nonce_len, ad, ad_len, in, len) ? 0 : -1;
    }
    template <class BC> int run()
    {
        switch (tag_len) {
        case 4: return sized<BC, 4>();   case 6: return sized<BC, 6>();   case 8: return sized<BC, 8>();
        case 10: return sized<BC, 10>(); case 12: return sized<BC, 12>(); case 14: return sized<BC, 14>();
        case 16: return sized<BC, 16>();
        default: return 1;
        }
    }
};

int cpp_stream(const char *cipher, kc_mode mode, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
               const uint8_t *in, size_t len, uint8_t *out)
{
    Stream s{ mode, encrypt, key, key_len, iv, in, len, out };
    return with_cipher(cipher, s);
}

int cpp_cmac(const char *cipher, const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len, uint8_t *tag)
{
    Cmac m{ key, key_len, msg, len, tag };
    return with_cipher(cipher, m);
}

int cpp_ccm(const char *cipher, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *nonce,
            size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len, size_t tag_len,
            uint8_t *out)
{
    Ccm c{ encrypt, key, key_len, nonce, nonce_len, ad, ad_len, in, len, tag_len, out };
    return with_cipher(cipher, c);
}

}  // namespace

extern "C" const peer_modes peer_modes_cryptopp = { "cryptopp", cpp_stream, cpp_cmac, cpp_ccm };
