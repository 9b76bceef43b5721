/* SPDX-License-Identifier: MIT */
// Crypto++ through its mode templates: AES, ARIA, LEA and RC6 in ECB, CBC, CTR.
#include <cstdio>
#include <cstring>
#include <string>
#include <cryptopp/aes.h>
#include <cryptopp/aria.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/lea.h>
#include <cryptopp/modes.h>
#include <cryptopp/rc6.h>
#include "bench_int.h"

namespace {

using CryptoPP::SymmetricCipher;

template <class BC>
SymmetricCipher *make(const std::string &mode, const uint8_t *key, size_t key_len, const uint8_t *iv)
{
    if (mode == "ecb") return new typename CryptoPP::ECB_Mode<BC>::Encryption(key, key_len);
    if (mode == "cbc") return new typename CryptoPP::CBC_Mode<BC>::Encryption(key, key_len, iv);
    if (mode == "ctr") return new typename CryptoPP::CTR_Mode<BC>::Encryption(key, key_len, iv);
    return nullptr;
}

const char *cpp_version()
{
    static char buf[32];
    int v = CryptoPP::LibraryVersion();
    std::snprintf(buf, sizeof buf, "Crypto++ %d.%d.%d", v / 100, v / 10 % 10, v % 10);
    return buf;
}

void *cpp_open(const char *cipher, const char *mode, const uint8_t *key, size_t key_len, const uint8_t *iv)
{
    std::string c(cipher), m(mode);
    try {
        if (c.rfind("aes-", 0) == 0) return make<CryptoPP::AES>(m, key, key_len, iv);
        if (c.rfind("aria-", 0) == 0) return make<CryptoPP::ARIA>(m, key, key_len, iv);
        if (c.rfind("lea-", 0) == 0) return make<CryptoPP::LEA>(m, key, key_len, iv);
        if (c.rfind("rc6-", 0) == 0) return make<CryptoPP::RC6>(m, key, key_len, iv);
    } catch (const std::exception &) {
    }
    return nullptr;
}

void cpp_encrypt(void *h, uint8_t *out, const uint8_t *in, size_t len)
{
    static_cast<SymmetricCipher *>(h)->ProcessData(out, in, len);
}

void cpp_close(void *h) { delete static_cast<SymmetricCipher *>(h); }

}  // namespace

extern "C" const bench_peer bench_peer_cryptopp = {
    "cryptopp", "Mode<>", cpp_version, cpp_open, cpp_encrypt, cpp_close
};
