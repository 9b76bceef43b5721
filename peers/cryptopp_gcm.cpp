/* SPDX-License-Identifier: MIT */
// Crypto++ GCM over AES, ARIA, LEA and RC6 (GCM<T>, its default 2K tables),
// keyed once; EncryptAndAuthenticate / DecryptAndVerify per message.
#include <cstdio>
#include <memory>
#include <string>
#include <cryptopp/aes.h>
#include <cryptopp/aria.h>
#include <cryptopp/gcm.h>
#include <cryptopp/lea.h>
#include <cryptopp/rc6.h>
#include "peer.h"

namespace {

struct Handle {
    std::unique_ptr<CryptoPP::AuthenticatedSymmetricCipher> enc, dec;
};

template <class BC>
void make(Handle &h, const uint8_t *key, size_t key_len)
{
    h.enc.reset(new typename CryptoPP::GCM<BC>::Encryption());
    static const uint8_t iv[12] = { 0 };   // replaced by each message's IV
    h.enc->SetKeyWithIV(key, key_len, iv, sizeof iv);
    h.dec.reset(new typename CryptoPP::GCM<BC>::Decryption());
    h.dec->SetKeyWithIV(key, key_len, iv, sizeof iv);
}

void *cpp_gcm_open(const char *cipher, const uint8_t *key, size_t key_len)
{
    std::string c(cipher);
    std::unique_ptr<Handle> h(new Handle);
    try {
        if (c.rfind("aes-", 0) == 0) make<CryptoPP::AES>(*h, key, key_len);
        else if (c.rfind("aria-", 0) == 0) make<CryptoPP::ARIA>(*h, key, key_len);
        else if (c.rfind("lea-", 0) == 0) make<CryptoPP::LEA>(*h, key, key_len);
        else if (c.rfind("rc6-", 0) == 0) make<CryptoPP::RC6>(*h, key, key_len);
        else return nullptr;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "Crypto++: %s\n", e.what());
        return nullptr;
    }
    return h.release();
}

int cpp_gcm_seal(void *p, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len, const uint8_t *in,
                 size_t len, uint8_t *out, uint8_t *tag, size_t tag_len)
{
    auto *e = static_cast<Handle *>(p)->enc.get();
    try {
        e->EncryptAndAuthenticate(out, tag, tag_len, iv, (int)iv_len, ad, ad_len, in, len);
    } catch (const CryptoPP::InvalidArgument &) {
        return 1;
    }
    return 0;
}

int cpp_gcm_unseal(void *p, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len, const uint8_t *in,
                   size_t len, uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    auto *d = static_cast<Handle *>(p)->dec.get();
    try {
        return d->DecryptAndVerify(out, tag, tag_len, iv, (int)iv_len, ad, ad_len, in, len) ? 0 : -1;
    } catch (const CryptoPP::InvalidArgument &) {
        return 1;
    }
}

void cpp_gcm_close(void *p) { delete static_cast<Handle *>(p); }

}  // namespace

extern "C" const peer_gcm peer_gcm_cryptopp = { "cryptopp", cpp_gcm_open, cpp_gcm_seal, cpp_gcm_unseal,
                                                cpp_gcm_close };
