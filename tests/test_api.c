/* SPDX-License-Identifier: MIT */
/* The public API's contracts: every error code provoked, output untouched on
 * error, discovery, backend selection, wiping helpers. */
#include <string.h>
#include "testlib.h"
#include "core/registry.h"

static uint8_t key[32], buf[256], out[256], pattern[256];

static void prefill(void) { memset(out, 0xa5, sizeof out); memcpy(pattern, out, sizeof out); }
static int untouched(void) { return memcmp(out, pattern, sizeof out) == 0; }

#define EXPECT(call, code, what) \
    do { prefill(); tl_check_status((call), (code), "%s", what); \
         tl_check(untouched(), "%s: output untouched", what); } while (0)

static void discovery(void)
{
    tl_check(kc_cipher_count() == 37, "37 cipher names");
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *c = kc_cipher_at(i);
        tl_check(kc_cipher_find(c->name) == c, "find %s", c->name);
        tl_check(kc_backend_count(c->name) > 0, "%s has a backend", c->name);
        int defaults = 0;
        kc_backend_info b;
        for (size_t k = 0; kc_backend_at(c->name, k, &b) == KC_OK; k++) {
            defaults += b.is_default;
            if (b.is_default) tl_check(b.constant_time && b.available, "%s default is constant-time", c->name);
        }
        tl_check(defaults == 1, "%s has one default backend", c->name);
    }
    tl_check(kc_cipher_at(kc_cipher_count()) == NULL, "past the end");
    tl_check(kc_cipher_find("aes-512") == NULL, "unknown name");
    kc_backend_info b;
    tl_check_status(kc_backend_at("aes-128", 99, &b), KC_ERR_UNKNOWN_BACKEND, "backend index");
    tl_check_status(kc_backend_at("nope", 0, &b), KC_ERR_UNKNOWN_CIPHER, "backend of unknown cipher");
    /* GCM's GHASH backends list like a cipher's: the portable ones always (ct is
     * variable-time on 32-bit targets), one default, constant-time, that runs. */
    int ghash_defaults = 0, ghash_ct = 0;
    tl_check(kc_backend_count("ghash") >= 3, "ghash backends listed");
    for (size_t k = 0; kc_backend_at("ghash", k, &b) == KC_OK; k++) {
        ghash_defaults += b.is_default;
        ghash_ct += strcmp(b.name, "ct") == 0 && b.available;
        if (b.is_default) tl_check(b.constant_time && b.available, "ghash default %s is constant-time and runs", b.name);
    }
    tl_check(ghash_defaults == 1 && ghash_ct == 1, "ghash: one default, ct runs");
    for (int s = 0; s < KC_STATUS_COUNT; s++) {
        tl_check(strlen(kc_strerror((kc_status)s)) > 5, "message for %d", s);
        for (int t = 0; t < s; t++)
            tl_check(strcmp(kc_strerror((kc_status)s), kc_strerror((kc_status)t)) != 0, "distinct messages");
    }
}

