/* SPDX-License-Identifier: MIT */
/* Constant-time check (the TIMECOP technique): run under valgrind memcheck
 * with the key and plaintext marked undefined; memcheck then reports every
 * branch and every memory index that depends on them.  Built from the
 * library sources with KC_CT_CHECK so kc_ct_declassify() releases values
 * that may be public (a verified tag's yes/no).
 *
 *   ct_check                 every constant-time backend of every cipher
 *   ct_check CIPHER BACKEND  one backend, constant-time or not (used to show
 *                            the check catches a table implementation)
 *   ct_check gcm             GCM alone (ct_gcm.h)
 *   ct_check modes           CFB, OFB, CMAC, GMAC and CCM alone (ct_modes.h)
 *   ct_check drbg            the DRBGs alone (ct_drbg.h) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "core/registry.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static unsigned checked;

static void *new_ctx(const kc_backend_head *b)
{
    void *ctx = aligned_alloc(16, (b->ctx_size + 15) & ~(size_t)15);
    if (!ctx) { perror("alloc"); exit(2); }
    memset(ctx, 0, b->ctx_size);
    return ctx;
}

static void fill(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(seed * 131 + i * 29 + 7);
}

/* Block counts: one block, a short tail, and a batch wide enough for the
 * SIMD kernels (up to 128 blocks in flight). */
static const size_t block_counts[] = { 1, 3, 131 };
#define MAX_BLOCKS 131

static void check_block_count(const kc_cipher_entry *e, const kc_block_backend *b, size_t n)
{
    static uint8_t key[32], counter[32], pt[MAX_BLOCKS * 32], ct[MAX_BLOCKS * 32], back[MAX_BLOCKS * 32];
    size_t bs = e->info.block_bytes, len = n * bs;
    void *ctx = new_ctx(&b->head);
    fill(key, sizeof key, 1);
    fill(pt, sizeof pt, 2);
    memset(counter, 0xff, sizeof counter);            /* public, and about to carry */
    SECRET(key, sizeof key);
    SECRET(pt, sizeof pt);
    b->set_key(ctx, key, e->info.key_bytes, bs);
    b->encrypt(ctx, ct, pt, n);
    b->decrypt(ctx, back, ct, n);
    if (b->ctr) b->ctr(ctx, counter, ct, pt, n);      /* fused CTR kernel, secret plaintext */
    if (b->cbc_encrypt) b->cbc_encrypt(ctx, counter, ct, pt, n);
    PUBLIC(back, len);
    PUBLIC(pt, len);
    if (memcmp(back, pt, len) != 0) {
        printf("%s/%s, %zu blocks: decrypt mismatch\n", e->info.name, b->head.name, n);
        exit(1);
    }
    free(ctx);
    checked++;
}

static void check_block(const kc_cipher_entry *e, const kc_block_backend *b)
{
    for (size_t k = 0; k < sizeof block_counts / sizeof block_counts[0]; k++)
        check_block_count(e, b, block_counts[k]);
}

static void check_aead(const kc_cipher_entry *e, const kc_aead_backend *b)
{
    uint8_t key[32], nonce[12], ad[21], pt[37], ct[37 + 8], back[37];
    void *ctx = new_ctx(&b->head);
    fill(key, sizeof key, 3); fill(nonce, sizeof nonce, 4); fill(ad, sizeof ad, 5); fill(pt, sizeof pt, 6);
    SECRET(key, sizeof key);
    SECRET(pt, sizeof pt);
    b->set_key(ctx, key, e->info.key_bytes);
    b->encrypt(ctx, ct, nonce, ad, sizeof ad, pt, sizeof pt);
    PUBLIC(ct, sizeof ct);                  /* ciphertext and tag are public */
    int ok = b->decrypt(ctx, back, nonce, ad, sizeof ad, ct, sizeof ct);
    PUBLIC(&ok, sizeof ok);
    PUBLIC(back, sizeof back);
    PUBLIC(pt, sizeof pt);
    if (ok != 0 || memcmp(back, pt, sizeof pt) != 0) { printf("%s/%s: AEAD round trip failed\n", e->info.name, b->head.name); exit(1); }
    if (b->encrypt_batch) {                 /* several messages, one of them forged */
        enum { N = 5 };
        static uint8_t bpt[N][40], bct[N][48], bback[N][40];
        kc_aead_msg m[N];
        for (int i = 0; i < N; i++) {
            fill(bpt[i], sizeof bpt[i], 10 + (unsigned)i);
            m[i] = (kc_aead_msg){ nonce, ad, (size_t)i, bpt[i], 8 * (size_t)i, bct[i], sizeof bct[i], 0, KC_OK };
        }
        SECRET(bpt, sizeof bpt);
        b->encrypt_batch(ctx, m, N);
        PUBLIC(bct, sizeof bct);
        bct[2][0] ^= 1;
        for (int i = 0; i < N; i++)
            m[i] = (kc_aead_msg){ nonce, ad, (size_t)i, bct[i], 8 * (size_t)i + 8, bback[i], sizeof bback[i], 0, KC_OK };
        b->decrypt_batch(ctx, m, N);
        for (int i = 0; i < N; i++) PUBLIC(&m[i].status, sizeof m[i].status);
        if (m[2].status != KC_ERR_AUTH || m[3].status != KC_OK) { printf("%s/%s: batch verdicts wrong\n", e->info.name, b->head.name); exit(1); }
    }
    free(ctx);
    checked++;
}

