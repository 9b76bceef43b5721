// SPDX-License-Identifier: MIT
// Crypto++ as a hash peer of bench/hash.c: LSH256, LSH512, SHA256, SHA512
// and HMAC over them, each object made (and keyed) once; the timed call is
// Update then Final, which restarts it.
#include <cstring>
#include <memory>
#include <cryptopp/hmac.h>
#include <cryptopp/lsh.h>
#include <cryptopp/sha.h>
#include "hash_peers.h"

using CryptoPP::HashTransformation;

template <class H>
static HashTransformation *make(bool mac, const uint8_t *key, size_t key_len)
{
    if (mac) return new CryptoPP::HMAC<H>(key, key_len);
    return new H;
}

static void *cpp_open(const char *name, const uint8_t *key, size_t key_len)
{
    bool mac = std::strncmp(name, "hmac-", 5) == 0;
    const char *h = mac ? name + 5 : name;
    try {
        if (!std::strcmp(h, "lsh-256-256")) return make<CryptoPP::LSH256>(mac, key, key_len);
        if (!std::strcmp(h, "lsh-512-512")) return make<CryptoPP::LSH512>(mac, key, key_len);
        if (!std::strcmp(h, "sha-256")) return make<CryptoPP::SHA256>(mac, key, key_len);
        if (!std::strcmp(h, "sha-512")) return make<CryptoPP::SHA512>(mac, key, key_len);
    } catch (...) {
    }
    return nullptr;
}

static void cpp_run(void *h, const uint8_t *in, size_t len, uint8_t *out)
{
    auto *t = static_cast<HashTransformation *>(h);
    t->Update(in, len);
    t->Final(out);
}

static void cpp_close(void *h) { delete static_cast<HashTransformation *>(h); }

extern "C" const bench_hash_peer bench_hash_cryptopp = { "cryptopp", "HashTransformation", cpp_open, cpp_run,
                                                         cpp_close };
