/* SPDX-License-Identifier: MIT */
/* The CPU a run stands for: its cpuid identity, the class of the features
 * in use (KC_CPU_DISABLE can make a large CPU stand for a smaller one), and
 * the same mask passed on to the peers that take one (OpenSSL here,
 * libgcrypt in its adapter, peers/gcrypt.c). */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench_int.h"
#include "core/arch.h"
#include "core/cpu.h"
#if KC_ARCH_X86
#include <cpuid.h>
#endif

int bench_cpuid(char vendor[13], int *family, int *model, int *stepping)
{
#if KC_ARCH_X86
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return 0;
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor[12] = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int fam = (a >> 8) & 0xf, mod = (a >> 4) & 0xf;   /* the display values, as /proc/cpuinfo shows them */
    if (fam == 0xf) fam += (a >> 20) & 0xff;
    if (fam == 0x6 || fam >= 0xf) mod |= ((a >> 16) & 0xf) << 4;
    *family = fam;
    *model = mod;
    *stepping = a & 0xf;
    return 1;
#else
    (void)vendor; (void)family; (void)model; (void)stepping;
    return 0;
#endif
}

/* The class of scripts/test.sh (tests/test_cpu_mask.c) the features fall in. */
const char *bench_cpu_class(uint32_t f, const char **what)
{
#define HAS(bits) ((f & (bits)) == (bits))
    static const struct { const char *id, *what; } c[] = {
        { "avx512-vaes-gfni", "AVX-512 + VAES + GFNI (Ice Lake and later, Zen 4)" },
        { "skylake-sp", "AVX-512 without VAES or GFNI (Skylake-SP)" },
        { "avx512", "AVX-512, other" },
        { "alderlake", "AVX2 + VAES + VPCLMULQDQ + GFNI (Alder Lake)" },
        { "zen3", "AVX2 + VAES + VPCLMULQDQ without GFNI (Zen 3)" },
        { "avx2", "AVX2 + AES-NI (Haswell to Zen 2)" },
        { "avx2-other", "AVX2, other" },
        { "aesni", "AES-NI + PCLMUL without AVX2 (Westmere to Ivy Bridge)" },
        { "x86-64", "x86-64 baseline: SSE2, no AES-NI" },
        { "armce", "AArch64 with the Crypto Extensions" },
        { "neon", "AArch64 without the Crypto Extensions" },
        { "portable", "portable C only" },
    };
    int i;
    uint32_t vector = KC_CPU_VAES | KC_CPU_VPCLMUL;
    if (HAS(KC_CPU_AVX512F | KC_CPU_AVX512BW))
        i = HAS(vector | KC_CPU_GFNI) ? 0 : !(f & (vector | KC_CPU_GFNI)) ? 1 : 2;
    else if (HAS(KC_CPU_AVX2))
        i = HAS(vector | KC_CPU_GFNI) ? 3 : HAS(vector) && !(f & KC_CPU_GFNI) ? 4
          : HAS(KC_CPU_AESNI | KC_CPU_PCLMUL) && !(f & (vector | KC_CPU_GFNI)) ? 5 : 6;
    else if (HAS(KC_CPU_AESNI | KC_CPU_PCLMUL)) i = 7;
    else if (HAS(KC_CPU_SSE2)) i = 8;
    else if (HAS(KC_CPU_NEON)) i = HAS(KC_CPU_ARMAES | KC_CPU_PMULL) ? 9 : 10;
    else i = 11;
#undef HAS
    *what = c[i].what;
    return c[i].id;
}

/* OPENSSL_ia32cap ("~A:~B", bits cleared): A is cpuid(1) EDX | ECX << 32,
 * B cpuid(7) EBX | ECX << 32 (OpenSSL's crypto/cpuid.c); "" when nothing is
 * masked.  Masking AVX2 masks AVX too (OpenSSL has AVX-only paths), as on
 * the CPUs of that class (Westmere); AVX-512F masks every AVX-512 subset. */
static void openssl_ia32cap(uint32_t masked, char *out, size_t cap)
{
#define BIT(n) ((uint64_t)1 << (n))
    static const struct { uint32_t ours; uint64_t a, b; } map[] = {
        { KC_CPU_SSE2, BIT(26), 0 }, { KC_CPU_SSSE3, BIT(32 + 9), 0 },
        { KC_CPU_SSE41, BIT(32 + 19) | BIT(32 + 20), 0 },   /* SSE4.1, SSE4.2 */
        { KC_CPU_AESNI, BIT(32 + 25), 0 }, { KC_CPU_PCLMUL, BIT(32 + 1), 0 },
        { KC_CPU_AVX2, BIT(32 + 28), BIT(5) },               /* AVX, AVX2 */
        { KC_CPU_AVX512F, 0, BIT(16) | BIT(17) | BIT(21) | BIT(28) | BIT(30) | BIT(31) | BIT(32 + 1)
                             | BIT(32 + 6) | BIT(32 + 11) | BIT(32 + 12) | BIT(32 + 14) },
        { KC_CPU_AVX512BW, 0, BIT(30) }, { KC_CPU_AVX512VBMI2, 0, BIT(32 + 6) },
        { KC_CPU_VAES, 0, BIT(32 + 9) }, { KC_CPU_GFNI, 0, BIT(32 + 8) }, { KC_CPU_VPCLMUL, 0, BIT(32 + 10) },
    };
#undef BIT
    uint64_t a = 0, b = 0;
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (masked & map[i].ours) { a |= map[i].a; b |= map[i].b; }
    if (a | b) snprintf(out, cap, "~0x%llx:~0x%llx", (unsigned long long)a, (unsigned long long)b);
    else if (cap) out[0] = 0;
}

/* OpenSSL reads OPENSSL_ia32cap once, as it is loaded (before main): the
 * mask of KC_CPU_DISABLE reaches it by running this program again with the
 * variable set.  One the user set is kept (and recorded). */
int bench_mask_peers(int argc, char **argv)
{
    char cap[64];
    int openssl = 0;
    for (int i = 0; peer_libs[i]; i++) openssl |= strcmp(peer_libs[i]->name, "openssl") == 0;
    openssl_ia32cap(kc_cpu_detected() & ~kc_cpu_detect(), cap, sizeof cap);
    if (!openssl || !*cap || getenv("OPENSSL_ia32cap")) return 0;
    char **args = calloc((size_t)argc + 1, sizeof *args);
    if (!args || setenv("OPENSSL_ia32cap", cap, 1) != 0) return -1;
    args[0] = "kcipher-bench";
    for (int i = 1; i < argc; i++) args[i] = argv[i];
    execv("/proc/self/exe", args);
    unsetenv("OPENSSL_ia32cap");   /* not passed on: the records must not say it was */
    free(args);
    return -1;
}

const char *bench_peer_mask(const char *peer)
{
    if (strcmp(peer, "openssl") == 0) {
        const char *cap = getenv("OPENSSL_ia32cap");
        return cap && *cap ? cap : "";
    }
    if (strcmp(peer, "libgcrypt") == 0) return peer_gcrypt_masked();   /* GCRYCTL_DISABLE_HWF names */
    if (strcmp(peer, "cryptopp") == 0) return peer_cryptopp_masked();  /* its g_has* flags cleared */
    if (strcmp(peer, "botan") == 0) return peer_botan_masked();        /* Botan::CPUID::clear_cpuid_bit */
    return NULL;   /* no mask for it: it runs on every feature the CPU has */
}