#define FEA_CT_BLOCKS 70   /* more than the widest SIMD pass (64 blocks) */

static void check_fea(const kc_cipher_entry *e, const kc_fea_backend *b)
{
    static const unsigned lengths[] = { 8, 13, 54, 64, 101, 128 };
    static const size_t counts[] = { 2, FEA_CT_BLOCKS };   /* short calls and full passes */
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        unsigned n = lengths[i];
        size_t bs = (n + 7) / 8, tl = kc_fea_tweak_bytes(e->variant, n);
        static uint8_t tweak[FEA_CT_BLOCKS * 16], pt[FEA_CT_BLOCKS * 16], ct[FEA_CT_BLOCKS * 16],
            back[FEA_CT_BLOCKS * 16];
        uint8_t key[32];
        void *ctx = new_ctx(&b->head);
        fill(key, sizeof key, 7); fill(tweak, sizeof tweak, 8); fill(pt, sizeof pt, 9);
        for (size_t k = 0; k < FEA_CT_BLOCKS; k++) {
            if (n % 8) pt[k * bs] &= (uint8_t)((1u << (n % 8)) - 1);
            if (e->variant == 1 && (128 - n) % 8) tweak[k * tl] &= (uint8_t)((1u << ((128 - n) % 8)) - 1);
        }
        SECRET(key, sizeof key);
        SECRET(tweak, sizeof tweak);
        SECRET(pt, sizeof pt);
        b->set_key(ctx, e->variant, key, e->info.key_bytes, n);
        for (size_t c = 0; c < 2; c++) {
            size_t m = counts[c];
            b->encrypt(ctx, ct, pt, m, tl ? tweak : NULL, tl);      /* a tweak per block */
            b->decrypt(ctx, back, ct, m, tl ? tweak : NULL, tl);
            b->encrypt(ctx, ct, back, m, tl ? tweak : NULL, 0);     /* one tweak for all */
            b->decrypt(ctx, back, ct, m, tl ? tweak : NULL, 0);
            PUBLIC(back, m * bs);
            PUBLIC(pt, m * bs);
            if (memcmp(back, pt, m * bs) != 0) { printf("%s/%s n=%u: decrypt mismatch\n", e->info.name, b->head.name, n); exit(1); }
            SECRET(pt, sizeof pt);
        }
        free(ctx);
        checked++;
    }
}

static void check(const kc_cipher_entry *e, const kc_backend_head *b)
{
    switch (e->info.kind) {
    case KC_KIND_BLOCK: check_block(e, (const kc_block_backend *)b); break;
    case KC_KIND_AEAD:  check_aead(e, (const kc_aead_backend *)b); break;
    case KC_KIND_FEA:   check_fea(e, (const kc_fea_backend *)b); break;
    }
}

#include "ct_ghash.h"
#include "ct_gcm.h"
#include "ct_modes.h"
#include "ct_drbg.h"

int main(int argc, char **argv)
{
    if (!RUNNING_ON_VALGRIND) fprintf(stderr, "note: not under valgrind; only functional checks run\n");
    if (argc == 2 && strcmp(argv[1], "gcm") == 0) {
        check_gcm_all();
    } else if (argc == 2 && strcmp(argv[1], "modes") == 0) {
        check_modes_all();
    } else if (argc == 2 && strcmp(argv[1], "drbg") == 0) {
        check_drbg_all();
    } else if (argc == 3 && strcmp(argv[1], "ghash") == 0) {
        if (check_ghash_named(argv[2])) { fprintf(stderr, "no such GHASH backend\n"); return 2; }
    } else if (argc == 3) {
        const kc_cipher_entry *e = kc_registry_cipher(argv[1]);
        const void *b;
        if (!e || kc_registry_backend(e->family, argv[2], &b) != KC_OK) { fprintf(stderr, "no such cipher/backend\n"); return 2; }
        check(e, b);
    } else {
        for (size_t i = 0; i < kc_cipher_count(); i++) {
            const kc_cipher_entry *e = kc_registry_cipher(kc_cipher_at(i)->name);
            const kc_backend_head *b;
            for (size_t k = 0; (b = kc_family_backend(e->family, k)) != NULL; k++) {
                if (b->timing != KC_CONSTANT_TIME) continue;
                if (b->cpu & ~kc_cpu_detect()) {   /* e.g. AVX-512/GFNI: valgrind hides them */
                    char need[96];
                    printf("NOT CHECKED %s/%s: needs %s, which this CPU (as valgrind shows it) lacks\n",
                           e->info.name, b->name, kc_cpu_names(b->cpu & ~kc_cpu_detect(), need, sizeof need));
                    continue;
                }
                printf("checking %s/%s\n", e->info.name, b->name);
                check(e, b);
            }
        }
        check_ghash_all();
        check_gcm_all();
        check_modes_all();
        check_drbg_all();
    }
    printf("ct_check: %u passed, 0 failed (valgrind reports any secret-dependent branch or index)\n", checked);
    return 0;
}
