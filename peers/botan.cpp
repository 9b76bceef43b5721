/* SPDX-License-Identifier: MIT */
// Botan 2: AES and ARIA.  ECB through BlockCipher::encrypt_n (Botan 2 as
// packaged has no ECB mode; PKCS#7 done here), CBC through Cipher_Mode
// (NoPadding or PKCS7), CTR through the CTR-BE stream cipher.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <botan/block_cipher.h>
#include <botan/cipher_mode.h>
#include <botan/cpuid.h>
#include <botan/stream_cipher.h>
#include <botan/version.h>
#include "peer.h"
extern "C" {
#include "core/cpu.h"
}

namespace {

struct Handle {
    std::unique_ptr<Botan::BlockCipher> ecb;
    std::unique_ptr<Botan::Cipher_Mode> cbc;
    std::unique_ptr<Botan::StreamCipher> ctr;
    bool encrypt, pad;
};

const char *botan_ver()
{
    static char buf[32];
    std::snprintf(buf, sizeof buf, "Botan %u.%u.%u", Botan::version_major(), Botan::version_minor(),
                  Botan::version_patch());
    return buf;
}

void *botan_open(const char *cipher, kc_mode mode, int encrypt, int pad, const uint8_t *key, size_t key_len,
                 const uint8_t *iv)
{
    std::string alg(cipher);   // "aes-128" -> "AES-128"
    if (alg.rfind("aes-", 0) != 0 && alg.rfind("aria-", 0) != 0 && alg != "seed-128") return nullptr;
    for (auto &ch : alg) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (alg == "SEED-128") alg = "SEED";
    std::unique_ptr<Handle> h(new Handle{nullptr, nullptr, nullptr, encrypt != 0, pad != 0});
    try {
        if (mode == KC_MODE_ECB) {
            h->ecb = Botan::BlockCipher::create_or_throw(alg);
            h->ecb->set_key(key, key_len);
        } else if (mode == KC_MODE_CBC) {
            h->cbc = Botan::Cipher_Mode::create_or_throw(alg + (pad ? "/CBC/PKCS7" : "/CBC/NoPadding"),
                                                         encrypt ? Botan::ENCRYPTION : Botan::DECRYPTION);
            h->cbc->set_key(key, key_len);
            h->cbc->start(iv, 16);
        } else {
            h->ctr = Botan::StreamCipher::create_or_throw("CTR-BE(" + alg + ")");
            h->ctr->set_key(key, key_len);
            h->ctr->set_iv(iv, 16);
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "Botan: %s\n", e.what());
        return nullptr;
    }
    return h.release();
}

// ECB with PKCS#7 on the last call.
long ecb(Handle *h, uint8_t *out, const uint8_t *in, size_t len, bool final)
{
    bool pad = final && h->pad;
    if (h->encrypt) {
        if (!pad) {
            h->ecb->encrypt_n(in, out, len / 16);
            return (long)len;
        }
        size_t p = 16 - len % 16;
        std::memcpy(out, in, len);
        std::memset(out + len, (int)p, p);
        h->ecb->encrypt_n(out, out, (len + p) / 16);
        return (long)(len + p);
    }
    h->ecb->decrypt_n(in, out, len / 16);
    if (!pad) return (long)len;
    size_t p = len ? out[len - 1] : 0;
    if (p < 1 || p > 16 || p > len || std::count(out + len - p, out + len, out[len - 1]) != (long)p)
        throw std::runtime_error("bad PKCS#7 padding");
    return (long)(len - p);
}

long botan_update(void *p, uint8_t *out, const uint8_t *in, size_t len, int final)
{
    Handle *h = static_cast<Handle *>(p);
    try {
        if (h->ctr) {
            h->ctr->cipher(in, out, len);
            return (long)len;
        }
        if (h->ecb) return ecb(h, out, in, len, final);
        if (!final) {   // Botan 2 has no out-of-place process
            std::memcpy(out, in, len);
            h->cbc->process(out, len);
            return (long)len;
        }
        if (!len && !h->pad) return 0;   // Botan's CBC refuses an empty message; the answer is empty
        Botan::secure_vector<uint8_t> buf(in, in + len);
        h->cbc->finish(buf);
        std::copy(buf.begin(), buf.end(), out);
        return (long)buf.size();
    } catch (const std::exception &e) {   // e.g. bad padding
        std::fprintf(stderr, "Botan: %s\n", e.what());
        return -1;
    }
}

void botan_close(void *p) { delete static_cast<Handle *>(p); }

}  // namespace

// Botan's CPU paths follow CPUID bits that it lets a program clear: cleared
// as KC_CPU_DISABLE masks ours, at load, before anything is keyed.
extern "C" const char *peer_botan_masked(void)
{
    static const std::string masked = [] {
        std::string out;
#if defined(BOTAN_TARGET_CPU_IS_X86_FAMILY)
        using C = Botan::CPUID;
        static const struct { uint32_t ours; C::CPUID_bits bit; const char *name; } map[] = {
            { KC_CPU_SSSE3, C::CPUID_SSSE3_BIT, "ssse3" }, { KC_CPU_SSE41, C::CPUID_SSE41_BIT, "sse41" },
            { KC_CPU_SSE41, C::CPUID_SSE42_BIT, "sse42" }, { KC_CPU_AVX2, C::CPUID_AVX2_BIT, "avx2" },
            { KC_CPU_AVX512F, C::CPUID_AVX512F_BIT, "avx512f" }, { KC_CPU_AVX512F, C::CPUID_AVX512DQ_BIT, "avx512dq" },
            { KC_CPU_AVX512F | KC_CPU_AVX512BW, C::CPUID_AVX512BW_BIT, "avx512bw" },
            { KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_AVX512VBMI2, C::CPUID_AVX512_ICL_BIT, "avx512_icl" },
            { KC_CPU_AESNI, C::CPUID_AESNI_BIT, "aes_ni" }, { KC_CPU_PCLMUL, C::CPUID_CLMUL_BIT, "clmul" },
            { KC_CPU_SHA, C::CPUID_SHA_BIT, "intel_sha" }, { KC_CPU_VAES, C::CPUID_AVX512_AES_BIT, "avx512_aes" },
            { KC_CPU_VPCLMUL, C::CPUID_AVX512_CLMUL_BIT, "avx512_clmul" },
        };
        uint32_t off = kc_cpu_detected() & ~kc_cpu_detect();
        for (const auto &m : map)
            if ((off & m.ours) && C::has_cpuid_bit(m.bit)) {
                C::clear_cpuid_bit(m.bit);
                out += (out.empty() ? "" : ",") + std::string(m.name);
            }
#endif
        return out;
    }();
    return masked.c_str();
}
static const char *const masked_at_load = peer_botan_masked();

extern "C" const peer_lib peer_botan = {
    "botan", "Botan", "Botan2 API", botan_ver, botan_open, botan_update, botan_close
};
