/* SPDX-License-Identifier: MIT */
/* CPU feature detection: cpuid + xgetbv on x86-64, hwcaps on AArch64;
 * then the mask of KC_CPU_DISABLE (as if the CPU lacked those features). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"            /* kc_cpu_features is public: default visibility */
#include "core/cpu.h"

#include "core/arch.h"
#if KC_ARCH_X86
#include <cpuid.h>

static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t)hi << 32 | lo;
}

static uint32_t detect(void)
{
    unsigned a, b, c, d;
    uint32_t f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (d & (1u << 26)) f |= KC_CPU_SSE2;
    if (c & (1u << 9))  f |= KC_CPU_SSSE3;
    if (c & (1u << 19)) f |= KC_CPU_SSE41;
    if (c & (1u << 25)) f |= KC_CPU_AESNI;
    if (c & (1u << 1))  f |= KC_CPU_PCLMUL;
    int osxsave = (c >> 27) & 1;
    uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    int ymm = (xcr0 & 6) == 6, zmm = (xcr0 & 0xe6) == 0xe6;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        if (ymm && (b & (1u << 5)))  f |= KC_CPU_AVX2;
        if (zmm && (b & (1u << 16))) f |= KC_CPU_AVX512F;
        if (zmm && (b & (1u << 30))) f |= KC_CPU_AVX512BW;
        if (ymm && (c & (1u << 9)))  f |= KC_CPU_VAES;
        if (c & (1u << 8))           f |= KC_CPU_GFNI;
        if (zmm && (c & (1u << 6)))  f |= KC_CPU_AVX512VBMI2;
        if (ymm && (c & (1u << 10))) f |= KC_CPU_VPCLMUL;
        if (b & (1u << 29))          f |= KC_CPU_SHA;
    }
    return f;
}
#elif KC_ARCH_AARCH64 && defined(__linux__)
#include <sys/auxv.h>
static uint32_t detect(void)
{
    uint32_t f = KC_CPU_NEON;            /* mandatory in AArch64 */
    if (getauxval(AT_HWCAP) & (1u << 3)) f |= KC_CPU_ARMAES;  /* HWCAP_AES */
    if (getauxval(AT_HWCAP) & (1u << 4)) f |= KC_CPU_PMULL;   /* HWCAP_PMULL */
    if (getauxval(AT_HWCAP) & (1u << 6)) f |= KC_CPU_ARMSHA2; /* HWCAP_SHA2 */
    if (getauxval(AT_HWCAP) & (1u << 21)) f |= KC_CPU_ARMSHA512; /* HWCAP_SHA512 */
    return f;
}
#elif KC_ARCH_AARCH64
static uint32_t detect(void) { return KC_CPU_NEON; }
#else
static uint32_t detect(void) { return 0; }
#endif

static const struct { uint32_t bit; const char *name; } feature_names[] = {
    { KC_CPU_SSE2, "sse2" }, { KC_CPU_SSSE3, "ssse3" }, { KC_CPU_SSE41, "sse4.1" },
    { KC_CPU_AVX2, "avx2" }, { KC_CPU_AVX512F, "avx512f" }, { KC_CPU_AVX512BW, "avx512bw" },
    { KC_CPU_AESNI, "aesni" }, { KC_CPU_PCLMUL, "pclmul" }, { KC_CPU_VAES, "vaes" },
    { KC_CPU_GFNI, "gfni" }, { KC_CPU_AVX512VBMI2, "avx512vbmi2" }, { KC_CPU_NEON, "neon" },
    { KC_CPU_ARMAES, "armaes" }, { KC_CPU_VPCLMUL, "vpclmulqdq" }, { KC_CPU_PMULL, "pmull" },
    { KC_CPU_SHA, "sha" }, { KC_CPU_ARMSHA2, "armsha2" }, { KC_CPU_ARMSHA512, "armsha512" },
};

const char *kc_cpu_names(uint32_t mask, char *buf, unsigned cap)
{
    size_t used = 0;
    if (cap) buf[0] = 0;
    for (size_t i = 0; i < sizeof feature_names / sizeof feature_names[0]; i++) {
        if (!(mask & feature_names[i].bit)) continue;
        int n = snprintf(buf + used, cap - used, "%s%s", used ? "+" : "", feature_names[i].name);
        if (n < 0 || (size_t)n >= cap - used) break;
        used += (size_t)n;
    }
    return buf;
}

