// AES against Botan 2: random keys of every size and random messages in
// ECB (Botan's block cipher: Botan 2 as packaged has no ECB mode, so PKCS#7
// for ECB is done here by hand), CBC, CBC+PKCS7 and CTR-BE (whole 128-bit
// big-endian counter, carries forced), through kc_mode_* for every backend
// of aes-128/192/256 and rijndael-128-*, both directions.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/stream_cipher.h>
extern "C" {
#include "testlib.h"
}

typedef std::vector<uint8_t> bytes;
static const char *const suite = "peer_aes_botan";
static const int cases_per_backend = 300;

static bytes peer(kc_mode mode, bool pad, bool encrypt, const bytes &key, const uint8_t *iv, const bytes &in)
{
    std::string aes = "AES-" + std::to_string(8 * key.size());
    Botan::secure_vector<uint8_t> buf(in.begin(), in.end());
    if (mode == KC_MODE_CTR) {
        auto ctr = Botan::StreamCipher::create_or_throw("CTR-BE(" + aes + ")");
        ctr->set_key(key.data(), key.size());
        ctr->set_iv(iv, 16);
        ctr->cipher1(buf.data(), buf.size());
    } else if (mode == KC_MODE_CBC && !pad && buf.empty()) {
        // Botan's CBC refuses an empty message; the answer is empty.
    } else if (mode == KC_MODE_CBC) {
        auto cbc = Botan::Cipher_Mode::create_or_throw(aes + (pad ? "/CBC/PKCS7" : "/CBC/NoPadding"),
                                                       encrypt ? Botan::ENCRYPTION : Botan::DECRYPTION);
        cbc->set_key(key.data(), key.size());
        cbc->start(iv, 16);
        cbc->finish(buf);
    } else {
        auto ecb = Botan::BlockCipher::create_or_throw(aes);
        ecb->set_key(key.data(), key.size());
        if (encrypt) {
            if (pad) buf.insert(buf.end(), 16 - in.size() % 16, (uint8_t)(16 - in.size() % 16));
            ecb->encrypt_n(buf.data(), buf.data(), buf.size() / 16);
        } else {
            ecb->decrypt_n(buf.data(), buf.data(), buf.size() / 16);
            size_t p = pad && !buf.empty() ? buf.back() : 0;
            if (pad && (p < 1 || p > 16 || std::count(buf.end() - p, buf.end(), buf.back()) != (long)p))
                throw std::runtime_error("bad PKCS#7 padding");
            buf.resize(buf.size() - p);
        }
    }
    return bytes(buf.begin(), buf.end());
}

static bytes ours(const kc_cipher *c, kc_mode mode, unsigned flags, bool encrypt, const uint8_t *iv,
                  const bytes &in)
{
    size_t iv_len = mode == KC_MODE_ECB ? 0 : 16, n = 0;
    bytes out(kc_mode_output_size(c, mode, flags, encrypt, in.size()) + 1);
    kc_status st = encrypt
        ? kc_mode_encrypt(c, mode, flags, iv_len ? iv : NULL, iv_len, out.data(), out.size(), &n, in.data(), in.size())
        : kc_mode_decrypt(c, mode, flags, iv_len ? iv : NULL, iv_len, out.data(), out.size(), &n, in.data(), in.size());
    tl_check_status(st, KC_OK, "%s/%s mode %d flags %u %s status", kc_cipher_name(c),
                    kc_cipher_backend_name(c), (int)mode, flags, encrypt ? "encrypt" : "decrypt");
    out.resize(n);
    return out;
}

static void check_same(const bytes &got, const bytes &want, const std::string &what, const kc_cipher *c, int t)
{
    if (tl_check(got.size() == want.size(), "%s/%s %s: length %zu, want %zu (case %d)", kc_cipher_name(c),
                 kc_cipher_backend_name(c), what.c_str(), got.size(), want.size(), t) && !got.empty())
        tl_check_bytes(got.data(), want.data(), got.size(), "%s/%s %s (case %d)", kc_cipher_name(c),
                       kc_cipher_backend_name(c), what.c_str(), t);
}

static void one_case(const char *cipher, const char *backend, int t)
{
    static const char *const names[] = { "ECB", "CBC", "CTR", "ECB+PKCS7", "CBC+PKCS7" };
    int kind = t % 5;
    kc_mode mode = kind == 0 || kind == 3 ? KC_MODE_ECB : kind == 1 || kind == 4 ? KC_MODE_CBC : KC_MODE_CTR;
    bool pad = kind >= 3;
    size_t len = 16 * tl_rand_below(41);
    if (pad || mode == KC_MODE_CTR) len += tl_rand_below(16);

    bytes key(kc_cipher_find(cipher)->key_bytes), in(len);
    uint8_t iv[16];
    tl_random_bytes(key.data(), key.size());
    tl_random_bytes(in.data(), in.size());
    tl_random_bytes(iv, sizeof iv);
    if (mode == KC_MODE_CTR && t % 2) {  // carries across 32-bit words, and the full wrap
        size_t ones = 4 * (1 + tl_rand_below(4));
        memset(iv + 16 - ones, 0xff, ones);
    }

    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key.data(), key.size()), KC_OK, "%s/%s new",
                         cipher, backend))
        return;
    unsigned flags = pad ? KC_PAD_PKCS7 : 0;
    std::string name = names[kind];
    bytes ct = ours(c, mode, flags, true, iv, in);
    check_same(ours(c, mode, flags, false, iv, ct), in, name + " decrypt by us", c, t);
    try {
        check_same(ct, peer(mode, pad, true, key, iv, in), name + " encrypt vs Botan", c, t);
        check_same(peer(mode, pad, false, key, iv, ct), in, name + " decrypt by Botan", c, t);
    } catch (const std::exception &e) {   // e.g. our ciphertext has bad padding for Botan
        tl_check(0, "%s/%s %s: Botan threw %s (case %d)", cipher, backend, names[kind], e.what(), t);
    }
    kc_cipher_free(c);
}

int main()
{
    static const char *const ciphers[] = { "aes-128", "aes-192", "aes-256",
                                           "rijndael-128-128", "rijndael-128-192", "rijndael-128-256" };
    for (const char *cipher : ciphers) {
        kc_backend_info info;
        for (size_t i = 0; kc_backend_at(cipher, i, &info) == KC_OK; i++) {
            if (!info.available) {
                printf("%s backend %s skipped: CPU lacks it\n", cipher, info.name);
                continue;
            }
            for (int t = 0; t < cases_per_backend; t++) one_case(cipher, info.name, t);
        }
    }
    return tl_finish(suite);
}
