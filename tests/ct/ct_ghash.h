/* SPDX-License-Identifier: MIT */
/* GHASH part of the constant-time check (included by ct_check.c): H, the
 * running value Y and the blocks are secret (GMAC's Y is the tag before its
 * mask); only the block count is public.  The control "leaky" is a
 * bit-serial multiply that picks its masks from a two-entry table indexed
 * by secret bits: the check must fail on it. */
#include "ghash/ghash.h"

#define GHASH_MAX_BLOCKS 77     /* past every backend's widest aggregation (32 blocks) twice */

/* The control: correct, but with secret-indexed loads. */
static void leaky_init(void *key, const uint8_t h[16]) { memcpy(key, h, 16); }

static void leaky_update(const void *key, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
    static const uint64_t pick[2] = { 0, ~(uint64_t)0 };
    const uint8_t *h = key;
    for (; nblocks; nblocks--, in += 16) {
        uint64_t x[2] = { 0, 0 }, z[2] = { 0, 0 }, v[2] = { 0, 0 };
        for (int i = 0; i < 16; i++) {
            x[i / 8] = x[i / 8] << 8 | (uint8_t)(y[i] ^ in[i]);
            v[i / 8] = v[i / 8] << 8 | h[i];
        }
        for (int i = 0; i < 128; i++) {
            uint64_t m = pick[x[i / 64] >> (63 - i % 64) & 1];
            z[0] ^= v[0] & m;
            z[1] ^= v[1] & m;
            uint64_t r = pick[v[1] & 1] & 0xe100000000000000u;
            v[1] = v[1] >> 1 | v[0] << 63;
            v[0] = v[0] >> 1 ^ r;
        }
        for (int i = 0; i < 16; i++) y[i] = (uint8_t)(z[i / 8] >> (56 - 8 * (i % 8)));
    }
}

static const kc_ghash_backend ghash_leaky = {
    { "leaky", "control: secret-indexed loads", 0, KC_VARIABLE_TIME, 16 }, leaky_init, leaky_update
};

static void check_ghash(const kc_ghash_backend *b)
{
    static const size_t counts[] = { 1, 3, 8, 31, GHASH_MAX_BLOCKS };
    static uint8_t h[16], in[GHASH_MAX_BLOCKS * 16];
    uint8_t y[16], y_ct[16];
    kc_status st;
    const kc_ghash_backend *ct = kc_ghash_find("ct", &st);
    void *key = aligned_alloc(16, KC_GHASH_KEY_MAX), *key_ct = aligned_alloc(16, KC_GHASH_KEY_MAX);
    if (!key || !key_ct || !ct) { perror("alloc"); exit(2); }
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        size_t n = counts[c];
        fill(h, sizeof h, 20 + (unsigned)c);
        fill(in, sizeof in, 30 + (unsigned)c);
        fill(y, sizeof y, 40 + (unsigned)c);
        ct->init(key_ct, h);
        memcpy(y_ct, y, 16);
        ct->update(key_ct, y_ct, in, n);
        SECRET(h, sizeof h);
        SECRET(in, sizeof in);
        SECRET(y, sizeof y);
        b->init(key, h);
        b->update(key, y, in, n);
        PUBLIC(y, sizeof y);
        PUBLIC(y_ct, sizeof y_ct);
        PUBLIC(h, sizeof h);
        PUBLIC(in, sizeof in);
        if (memcmp(y, y_ct, 16) != 0) { printf("ghash/%s, %zu blocks: differs from ct\n", b->head.name, n); exit(1); }
        checked++;
    }
    free(key);
    free(key_ct);
}

/* ct_check ghash NAME: one backend (or the control); returns 1 if NAME is unknown. */
static int check_ghash_named(const char *name)
{
    kc_status st;
    const kc_ghash_backend *b = strcmp(name, "leaky") == 0 ? &ghash_leaky : kc_ghash_find(name, &st);
    if (!b) return 1;
    check_ghash(b);
    return 0;
}

static void check_ghash_all(void)
{
    const kc_ghash_backend *b;
    for (size_t i = 0; (b = kc_ghash_backends[i]) != NULL; i++) {
        if (b->head.timing != KC_CONSTANT_TIME) continue;
        if (b->head.cpu & ~kc_cpu_detect()) {
            char need[96];
            printf("NOT CHECKED ghash/%s: needs %s, which this CPU (as valgrind shows it) lacks\n",
                   b->head.name, kc_cpu_names(b->head.cpu & ~kc_cpu_detect(), need, sizeof need));
            continue;
        }
        printf("checking ghash/%s\n", b->head.name);
        check_ghash(b);
    }
}
