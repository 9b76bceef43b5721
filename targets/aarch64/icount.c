/* SPDX-License-Identifier: MIT */
/* The driver of scripts/aarch64-static-counts.sh: runs one backend on N
 * inputs so that qemu's execution trace can be counted.
 *
 *   icount list                      every available pair: "KIND CIPHER BACKEND DIR",
 *                                    KIND as below, DIR the backend's source folder
 *   icount block  CIPHER BACKEND N   N zero blocks, one kc_cipher_encrypt_blocks call
 *   icount fea    CIPHER BACKEND N   N 64-bit blocks, a tweak per block, one kc_fea_encrypt_tweaks call
 *   icount single CIPHER BACKEND N   N 64-byte messages (no AD), one kc_aead_encrypt call each
 *   icount batch  CIPHER BACKEND N   the same N messages in one kc_aead_encrypt_batch call
 *
 * Buffers are static and always the same size, and one thread does all the
 * work (kc_set_threads(1)), so runs with different N differ only in the
 * inputs processed.  Exit status: 0 done, 1 the library failed, 2 usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kcipher.h>

#define FEA_BITS 64
#define MSG_BYTES 64
#define MAX_MSGS 256

static uint8_t buf[32 * 1024];
static uint8_t tweaks[32 * 1024];
static uint8_t out[MAX_MSGS][MSG_BYTES + 16];
static kc_aead_msg msgs[MAX_MSGS];
static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8 };
static const uint8_t nonce[16] = { 9, 10, 11, 12 };

static const char *kind_of(kc_kind k)
{
    return k == KC_KIND_BLOCK ? "block" : k == KC_KIND_FEA ? "fea" : "aead";
}

static void list(void)
{
    kc_backend_info b;
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *c = kc_cipher_at(i);
        for (size_t j = 0; kc_backend_at(c->name, j, &b) == KC_OK; j++) {
            if (!b.available) continue;
            const char *dir = c->kind == KC_KIND_FEA ? "fea" : c->family;   /* fea1, fea2: src/fea */
            if (c->kind == KC_KIND_AEAD) {
                printf("single %s %s %s\nbatch %s %s %s\n", c->name, b.name, dir, c->name, b.name, dir);
            } else {
                printf("%s %s %s %s\n", kind_of(c->kind), c->name, b.name, dir);
            }
        }
    }
}

static kc_status block(const kc_cipher_info *info, const char *backend, size_t n)
{
    kc_cipher *c;
    if (n * info->block_bytes > sizeof buf) return KC_ERR_INPUT_TOO_SHORT;
    kc_status st = kc_cipher_new(&c, info->name, backend, key, info->key_bytes);
    if (st != KC_OK) return st;
    st = kc_cipher_encrypt_blocks(c, buf, buf, n * info->block_bytes);
    kc_cipher_free(c);
    return st;
}

static kc_status fea(const kc_cipher_info *info, const char *backend, size_t n)
{
    kc_fea *f;
    kc_status st = kc_fea_new(&f, info->name, backend, key, info->key_bytes, FEA_BITS);
    if (st != KC_OK) return st;
    size_t bs = kc_fea_block_size(f), ts = kc_fea_tweak_size(f);
    st = n * bs > sizeof buf || n * ts > sizeof tweaks ? KC_ERR_INPUT_TOO_SHORT
                                                       : kc_fea_encrypt_tweaks(f, buf, buf, n, tweaks, ts);
    kc_fea_free(f);
    return st;
}

/* The message table is filled for MAX_MSGS messages whatever N is, so that
 * only the library's work grows with N (the single path's per-call cost is
 * the API's, and counted). */
static kc_status aead(const kc_cipher_info *info, const char *backend, size_t n, int batch)
{
    kc_aead *a;
    if (n > MAX_MSGS || MAX_MSGS * MSG_BYTES > sizeof buf) return KC_ERR_INPUT_TOO_SHORT;
    kc_status st = kc_aead_new(&a, info->name, backend, key, info->key_bytes);
    if (st != KC_OK) return st;
    for (size_t i = 0; i < MAX_MSGS; i++)
        msgs[i] = (kc_aead_msg){ .nonce = nonce, .in = buf + i * MSG_BYTES, .in_len = MSG_BYTES,
                                 .out = out[i], .out_cap = sizeof out[i] };
    if (batch) {
        st = kc_aead_encrypt_batch(a, msgs, n);
    } else {
        for (size_t i = 0; i < n && st == KC_OK; i++)
            st = kc_aead_encrypt(a, msgs[i].out, msgs[i].out_cap, &msgs[i].out_len, nonce, info->nonce_bytes,
                                 NULL, 0, msgs[i].in, msgs[i].in_len);
    }
    kc_aead_free(a);
    return st;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "list") == 0) {
        list();
        return 0;
    }
    const kc_cipher_info *info = argc == 5 ? kc_cipher_find(argv[2]) : NULL;
    if (!info) {
        fprintf(stderr, "usage: icount list | icount block|fea|single|batch CIPHER BACKEND N\n");
        return 2;
    }
    const char *kind = argv[1], *backend = argv[3];
    size_t n = strtoul(argv[4], NULL, 10);
    if (kc_set_threads(1) != KC_OK) return 1;
    kc_status st;
    if (strcmp(kind, "block") == 0 && info->kind == KC_KIND_BLOCK) st = block(info, backend, n);
    else if (strcmp(kind, "fea") == 0 && info->kind == KC_KIND_FEA) st = fea(info, backend, n);
    else if (strcmp(kind, "single") == 0 && info->kind == KC_KIND_AEAD) st = aead(info, backend, n, 0);
    else if (strcmp(kind, "batch") == 0 && info->kind == KC_KIND_AEAD) st = aead(info, backend, n, 1);
    else return 2;
    if (st != KC_OK) fprintf(stderr, "icount: %s %s %s: %s\n", kind, info->name, backend, kc_strerror(st));
    return st == KC_OK ? 0 : 1;
}