static void block_errors(void)
{
    kc_cipher *c = (kc_cipher *)&c;
    tl_check_status(kc_cipher_new(NULL, "aes-128", NULL, key, 16), KC_ERR_NULL, "NULL out");
    tl_check_status(kc_cipher_new(&c, "aes-128", NULL, NULL, 16), KC_ERR_NULL, "NULL key");
    tl_check(c == NULL, "*out cleared on error");
    tl_check_status(kc_cipher_new(&c, "aes-127", NULL, key, 16), KC_ERR_UNKNOWN_CIPHER, "unknown cipher");
    tl_check_status(kc_cipher_new(&c, "aes-128", "quantum", key, 16), KC_ERR_UNKNOWN_BACKEND, "unknown backend");
    tl_check_status(kc_cipher_new(&c, "tinyjambu-128", NULL, key, 16), KC_ERR_WRONG_KIND, "AEAD as block");
    tl_check_status(kc_cipher_new(&c, "aria-192", NULL, key, 16), KC_ERR_KEY_LENGTH, "key length");
    tl_check_status(kc_cipher_new(&c, "aes-128", NULL, key, 16), KC_OK, "aes-128");
    size_t n = 7;
    EXPECT(kc_cipher_encrypt_blocks(c, out, buf, 15), KC_ERR_NOT_BLOCK_MULTIPLE, "ecb partial block");
    EXPECT(kc_cipher_encrypt_blocks(c, buf + 1, buf, 32), KC_ERR_OVERLAP, "ecb overlap");
    EXPECT(kc_mode_encrypt(c, KC_MODE_CBC, 0, key, 8, out, 64, &n, buf, 32), KC_ERR_IV_LENGTH, "short IV");
    tl_check(n == 0, "out_len cleared");
    EXPECT(kc_mode_encrypt(c, KC_MODE_ECB, 0, key, 16, out, 64, &n, buf, 32), KC_ERR_IV_LENGTH, "IV with ECB");
    EXPECT(kc_mode_encrypt(c, KC_MODE_CBC, 0, NULL, 16, out, 64, &n, buf, 32), KC_ERR_NULL, "NULL IV");
    EXPECT(kc_mode_encrypt(c, KC_MODE_CTR, KC_PAD_PKCS7, key, 16, out, 64, &n, buf, 32), KC_ERR_BAD_MODE, "pad with CTR");
    EXPECT(kc_mode_encrypt(c, (kc_mode)7, 0, NULL, 0, out, 64, &n, buf, 32), KC_ERR_BAD_MODE, "mode 7");
    EXPECT(kc_mode_encrypt(c, KC_MODE_CBC, 0, key, 16, out, 64, &n, buf, 33), KC_ERR_NOT_BLOCK_MULTIPLE, "cbc 33 bytes");
    EXPECT(kc_mode_encrypt(c, KC_MODE_CBC, KC_PAD_PKCS7, key, 16, out, 32, &n, buf, 32), KC_ERR_OUTPUT_TOO_SMALL, "pad needs a block more");
    EXPECT(kc_mode_encrypt(c, KC_MODE_CTR, 0, key, 16, out, 64, &n, out + 3, 32), KC_ERR_OVERLAP, "ctr overlap");
    EXPECT(kc_mode_decrypt(c, KC_MODE_ECB, KC_PAD_PKCS7, NULL, 0, out, 64, &n, buf, 0), KC_ERR_BAD_PADDING, "empty padded input");
    kc_mode m;
    tl_check_status(kc_mode_from_name("gcm", &m), KC_ERR_BAD_MODE, "mode name");
    tl_check(kc_mode_from_name("ctr", &m) == KC_OK && m == KC_MODE_CTR, "ctr by name");
    kc_stream *s;
    tl_check_status(kc_stream_new(&s, c, KC_MODE_ECB, 0, 1, NULL, 0), KC_OK, "stream");
    EXPECT(kc_stream_update(s, out, 8, &n, buf, 32), KC_ERR_OUTPUT_TOO_SMALL, "stream output too small");
    EXPECT(kc_stream_update(s, out, 64, &n, buf, 5), KC_OK, "stream partial");
    EXPECT(kc_stream_final(s, out, 64, &n), KC_ERR_NOT_BLOCK_MULTIPLE, "stream final partial");
    kc_stream_free(s);
    kc_stream_new(&s, c, KC_MODE_CTR, 0, 1, key, 16);
    tl_check_status(kc_stream_final(s, out, 64, &n), KC_OK, "final");
    EXPECT(kc_stream_update(s, out, 64, &n, buf, 5), KC_ERR_STATE, "update after final");
    kc_stream_free(s);
    kc_backend_info info;
    for (size_t k = 0; kc_backend_at("aes-128", k, &info) == KC_OK; k++)
        if (info.is_default) tl_check(strcmp(kc_cipher_backend_name(c), info.name) == 0, "default backend chosen");
    tl_check(strcmp(kc_cipher_name(c), "aes-128") == 0 && kc_cipher_block_size(c) == 16, "name and block size");
    kc_cipher_free(c);
    kc_cipher_free(NULL);
}

