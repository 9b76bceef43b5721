/* SPDX-License-Identifier: MIT */
// Botan 2 CFB ("AES-128/CFB", full-block feedback), OFB ("OFB(AES-128)", a
// stream cipher), CMAC ("CMAC(AES-128)") and CCM ("AES-128/CCM(tag,L)",
// L = 15 - nonce length) over AES and ARIA.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <string>
#include <botan/aead.h>
#include <botan/cipher_mode.h>
#include <botan/exceptn.h>
#include <botan/mac.h>
#include <botan/stream_cipher.h>
#include "peer.h"

namespace {

// "aes-128" -> "AES-128"; "" for what Botan 2 lacks here.
std::string botan_name(const char *cipher)
{
    std::string alg(cipher);
    if (alg.rfind("aes-", 0) != 0 && alg.rfind("aria-", 0) != 0) return "";
    for (auto &ch : alg) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return alg;
}

int b_stream(const char *cipher, kc_mode mode, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *iv,
             const uint8_t *in, size_t len, uint8_t *out)
{
    std::string alg = botan_name(cipher);
    if (alg.empty()) return 1;
    try {
        if (mode == KC_MODE_OFB) {
            auto s = Botan::StreamCipher::create_or_throw("OFB(" + alg + ")");
            s->set_key(key, key_len);
            s->set_iv(iv, 16);
            s->cipher(in, out, len);
            return 0;
        }
        auto m = Botan::Cipher_Mode::create_or_throw(alg + "/CFB", encrypt ? Botan::ENCRYPTION : Botan::DECRYPTION);
        m->set_key(key, key_len);
        m->start(iv, 16);
        Botan::secure_vector<uint8_t> buf(in, in + len);
        m->finish(buf);
        std::copy(buf.begin(), buf.end(), out);
        return 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "Botan: %s\n", e.what());
        return -1;
    }
}

int b_cmac(const char *cipher, const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len, uint8_t *tag)
{
    std::string alg = botan_name(cipher);
    if (alg.empty()) return 1;
    try {
        auto m = Botan::MessageAuthenticationCode::create_or_throw("CMAC(" + alg + ")");
        m->set_key(key, key_len);
        m->update(msg, len);
        m->final(tag);
        return 0;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "Botan: %s\n", e.what());
        return -1;
    }
}

int b_ccm(const char *cipher, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *nonce,
          size_t nonce_len, const uint8_t *ad, size_t ad_len, const uint8_t *in, size_t len, size_t tag_len,
          uint8_t *out)
{
    std::string alg = botan_name(cipher);
    if (alg.empty()) return 1;
    std::unique_ptr<Botan::AEAD_Mode> m;
    try {
        m = Botan::AEAD_Mode::create_or_throw(alg + "/CCM(" + std::to_string(tag_len) + "," +
                                                  std::to_string(15 - nonce_len) + ")",
                                              encrypt ? Botan::ENCRYPTION : Botan::DECRYPTION);
    } catch (const std::exception &) {
        return 1;
    }
    Botan::secure_vector<uint8_t> buf(in, in + len + (encrypt ? 0 : tag_len));
    try {
        m->set_key(key, key_len);
        m->set_associated_data(ad, ad_len);
        m->start(nonce, nonce_len);
        m->finish(buf);
    } catch (const Botan::Invalid_Authentication_Tag &) {
        return -1;
    }
    std::copy(buf.begin(), buf.end(), out);
    return 0;
}

}  // namespace

extern "C" const peer_modes peer_modes_botan = { "botan", b_stream, b_cmac, b_ccm };
