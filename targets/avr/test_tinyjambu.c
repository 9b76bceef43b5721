/* SPDX-License-Identifier: MIT */
/* TinyJAMBU on AVR (ATmega128, simavr): every backend in the AVR build's
 * list (kc_tinyjambu_backends: avr-rs and ref) through its descriptor.
 * - NIST v2 KATs, the subset in avr_vectors_tinyjambu.h (243 records: no
 *   file system, and 3 x 1089 records x 2 backends would take minutes under
 *   simavr): encryption, decryption, and a flipped tag bit rejected with
 *   nothing written (the program reports itself skipped, exit 77, when the
 *   KAT files were not found at build time: tests/vectors/README.md);
 * - every backend against ref on random keys, nonces, AD and messages;
 * - the three permutations of the paper's comparison (reference structure,
 *   optimized C, reverse-shift assembly) on random states, all key sizes. */
#include <string.h>
#include "avr_sys.h"
#include "core/backend.h"
#include "tj_paper.h"
#include "avr_vectors_tinyjambu.h"

extern const kc_aead_backend *const kc_tinyjambu_backends[];
extern const kc_aead_backend kc_tinyjambu_ref;

#define FILL 0xA5
static uint8_t ctx[192], ref_ctx[192];
static uint8_t buf[48], pt[32], ad[32], ct[40];

static void kat(const kc_aead_backend *b, const uint8_t *recs, uint8_t count, uint8_t key_len)
{
    uint8_t key[32], nonce[12];
    for (uint8_t i = 0; i < 32; i++) key[i] = pt[i] = ad[i] = i;
    memcpy(nonce, key, 12);
    avr_check(b->set_key(ctx, key, key_len) == KC_OK, PSTR("set_key"), key_len);
    for (uint8_t r = 0; r < count; r++) {
        long id = pgm_read_word(recs);
        uint8_t pt_len = pgm_read_byte(recs + 2), ad_len = pgm_read_byte(recs + 3);
        uint8_t ct_len = pt_len + TJ_TAG_BYTES;
        memcpy_P(ct, recs + 4, ct_len);
        recs += 4 + ct_len;

        memset(buf, FILL, sizeof buf);
        b->encrypt(ctx, buf, nonce, ad, ad_len, pt, pt_len);
        avr_check_bytes(buf, ct, ct_len, PSTR("KAT encrypt"), id);
        avr_check(buf[ct_len] == FILL, PSTR("KAT encrypt wrote past the tag"), id);

        memset(buf, FILL, sizeof buf);
        int ok = b->decrypt(ctx, buf, nonce, ad, ad_len, ct, ct_len) == 0;
        if (avr_check(ok, PSTR("KAT decrypt rejected"), id))
            avr_check_bytes(buf, pt, pt_len, PSTR("KAT decrypt"), id);
        avr_check(buf[pt_len] == FILL, PSTR("KAT decrypt wrote past the plaintext"), id);

        ct[ct_len - 1 - r % TJ_TAG_BYTES] ^= (uint8_t)(1u << r % 8);
        memset(buf, FILL, sizeof buf);
        ok = b->decrypt(ctx, buf, nonce, ad, ad_len, ct, ct_len) != 0;
        uint8_t touched = 0;
        for (uint8_t i = 0; i < sizeof buf; i++) touched |= buf[i] ^ FILL;
        avr_check(ok && !touched, PSTR("KAT forged tag accepted or output written"), id);
    }
}

static void differential(const kc_aead_backend *b)
{
    uint8_t key[32], nonce[12], want[40];
    for (uint8_t i = 0; i < 40; i++) {
        uint8_t key_len = 16 + 8 * (i % 3), ad_len = avr_rand() % 21, pt_len = avr_rand() % 25;
        avr_random_bytes(key, key_len);
        avr_random_bytes(nonce, 12);
        avr_random_bytes(ad, ad_len);
        avr_random_bytes(pt, pt_len);
        kc_tinyjambu_ref.set_key(ref_ctx, key, key_len);
        kc_tinyjambu_ref.encrypt(ref_ctx, want, nonce, ad, ad_len, pt, pt_len);
        b->set_key(ctx, key, key_len);
        b->encrypt(ctx, buf, nonce, ad, ad_len, pt, pt_len);
        avr_check_bytes(buf, want, pt_len + 8, PSTR("random vs ref: encrypt"), i);
        avr_check(b->decrypt(ctx, buf, nonce, ad, ad_len, want, pt_len + 8) == 0 &&
                  memcmp(buf, pt, pt_len) == 0, PSTR("random vs ref: decrypt"), i);
    }
}

static void permutations(void)
{
    static const uint8_t groups[] = { 5, 8, 9, 10 };
    static tj_key k;
    static uint32_t nk[40];
    uint8_t key[32];
    for (uint8_t i = 0; i < 12; i++) {
        uint32_t s[4], a[4], b[4], c[4];
        avr_random_bytes(key, sizeof key);
        avr_random_bytes((uint8_t *)s, sizeof s);
        tj_load_key(&k, key, 16 + 8 * (i % 3));
        tj_paper_rs_key(nk, &k);
        memcpy(a, s, 16); memcpy(b, s, 16); memcpy(c, s, 16);
        tj_paper_ref(a, &k, groups[i % 4]);
        tj_paper_opt(b, &k, groups[i % 4]);
        tj_paper_rs(c, nk, groups[i % 4]);
        avr_check_bytes((uint8_t *)a, (uint8_t *)b, 16, PSTR("permutation: reference structure vs optimized C"), i);
        avr_check_bytes((uint8_t *)c, (uint8_t *)b, 16, PSTR("permutation: reverse-shift asm vs optimized C"), i);
    }
}

int main(void)
{
    avr_sys_init();
    printf_P(PSTR("TinyJAMBU v2 on AVR: KAT records with PT and AD lengths in {0,1,2,3,4,5,8,15,32}\n"));
    for (uint8_t i = 0; kc_tinyjambu_backends[i]; i++) {
        const kc_aead_backend *b = kc_tinyjambu_backends[i];
        unsigned long before = avr_passed;
        if (!avr_check(b->head.ctx_size <= sizeof ctx, PSTR("context too large"), i)) continue;
        kat(b, TJ_KAT_128, TJ_KAT_128_COUNT, 16);
        kat(b, TJ_KAT_192, TJ_KAT_192_COUNT, 24);
        kat(b, TJ_KAT_256, TJ_KAT_256_COUNT, 32);
        differential(b);
        printf_P(PSTR("backend %s: %lu checks passed\n"), b->head.name, avr_passed - before);
    }
    permutations();
    int status = avr_finish(PSTR("avr_test_tinyjambu"));
#ifdef TJ_KAT_MISSING
    printf_P(PSTR("SKIP: KATs not checked: %s not found at build time\n"), TJ_KAT_MISSING);
    if (status == 0) return 77;
#endif
    return status;
}
