/* SPDX-License-Identifier: MIT */
// Crypto++ through its mode templates: AES, ARIA, LEA, RC6 and SEED in ECB, CBC,
// CTR; StreamTransformationFilter adds and checks PKCS#7.
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <cryptopp/aes.h>
#include <cryptopp/aria.h>
#include <cryptopp/cham.h>
#include <cryptopp/cpu.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/filters.h>
#include <cryptopp/hight.h>
#include <cryptopp/lea.h>
#include <cryptopp/modes.h>
#include <cryptopp/rc6.h>
#include <cryptopp/seed.h>
#include "peer.h"
extern "C" {
#include "core/cpu.h"
}

namespace {

using CryptoPP::StreamTransformation;
using CryptoPP::StreamTransformationFilter;

struct Handle {
    std::unique_ptr<StreamTransformation> m;
    bool pad;
};

template <class Mode>
StreamTransformation *keyed(int encrypt, const uint8_t *key, size_t key_len, const uint8_t *iv)
{
    if (encrypt) return new typename Mode::Encryption(key, key_len, iv);
    return new typename Mode::Decryption(key, key_len, iv);
}

template <class BC>
StreamTransformation *make(kc_mode mode, int encrypt, const uint8_t *key, size_t key_len, const uint8_t *iv)
{
    if (mode == KC_MODE_ECB) {
        if (encrypt) return new typename CryptoPP::ECB_Mode<BC>::Encryption(key, key_len);
        return new typename CryptoPP::ECB_Mode<BC>::Decryption(key, key_len);
    }
    if (mode == KC_MODE_CBC) return keyed<CryptoPP::CBC_Mode<BC>>(encrypt, key, key_len, iv);
    return new typename CryptoPP::CTR_Mode<BC>::Encryption(key, key_len, iv);   // CTR: one direction
}

const char *cpp_version()
{
    static char buf[32];
    int v = CryptoPP::LibraryVersion();
    std::snprintf(buf, sizeof buf, "Crypto++ %d.%d.%d", v / 100, v / 10 % 10, v % 10);
    return buf;
}

void *cpp_open(const char *cipher, kc_mode mode, int encrypt, int pad, const uint8_t *key, size_t key_len,
               const uint8_t *iv)
{
    std::string c(cipher);
    std::unique_ptr<Handle> h(new Handle{nullptr, pad != 0});
    try {
        if (c.rfind("aes-", 0) == 0) h->m.reset(make<CryptoPP::AES>(mode, encrypt, key, key_len, iv));
        else if (c.rfind("aria-", 0) == 0) h->m.reset(make<CryptoPP::ARIA>(mode, encrypt, key, key_len, iv));
        else if (c.rfind("lea-", 0) == 0) h->m.reset(make<CryptoPP::LEA>(mode, encrypt, key, key_len, iv));
        else if (c.rfind("rc6-", 0) == 0) h->m.reset(make<CryptoPP::RC6>(mode, encrypt, key, key_len, iv));
        else if (c.rfind("hight-", 0) == 0) h->m.reset(make<CryptoPP::HIGHT>(mode, encrypt, key, key_len, iv));
        // CHAM: Crypto++ 8.7 has the 2017 round counts (80/80/96) and big-endian words, so it is a
        // speed peer only (tests/test_cham.c checks its vectors through our kernels).
        else if (c.rfind("cham-64-", 0) == 0) h->m.reset(make<CryptoPP::CHAM64>(mode, encrypt, key, key_len, iv));
        else if (c.rfind("cham-128-", 0) == 0) h->m.reset(make<CryptoPP::CHAM128>(mode, encrypt, key, key_len, iv));
        else if (c == "seed-128") h->m.reset(make<CryptoPP::SEED>(mode, encrypt, key, key_len, iv));
    } catch (const std::exception &e) {
        std::fprintf(stderr, "Crypto++: %s\n", e.what());
    }
    return h->m ? h.release() : nullptr;
}

long cpp_update(void *p, uint8_t *out, const uint8_t *in, size_t len, int final)
{
    Handle *h = static_cast<Handle *>(p);
    if (!final || !h->pad) {
        h->m->ProcessData(out, in, len);
        return (long)len;
    }
    try {
        std::string s;
        CryptoPP::StringSource src(in, len, true,
            new StreamTransformationFilter(*h->m, new CryptoPP::StringSink(s), StreamTransformationFilter::PKCS_PADDING));
        std::memcpy(out, s.data(), s.size());
        return (long)s.size();
    } catch (const std::exception &e) {   // e.g. bad padding
        std::fprintf(stderr, "Crypto++: %s\n", e.what());
        return -1;
    }
}

void cpp_close(void *p) { delete static_cast<Handle *>(p); }

}  // namespace

// Crypto++ has no switch for its CPU paths, but every dispatch reads its
// exported feature flags: detected, then cleared as KC_CPU_DISABLE masks
// ours, before anything is keyed (at load), they make it run as on that CPU.
extern "C" const char *peer_cryptopp_masked(void)
{
    static const std::string masked = [] {
        std::string out;
#if CRYPTOPP_BOOL_X86 || CRYPTOPP_BOOL_X32 || CRYPTOPP_BOOL_X64
        static const struct { uint32_t ours; bool *flag; const char *name; } map[] = {
            { KC_CPU_SSSE3, &CryptoPP::g_hasSSSE3, "ssse3" }, { KC_CPU_SSE41, &CryptoPP::g_hasSSE41, "sse4.1" },
            { KC_CPU_SSE41, &CryptoPP::g_hasSSE42, "sse4.2" }, { KC_CPU_AESNI, &CryptoPP::g_hasAESNI, "aesni" },
            { KC_CPU_PCLMUL, &CryptoPP::g_hasCLMUL, "clmul" }, { KC_CPU_AVX2, &CryptoPP::g_hasAVX2, "avx2" },
            { KC_CPU_AVX2, &CryptoPP::g_hasAVX, "avx" }, { KC_CPU_SHA, &CryptoPP::g_hasSHA, "sha" },
        };
        uint32_t off = kc_cpu_detected() & ~kc_cpu_detect();
        if (!CryptoPP::g_x86DetectionDone) CryptoPP::DetectX86Features();
        for (const auto &m : map)
            if ((off & m.ours) && *m.flag) {
                *m.flag = false;
                out += (out.empty() ? "" : ",") + std::string(m.name);
            }
#endif
        return out;
    }();
    return masked.c_str();
}
static const char *const masked_at_load = peer_cryptopp_masked();

extern "C" const peer_lib peer_cryptopp = {
    "cryptopp", "Crypto++", "Mode<>", cpp_version, cpp_open, cpp_update, cpp_close
};
