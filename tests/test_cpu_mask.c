/* SPDX-License-Identifier: MIT */
/* KC_CPU_DISABLE (src/core/cpu.c): with features masked, the library is as
 * on a CPU without them.  Checked in this process for the mask it was
 * started with: the features in use, every backend's availability, named
 * backends refused with KC_ERR_BACKEND_UNAVAILABLE, and each algorithm's
 * default (the first constant-time backend the masked CPU runs, equal to a
 * portable backend's output, and for the CPU classes below the one pinned
 * in the table).  Started without a mask, it runs itself again once per
 * class and per mask of the implication checks.
 *
 * The CPU classes scripts/test.sh runs the suite in come from here:
 * `test_cpu_mask --classes` prints "name TAB mask TAB what TAB missing"
 * (missing: the features this machine lacks for the class, "" when none)
 * for each masked class. */
#define _POSIX_C_SOURCE 200809L   /* setenv, fork, execv */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "core/arch.h"
#include "core/registry.h"
#include "ghash/ghash.h"

#if defined(__unix__) || defined(__APPLE__)
#define HAVE_EXEC 1
#include <sys/wait.h>
#include <unistd.h>
#endif

typedef struct cpu_class {
    const char *name, *mask, *what;
    const char *has;        /* the features in use under the mask, exactly */
    int suite;              /* scripts/test.sh runs the suite in it */
    /* Defaults pinned for the class; NULL: not pinned (issue 23 is adding
     * backends for these classes: then only the rule is checked). */
    const char *aria, *lea, *pipo, *rc6, *tinyjambu, *aes, *fea, *ghash;
    const char *seed, *hight, *cham;
} cpu_class;

#define X86_SSE "sse2+ssse3+sse4.1"
static const cpu_class classes[] = {
#if KC_ARCH_X86
    { "x86-64", "ssse3,aesni,pclmul,gfni", "x86-64 baseline: SSE2, no AES-NI", "sse2", 1,
      "sse2", "sse2", "bitslice", "ref", "ref", "sse2", "ct", "sse2", "sse2", "sse2", "sse2" },
    { "aesni", "avx2,gfni,sha", "AES-NI + PCLMUL without AVX2 (Westmere to Ivy Bridge)",
      X86_SSE "+aesni+pclmul", 1, "aesni", "sse2", "bitslice", "ref", "ref", "aesni", "ct", "pclmul", "aesni-ssse3", "ssse3", "ssse3" },
    { "avx2", "avx512f,vaes,vpclmulqdq,gfni,sha", "AVX2 + AES-NI (Haswell to Zen 2)",
      X86_SSE "+avx2+aesni+pclmul", 1, "aesni-avx2", "avx2", "avx2-least", "avx2", "avx2", "aesni", "aesni-avx2", "pclmul", "aesni-avx2", "avx2", "avx2" },
    { "zen3", "avx512f,gfni", "AVX2 + VAES + VPCLMULQDQ without GFNI (Zen 3)",
      X86_SSE "+avx2+aesni+pclmul+vaes+vpclmulqdq+sha", 1,
      "vaes-avx2", "avx2", "avx2-least", "avx2", "avx2", "vaes-avx2", "vaes-avx2", "vpclmul-avx2", "vaes-avx2", "avx2", "avx2" },
    { "alderlake", "avx512f", "AVX2 + VAES + VPCLMULQDQ + GFNI (Alder Lake)",
      X86_SSE "+avx2+aesni+pclmul+vaes+gfni+vpclmulqdq+sha", 1,
      "gfni-avx2", "avx2", "avx2-least", "avx2", "avx2", "vaes-avx2", "gfni-avx2", "vpclmul-avx2", "gfni-avx2", "gfni-avx2", "avx2" },
    { "skylake-sp", "vaes,vpclmulqdq,gfni,avx512vbmi2,sha", "AVX-512 without VAES or GFNI (Skylake-SP)",
      X86_SSE "+avx2+avx512f+avx512bw+aesni+pclmul", 1,
      "aesni-avx2", "avx512", "avx2-least", "avx512", "avx512", "aesni", "aesni-avx512", "pclmul", "aesni-avx2", "avx2", "avx512" },
#endif
#if KC_ARCH_AARCH64
    { "neon", "armaes,pmull,armsha2,armsha512", "AArch64 without the Crypto Extensions", "neon", 1,
      "neon", "neon", "neon16-least", "neon", "neon", "neon-bs", "neon", "neon", "neon", "neon", "neon" },
#endif
    { "portable", "all", "portable C only", "", 0, "ct", "ref", "bitslice", "ref", "ref", "ct", "ct", "ct", "ct", "ref", "ref" },
    { "native", "", "every feature this CPU has", NULL, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL },
};
#define NCLASSES (sizeof classes / sizeof classes[0])

