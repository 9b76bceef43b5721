/* SPDX-License-Identifier: MIT */
/* kc_key_wrap / kc_key_unwrap: SP 800-38F KW and KWP.  The RFC 3394 and
 * RFC 5649 examples; a one-semiblock KWP against a plain ECB encryption of
 * ICV2 || length || key; every bad length; unwrap integrity failures (one
 * bit flipped anywhere, the wrong KEK, KW data unwrapped as KWP) give
 * KC_ERR_UNWRAP and leave the output untouched; round trips over AES, ARIA
 * and LEA of every length 1..80.  With "--stdin" it wraps the lines
 * "NAME KEKHEX DATAHEX" of stdin, one hex line out each: the differential
 * test against Python's cryptography (tests/py/kw_differential.py). */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

static void kat(const char *name, const char *kek_hex, const char *key_hex, const char *wrapped_hex)
{
    uint8_t kek[32], key[64], want[72], got[80], back[80];
    long kl = tl_unhex(kek_hex, kek, sizeof kek), dl = tl_unhex(key_hex, key, sizeof key),
         wl = tl_unhex(wrapped_hex, want, sizeof want);
    size_t n = 0;
    TL_CHECK(kl > 0 && dl > 0 && wl > 0, "%s: bad vector", name);
    tl_check_status(kc_key_wrap(name, kek, (size_t)kl, got, sizeof got, &n, key, (size_t)dl), KC_OK, "%s wrap", name);
    TL_CHECK(n == (size_t)wl, "%s: wrapped length %zu", name, n);
    tl_check_bytes(got, want, (size_t)wl, "%s wrap", name);
    memset(back, 0x55, sizeof back);
    tl_check_status(kc_key_unwrap(name, kek, (size_t)kl, back, sizeof back, &n, want, (size_t)wl), KC_OK,
                    "%s unwrap", name);
    TL_CHECK(n == (size_t)dl, "%s: unwrapped length %zu", name, n);
    tl_check_bytes(back, key, (size_t)dl, "%s unwrap", name);
    /* In place: out == in. */
    memcpy(got, key, (size_t)dl);
    tl_check_status(kc_key_wrap(name, kek, (size_t)kl, got, sizeof got, &n, got, (size_t)dl), KC_OK, "%s in place", name);
    tl_check_bytes(got, want, (size_t)wl, "%s wrap in place", name);
}

static void vectors(void)
{
    const char *k128 = "000102030405060708090A0B0C0D0E0F", *k192 = "000102030405060708090A0B0C0D0E0F1011121314151617",
               *k256 = "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F",
               *d16 = "00112233445566778899AABBCCDDEEFF", *d24 = "00112233445566778899AABBCCDDEEFF0001020304050607",
               *d32 = "00112233445566778899AABBCCDDEEFF000102030405060708090A0B0C0D0E0F";
    /* RFC 3394, 4.1 - 4.6 */
    kat("kw-aes-128", k128, d16, "1FA68B0A8112B447AEF34BD8FB5A7B829D3E862371D2CFE5");
    kat("kw-aes-192", k192, d16, "96778B25AE6CA435F92B5B97C050AED2468AB8A17AD84E5D");
    kat("kw-aes-256", k256, d16, "64E8C3F9CE0F5BA263E9777905818A2A93C8191E7D6E8AE7");
    kat("kw-aes-192", k192, d24, "031D33264E15D33268F24EC260743EDCE1C6C7DDEE725A936BA814915C6762D2");
    kat("kw-aes-256", k256, d24, "A8F9BC1612C68B3FF6E6F4FBE30E71E4769C8B80A32CB8958CD5D17D6B254DA1");
    kat("kw-aes-256", k256, d32, "28C9F404C4B810F4CBCCB35CFB87F8263F5786E2D80ED326CBC7F0E71A99F43BFB988B9B7A02DD21");
    /* RFC 5649, section 6 */
    kat("kwp-aes-192", "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8", "c37b7e6492584340bed12207808941155068f738",
        "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a");
    kat("kwp-aes-192", "5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8", "466f7250617369",
        "afbeb0f07dfbf5419200f2ccb50bb24f");
}