/* What each feature needs besides itself, prerequisites first: real CPUs
 * never have a feature without these, and backends rely on that (a VAES
 * kernel also runs AES-NI and AVX2 instructions).  So masking a feature
 * masks every feature that needs it. */
static const struct { uint32_t bit, needs; } prerequisites[] = {
    { KC_CPU_SSSE3, KC_CPU_SSE2 }, { KC_CPU_SSE41, KC_CPU_SSSE3 },
    { KC_CPU_AESNI, KC_CPU_SSE2 }, { KC_CPU_PCLMUL, KC_CPU_SSE2 }, { KC_CPU_GFNI, KC_CPU_SSE2 },
    { KC_CPU_AVX2, KC_CPU_SSE41 }, { KC_CPU_AVX512F, KC_CPU_AVX2 },
    { KC_CPU_AVX512BW, KC_CPU_AVX512F }, { KC_CPU_AVX512VBMI2, KC_CPU_AVX512BW },
    { KC_CPU_VAES, KC_CPU_AVX2 | KC_CPU_AESNI }, { KC_CPU_VPCLMUL, KC_CPU_AVX2 | KC_CPU_PCLMUL },
    { KC_CPU_ARMAES, KC_CPU_NEON }, { KC_CPU_PMULL, KC_CPU_NEON },
    { KC_CPU_SHA, KC_CPU_SSE41 }, { KC_CPU_ARMSHA2, KC_CPU_NEON }, { KC_CPU_ARMSHA512, KC_CPU_NEON },
};

uint32_t kc_cpu_consistent(uint32_t f)
{
    for (size_t i = 0; i < sizeof prerequisites / sizeof prerequisites[0]; i++)
        if ((f & prerequisites[i].needs) != prerequisites[i].needs) f &= ~prerequisites[i].bit;
    return f;
}

static int same_name(const char *s, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++, name++) {
        char c = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] - 'A' + 'a') : s[i];
        if (c != *name) return 0;
    }
    return *name == 0;
}

uint32_t kc_cpu_parse_mask(const char *s, char *unknown, unsigned cap)
{
    static const char seps[] = ",+ \t";
    uint32_t bits = 0;
    size_t used = 0;
    if (cap) unknown[0] = 0;
    while (s && *s) {
        size_t n = strcspn(s, seps), i, count = sizeof feature_names / sizeof feature_names[0];
        if (n == 0) { s++; continue; }
        for (i = 0; i < count && !same_name(s, n, feature_names[i].name); i++) {}
        if (i < count) bits |= feature_names[i].bit;
        else if (same_name(s, n, "all")) bits = ~(uint32_t)0;
        else if (used + 2 < cap) {    /* what fits: never "" when there was one */
            if (used) unknown[used++] = ',';
            size_t k = n < cap - 1 - used ? n : cap - 1 - used;
            memcpy(unknown + used, s, k);
            unknown[used += k] = 0;
        }
        s += n;
    }
    return bits;
}

/* Detected once, with the mask: the first callers may be several threads at
 * once (their first cipher), so with threads the cache is filled under
 * pthread_once. */
static uint32_t detected, features;
static char feature_string[128], unknown_names[64];

static void detect_once(void)
{
    const char *mask = getenv("KC_CPU_DISABLE");
    detected = detect();
    features = kc_cpu_consistent(detected & ~kc_cpu_parse_mask(mask, unknown_names, sizeof unknown_names));
    kc_cpu_names(features, feature_string, sizeof feature_string);
}

#ifdef KC_HAVE_PTHREADS
#include <pthread.h>
static void init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, detect_once);
}
#else
static void init(void)          /* no threads (bare metal): one caller at a time */
{
    static int done;
    if (!done) { detect_once(); done = 1; }
}
#endif

uint32_t kc_cpu_detect(void)
{
    init();
    return features;
}

uint32_t kc_cpu_detected(void)
{
    init();
    return detected;
}

const char *kc_cpu_mask_unknown(void)
{
    init();
    return unknown_names;
}

const char *kc_cpu_features(void)
{
    init();
    return feature_string;
}
