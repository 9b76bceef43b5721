/* SPDX-License-Identifier: MIT */
// Botan 2: AES and ARIA.  ECB through BlockCipher::encrypt_n, CBC through
// Cipher_Mode (in place: Botan 2 has no out-of-place process), CTR through
// the CTR-BE stream cipher.
#include <cctype>
#include <cstdio>
#include <memory>
#include <string>
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/stream_cipher.h>
#include <botan/version.h>
#include "bench_int.h"

namespace {

struct Handle {
    std::unique_ptr<Botan::BlockCipher> ecb;
    std::unique_ptr<Botan::Cipher_Mode> cbc;
    std::unique_ptr<Botan::StreamCipher> ctr;
};

const char *botan_ver()
{
    static char buf[32];
    std::snprintf(buf, sizeof buf, "Botan %u.%u.%u", Botan::version_major(), Botan::version_minor(),
                  Botan::version_patch());
    return buf;
}

// "aria-128" -> "ARIA-128"
std::string algo(const std::string &c)
{
    std::string s(c);
    for (auto &ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return s;
}

void *botan_open(const char *cipher, const char *mode, const uint8_t *key, size_t key_len, const uint8_t *iv)
{
    std::string c(cipher), m(mode);
    if (c.rfind("aes-", 0) != 0 && c.rfind("aria-", 0) != 0) return nullptr;
    std::unique_ptr<Handle> h(new Handle);
    try {
        if (m == "ecb") {
            h->ecb = Botan::BlockCipher::create(algo(c));
            if (!h->ecb) return nullptr;
            h->ecb->set_key(key, key_len);
        } else if (m == "cbc") {
            h->cbc = Botan::Cipher_Mode::create(algo(c) + "/CBC/NoPadding", Botan::ENCRYPTION);
            if (!h->cbc) return nullptr;
            h->cbc->set_key(key, key_len);
            h->cbc->start(iv, 16);
        } else if (m == "ctr") {
            h->ctr = Botan::StreamCipher::create("CTR-BE(" + algo(c) + ")");
            if (!h->ctr) return nullptr;
            h->ctr->set_key(key, key_len);
            h->ctr->set_iv(iv, 16);
        } else {
            return nullptr;
        }
    } catch (const std::exception &) {
        return nullptr;
    }
    return h.release();
}

void botan_encrypt(void *p, uint8_t *out, const uint8_t *in, size_t len)
{
    Handle *h = static_cast<Handle *>(p);
    if (h->ecb) h->ecb->encrypt_n(in, out, len / 16);
    else if (h->cbc) h->cbc->process(out, len);
    else h->ctr->cipher(in, out, len);
}

void botan_close(void *p) { delete static_cast<Handle *>(p); }

}  // namespace

extern "C" const bench_peer bench_peer_botan = {
    "botan", "Botan2 API", botan_ver, botan_open, botan_encrypt, botan_close
};
