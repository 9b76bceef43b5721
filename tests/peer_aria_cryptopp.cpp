// ARIA against Crypto++: random keys, IVs and lengths in ECB, CBC, CTR
// (whole 128-bit big-endian counter, carries forced) and ECB/CBC with
// PKCS#7, through kc_mode_* for every ARIA backend, both directions, plus
// the raw block interface against Crypto++'s ARIA::Encryption/Decryption.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include <crypto++/aria.h>
#include <crypto++/filters.h>
#include <crypto++/modes.h>
extern "C" {
#include "testlib.h"
}

typedef std::vector<uint8_t> bytes;
static const char *const ciphers[] = { "aria-128", "aria-192", "aria-256" };
static const char *const kinds[] = { "ECB", "CBC", "CTR", "ECB+PKCS7", "CBC+PKCS7" };
static const int cases = 300;

static bytes run(CryptoPP::StreamTransformation &m, const bytes &in, bool pad)
{
    using CryptoPP::StreamTransformationFilter;
    std::string out;
    CryptoPP::StringSource src(in.data(), in.size(), true,
        new StreamTransformationFilter(m, new CryptoPP::StringSink(out),
            pad ? StreamTransformationFilter::PKCS_PADDING : StreamTransformationFilter::NO_PADDING));
    return bytes(out.begin(), out.end());
}

static bytes peer(kc_mode mode, bool pad, bool encrypt, const bytes &key, const uint8_t *iv, const bytes &in)
{
    using CryptoPP::ARIA;
    const uint8_t *k = key.data();
    size_t kl = key.size();
    switch (mode) {
    case KC_MODE_ECB:
        if (encrypt) { CryptoPP::ECB_Mode<ARIA>::Encryption m(k, kl); return run(m, in, pad); }
        else { CryptoPP::ECB_Mode<ARIA>::Decryption m(k, kl); return run(m, in, pad); }
    case KC_MODE_CBC:
        if (encrypt) { CryptoPP::CBC_Mode<ARIA>::Encryption m(k, kl, iv); return run(m, in, pad); }
        else { CryptoPP::CBC_Mode<ARIA>::Decryption m(k, kl, iv); return run(m, in, pad); }
    default: {
        CryptoPP::CTR_Mode<ARIA>::Encryption m(k, kl, iv);
        return run(m, in, false);
    }
    }
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
        tl_check_bytes(got.data(), want.data(), got.size(), "%s/%s %s vs Crypto++ (case %d)",
                       name, b, what, t);
}

// The block interface on 1..17 blocks against Crypto++'s bare ARIA.
static void blocks(const kc_cipher *c, const bytes &key, int t)
{
    bytes in(16 * (1 + t % 17)), got(in.size()), want(in.size());
    tl_random_bytes(in.data(), in.size());
    CryptoPP::ARIA::Encryption e(key.data(), key.size());
    CryptoPP::ARIA::Decryption d(key.data(), key.size());
    for (size_t j = 0; j < in.size(); j += 16) e.ProcessBlock(in.data() + j, want.data() + j);
    kc_cipher_encrypt_blocks(c, got.data(), in.data(), in.size());
    same(got, want, c, "blocks encrypt", t);
    for (size_t j = 0; j < in.size(); j += 16) d.ProcessBlock(in.data() + j, want.data() + j);
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
        same(ct, peer(mode, pad, true, key, iv, in), c, kinds[kind], t);
        same(peer(mode, pad, false, key, iv, ct), in, c, kinds[kind], t);
    } catch (const CryptoPP::Exception &e) {
        tl_check(0, "%s/%s %s: Crypto++ threw %s (case %d)", cipher, backend, kinds[kind], e.what(), t);
    }
    blocks(c, key, t);
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
    return tl_finish("peer_aria_cryptopp");
}
