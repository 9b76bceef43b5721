// ARIA against Botan 2: random keys, IVs and lengths in ECB, CBC, CTR-BE
// (whole 128-bit big-endian counter, carries forced) and ECB/CBC with
// PKCS#7, through kc_mode_* for every ARIA backend, both directions, plus
// the raw block interface against Botan's ARIA block cipher.  Botan 2 has
// no ECB mode object, so ECB uses the bare cipher (PKCS#7 added here).
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <exception>
#include <botan/stream_cipher.h>
extern "C" {
#include "testlib.h"
}

typedef std::vector<uint8_t> bytes;
static const char *const ciphers[] = { "aria-128", "aria-192", "aria-256" };
static const char *const kinds[] = { "ECB", "CBC", "CTR", "ECB+PKCS7", "CBC+PKCS7" };
static const int cases = 300;

static std::string botan_name(const char *cipher)   // "aria-128" -> "ARIA-128"
{
    return std::string("ARIA") + (cipher + 4);
}

static bytes peer(const char *cipher, kc_mode mode, bool pad, bool encrypt, const bytes &key,
                  const uint8_t *iv, const bytes &in)
{
    if (mode == KC_MODE_CTR) {
        auto ctr = Botan::StreamCipher::create_or_throw("CTR-BE(" + botan_name(cipher) + ")");
        bytes out(in.size());
        ctr->set_key(key.data(), key.size());
        ctr->set_iv(iv, 16);
        ctr->cipher(in.data(), out.data(), in.size());
        return out;
    }
    if (mode == KC_MODE_ECB) {   // Botan 2 has no ECB mode object: the bare cipher, PKCS#7 by hand
        auto bc = Botan::BlockCipher::create_or_throw(botan_name(cipher));
        bytes buf(in);
        size_t n = 16 - in.size() % 16;
        if (pad && encrypt) buf.insert(buf.end(), n, (uint8_t)n);
        bc->set_key(key.data(), key.size());
        if (encrypt) bc->encrypt_n(buf.data(), buf.data(), buf.size() / 16);
        else bc->decrypt_n(buf.data(), buf.data(), buf.size() / 16);
        if (pad && !encrypt && !buf.empty() && buf.back() >= 1 && buf.back() <= 16)
            buf.resize(buf.size() - buf.back());
        return buf;
    }
    if (in.empty() && !pad) return bytes();   // Botan's CBC refuses an empty message
    std::string spec = botan_name(cipher) + "/CBC/" + (pad ? "PKCS7" : "NoPadding");
    auto m = Botan::Cipher_Mode::create_or_throw(spec, encrypt ? Botan::ENCRYPTION : Botan::DECRYPTION);
    m->set_key(key.data(), key.size());
    m->start(iv, mode == KC_MODE_ECB ? 0 : 16);
    Botan::secure_vector<uint8_t> buf(in.begin(), in.end());
    m->finish(buf);
    return bytes(buf.begin(), buf.end());
}

static bytes ours(const kc_cipher *c, kc_mode mode, unsigned flags, bool encrypt, const uint8_t *iv,
                  const bytes &in)
{
    size_t iv_len = mode == KC_MODE_ECB ? 0 : 16, n = 0;
    const uint8_t *v = iv_len ? iv : NULL;
    bytes out(in.size() + 16);
    kc_status st = encrypt
        ? kc_mode_encrypt(c, mode, flags, v, iv_len, out.data(), out.size(), &n, in.data(), in.size())
        : kc_mode_decrypt(c, mode, flags, v, iv_len, out.data(), out.size(), &n, in.data(), in.size());
    tl_check_status(st, KC_OK, "%s/%s mode %d flags %u %s", kc_cipher_name(c), kc_cipher_backend_name(c),
                    (int)mode, flags, encrypt ? "encrypt" : "decrypt");
    out.resize(n);
    return out;
}

static void same(const bytes &got, const bytes &want, const kc_cipher *c, const char *what, int t)
{
    const char *name = kc_cipher_name(c), *b = kc_cipher_backend_name(c);
    if (tl_check(got.size() == want.size(), "%s/%s %s: length %zu, want %zu (case %d)", name, b, what,
                 got.size(), want.size(), t) && !got.empty())
        tl_check_bytes(got.data(), want.data(), got.size(), "%s/%s %s vs Botan (case %d)", name, b, what, t);
}

// The block interface on 1..17 blocks against Botan's bare ARIA.
static void blocks(const char *cipher, const kc_cipher *c, const bytes &key, int t)
{
    bytes in(16 * (1 + t % 17)), got(in.size()), want(in.size());
    tl_random_bytes(in.data(), in.size());
    auto bc = Botan::BlockCipher::create_or_throw(botan_name(cipher));
    bc->set_key(key.data(), key.size());
    bc->encrypt_n(in.data(), want.data(), in.size() / 16);
    kc_cipher_encrypt_blocks(c, got.data(), in.data(), in.size());
    same(got, want, c, "blocks encrypt", t);
    bc->decrypt_n(in.data(), want.data(), in.size() / 16);
    kc_cipher_decrypt_blocks(c, got.data(), in.data(), in.size());
    same(got, want, c, "blocks decrypt", t);
}

static void one_case(const char *cipher, const char *backend, int t)
{
    int kind = t % 5;
    bool pad = kind >= 3;
    kc_mode mode = kind == 2 ? KC_MODE_CTR : kind % 3 == 0 ? KC_MODE_ECB : KC_MODE_CBC;
    size_t len = 16 * tl_rand_below(41);
    if (pad || mode == KC_MODE_CTR) len += tl_rand_below(16);
    bytes key(kc_cipher_find(cipher)->key_bytes), in(len);
    uint8_t iv[16];
    tl_random_bytes(key.data(), key.size());
    tl_random_bytes(iv, sizeof iv);
    tl_random_bytes(in.data(), in.size());
    if (mode == KC_MODE_CTR && t % 2) {   // carries into the upper words, and the full wrap
        size_t ones = 4 * (1 + tl_rand_below(4));
        memset(iv + 16 - ones, 0xff, ones);
    }

    kc_cipher *c;
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key.data(), key.size()), KC_OK, "%s/%s new",
                         cipher, backend))
        return;
    unsigned flags = pad ? KC_PAD_PKCS7 : 0;
    bytes ct = ours(c, mode, flags, true, iv, in);
    same(ours(c, mode, flags, false, iv, ct), in, c, kinds[kind], t);
    try {
        same(ct, peer(cipher, mode, pad, true, key, iv, in), c, kinds[kind], t);
        same(peer(cipher, mode, pad, false, key, iv, ct), in, c, kinds[kind], t);
        blocks(cipher, c, key, t);
    } catch (const std::exception &e) {
        tl_check(0, "%s/%s %s: Botan threw %s (case %d)", cipher, backend, kinds[kind], e.what(), t);
    }
    kc_cipher_free(c);
}

int main()
{
    for (const char *cipher : ciphers) {
        kc_backend_info info;
        for (size_t i = 0; kc_backend_at(cipher, i, &info) == KC_OK; i++) {
            if (!info.available) {
                printf("%s backend %s skipped: CPU lacks it\n", cipher, info.name);
                continue;
            }
            for (int t = 0; t < cases; t++) one_case(cipher, info.name, t);
        }
    }
    return tl_finish("peer_aria_botan");
}