static void unavailable_backend(void)
{
    /* A backend needing a CPU feature no machine has. */
    static const kc_block_backend impossible = {
        .head = { .name = "future", .summary = "needs bit 31", .cpu = 1u << 31, .timing = KC_CONSTANT_TIME,
                  .ctx_size = 16 },
    };
    static const kc_block_backend *const list[] = { &impossible, NULL };
    static const kc_family fam = { "test", KC_KIND_BLOCK, (const void *const *)list };
    const void *b;
    tl_check_status(kc_registry_backend(&fam, "future", &b), KC_ERR_BACKEND_UNAVAILABLE, "backend unavailable");
    tl_check_status(kc_registry_backend(&fam, NULL, &b), KC_ERR_UNKNOWN_BACKEND, "no runnable default");
}

static void aead_errors(void)
{
    kc_aead *a;
    size_t n;
    tl_check_status(kc_aead_new(&a, "aes-128", NULL, key, 16), KC_ERR_WRONG_KIND, "block as AEAD");
    tl_check_status(kc_aead_new(&a, "tinyjambu-192", NULL, key, 16), KC_ERR_KEY_LENGTH, "AEAD key length");
    tl_check_status(kc_aead_new(&a, "tinyjambu-128", NULL, key, 16), KC_OK, "tinyjambu-128");
    EXPECT(kc_aead_encrypt(a, out, 64, &n, key, 11, NULL, 0, buf, 10), KC_ERR_NONCE_LENGTH, "nonce length");
    EXPECT(kc_aead_encrypt(a, out, 17, &n, key, 12, NULL, 0, buf, 10), KC_ERR_OUTPUT_TOO_SMALL, "room for the tag");
    EXPECT(kc_aead_encrypt(a, out, 64, &n, key, 12, out + 10, 8, buf, 10), KC_ERR_OVERLAP, "AD inside output");
    EXPECT(kc_aead_encrypt(a, out, 64, &n, NULL, 12, NULL, 0, buf, 10), KC_ERR_NULL, "NULL nonce");
    EXPECT(kc_aead_decrypt(a, out, 64, &n, key, 12, NULL, 0, buf, 7), KC_ERR_INPUT_TOO_SHORT, "shorter than tag");
    uint8_t ct[40];
    tl_check_status(kc_aead_encrypt(a, ct, sizeof ct, &n, key, 12, buf, 5, buf + 5, 32), KC_OK, "encrypt");
    ct[3] ^= 1;
    EXPECT(kc_aead_decrypt(a, out, 64, &n, key, 12, buf, 5, ct, 40), KC_ERR_AUTH, "tampered");
    ct[3] ^= 1;
    EXPECT(kc_aead_decrypt(a, out, 64, &n, key, 12, buf, 4, ct, 40), KC_ERR_AUTH, "wrong AD");
    prefill();
    tl_check_status(kc_aead_decrypt(a, out, 64, &n, key, 12, buf, 5, ct, 40), KC_OK, "authentic");
    tl_check(n == 32 && memcmp(out, buf + 5, 32) == 0, "plaintext back");
    kc_aead_free(a);
}

