/* SPDX-License-Identifier: MIT */
/* XTS ([SP800-38E], IEEE 1619-2018) over any block cipher with 16-byte
 * blocks.  Whole blocks go through the cipher's multi-block ECB kernel a
 * chunk at a time: the chunk's tweaks (T_j = E_K2(i) * x^j in GF(2^128)),
 * XOR, ECB, XOR.  A partial last block is ciphertext stealing. */
#include <stdlib.h>
#include <string.h>
#include "core/names.h"
#include "core/objects.h"
#include "core/util.h"
#include "modes/modes.h"
#include "parallel/pool.h"

#define CHUNK (KC_MODE_BATCH / 16)              /* blocks per ECB pass */
#define MAX_BLOCKS ((uint64_t)1 << 20)          /* per data unit, SP 800-38E */

struct kc_xts {
    kc_cipher *data;    /* key1 */
    kc_cipher *tweak;   /* key2 */
};

/* t *= x: IEEE 1619 takes the tweak as a little-endian 128-bit integer and
 * reduces by x^128 + x^7 + x^2 + x + 1, without a secret-dependent branch. */
static void mul_x(uint64_t t[2])
{
    uint64_t carry = t[1] >> 63;
    t[1] = t[1] << 1 | t[0] >> 63;
    t[0] = t[0] << 1 ^ (0x87 & (0 - carry));
}

static void xor_into(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t len)
{
    for (size_t i = 0; i < len; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        x ^= y;
        memcpy(out + i, &x, 8);
    }
}

/* n whole blocks from tweak t, which is advanced past them. */
static void run(const kc_cipher *c, int encrypt, uint64_t t[2], uint8_t *out, const uint8_t *in, size_t n)
{
    _Alignas(16) uint8_t tw[CHUNK * 16];
    void (*ecb)(const void *, uint8_t *, const uint8_t *, size_t) = encrypt ? c->impl->encrypt : c->impl->decrypt;
    size_t used = n < CHUNK ? n : CHUNK;
    while (n) {
        size_t k = n < CHUNK ? n : CHUNK;
        for (size_t i = 0; i < k; i++) {   /* tweaks made and XORed in one pass */
            kc_store64_le(tw + 16 * i, t[0]);
            kc_store64_le(tw + 16 * i + 8, t[1]);
            kc_store64_le(out + 16 * i, kc_load64_le(in + 16 * i) ^ t[0]);
            kc_store64_le(out + 16 * i + 8, kc_load64_le(in + 16 * i + 8) ^ t[1]);
            mul_x(t);
        }
        ecb(c->ctx, out, out, k);
        xor_into(out, out, tw, 16 * k);
        in += 16 * k;
        out += 16 * k;
        n -= k;
    }
    kc_wipe(tw, 16 * used);
}

/* One data unit, arguments checked. */
static void unit(const kc_xts *x, int encrypt, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t b[16], tail[16];
    uint64_t t[2], t_next[2];
    size_t m = len / 16, r = len % 16;
    x->tweak->impl->encrypt(x->tweak->ctx, b, tweak, 1);
    t[0] = kc_load64_le(b);
    t[1] = kc_load64_le(b + 8);
    run(x->data, encrypt, t, out, in, r ? m - 1 : m);
    if (r) {
        /* Ciphertext stealing: the last whole block and the r bytes after
         * it.  Decryption takes the two tweaks in the other order. */
        in += 16 * (m - 1);
        out += 16 * (m - 1);
        memcpy(tail, in + 16, r);   /* before out (== in allowed) is written */
        if (encrypt) {
            run(x->data, 1, t, b, in, 1);          /* CC = XTS(P_{m-1}, T_{m-1}) */
        } else {
            t_next[0] = t[0];
            t_next[1] = t[1];
            mul_x(t_next);
            run(x->data, 0, t_next, b, in, 1);     /* PP = XTS^-1(C_{m-1}, T_m) */
        }
        memcpy(out + 16, b, r);                    /* the stolen-from block's head is the short last block */
        memcpy(b, tail, r);                        /* its tail completes the last block */
        run(x->data, encrypt, t, out, b, 1);
        kc_wipe(tail, sizeof tail);
        kc_wipe(t_next, sizeof t_next);
    }
    kc_wipe(b, sizeof b);
    kc_wipe(t, sizeof t);
}

