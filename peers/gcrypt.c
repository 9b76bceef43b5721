/* SPDX-License-Identifier: MIT */
/* libgcrypt >= 1.11 (the first with ARIA) through gcry_cipher_*: AES and
 * ARIA in ECB, CBC, CTR and GCM.  libgcrypt has no PKCS#7: added here.
 * Its CPU features are masked like ours (KC_CPU_DISABLE) through
 * GCRYCTL_DISABLE_HWF, which must come before gcry_check_version. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gcrypt.h>
#include "core/cpu.h"
#include "peer.h"

static char hwf_masked[256];   /* the libgcrypt names disabled, comma-separated */

/* Our feature bits -> libgcrypt's hwfeatures.c names.  libgcrypt has one
 * flag for VAES and VPCLMULQDQ (either masks both) and one for AVX-512;
 * AVX2 masks AVX too, as the OpenSSL mask does (bench/machine.c). */
static const struct { uint32_t ours; const char *names[3]; } hwf_map[] = {
    { KC_CPU_SSSE3, { "intel-ssse3" } }, { KC_CPU_SSE41, { "intel-sse4.1" } },
    { KC_CPU_AESNI, { "intel-aesni" } }, { KC_CPU_PCLMUL, { "intel-pclmul" } },
    { KC_CPU_AVX2, { "intel-avx2", "intel-avx" } },
    { KC_CPU_AVX512F | KC_CPU_AVX512BW, { "intel-avx512" } },
    { KC_CPU_VAES | KC_CPU_VPCLMUL, { "intel-vaes-vpclmul" } }, { KC_CPU_GFNI, { "intel-gfni" } },
    { KC_CPU_NEON, { "arm-neon", "arm-sve", "arm-sve2" } }, { KC_CPU_ARMAES, { "arm-aes", "arm-sveaes" } },
    { KC_CPU_PMULL, { "arm-pmull", "arm-svepmull" } },
};

static int init(void)
{
    static int done;   /* the bench and the tests call from one thread first */
    if (done) return done > 0;
    uint32_t masked = kc_cpu_detected() & ~kc_cpu_detect();
    for (size_t i = 0; i < sizeof hwf_map / sizeof hwf_map[0]; i++) {
        if (!(masked & hwf_map[i].ours)) continue;
        for (int k = 0; k < 3 && hwf_map[i].names[k]; k++) {
            const char *n = hwf_map[i].names[k];
            if (gcry_control(GCRYCTL_DISABLE_HWF, n, NULL)) continue;   /* not a feature of this build */
            size_t used = strlen(hwf_masked);
            snprintf(hwf_masked + used, sizeof hwf_masked - used, "%s%s", used ? "," : "", n);
        }
    }
    done = gcry_check_version("1.11.0") ? 1 : -1;
    if (done > 0) {
        gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
        gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    } else {
        fprintf(stderr, "libgcrypt %s is older than 1.11\n", gcry_check_version(NULL));
    }
    return done > 0;
}

const char *peer_gcrypt_masked(void)
{
    init();
    return hwf_masked;
}

static const char *gc_version(void)
{
    static char v[32];
    init();
    snprintf(v, sizeof v, "libgcrypt %s", gcry_check_version(NULL));
    return v;
}

/* "aes-192" -> GCRY_CIPHER_AES192, when key_len matches; 0 otherwise. */
static int algo(const char *cipher, size_t key_len)
{
    static const struct { const char *name; int id; } ids[] = {
        { "aes-128", GCRY_CIPHER_AES128 }, { "aes-192", GCRY_CIPHER_AES192 }, { "aes-256", GCRY_CIPHER_AES256 },
        { "aria-128", GCRY_CIPHER_ARIA128 }, { "aria-192", GCRY_CIPHER_ARIA192 },
        { "aria-256", GCRY_CIPHER_ARIA256 },
        { "seed-128", GCRY_CIPHER_SEED },
    };
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        if (strcmp(cipher, ids[i].name) == 0)
            return gcry_cipher_get_algo_keylen(ids[i].id) == key_len ? ids[i].id : 0;
    return 0;
}

static gcry_cipher_hd_t open_keyed(int id, int mode, const uint8_t *key, size_t key_len)
{
    gcry_cipher_hd_t hd;
    if (gcry_cipher_open(&hd, id, mode, 0)) return NULL;
    if (!gcry_cipher_setkey(hd, key, key_len)) return hd;
    gcry_cipher_close(hd);
    return NULL;
}

typedef struct handle {
    gcry_cipher_hd_t hd;
    int encrypt, pad;
} handle;

static void gc_close(void *p)
{
    handle *h = p;
    if (h) gcry_cipher_close(h->hd);
    free(h);
}