static void fea_errors(void)
{
    kc_fea *f;
    tl_check_status(kc_fea_new(&f, "fea1-128", NULL, key, 16, 7), KC_ERR_BLOCK_BITS, "n = 7");
    tl_check_status(kc_fea_new(&f, "fea1-128", NULL, key, 16, 129), KC_ERR_BLOCK_BITS, "n = 129");
    tl_check_status(kc_fea_new(&f, "fea2-256", NULL, key, 24, 64), KC_ERR_KEY_LENGTH, "FEA key length");
    tl_check_status(kc_fea_new(&f, "aria-128", NULL, key, 16, 64), KC_ERR_WRONG_KIND, "block as FEA");
    tl_check_status(kc_fea_new(&f, "fea1-128", NULL, key, 16, 60), KC_OK, "fea1-128 n=60");
    tl_check(kc_fea_block_size(f) == 8 && kc_fea_tweak_size(f) == 9, "sizes for n=60");
    uint8_t blk[8] = { 0x10 }, tw[9] = { 0 };
    EXPECT(kc_fea_encrypt(f, out, blk, 1, NULL, 0), KC_ERR_VALUE_OUT_OF_DOMAIN, "block >= 2^60");
    blk[0] = 0x0f;
    EXPECT(kc_fea_encrypt(f, out, blk, 1, tw, 8), KC_ERR_TWEAK_LENGTH, "tweak length");
    tw[0] = 0x01;                                   /* 68-bit tweak: top nibble must be 0 */
    tl_check_status(kc_fea_encrypt(f, out, blk, 1, tw, 9), KC_OK, "68-bit tweak fits");
    tw[0] = 0x10;
    EXPECT(kc_fea_encrypt(f, out, blk, 1, tw, 9), KC_ERR_VALUE_OUT_OF_DOMAIN, "tweak too wide");
    EXPECT(kc_fea_encrypt(f, out + 1, out, 2, NULL, 0), KC_ERR_OVERLAP, "FEA overlap");
    kc_fea_free(f);
}

static void fpe_errors(void)
{
    kc_fpe *p;
    uint16_t d[40] = { 1, 2, 3, 4, 5, 6, 7 }, o[40];
    tl_check_status(kc_fpe_new(&p, "fea2-128", NULL, key, 16, 1, 20, 0), KC_ERR_RADIX, "radix 1");
    tl_check_status(kc_fpe_new(&p, "fea2-128", NULL, key, 16, 65536, 2, 0), KC_ERR_RADIX, "radix 65536");
    tl_check_status(kc_fpe_new(&p, "fea2-128", NULL, key, 16, 10, 5, 0), KC_ERR_DOMAIN_TOO_SMALL, "10^5");
    tl_check_status(kc_fpe_new(&p, "fea2-128", NULL, key, 16, 2, 7, KC_FPE_ALLOW_SMALL_DOMAIN),
                    KC_ERR_DOMAIN_TOO_SMALL, "2^7 even when allowed");
    tl_check_status(kc_fpe_new(&p, "fea2-128", NULL, key, 16, 10, 39, 0), KC_ERR_DOMAIN_TOO_LARGE, "10^39");
    tl_check_status(kc_fpe_new(&p, "fea2-128", NULL, key, 16, 10, 7, 0), KC_OK, "10^7");
    memset(o, 0xa5, sizeof o);
    d[3] = 10;
    tl_check_status(kc_fpe_encrypt(p, o, d, 7, NULL, 0), KC_ERR_DIGIT, "digit 10 in radix 10");
    tl_check(o[0] == 0xa5a5 && o[6] == 0xa5a5, "digits untouched");
    d[3] = 4;
    tl_check_status(kc_fpe_encrypt(p, o, d, 7, key, 3), KC_ERR_TWEAK_LENGTH, "FPE tweak length");
    tl_check_status(kc_fpe_encrypt(p, o, d, 7, NULL, 0), KC_OK, "FPE ok");
    kc_fpe_free(p);
}

static void helpers(void)
{
    uint8_t a[5] = { 1, 2, 3, 4, 5 }, b[5] = { 1, 2, 3, 4, 5 };
    tl_check(kc_ct_compare(a, b, 5) == 0, "ct equal");
    b[4] ^= 0x80;
    tl_check(kc_ct_compare(a, b, 5) == -1, "ct differ");
    kc_wipe(a, 5);
    tl_check(!a[0] && !a[4], "wipe");
}

int main(void)
{
    for (size_t i = 0; i < sizeof key; i++) key[i] = (uint8_t)i;
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 7);
    discovery();
    block_errors();
    unavailable_backend();
    aead_errors();
    fea_errors();
    fpe_errors();
    helpers();
    return tl_finish("test_api");
}
