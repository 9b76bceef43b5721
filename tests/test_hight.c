/* SPDX-License-Identifier: MIT */
/* HIGHT: the standard's four reference values (printed MSB first, so
 * reversed here: src/hight/hight_common.h) and the 75 KISA ECB/CBC/CTR
 * vectors of Crypto++'s hight.txt, for every HIGHT backend; then every
 * backend against "ref" on random keys and inputs, in ECB, CTR, CBC and
 * CMAC (the one-block kernels and ref's CBC chain: checked against chains
 * of single "ref" blocks, one-shot and streamed). */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define CIPHER "hight-64-128"
#define MAX_BLOCKS 140       /* > 2 x 64 blocks: every tail of the 32- and 64-block passes */
#define MAX_MSG 128

static void reverse(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) { uint8_t t = p[i]; p[i] = p[n - 1 - i]; p[n - 1 - i] = t; }
}

/* TTAS.KO-12.0040/R1 (and the HIGHT paper) reference values as printed:
 * MK15 .. MK0, P7 .. P0, C7 .. C0. */
static void standard_vectors(void)
{
    static const char *const v[4][3] = {
        { "00112233445566778899aabbccddeeff", "0000000000000000", "00f418aed94f03f2" },
        { "ffeeddccbbaa99887766554433221100", "0011223344556677", "23ce9f72e543e6d8" },
        { "000102030405060708090a0b0c0d0e0f", "0123456789abcdef", "7a6fb2a28d23f466" },
        { "28dbc3bc49ffd87dcfa509b11d422be7", "b41e6be2eba84a14", "cc047a75209c1fc6" },
    };
    for (int i = 0; i < 4; i++) {
        uint8_t key[16], pt[8], ct[8];
        char label[48];
        tl_unhex(v[i][0], key, sizeof key);
        tl_unhex(v[i][1], pt, sizeof pt);
        tl_unhex(v[i][2], ct, sizeof ct);
        reverse(key, 16);
        reverse(pt, 8);
        reverse(ct, 8);
        snprintf(label, sizeof label, "standard vector %d (reversed)", i + 1);
        tl_check_kat(CIPHER, KC_MODE_ECB, key, NULL, pt, ct, 8, label);
    }
}

typedef struct { int seen[3]; } kisa_tally;   /* per mode */

static void kisa_vector(const tl_fields *f, void *arg)
{
    kisa_tally *tally = arg;
    const char *comment = tl_field(f, "Comment");
    uint8_t key[32], iv[8], pt[MAX_MSG], ct[MAX_MSG];
    char label[96];
    if (!TL_CHECK(comment != NULL, "KISA vector without Comment")) return;
    kc_mode mode = strstr(comment, "/CBC") ? KC_MODE_CBC : strstr(comment, "/CTR") ? KC_MODE_CTR : KC_MODE_ECB;
    long kl = tl_field_bytes(f, "Key", key, sizeof key);
    long pl = tl_field_bytes(f, "Plaintext", pt, sizeof pt);
    long cl = tl_field_bytes(f, "Ciphertext", ct, sizeof ct);
    long il = mode == KC_MODE_ECB ? 8 : tl_field_bytes(f, "IV", iv, sizeof iv);
    int n = tally->seen[mode]++;
    snprintf(label, sizeof label, "KISA %s #%d", comment, n + 1);
    if (!TL_CHECK(kl == 16 && pl > 0 && (mode == KC_MODE_CTR || pl % 8 == 0) && cl == pl && il == 8,
                  "malformed vector (%s)", label))
        return;
    tl_check_kat(CIPHER, mode, key, iv, pt, ct, (size_t)pl, label);
}

static void kisa_vectors(void)
{
    kisa_tally tally = { { 0 } };
    const char *path = tl_external_vector("hight/hight.txt", "TestVectors/hight.txt");
    if (!path) return;
    long n = tl_cryptopp_file(path, kisa_vector, &tally);
    TL_CHECK(n == 75 && tally.seen[KC_MODE_ECB] == 15 && tally.seen[KC_MODE_CBC] == 8 && tally.seen[KC_MODE_CTR] == 52,
             "hight.txt: %ld vectors (ECB %d, CBC %d, CTR %d), want 75 (15, 8, 52)", n, tally.seen[KC_MODE_ECB],
             tally.seen[KC_MODE_CBC], tally.seen[KC_MODE_CTR]);
}

/* CTR through the public API against one-block "ref" encryptions of the
 * counter (the whole block, big-endian); one case in three starts just
 * below 2^64 so that the counter wraps. */
