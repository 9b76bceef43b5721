/* SPDX-License-Identifier: MIT */
// Crypto++'s own ECB/CBC/CTR modes as a peer; StreamTransformationFilter
// adds and checks PKCS#7.
#include <cstdio>
#include <cstring>
#include <string>
#include <crypto++/aes.h>
#include <crypto++/aria.h>
#include <crypto++/filters.h>
#include <crypto++/lea.h>
#include <crypto++/modes.h>
#include <crypto++/rc6.h>
#include "peer_harness.h"

static long run(CryptoPP::StreamTransformation &m, bool pad, const uint8_t *in, size_t len, uint8_t *out)
{
    using CryptoPP::StreamTransformationFilter;
    std::string s;
    CryptoPP::StringSource src(in, len, true,
        new StreamTransformationFilter(m, new CryptoPP::StringSink(s),
            pad ? StreamTransformationFilter::PKCS_PADDING : StreamTransformationFilter::NO_PADDING));
    memcpy(out, s.data(), s.size());
    return (long)s.size();
}

template <class C>
static long modes(const peer_job *j, const uint8_t *in, size_t len, uint8_t *out)
{
    const uint8_t *k = j->key, *iv = j->iv;
    size_t kl = j->key_len;
    if (j->mode == KC_MODE_CTR) {
        typename CryptoPP::CTR_Mode<C>::Encryption m(k, kl, iv);
        return run(m, false, in, len, out);
    }
    if (j->mode == KC_MODE_CBC) {
        typename CryptoPP::CBC_Mode<C>::Encryption e(k, kl, iv);
        typename CryptoPP::CBC_Mode<C>::Decryption d(k, kl, iv);
        return j->encrypt ? run(e, j->pad, in, len, out) : run(d, j->pad, in, len, out);
    }
    typename CryptoPP::ECB_Mode<C>::Encryption e(k, kl);
    typename CryptoPP::ECB_Mode<C>::Decryption d(k, kl);
    return j->encrypt ? run(e, j->pad, in, len, out) : run(d, j->pad, in, len, out);
}

long peer_cryptopp(const peer_job *j, const uint8_t *in, size_t len, uint8_t *out)
{
    std::string family(j->name, strcspn(j->name, "-"));
    try {
        if (family == "aes") return modes<CryptoPP::AES>(j, in, len, out);
        if (family == "aria") return modes<CryptoPP::ARIA>(j, in, len, out);
        if (family == "lea") return modes<CryptoPP::LEA>(j, in, len, out);
        if (family == "rc6") return modes<CryptoPP::RC6>(j, in, len, out);
        fprintf(stderr, "Crypto++: no %s here\n", j->name);
    } catch (const std::exception &e) {   // e.g. our ciphertext has bad padding
        fprintf(stderr, "Crypto++: %s\n", e.what());
    }
    return -1;
}