/* Masks of the implication rules (and spellings the parser takes), each
 * with the features that must then be gone, whatever else the CPU has. */
static const struct { const char *mask, *gone; } implied[] = {
#if KC_ARCH_X86
    { "sse2", "sse2+ssse3+sse4.1+avx2+avx512f+avx512bw+aesni+pclmul+vaes+gfni+avx512vbmi2+vpclmulqdq" },
    { "ssse3", "ssse3+sse4.1+avx2+avx512f+avx512bw+vaes+avx512vbmi2+vpclmulqdq" },
    { "AVX2", "avx2+avx512f+avx512bw+vaes+avx512vbmi2+vpclmulqdq" },
    { "aesni", "aesni+vaes" },
    { " pclmul ", "pclmul+vpclmulqdq" },
    { "avx512f", "avx512f+avx512bw+avx512vbmi2" },
    { "vaes+gfni", "vaes+gfni" },
#endif
#if KC_ARCH_AARCH64
    { "neon", "neon+armaes+pmull" },
#endif
    { "all", "" },   /* every architecture: the array is never empty (bare metal has no features) */
};

static uint32_t names(const char *s)
{
    char unknown[64];
    uint32_t bits = kc_cpu_parse_mask(s, unknown, sizeof unknown);
    TL_CHECK(!*unknown, "\"%s\": unknown names \"%s\"", s, unknown);
    return bits;
}

static const char *show(uint32_t bits)
{
    static char buf[128];
    return *kc_cpu_names(bits, buf, sizeof buf) ? buf : "(none)";
}

static const cpu_class *class_of(const char *mask)
{
    for (size_t i = 0; i < NCLASSES; i++)
        if (strcmp(classes[i].mask, mask) == 0) return &classes[i];
    return NULL;
}

/* ---- this process: the mask it was started with ---- */

static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };

/* A backend by name: KC_OK (and then freed) or the status; *got is a copy
 * of the backend's name (the object's own string dies with it). */
static kc_status open_backend(const kc_cipher_info *c, const char *backend, const char **got)
{
    static char name[64];
    kc_status st;
    *got = "";
    if (c->kind == KC_KIND_AEAD) {
        kc_aead *a;
        if ((st = kc_aead_new(&a, c->name, backend, key, c->key_bytes)) == KC_OK) {
            snprintf(name, sizeof name, "%s", kc_aead_backend_name(a));
            *got = name;
            kc_aead_free(a);
        }
    } else if (c->kind == KC_KIND_FEA) {
        kc_fea *f;
        if ((st = kc_fea_new(&f, c->name, backend, key, c->key_bytes, 54)) == KC_OK) {
            snprintf(name, sizeof name, "%s", kc_fea_backend_name(f));
            *got = name;
            kc_fea_free(f);
        }
    } else {
        kc_cipher *k;
        if ((st = kc_cipher_new(&k, c->name, backend, key, c->key_bytes)) == KC_OK) {
            snprintf(name, sizeof name, "%s", kc_cipher_backend_name(k));
            *got = name;
            kc_cipher_free(k);
        }
    }
    return st;
}

