/* SPDX-License-Identifier: MIT */
// Botan 2 GCM over AES and ARIA through AEAD_Mode ("AES-128/GCM(12)": the
// tag length is part of the name, so a context per tag length, made on use).
#include <cctype>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include <botan/aead.h>
#include <botan/exceptn.h>
#include "peer.h"

namespace {

struct Handle {
    std::string alg;
    std::vector<uint8_t> key;
    std::map<size_t, std::unique_ptr<Botan::AEAD_Mode>> enc, dec;
};

Botan::AEAD_Mode *mode(Handle &h, bool encrypt, size_t tag_len)
{
    auto &m = (encrypt ? h.enc : h.dec)[tag_len];
    if (!m) {
        try {
            m = Botan::AEAD_Mode::create(h.alg + "/GCM(" + std::to_string(tag_len) + ")",
                                         encrypt ? Botan::ENCRYPTION : Botan::DECRYPTION);
        } catch (const std::exception &) {
            m.reset();
        }
        if (!m) return nullptr;
        m->set_key(h.key.data(), h.key.size());
    }
    return m.get();
}

void *botan_gcm_open(const char *cipher, const uint8_t *key, size_t key_len)
{
    std::string alg(cipher);
    if (alg.rfind("aes-", 0) != 0 && alg.rfind("aria-", 0) != 0) return nullptr;
    for (auto &ch : alg) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    std::unique_ptr<Handle> h(new Handle{alg, std::vector<uint8_t>(key, key + key_len), {}, {}});
    if (!mode(*h, true, 16) || !mode(*h, false, 16)) return nullptr;
    return h.release();
}

int botan_gcm_seal(void *p, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len, const uint8_t *in,
                   size_t len, uint8_t *out, uint8_t *tag, size_t tag_len)
{
    Botan::AEAD_Mode *m = mode(*static_cast<Handle *>(p), true, tag_len);
    if (!m || !m->valid_nonce_length(iv_len)) return 1;
    Botan::secure_vector<uint8_t> buf(in, in + len);
    m->set_associated_data(ad, ad_len);
    m->start(iv, iv_len);
    m->finish(buf);
    std::copy(buf.begin(), buf.begin() + len, out);
    std::copy(buf.begin() + len, buf.end(), tag);
    return 0;
}

int botan_gcm_unseal(void *p, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len,
                     const uint8_t *in, size_t len, uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    Botan::AEAD_Mode *m = mode(*static_cast<Handle *>(p), false, tag_len);
    if (!m || !m->valid_nonce_length(iv_len)) return 1;
    Botan::secure_vector<uint8_t> buf(in, in + len);
    buf.insert(buf.end(), tag, tag + tag_len);
    try {
        m->set_associated_data(ad, ad_len);
        m->start(iv, iv_len);
        m->finish(buf);
    } catch (const Botan::Invalid_Authentication_Tag &) {
        return -1;
    }
    std::copy(buf.begin(), buf.end(), out);
    return 0;
}

void botan_gcm_close(void *p) { delete static_cast<Handle *>(p); }

}  // namespace

extern "C" const peer_gcm peer_gcm_botan = { "botan", botan_gcm_open, botan_gcm_seal, botan_gcm_unseal,
                                             botan_gcm_close };