/* KWP of up to 8 bytes is one block: E(A65959A6 || len || key || zeros). */
static void single_block(const char *cipher)
{
    uint8_t kek[16], key[8], blk[16], got[16];
    char name[40];
    size_t n;
    snprintf(name, sizeof name, "kwp-%s", cipher);
    for (size_t len = 1; len <= 8; len++) {
        tl_random_bytes(kek, sizeof kek);
        tl_random_bytes(key, len);
        memset(blk, 0, sizeof blk);
        blk[0] = 0xa6; blk[1] = 0x59; blk[2] = 0x59; blk[3] = 0xa6; blk[7] = (uint8_t)len;
        memcpy(blk + 8, key, len);
        kc_cipher *c;
        tl_check_status(kc_cipher_new(&c, cipher, NULL, kek, 16), KC_OK, "%s", cipher);
        kc_cipher_encrypt_blocks(c, blk, blk, 16);
        kc_cipher_free(c);
        tl_check_status(kc_key_wrap(name, kek, 16, got, sizeof got, &n, key, len), KC_OK, "%s %zu", name, len);
        TL_CHECK(n == 16, "%s: length", name);
        tl_check_bytes(got, blk, 16, "%s: one block, %zu bytes", name, len);
    }
}

static void lengths(void)
{
    uint8_t kek[16] = { 0 }, in[64] = { 0 }, out[80];
    size_t n = 0;
    tl_check_status(kc_key_wrap("kw-aes-128", kek, 16, out, sizeof out, &n, in, 8), KC_ERR_INPUT_TOO_SHORT, "KW 8");
    tl_check_status(kc_key_wrap("kw-aes-128", kek, 16, out, sizeof out, &n, in, 20), KC_ERR_NOT_BLOCK_MULTIPLE, "KW 20");
    tl_check_status(kc_key_wrap("kwp-aes-128", kek, 16, out, sizeof out, &n, in, 0), KC_ERR_INPUT_TOO_SHORT, "KWP 0");
    tl_check_status(kc_key_wrap("kwp-aes-128", kek, 16, out, 23, &n, in, 9), KC_ERR_OUTPUT_TOO_SMALL, "KWP cap");
    tl_check_status(kc_key_wrap("kw-aes-128", kek, 16, out, 23, &n, in, 16), KC_ERR_OUTPUT_TOO_SMALL, "KW cap");
    tl_check_status(kc_key_unwrap("kw-aes-128", kek, 16, out, sizeof out, &n, in, 16), KC_ERR_INPUT_TOO_SHORT, "KW unwrap 16");
    tl_check_status(kc_key_unwrap("kwp-aes-128", kek, 16, out, sizeof out, &n, in, 8), KC_ERR_INPUT_TOO_SHORT, "KWP unwrap 8");
    tl_check_status(kc_key_unwrap("kwp-aes-128", kek, 16, out, sizeof out, &n, in, 20), KC_ERR_NOT_BLOCK_MULTIPLE, "unwrap 20");
    tl_check_status(kc_key_unwrap("kw-aes-128", kek, 16, out, 15, &n, in, 24), KC_ERR_OUTPUT_TOO_SMALL, "unwrap cap");
    tl_check_status(kc_key_wrap("kw-pipo-64-128", kek, 16, out, sizeof out, &n, in, 16), KC_ERR_WRONG_KIND, "64-bit blocks");
    tl_check_status(kc_key_wrap("kw-fea1-128", kek, 16, out, sizeof out, &n, in, 16), KC_ERR_WRONG_KIND, "FEA");
    tl_check_status(kc_key_wrap("aes-128", kek, 16, out, sizeof out, &n, in, 16), KC_ERR_UNKNOWN_CIPHER, "no kw- prefix");
    tl_check_status(kc_key_wrap("kw-aes-128", kek, 15, out, sizeof out, &n, in, 16), KC_ERR_KEY_LENGTH, "KEK length");
}