/* 64 bytes (block ciphers, TinyJAMBU) or 8 FEA blocks under backend. */
static int run(const kc_cipher_info *c, const char *backend, uint8_t out[80])
{
    uint8_t in[64], nonce[12] = { 7 };
    size_t n;
    for (int i = 0; i < 64; i++) in[i] = (uint8_t)(i * 37 + 11);
    memset(out, 0, 80);
    if (c->kind == KC_KIND_AEAD) {
        kc_aead *a;
        if (kc_aead_new(&a, c->name, backend, key, c->key_bytes) != KC_OK) return 0;
        kc_status st = kc_aead_encrypt(a, out, 80, &n, nonce, sizeof nonce, NULL, 0, in, sizeof in);
        kc_aead_free(a);
        return st == KC_OK;
    }
    if (c->kind == KC_KIND_FEA) {
        kc_fea *f;
        if (kc_fea_new(&f, c->name, backend, key, c->key_bytes, 54) != KC_OK) return 0;
        for (int i = 0; i < 8; i++) in[i * 7] &= 0x3f;   /* 54-bit values in 7 bytes */
        kc_status st = kc_fea_encrypt(f, out, in, 8, NULL, 0);
        kc_fea_free(f);
        return st == KC_OK;
    }
    kc_cipher *k;
    if (kc_cipher_new(&k, c->name, backend, key, c->key_bytes) != KC_OK) return 0;
    size_t len = 64 - 64 % c->block_bytes;
    kc_status st = kc_cipher_encrypt_blocks(k, out, in, len);
    kc_cipher_free(k);
    return st == KC_OK;
}

static const char *pinned(const cpu_class *k, const char *family)
{
    if (!k) return NULL;
    if (!strcmp(family, "aria")) return k->aria;
    if (!strcmp(family, "lea")) return k->lea;
    if (!strcmp(family, "pipo")) return k->pipo;
    if (!strcmp(family, "rc6")) return k->rc6;
    if (!strcmp(family, "tinyjambu")) return k->tinyjambu;
    if (!strcmp(family, "rijndael")) return k->aes;
    if (!strncmp(family, "fea", 3)) return k->fea;
    if (!strcmp(family, "seed")) return k->seed;
    if (!strcmp(family, "hight")) return k->hight;
    if (!strcmp(family, "cham")) return k->cham;
    return NULL;
}

static void check_cipher(const kc_cipher_info *c, uint32_t has, const cpu_class *k)
{
    kc_backend_info b;
    const char *first = NULL, *portable = NULL, *got;
    for (size_t i = 0; kc_backend_at(c->name, i, &b) == KC_OK; i++) {
        uint32_t needs = names(b.cpu_features);
        int can = (needs & ~has) == 0;
        TL_CHECK(b.available == can, "%s/%s: available %d, needs %s", c->name, b.name, b.available, b.cpu_features);
        if (can && b.constant_time && !first) first = b.name;
        if (!needs && b.constant_time) portable = b.name;
        kc_status st = open_backend(c, b.name, &got);
        tl_check_status(st, can ? KC_OK : KC_ERR_BACKEND_UNAVAILABLE, "%s --backend %s", c->name, b.name);
        if (b.is_default) TL_CHECK(first && !strcmp(b.name, first), "%s: default %s, the first runnable "
                                   "constant-time one is %s", c->name, b.name, first ? first : "none");
    }
    tl_check_status(open_backend(c, NULL, &got), KC_OK, "%s default", c->name);
    TL_CHECK(first && !strcmp(got, first), "%s: default %s, want %s", c->name, got, first ? first : "none");
    const char *want = pinned(k, c->family);
    if (want) TL_CHECK(!strcmp(got, want), "%s in class %s: default %s, pinned %s", c->name, k->name, got, want);
    uint8_t ours[80], ref[80];
    TL_CHECK(portable && run(c, NULL, ours) && run(c, portable, ref), "%s: default and %s run", c->name,
             portable ? portable : "(no portable backend)");
    tl_check_bytes(ours, ref, sizeof ours, "%s: default %s against %s", c->name, got, portable ? portable : "");
    if (strstr(c->name, "-128") && !strstr(c->name, "rijndael")) printf(" %s %s", c->name, got);
}

