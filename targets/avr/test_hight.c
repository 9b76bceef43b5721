/* SPDX-License-Identifier: MIT */
/* HIGHT and CHAM on AVR (ATmega128, simavr): every backend of the AVR
 * build's lists through its descriptor.
 * - HIGHT: the standard's four reference values, printed MSB first and so
 *   reversed here (src/hight/hight_common.h), both directions; every
 *   backend against "ref" on random keys and 1..17 blocks;
 * - CHAM: the 2017 paper's Appendix A values (80, 80, 96 rounds, words as
 *   little-endian bytes, as tests/test_cham.c), both directions; every
 *   backend against "ref" on random keys and blocks (revised rounds). */
#include <string.h>
#include "avr_sys.h"
#include "core/backend.h"
#include "hight/hight_common.h"
#include "cham/cham_common.h"

extern const kc_block_backend *const kc_hight_backends[];
extern const kc_block_backend *const kc_cham_backends[];
extern const kc_block_backend kc_hight_ref;
extern const kc_block_backend kc_cham_ref;

/* key (16), pt (8), ct (8): our byte order (the standard's reversed). */
static const uint8_t HIGHT_V[4][32] PROGMEM = {
    { 0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf2, 0x03, 0x4f, 0xd9, 0xae, 0x18, 0xf4, 0x00 },
    { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
      0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00, 0xd8, 0xe6, 0x43, 0xe5, 0x72, 0x9f, 0xce, 0x23 },
    { 0x0f, 0x0e, 0x0d, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, 0x00,
      0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01, 0x66, 0xf4, 0x23, 0x8d, 0xa2, 0xb2, 0x6f, 0x7a },
    { 0xe7, 0x2b, 0x42, 0x1d, 0xb1, 0x09, 0xa5, 0xcf, 0x7d, 0xd8, 0xff, 0x49, 0xbc, 0xc3, 0xdb, 0x28,
      0x14, 0x4a, 0xa8, 0xeb, 0xe2, 0x6b, 0x1e, 0xb4, 0xc6, 0x1f, 0x9c, 0x20, 0x75, 0x7a, 0x04, 0xcc },
};

/* key_len, block_len, rounds, key (32), pt (16), ct (16): the paper's words
 * stored little-endian. */
static const uint8_t CHAM_V[3][67] PROGMEM = {
    { 16, 8, 80,
      0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0, 0, 0, 0, 0, 0, 0, 0,
      0x3c, 0x45, 0xbc, 0x63, 0xfa, 0xdc, 0x4e, 0xbf, 0, 0, 0, 0, 0, 0, 0, 0 },
    { 16, 16, 80,
      0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
      0x34, 0x60, 0x74, 0xc3, 0xc5, 0x00, 0x57, 0xb5, 0x32, 0xec, 0x64, 0x8d, 0xf7, 0x32, 0x93, 0x48 },
    { 32, 16, 96,
      0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
      0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff,
      0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
      0xa0, 0xc8, 0x99, 0xa8, 0x5c, 0xd5, 0x29, 0xc9, 0x38, 0x0d, 0x67, 0xab, 0xc8, 0x7a, 0x4f, 0x0c },
};

static uint8_t hctx[sizeof(hight_key)], href[sizeof(hight_key)];
static cham_key ck, ckref;
static uint8_t a[17 * 8], b[17 * 8], c[17 * 8];

static void hight_vectors(const kc_block_backend *be)
{
    uint8_t v[32], out[8];
    for (uint8_t r = 0; r < 4; r++) {
        memcpy_P(v, HIGHT_V[r], 32);
        avr_check(be->set_key(hctx, v, 16, 8) == KC_OK, PSTR("hight set_key"), r);
        be->encrypt(hctx, out, v + 16, 1);
        avr_check_bytes(out, v + 24, 8, PSTR("hight standard vector encrypt (index)"), r);
        be->decrypt(hctx, out, v + 24, 1);
        avr_check_bytes(out, v + 16, 8, PSTR("hight standard vector decrypt (index)"), r);
    }
}

static void hight_differential(const kc_block_backend *be)
{
    uint8_t key[16];
    for (uint8_t i = 0; i < 24; i++) {
        uint8_t n = 1 + avr_rand() % 17;
        avr_random_bytes(key, 16);
        avr_random_bytes(a, 8 * n);
        kc_hight_ref.set_key(href, key, 16, 8);
        kc_hight_ref.encrypt(href, b, a, n);
        be->set_key(hctx, key, 16, 8);
        be->encrypt(hctx, c, a, n);
        avr_check_bytes(c, b, 8 * n, PSTR("hight random vs ref: encrypt"), i);
        be->decrypt(hctx, c, c, n);                      /* in place */
        avr_check_bytes(c, a, 8 * n, PSTR("hight random vs ref: decrypt"), i);
    }
}

static void cham_vectors(const kc_block_backend *be)
{
    uint8_t v[67], out[16];
    for (uint8_t r = 0; r < 3; r++) {
        memcpy_P(v, CHAM_V[r], 67);
        cham_expand_key(&ck, v + 3, v[0], v[1], v[2]);
        be->encrypt(&ck, out, v + 35, 1);
        avr_check_bytes(out, v + 51, v[1], PSTR("cham paper vector encrypt (index)"), r);
        be->decrypt(&ck, out, out, 1);
        avr_check_bytes(out, v + 35, v[1], PSTR("cham paper vector decrypt (index)"), r);
    }
}

static void cham_differential(const kc_block_backend *be)
{
    static const uint8_t kl[3] = { 16, 16, 32 }, bl[3] = { 8, 16, 16 };
    uint8_t key[32];
    for (uint8_t i = 0; i < 24; i++) {
        uint8_t v = i % 3, bs = bl[v], n = 1 + avr_rand() % (sizeof a / bs);
        avr_random_bytes(key, kl[v]);
        avr_random_bytes(a, bs * n);
        kc_cham_ref.set_key(&ckref, key, kl[v], bs);
        kc_cham_ref.encrypt(&ckref, b, a, n);
        be->set_key(&ck, key, kl[v], bs);
        be->encrypt(&ck, c, a, n);
        avr_check_bytes(c, b, bs * n, PSTR("cham random vs ref: encrypt"), i);
        be->decrypt(&ck, c, c, n);                       /* in place */
        avr_check_bytes(c, a, bs * n, PSTR("cham random vs ref: decrypt"), i);
    }
}

int main(void)
{
    avr_sys_init();
    for (uint8_t i = 0; kc_hight_backends[i]; i++) {
        const kc_block_backend *be = kc_hight_backends[i];
        unsigned long before = avr_passed;
        if (!avr_check(be->head.ctx_size <= sizeof hctx, PSTR("hight context too large"), i)) continue;
        hight_vectors(be);
        hight_differential(be);
        printf_P(PSTR("hight backend %s: %lu checks passed\n"), be->head.name, avr_passed - before);
    }
    for (uint8_t i = 0; kc_cham_backends[i]; i++) {
        const kc_block_backend *be = kc_cham_backends[i];
        unsigned long before = avr_passed;
        cham_vectors(be);
        cham_differential(be);
        printf_P(PSTR("cham backend %s: %lu checks passed\n"), be->head.name, avr_passed - before);
    }
    return avr_finish(PSTR("avr_test_hight_cham"));
}