/* Round trips; every single-bit flip and the wrong KEK fail, output untouched. */
static void integrity(const char *name, size_t kek_len)
{
    int pad = name[2] == 'p';
    uint8_t kek[32], kek2[32], key[80], w[96], out[96];
    for (size_t len = pad ? 1 : 16; len <= 80; len += pad ? 1 : 8) {
        size_t wl, n;
        tl_random_bytes(kek, kek_len);
        memcpy(kek2, kek, kek_len);
        kek2[len % kek_len] ^= 1;
        tl_random_bytes(key, len);
        tl_check_status(kc_key_wrap(name, kek, kek_len, w, sizeof w, &wl, key, len), KC_OK, "%s %zu", name, len);
        TL_CHECK(wl == ((len + 7) & ~(size_t)7) + 8, "%s %zu: wrapped length %zu", name, len, wl);
        tl_check_status(kc_key_unwrap(name, kek, kek_len, out, sizeof out, &n, w, wl), KC_OK, "%s %zu unwrap", name, len);
        TL_CHECK(n == len && !memcmp(out, key, len), "%s %zu: round trip", name, len);
        for (size_t bit = 0; bit < wl * 8; bit += 7) {
            w[bit / 8] ^= (uint8_t)(1 << bit % 8);
            memset(out, 0xee, sizeof out);
            kc_status st = kc_key_unwrap(name, kek, kek_len, out, sizeof out, &n, w, wl);
            w[bit / 8] ^= (uint8_t)(1 << bit % 8);
            int untouched = 1;
            for (size_t i = 0; i < sizeof out; i++) untouched &= out[i] == 0xee;
            if (!tl_check_status(st, KC_ERR_UNWRAP, "%s %zu: bit %zu flipped", name, len, bit) || !untouched) {
                TL_CHECK(untouched, "%s: output written on failure", name);
                break;
            }
        }
        memset(out, 0xee, sizeof out);
        tl_check_status(kc_key_unwrap(name, kek2, kek_len, out, sizeof out, &n, w, wl), KC_ERR_UNWRAP, "%s wrong KEK", name);
        TL_CHECK(out[0] == 0xee && out[len - 1] == 0xee, "%s wrong KEK: output written", name);
    }
    /* KW's output is no KWP input (and the other way round). */
    if (!pad) {
        char other[40];
        size_t wl, n;
        snprintf(other, sizeof other, "kwp-%s", name + 3);
        tl_random_bytes(key, 32);
        kc_key_wrap(name, kek, kek_len, w, sizeof w, &wl, key, 32);
        tl_check_status(kc_key_unwrap(other, kek, kek_len, out, sizeof out, &n, w, wl), KC_ERR_UNWRAP, "KW as KWP");
    }
}

static int hexline(char *s, uint8_t *out, size_t cap) { return (int)tl_unhex(s, out, cap); }

/* "NAME KEKHEX DATAHEX" per line -> wrapped hex per line (data up to 320
 * bytes).  Not inlined: small targets must not carry its frame in main's. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int from_stdin(void)
{
    char line[1024], name[64], kh[128], dh[700];
    uint8_t kek[64], data[320], out[336];
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%63s %127s %699s", name, kh, dh) != 3) return 2;
        int kl = hexline(kh, kek, sizeof kek), dl = hexline(dh, data, sizeof data);
        size_t n;
        if (kl <= 0 || dl <= 0) return 2;
        kc_status st = kc_key_wrap(name, kek, (size_t)kl, out, sizeof out, &n, data, (size_t)dl);
        if (st != KC_OK) { printf("error %s\n", kc_status_name(st)); continue; }
        char hex[2 * sizeof out + 1];
        tl_hex(hex, out, n);
        printf("%s\n", hex);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "--stdin")) return from_stdin();
    vectors();
    single_block("aes-128");
    single_block("aria-128");
    single_block("lea-128");
    lengths();
    const char *names[] = { "kw-aes-128", "kwp-aes-256", "kw-aria-256", "kwp-aria-128", "kw-lea-192", "kwp-lea-256" };
    const size_t kls[] = { 16, 32, 32, 16, 24, 32 };
    for (size_t i = 0; i < 6; i++) integrity(names[i], kls[i]);
    return tl_finish("test_kw");
}