static void ctr_tests(const char *cipher, int cases)
{
    const size_t bs = 8, key_len = 16, count = kc_backend_count(cipher);
    uint8_t key[16], iv[8], ctr[8], ks[8], in[MAX_BLOCKS * 8], want[MAX_BLOCKS * 8], got[MAX_BLOCKS * 8];
    for (int t = 0; t < cases; t++) {
        size_t nb = 1 + (size_t)t % MAX_BLOCKS, len = bs * nb - (t / MAX_BLOCKS) % bs, n;
        tl_random_bytes(key, key_len);
        tl_random_bytes(in, len);
        tl_random_bytes(iv, bs);
        if (t % 3 == 0) memset(iv, 0xFF, bs - 1);
        kc_cipher *ref;
        if (!tl_check_status(kc_cipher_new(&ref, cipher, "ref", key, key_len), KC_OK, "%s/ref new", cipher)) return;
        memcpy(ctr, iv, bs);
        for (size_t off = 0; off < len; off += bs) {
            kc_cipher_encrypt_blocks(ref, ks, ctr, bs);
            for (size_t i = off; i < len && i < off + bs; i++) want[i] = in[i] ^ ks[i - off];
            for (size_t i = bs; i-- > 0 && ++ctr[i] == 0;) {}
        }
        kc_cipher_free(ref);
        for (size_t i = 0; i < count; i++) {
            const char *b = tl_backend_at(cipher, i);
            kc_cipher *c;
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
                continue;
            kc_status st = kc_mode_encrypt(c, KC_MODE_CTR, 0, iv, bs, got, sizeof got, &n, in, len);
            if (tl_check(st == KC_OK && n == len, "%s/%s CTR %zu bytes: status", cipher, b, len))
                tl_check_bytes(got, want, len, "%s/%s CTR %zu bytes, case %d", cipher, b, len, t);
            kc_cipher_free(c);
        }
    }
}

/* CMAC (SP 800-38B, 64-bit block: R = 0x1b) from single blocks of the
 * "ref" cipher: no backend's CBC path is in it. */
static void dbl64(uint8_t d[8], const uint8_t v[8])
{
    for (int i = 0; i < 7; i++) d[i] = (uint8_t)(v[i] << 1 | v[i + 1] >> 7);
    d[7] = (uint8_t)(v[7] << 1 ^ (v[0] >> 7 ? 0x1b : 0));
}

static void cmac_by_blocks(const kc_cipher *ref, uint8_t tag[8], const uint8_t *msg, size_t len)
{
    uint8_t l[8] = { 0 }, k1[8], k2[8], x[8] = { 0 };
    kc_cipher_encrypt_blocks(ref, l, l, 8);
    dbl64(k1, l);
    dbl64(k2, k1);
    size_t full = len && len % 8 == 0 ? len / 8 - 1 : len / 8, rest = len - 8 * full;   /* the last block: rest bytes */
    for (size_t j = 0; j < full; j++) {
        for (int i = 0; i < 8; i++) x[i] ^= msg[8 * j + i];
        kc_cipher_encrypt_blocks(ref, x, x, 8);
    }
    for (size_t i = 0; i < 8; i++)
        x[i] ^= (uint8_t)((i < rest ? msg[8 * full + i] : i == rest ? 0x80 : 0) ^ (rest == 8 ? k1[i] : k2[i]));
    kc_cipher_encrypt_blocks(ref, tag, x, 8);
}

/* CBC encryption (the backends' cbc_encrypt: one block at a time, the
 * chain in registers) against a chain of one-block "ref" encryptions, and
 * CMAC (one-shot, and streamed in random pieces, which also takes the
 * lone-block call) against CMAC built from "ref" blocks, on every backend. */