kc_status kc_xts_new(kc_xts **out, const char *name, const char *backend, const uint8_t *key, size_t key_len)
{
    kc_name n;
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    kc_status st = kc_name_expect(name, KC_NAME_XTS, &n);
    if (st != KC_OK) return st;
    size_t half = n.cipher->info.key_bytes;
    if (key_len != 2 * half) return KC_ERR_KEY_LENGTH;
    if (!key) return KC_ERR_NULL;
    if (kc_ct_compare(key, key + half, half) == 0) return KC_ERR_WEAK_KEY;
    kc_xts *x = calloc(1, sizeof *x);
    if (!x) return KC_ERR_NO_MEMORY;
    st = kc_cipher_new(&x->data, n.cipher->info.name, backend, key, half);
    if (st == KC_OK) st = kc_cipher_new(&x->tweak, n.cipher->info.name, backend, key + half, half);
    if (st != KC_OK) {
        kc_xts_free(x);
        return st;
    }
    *out = x;
    return KC_OK;
}

void kc_xts_free(kc_xts *x)
{
    if (!x) return;
    kc_cipher_free(x->data);
    kc_cipher_free(x->tweak);
    free(x);
}

const char *kc_xts_backend_name(const kc_xts *x)
{
    return x ? kc_cipher_backend_name(x->data) : NULL;
}

/* A function, so that 16-bit size_t (AVR) meets no always-false comparison. */
static int above(uint64_t len, uint64_t max) { return len > max; }

static kc_status check(const kc_xts *x, const void *tweak, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!x || !tweak || !out || !in) return KC_ERR_NULL;
    if (kc_bad_overlap(out, len, in, len)) return KC_ERR_OVERLAP;
    return KC_OK;
}

static kc_status one(const kc_xts *x, int encrypt, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len)
{
    kc_status st = check(x, tweak, out, in, len);
    if (st != KC_OK) return st;
    if (len < 16) return KC_ERR_INPUT_TOO_SHORT;
    if (above(len, 16 * MAX_BLOCKS)) return KC_ERR_INPUT_TOO_LONG;
    unit(x, encrypt, tweak, out, in, len);
    return KC_OK;
}

kc_status kc_xts_encrypt(const kc_xts *x, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len)
{
    return one(x, 1, tweak, out, in, len);
}

kc_status kc_xts_decrypt(const kc_xts *x, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len)
{
    return one(x, 0, tweak, out, in, len);
}

/* Sectors are independent: large runs are spread over the thread pool. */
typedef struct run_sectors {
    const kc_xts *x;
    int encrypt;
    uint64_t first;
    size_t size;
    uint8_t *out;
    const uint8_t *in;
} run_sectors;

static void sector_share(void *arg, size_t first, size_t n)
{
    const run_sectors *j = arg;
    uint8_t tweak[16] = { 0 };
    for (size_t i = first; i < first + n; i++) {
        kc_store64_le(tweak, j->first + i);
        unit(j->x, j->encrypt, tweak, j->out + i * j->size, j->in + i * j->size, j->size);
    }
}

static kc_status sectors(const kc_xts *x, int encrypt, uint64_t sector, size_t size,
                         uint8_t *out, const uint8_t *in, size_t len)
{
    kc_status st = check(x, &sector, out, in, len);
    if (st != KC_OK) return st;
    if (size < 16) return KC_ERR_INPUT_TOO_SHORT;
    if (above(size, 16 * MAX_BLOCKS)) return KC_ERR_INPUT_TOO_LONG;
    if (len % size) return KC_ERR_LENGTH_MISMATCH;
    size_t count = len / size;
    if (count && sector > UINT64_MAX - (uint64_t)(count - 1)) return KC_ERR_INPUT_TOO_LONG;
    run_sectors job = { x, encrypt, sector, size, out, in };
    kc_parallel_shares(count, len, sector_share, &job);
    return KC_OK;
}

kc_status kc_xts_encrypt_sectors(const kc_xts *x, uint64_t sector, size_t sector_size,
                                 uint8_t *out, const uint8_t *in, size_t len)
{
    return sectors(x, 1, sector, sector_size, out, in, len);
}

kc_status kc_xts_decrypt_sectors(const kc_xts *x, uint64_t sector, size_t sector_size,
                                 uint8_t *out, const uint8_t *in, size_t len)
{
    return sectors(x, 0, sector, sector_size, out, in, len);
}