static void check_ghash(uint32_t has, const cpu_class *k)
{
    const kc_ghash_backend *g, *first = NULL;
    char name[64];
    kc_status st;
    for (size_t i = 0; (g = kc_ghash_backends[i]) != NULL; i++) {
        int can = (g->head.cpu & ~has) == 0;
        if (can && g->head.timing == KC_CONSTANT_TIME && !first) first = g;
        st = KC_OK;
        TL_CHECK((kc_ghash_find(g->head.name, &st) == g) == can, "ghash %s: found iff it runs", g->head.name);
        if (!can) tl_check_status(st, KC_ERR_BACKEND_UNAVAILABLE, "ghash %s refused", g->head.name);
        /* and through the API: GCM over the portable AES with this GHASH */
        kc_aead *a;
        snprintf(name, sizeof name, "ct/%s", g->head.name);
        st = kc_aead_new(&a, "aes-128-gcm", name, key, 16);
        tl_check_status(st, can ? KC_OK : KC_ERR_BACKEND_UNAVAILABLE, "aes-128-gcm --backend %s", name);
        if (st == KC_OK) kc_aead_free(a);
    }
    TL_CHECK(first && kc_ghash_find(NULL, &st) == first, "default GHASH is the first runnable one (%s)",
             first ? first->head.name : "none");
    kc_aead *a;
    if (kc_aead_new(&a, "aes-128-gcm", NULL, key, 16) == KC_OK) {
        const char *slash = strchr(kc_aead_backend_name(a), '/');
        TL_CHECK(slash && first && !strcmp(slash + 1, first->head.name), "aes-128-gcm default %s",
                 kc_aead_backend_name(a));
        if (k && k->ghash) TL_CHECK(slash && !strcmp(slash + 1, k->ghash), "class %s: GHASH %s, pinned %s",
                                    k->name, slash ? slash + 1 : "", k->ghash);
        printf(" aes-128-gcm %s\n", kc_aead_backend_name(a));
        kc_aead_free(a);
    } else {
        TL_CHECK(0, "aes-128-gcm default");
    }
}

static void check_this_process(void)
{
    const char *mask = getenv("KC_CPU_DISABLE");
    if (!mask) mask = "";
    const cpu_class *k = class_of(mask);
    uint32_t det = kc_cpu_detected(), has = kc_cpu_detect();
    char unknown[64];
    uint32_t off = kc_cpu_parse_mask(mask, unknown, sizeof unknown);
    printf("KC_CPU_DISABLE=\"%s\" (class %s): detected %s\n", mask, k ? k->name : "-", show(det));
    printf("  in use %s\n", show(has));
    TL_CHECK(!*kc_cpu_mask_unknown() && !*unknown, "unknown names in the mask: %s", kc_cpu_mask_unknown());
    TL_CHECK((has & ~det) == 0, "nothing the CPU lacks is in use");
    TL_CHECK((has & off) == 0, "nothing masked is in use");
    TL_CHECK(strcmp(kc_cpu_features(), show(has)) == 0 || (!has && !*kc_cpu_features()),
             "kc_cpu_features() \"%s\" is the set in use", kc_cpu_features());
    for (size_t i = 0; i < sizeof implied / sizeof implied[0]; i++)
        if (!strcmp(mask, implied[i].mask))
            TL_CHECK((has & names(implied[i].gone)) == 0, "mask %s: %s are gone", mask, implied[i].gone);
    if (k && k->has) {
        if ((det & names(k->has)) != names(k->has)) {
            printf("  class %s: this CPU lacks %s\n", k->name, show(names(k->has) & ~det));
            k = NULL;   /* nothing pinned: the class does not stand */
        } else {
            TL_CHECK(has == names(k->has), "class %s: in use %s, want %s", k->name, show(has), k->has);
        }
    }
    printf("  defaults:");
    for (size_t i = 0; i < kc_cipher_count(); i++) check_cipher(kc_cipher_at(i), has, k);
    check_ghash(has, k);
}

/* ---- the parser, with no process state ---- */