static void *gc_open(const char *cipher, kc_mode mode, int encrypt, int pad, const uint8_t *key, size_t key_len,
                     const uint8_t *iv)
{
    int id = init() ? algo(cipher, key_len) : 0;
    int m = mode == KC_MODE_ECB ? GCRY_CIPHER_MODE_ECB : mode == KC_MODE_CBC ? GCRY_CIPHER_MODE_CBC
          : mode == KC_MODE_CTR ? GCRY_CIPHER_MODE_CTR : 0;
    handle *h = id && m && !(pad && m == GCRY_CIPHER_MODE_CTR) ? calloc(1, sizeof *h) : NULL;
    if (!h || !(h->hd = open_keyed(id, m, key, key_len))) { free(h); return NULL; }
    h->encrypt = encrypt;
    h->pad = pad;
    gcry_error_t e = m == GCRY_CIPHER_MODE_CTR ? gcry_cipher_setctr(h->hd, iv, 16)
                   : m == GCRY_CIPHER_MODE_CBC ? gcry_cipher_setiv(h->hd, iv, 16) : 0;
    if (!e) return h;
    gc_close(h);
    return NULL;
}

static long fail(gcry_error_t e)
{
    fprintf(stderr, "libgcrypt failed: %s\n", gcry_strerror(e));
    return -1;
}

static long gc_update(void *p, uint8_t *out, const uint8_t *in, size_t len, int final)
{
    handle *h = p;
    gcry_error_t e;
    if (!final || !h->pad) {   /* libgcrypt checks the length is whole blocks (ECB, CBC) */
        e = h->encrypt ? gcry_cipher_encrypt(h->hd, out, len, in, len) : gcry_cipher_decrypt(h->hd, out, len, in, len);
        return e ? fail(e) : (long)len;
    }
    if (h->encrypt) {   /* PKCS#7: the tail and 1..16 bytes of padding, one more block */
        size_t whole = len & ~(size_t)15;
        uint8_t last[16];
        memset(last, (int)(16 - (len - whole)), sizeof last);
        memcpy(last, in + whole, len - whole);
        if ((e = gcry_cipher_encrypt(h->hd, out, whole, in, whole)) ||
            (e = gcry_cipher_encrypt(h->hd, out + whole, 16, last, 16)))
            return fail(e);
        return (long)whole + 16;
    }
    if (len == 0 || len % 16) return -1;   /* the final call holds the last block */
    if ((e = gcry_cipher_decrypt(h->hd, out, len, in, len))) return fail(e);
    unsigned n = out[len - 1];
    int bad = n == 0 || n > 16;
    for (unsigned i = 1; !bad && i <= n; i++) bad = out[len - i] != n;
    return bad ? -1 : (long)(len - n);
}

const peer_lib peer_gcrypt = {
    "libgcrypt", "libgcrypt", "gcry_cipher", gc_version, gc_open, gc_update, gc_close
};

/* ---- GCM: one handle, keyed once; each message resets it and sets the IV ---- */

static void *gcm_open(const char *cipher, const uint8_t *key, size_t key_len)
{
    int id = init() ? algo(cipher, key_len) : 0;
    return id ? open_keyed(id, GCRY_CIPHER_MODE_GCM, key, key_len) : NULL;
}

static int start(gcry_cipher_hd_t hd, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len)
{
    return !gcry_cipher_reset(hd) && iv_len && !gcry_cipher_setiv(hd, iv, iv_len)
        && (!ad_len || !gcry_cipher_authenticate(hd, ad, ad_len));
}

static int gcm_seal(void *p, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len,
                    const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len)
{
    uint8_t full[16];
    if (tag_len > 16 || !start(p, iv, iv_len, ad, ad_len)) return 1;
    if (gcry_cipher_encrypt(p, out, len, in, len) || gcry_cipher_gettag(p, full, 16)) return -1;
    memcpy(tag, full, tag_len);
    return 0;
}

static int gcm_unseal(void *p, const uint8_t *iv, size_t iv_len, const uint8_t *ad, size_t ad_len,
                      const uint8_t *in, size_t len, uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    if (!start(p, iv, iv_len, ad, ad_len)) return 1;
    if (gcry_cipher_decrypt(p, out, len, in, len)) return -1;
    gcry_error_t e = gcry_cipher_checktag(p, tag, tag_len);
    return !e ? 0 : gcry_err_code(e) == GPG_ERR_INV_LENGTH ? 1 : -1;
}

static void gcm_close(void *p) { gcry_cipher_close(p); }

const peer_gcm peer_gcm_gcrypt = { "libgcrypt", gcm_open, gcm_seal, gcm_unseal, gcm_close };
