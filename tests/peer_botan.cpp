/* SPDX-License-Identifier: MIT */
// Botan 2 as a peer: CTR-BE, CBC/NoPadding and CBC/PKCS7; Botan 2 as
// packaged has no ECB mode, so ECB is the bare block cipher, PKCS#7 here.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/stream_cipher.h>
#include "peer_harness.h"

static void ecb(const std::string &alg, const peer_job *j, Botan::secure_vector<uint8_t> &buf)
{
    auto bc = Botan::BlockCipher::create_or_throw(alg);
    bc->set_key(j->key, j->key_len);
    size_t p = 16 - buf.size() % 16;
    if (j->encrypt) {
        if (j->pad) buf.insert(buf.end(), p, (uint8_t)p);
        bc->encrypt_n(buf.data(), buf.data(), buf.size() / 16);
        return;
    }
    bc->decrypt_n(buf.data(), buf.data(), buf.size() / 16);
    if (!j->pad) return;
    p = buf.empty() ? 0 : buf.back();
    if (p < 1 || p > 16 || std::count(buf.end() - p, buf.end(), buf.back()) != (long)p)
        throw std::runtime_error("bad PKCS#7 padding");
    buf.resize(buf.size() - p);
}

long peer_botan(const peer_job *j, const uint8_t *in, size_t len, uint8_t *out)
{
    std::string alg(j->name);   // "aes-128" -> "AES-128"
    std::transform(alg.begin(), alg.end(), alg.begin(), [](unsigned char ch) { return (char)toupper(ch); });
    Botan::secure_vector<uint8_t> buf(in, in + len);
    try {
        if (j->mode == KC_MODE_CTR) {
            auto ctr = Botan::StreamCipher::create_or_throw("CTR-BE(" + alg + ")");
            ctr->set_key(j->key, j->key_len);
            ctr->set_iv(j->iv, 16);
            ctr->cipher1(buf.data(), buf.size());
        } else if (j->mode == KC_MODE_ECB) {
            ecb(alg, j, buf);
        } else if (len || j->pad) {   // Botan's CBC refuses an empty message; the answer is empty
            auto dir = j->encrypt ? Botan::ENCRYPTION : Botan::DECRYPTION;
            auto cbc = Botan::Cipher_Mode::create_or_throw(alg + (j->pad ? "/CBC/PKCS7" : "/CBC/NoPadding"), dir);
            cbc->set_key(j->key, j->key_len);
            cbc->start(j->iv, 16);
            cbc->finish(buf);
        }
    } catch (const std::exception &e) {   // e.g. our ciphertext has bad padding
        fprintf(stderr, "Botan: %s\n", e.what());
        return -1;
    }
    std::copy(buf.begin(), buf.end(), out);
    return (long)buf.size();
}