static void check_parser(void)
{
    char u[64];
    TL_CHECK(kc_cpu_parse_mask(NULL, u, sizeof u) == 0 && !*u, "NULL: nothing");
    TL_CHECK(kc_cpu_parse_mask(" ,+ ", u, sizeof u) == 0 && !*u, "separators only: nothing");
    TL_CHECK(kc_cpu_parse_mask("avx2,GFNI+sse4.1 vpclmulqdq", u, sizeof u) ==
             (KC_CPU_AVX2 | KC_CPU_GFNI | KC_CPU_SSE41 | KC_CPU_VPCLMUL) && !*u, "separators and case");
    TL_CHECK(kc_cpu_parse_mask("avx512,avx2,sse4", u, sizeof u) == KC_CPU_AVX2 && !strcmp(u, "avx512,sse4"),
             "unknown names kept: \"%s\"", u);
    TL_CHECK(kc_cpu_parse_mask("avx2x", u, sizeof u) == 0 && !strcmp(u, "avx2x"), "no prefix match");
    TL_CHECK(kc_cpu_parse_mask("all", u, sizeof u) == ~(uint32_t)0 && !*u, "all");
    char small[4];
    kc_cpu_parse_mask("verylongname", small, sizeof small);
    TL_CHECK(!strcmp(small, "ver"), "a long unknown name is cut, not dropped: \"%s\"", small);
    uint32_t every = kc_cpu_parse_mask("all", u, sizeof u);
    char buf[256];
    TL_CHECK(kc_cpu_parse_mask(kc_cpu_names(every, buf, sizeof buf), u, sizeof u) == names(buf) && !*u,
             "every name kc_cpu_names prints is a mask name");
    TL_CHECK(kc_cpu_consistent(KC_CPU_VAES | KC_CPU_AVX2 | KC_CPU_SSE41 | KC_CPU_SSSE3 | KC_CPU_SSE2) ==
             (KC_CPU_AVX2 | KC_CPU_SSE41 | KC_CPU_SSSE3 | KC_CPU_SSE2), "VAES without AES-NI is dropped");
    TL_CHECK(kc_cpu_consistent(KC_CPU_AVX512F | KC_CPU_AVX512BW) == 0, "AVX-512 without AVX2 is dropped");
}

/* ---- the other masks, each in a process of its own ---- */

#ifdef HAVE_EXEC
static int run_masked(const char *self, const char *mask)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        setenv("KC_CPU_DISABLE", mask, 1);
        execl(self, self, (char *)NULL);
        _exit(126);
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void check_masks(const char *self)
{
    const char *masks[NCLASSES + sizeof implied / sizeof implied[0]];
    size_t n = 0;
    for (size_t i = 0; i < NCLASSES; i++)
        if (*classes[i].mask) masks[n++] = classes[i].mask;
    for (size_t i = 0; i < sizeof implied / sizeof implied[0]; i++) masks[n++] = implied[i].mask;
    for (size_t i = 0; i < n; i++) {
        int rc = run_masked(self, masks[i]);
        if (rc == 126) {
            printf("SKIP: cannot run itself again here (emulator?): the other masks are not checked\n");
            return;
        }
        TL_CHECK(rc == 0, "KC_CPU_DISABLE=\"%s\": exit %d", masks[i], rc);
    }
}
#endif

static int list_classes(void)
{
    uint32_t det = kc_cpu_detected();
    for (size_t i = 0; i < NCLASSES; i++) {
        if (!classes[i].suite || !*classes[i].mask) continue;   /* "native" is the suite's own run */
        uint32_t need = classes[i].has ? names(classes[i].has) : 0;
        printf("%s\t%s\t%s\t%s\n", classes[i].name, classes[i].mask, classes[i].what,
               need & ~det ? show(need & ~det) : "");
    }
    return tl_failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--classes") == 0) return list_classes();
    check_parser();
    check_this_process();
    const char *mask = getenv("KC_CPU_DISABLE");
#ifdef HAVE_EXEC
    if (!mask || !*mask) check_masks(argv[0]);
#else
    (void)argv;
    (void)mask;
#endif
    return tl_finish("cpu_mask");
}