static void cbc_cmac_tests(const char *cipher, int cases)
{
    const size_t bs = 8, key_len = 16, count = kc_backend_count(cipher);
    uint8_t key[16], iv[8], x[8], in[MAX_BLOCKS * 8], want[MAX_BLOCKS * 8], got[MAX_BLOCKS * 8];
    uint8_t tag_ref[8], tag[8];
    char mac_name[64];
    snprintf(mac_name, sizeof mac_name, "%s-cmac", cipher);
    for (int t = 0; t < cases; t++) {
        size_t nb = t < 8 ? 1 + (size_t)t : 1 + tl_rand_below(MAX_BLOCKS), len = bs * nb, n;
        size_t mlen = tl_rand_below(len + 1);
        tl_random_bytes(key, key_len);
        tl_random_bytes(in, len);
        tl_random_bytes(iv, bs);
        kc_cipher *ref;
        if (!tl_check_status(kc_cipher_new(&ref, cipher, "ref", key, key_len), KC_OK, "%s/ref new", cipher)) return;
        memcpy(x, iv, bs);
        for (size_t off = 0; off < len; off += bs) {
            for (size_t i = 0; i < bs; i++) x[i] ^= in[off + i];
            kc_cipher_encrypt_blocks(ref, x, x, bs);
            memcpy(want + off, x, bs);
        }
        cmac_by_blocks(ref, tag_ref, in, mlen);
        kc_cipher_free(ref);
        for (size_t i = 0; i < count; i++) {
            const char *b = tl_backend_at(cipher, i);
            kc_cipher *c;
            kc_mac *m;
            kc_mac_stream *st;
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, key_len), KC_OK, "%s/%s new", cipher, b))
                continue;
            kc_status s = kc_mode_encrypt(c, KC_MODE_CBC, 0, iv, bs, got, sizeof got, &n, in, len);
            if (tl_check(s == KC_OK && n == len, "%s/%s CBC %zu blocks: status", cipher, b, nb))
                tl_check_bytes(got, want, len, "%s/%s CBC %zu blocks, case %d", cipher, b, nb, t);
            kc_cipher_free(c);
            if (!tl_check_status(kc_mac_new(&m, mac_name, b, key, key_len), KC_OK, "%s/%s new", mac_name, b))
                continue;
            memset(tag, 0, sizeof tag);
            tl_check_status(kc_mac_compute(m, tag, bs, NULL, 0, in, mlen), KC_OK, "%s/%s", mac_name, b);
            tl_check_bytes(tag, tag_ref, bs, "%s/%s %zu bytes, case %d", mac_name, b, mlen, t);
            if (tl_check_status(kc_mac_stream_new(&st, m, NULL, 0), KC_OK, "%s/%s stream", mac_name, b)) {
                for (size_t off = 0, piece; off < mlen; off += piece) {
                    piece = 1 + tl_rand_below(mlen - off < 20 ? mlen - off : 20);
                    kc_mac_stream_update(st, in + off, piece);
                }
                memset(tag, 0, sizeof tag);
                tl_check_status(kc_mac_stream_final(st, tag, bs), KC_OK, "%s/%s stream final", mac_name, b);
                tl_check_bytes(tag, tag_ref, bs, "%s/%s streamed %zu bytes, case %d", mac_name, b, mlen, t);
                kc_mac_stream_free(st);
            }
            kc_mac_free(m);
        }
    }
}

/* CBC encryption streamed in uneven pieces (the chaining value carried
 * from call to call, pieces that split blocks) against a chain of one-block
 * "ref" encryptions, 0, 1, 2 and many blocks, every backend. */
static void cbc_stream_tests(const char *cipher)
{
    static const size_t nbs[] = { 0, 1, 2, 3, 17, MAX_BLOCKS };
    uint8_t key[16], iv[8], x[8], pt[MAX_BLOCKS * 8], want[MAX_BLOCKS * 8], got[MAX_BLOCKS * 8 + 8];
    for (size_t t = 0; t < sizeof nbs / sizeof nbs[0]; t++) {
        size_t len = 8 * nbs[t];
        tl_random_bytes(key, sizeof key);
        tl_random_bytes(iv, sizeof iv);
        tl_random_bytes(pt, sizeof pt);
        kc_cipher *ref;
        if (!tl_check_status(kc_cipher_new(&ref, cipher, "ref", key, 16), KC_OK, "%s/ref new", cipher)) return;
        memcpy(x, iv, 8);
        for (size_t off = 0; off < len; off += 8) {
            for (int i = 0; i < 8; i++) x[i] ^= pt[off + i];
            kc_cipher_encrypt_blocks(ref, x, x, 8);
            memcpy(want + off, x, 8);
        }
        kc_cipher_free(ref);
        for (size_t i = 0; i < kc_backend_count(cipher); i++) {
            const char *b = tl_backend_at(cipher, i);
            kc_cipher *c;
            kc_stream *st;
            size_t done = 0, n;
            if (!b || !tl_check_status(kc_cipher_new(&c, cipher, b, key, 16), KC_OK, "%s/%s new", cipher, b)) continue;
            if (tl_check_status(kc_stream_new(&st, c, KC_MODE_CBC, 0, 1, iv, 8), KC_OK, "%s/%s cbc stream", cipher, b)) {
                for (size_t off = 0, step = 1 + t; off < len; off += step, step = step * 5 % 23 + 1) {
                    if (step > len - off) step = len - off;
                    if (!tl_check_status(kc_stream_update(st, got + done, sizeof got - done, &n, pt + off, step), KC_OK,
                                         "%s/%s cbc update", cipher, b))
                        break;
                    done += n;
                }
                if (tl_check_status(kc_stream_final(st, got + done, sizeof got - done, &n), KC_OK, "%s/%s cbc final",
                                    cipher, b))
                    done += n;
                TL_CHECK(done == len, "%s/%s cbc stream of %zu blocks: %zu bytes out", cipher, b, nbs[t], done);
                tl_check_bytes(got, want, len, "%s/%s cbc stream of %zu blocks against a chain of ref blocks", cipher, b,
                               nbs[t]);
                kc_stream_free(st);
            }
            kc_cipher_free(c);
        }
    }
}

int main(void)
{
    tl_list_backends(CIPHER);
    standard_vectors();
    kisa_vectors();
    tl_differential_blocks(CIPHER, "ref", 1000, MAX_BLOCKS);
    ctr_tests(CIPHER, 3 * MAX_BLOCKS);
    cbc_cmac_tests(CIPHER, 200);
    cbc_stream_tests(CIPHER);
    return tl_finish("test_hight");
}
