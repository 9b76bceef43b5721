/* SPDX-License-Identifier: MIT */
/* FEA-1 / FEA-2: the full model vector set (fea_kat.tsv, 1452 rows) for every
 * backend through the public API, the reference library's round traces,
 * white-box checks of SP and of the round keys ([FEA]) through each backend's
 * key schedule, and every backend against the naive one on random inputs,
 * in batches of 1 to 70 blocks with one tweak or a tweak per block. */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "core/registry.h"
#include "fea/fea_common.h"

static const char *cipher_name(int variant, size_t key_len)
{
    static const char *names[2][3] = { { "fea1-128", "fea1-192", "fea1-256" },
                                       { "fea2-128", "fea2-192", "fea2-256" } };
    return names[variant - 1][key_len / 8 - 2];
}

/* A hex integer ([FEA] byte order: big-endian, any digit count) into len big-endian bytes. */
static int hexint(const char *s, uint8_t *out, size_t len)
{
    memset(out, 0, len);
    size_t digits = strspn(s, "0123456789abcdefABCDEF");
    for (size_t i = 0; i < digits; i++) {
        char c = s[digits - 1 - i];
        unsigned v = c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 0x20) - 'a' + 10);
        if (i / 2 >= len) { if (v) return -1; continue; }
        out[len - 1 - i / 2] |= (uint8_t)(v << (4 * (i % 2)));
    }
    return 0;
}

/* The FEA backends this CPU can run (every FEA cipher has the same list). */
static const char *backends[16];
static size_t nbackends;

static void list_backends(void)
{
    kc_backend_info info;
    for (size_t i = 0; i < kc_backend_count("fea1-128") && nbackends < 16; i++)
        if (kc_backend_at("fea1-128", i, &info) == KC_OK && info.available) backends[nbackends++] = info.name;
}

static size_t backend_count(void) { return nbackends; }
static const char *backend_name(size_t i) { return backends[i]; }

/* One known answer for one backend: encrypt and decrypt, out of place and
 * in place, and the zero tweak given as tweak_len 0.  (Multi-block calls are
 * covered by the differential test.) */
static void check_vector(const char *backend, int variant, const uint8_t *key, size_t key_len,
                         unsigned n, const char *tweak_hex, const char *pt_hex, const char *ct_hex,
                         const char *label)
{
    kc_fea *f;
    const char *name = cipher_name(variant, key_len);
    if (!tl_check_status(kc_fea_new(&f, name, backend, key, key_len, n), KC_OK,
                         "%s %s n=%u new", label, backend, n)) return;
    size_t bs = kc_fea_block_size(f), ts = kc_fea_tweak_size(f);
    uint8_t tw[16], pt[16], ct[16], buf[48];
    int zero_tweak = strcmp(tweak_hex, "-") == 0 || strspn(tweak_hex, "0") == strlen(tweak_hex);
    if (strcmp(tweak_hex, "-") == 0) tweak_hex = "0";
    TL_CHECK(hexint(tweak_hex, tw, ts) == 0 && hexint(pt_hex, pt, bs) == 0 &&
             hexint(ct_hex, ct, bs) == 0, "%s: bad vector", label);

    tl_check_status(kc_fea_encrypt(f, buf, pt, 1, tw, ts), KC_OK, "%s enc", label);
    tl_check_bytes(buf, ct, bs, "%s %s %s n=%u encrypt", label, backend, name, n);
    tl_check_status(kc_fea_decrypt(f, buf, ct, 1, tw, ts), KC_OK, "%s dec", label);
    tl_check_bytes(buf, pt, bs, "%s %s %s n=%u decrypt", label, backend, name, n);

    memcpy(buf, pt, bs);
    memcpy(buf + bs, ct, bs);
    kc_fea_encrypt(f, buf, buf, 1, tw, ts);   /* in place */
    kc_fea_decrypt(f, buf + bs, buf + bs, 1, tw, ts);
    tl_check_bytes(buf, ct, bs, "%s %s n=%u in-place encrypt", label, backend, n);
    tl_check_bytes(buf + bs, pt, bs, "%s %s n=%u in-place decrypt", label, backend, n);

    if (zero_tweak) {
        kc_fea_encrypt(f, buf, pt, 1, NULL, 0);
        tl_check_bytes(buf, ct, bs, "%s %s n=%u empty tweak", label, backend, n);
    }
    kc_fea_free(f);
}

static void test_kat_file(void)
{
    FILE *fp = fopen(tl_vector_path("fea/fea_kat.tsv"), "r");
    if (!TL_CHECK(fp != NULL, "cannot open fea/fea_kat.tsv")) return;
    char line[512];
    long rows = 0;
    while (fgets(line, sizeof line, fp)) {
        char *col[7];
        int nc = 0;
        for (char *t = strtok(line, "\t\r\n"); t && nc < 7; t = strtok(NULL, "\t\r\n")) col[nc++] = t;
        if (nc != 7 || strncmp(col[0], "FEA-", 4) != 0) continue;
        uint8_t key[32];
        long kl = tl_unhex(col[2], key, sizeof key);
        int variant = col[0][4] - '0';
        unsigned n = (unsigned)atoi(col[3]);
        TL_CHECK(kl * 8 == atol(col[1]), "row %ld: key length", rows);
        for (size_t b = 0; b < backend_count(); b++)
            check_vector(backend_name(b), variant, key, (size_t)kl, n, col[4], col[5], col[6], "kat");
        rows++;
    }
    fclose(fp);
    TL_CHECK(rows == 1452, "fea_kat.tsv: %ld rows, want 1452", rows);
}

/* Final results of the reference library's round traces. */
static void test_traces(void)
{
    static const uint8_t key[24] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                     16, 17, 18, 19, 20, 21, 22, 23 };
    static const char *pattern = "f0e1d2c3b4a5968778695a4b3c2d1e0f";
    for (size_t b = 0; b < backend_count(); b++) {
        const char *be = backend_name(b);
        check_vector(be, 1, key, 16, 64, "f0e1d2c3b4a59687", "0123456789abcdef", "539597c9815e04d3", "9.2");
        check_vector(be, 2, key, 16, 33, pattern, "1a2b3c4d5", "1dfa321b9", "9.2");
        check_vector(be, 2, key, 24, 64, pattern, "0123456789abcdef", "0dfa5809dd4b013f", "9.2");
    }
}

/* The descriptor of the i-th backend if it keeps the common fea_ctx layout
 * (white-box checks read its round keys); NULL otherwise. */
static const kc_fea_backend *layout_backend(size_t i)
{
    const kc_cipher_entry *e = kc_registry_cipher("fea1-128");
    const void *b;
    if (kc_registry_backend(e->family, backend_name(i), &b) != KC_OK) return NULL;
    return ((const kc_fea_backend *)b)->head.ctx_size == sizeof(fea_ctx) ? b : NULL;
}

/* SP check values ([FEA] SP function).  For a 128-bit key, RK_a of round 2
 * is SP(K_a ^ RC_0) ([FEA] key schedule), which exposes each backend's SP. */
static void test_sp(void)
{
    static const uint64_t in[] = { 0, UINT64_C(0x0123456789abcdef) };
    static const uint64_t want[] = { UINT64_C(0xeeeeeeeeeeeeeeee), UINT64_C(0x25361619836e57f6) };
    for (size_t b = 0; b < backend_count(); b++) {
        const kc_fea_backend *be = layout_backend(b);
        if (!be) continue;
        for (int v = 0; v < 2; v++) {
            uint8_t key[16] = { 0 };
            fea_ctx ctx;
            memset(&ctx, 0, sizeof ctx);
            kc_store64_be(key, in[v] ^ FEA_RC[0][0][0]);
            be->set_key(&ctx, 1, key, 16, 64);
            TL_CHECK(ctx.rk[1][0] == want[v], "%s: SP(%016llx) = %016llx", be->head.name,
                     (unsigned long long)in[v], (unsigned long long)ctx.rk[1][0]);
        }
    }
}

/* Section 9.3: RK1, RK2 and RK_last for key 00 01 02 ... */
static void test_round_keys(void)
{
    static const struct { int variant, key_bits; unsigned n; uint64_t rk[6]; } v[] = {
#define RK(t, k, n, a, b, c, d, e, f) { t, k, n, { UINT64_C(0x##a), UINT64_C(0x##b), UINT64_C(0x##c), \
                                                   UINT64_C(0x##d), UINT64_C(0x##e), UINT64_C(0x##f) } }
        RK(1, 128, 8, 812d5892ca57411a, b090595ea2111ed6, 39b509c4604e57c4, 812c5a91ce52471d, 74822abad832d39a, 1fe4991fa67f9139),
        RK(1, 128, 64, a583c29149bb2411, 943ec35d21fd7bdd, 39b509c4604e57c4, a582c0924dbe2216, b956095596fc9c98, 14fefa8a1309e696),
        RK(1, 128, 128, e2da7db6a2be18de, d3677c7acaf84712, 39b509c4604e57c4, e2db7fb5a6bb1ed9, 9298732dd198c0d8, 59eae674d78bc001),
        RK(1, 192, 8, 0f4e4b551dad672a, e15d988d5eafa32e, f60ac9c35f1fda1b, 1f5e5b450dbd773a, 15e2fcd27baaf259, c83be7661797f938),
        RK(1, 192, 64, 1c8fc7752f8ab225, f29c14ad6c887621, f60ac9c35f1fda1b, 0c9fd7653f9aa235, 60ba098cddb4a222, 064c17cf63137b01),
        RK(1, 192, 128, 96875fbd37b5c7e0, 78948c6574b703e4, f60ac9c35f1fda1b, 86974fad27a5d7f0, 0dbc4158c9a844ff, b0dadfa92e82af33),
        RK(1, 256, 8, cd2fc00a6e422630, d1f10aaf9a269a88, 1cdecaa5f464bcb8, dd3fd01a7e523620, d64675b042e09e7f, 569163525c647164),
        RK(1, 256, 64, 8c911be8ddd0a9c0, 904fd14d29b41578, 1cdecaa5f464bcb8, 9c810bf8cdc0b9d0, a38bc251980074c0, b5b59f728bda99fa),
        RK(1, 256, 128, 3e826f22e8889ad8, 225ca5871cec2660, 1cdecaa5f464bcb8, 2e927f32f8988ac8, bab5aec70934279d, fd06370e9cadeefe),
        RK(2, 128, 8, 2e735d3b70367134, c3cb111fd06685b3, e5b0442ca858fc8f, 2e725f3874337733, 51832082240f3cd6, 8c7d8e83563abd5d),
        RK(2, 128, 64, 4581276217b532a4, a8396b46b7e5c623, e5b0442ca858fc8f, 4580256113b034a3, d8ee3066b27edeba, 92081376ae5c2c03),
        RK(2, 128, 128, 8e376448bc18c891, 638f286c1c483c16, e5b0442ca858fc8f, 8e36664bb81dce96, fe587a336f82ee39, f9afaff5e07218b4),
        RK(2, 192, 8, 63e3899c5ee6f07a, cad7fad5633edfae, b12d695221c531cb, 73f3998c4ef6e06a, aa8ebe6dc10b92be, d509f9f2a0a139d1),
        RK(2, 192, 64, 973f83e84beaa01f, 3e0bf0a176328fcb, b12d695221c531cb, 872f93f85bfab00f, af52198a1295fc9f, 016aa816d892e9c3),
        RK(2, 192, 128, b1cceaa82fa47b01, 18f899e1127c54d5, b12d695221c531cb, a1dcfab83fb46b11, c9ddb2f98b276beb, 9045ee8a35a5c760),
        RK(2, 256, 8, 83c94b058faf66a6, 09119e305bc8c5ad, 8ad8d535d467a30b, 93d95b159fbf76b6, 76f665886e3bd5b9, 750151a702900df3),
        RK(2, 256, 64, 8a5ad5e14b942340, 008200d49ff3804b, 8ad8d535d467a30b, 9a4ac5f15b843350, c399e798698ac55e, 6dca36761f3e4d0a),
        RK(2, 256, 128, aca9bca12fdaf85e, 26716994fbbd5b55, 8ad8d535d467a30b, bcb9acb13fcae84e, 81ef571d7b00d6d2, bb78406fd93c671d),
#undef RK
    };
    uint8_t key[32];
    for (int i = 0; i < 32; i++) key[i] = (uint8_t)i;
    for (size_t b = 0; b < backend_count(); b++) {
        const kc_fea_backend *be = layout_backend(b);
        if (!be) continue;
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
            fea_ctx ctx;
            memset(&ctx, 0, sizeof ctx);
            be->set_key(&ctx, v[i].variant, key, (size_t)v[i].key_bits / 8, v[i].n);
            unsigned r = ctx.rounds;
            uint64_t got[6] = { ctx.rk[0][0], ctx.rk[0][1], ctx.rk[1][0], ctx.rk[1][1],
                                ctx.rk[r - 1][0], ctx.rk[r - 1][1] };
            TL_CHECK(memcmp(got, v[i].rk, sizeof got) == 0, "%s: round keys FEA-%d/%d n=%u",
                     be->head.name, v[i].variant, v[i].key_bits, v[i].n);
        }
    }
}

/* Random variant, key, n, tweak and block count (1-70, so that batching
 * backends run full and partial groups): every backend agrees with naive,
 * with one tweak for all blocks or (tweaks_per_block) a tweak per block,
 * and decrypts its own output. */
#define MAX_COUNT 70
static void test_differential(int cases, int tweaks_per_block)
{
    for (int c = 0; c < cases; c++) {
        int variant = 1 + (int)tl_rand_below(2);
        size_t key_len = 16 + 8 * tl_rand_below(3);
        unsigned n = 8 + (unsigned)tl_rand_below(121);
        size_t count = 1 + (c % 16 ? tl_rand_below(4) : tl_rand_below(MAX_COUNT)), bs = (n + 7) / 8;
        size_t ts = kc_fea_tweak_bytes(variant, n);
        uint8_t key[32], tw[MAX_COUNT * 16], pt[MAX_COUNT * 16], ref[MAX_COUNT * 16], got[MAX_COUNT * 16];
        tl_random_bytes(key, key_len);
        tl_random_bytes(tw, sizeof tw);
        tl_random_bytes(pt, sizeof pt);
        for (size_t i = 0; i < count; i++) {
            if (n % 8) pt[i * bs] &= (uint8_t)((1u << (n % 8)) - 1);
            if (variant == 1 && (128 - n) % 8) tw[i * ts] &= (uint8_t)((1u << ((128 - n) % 8)) - 1);
        }
        if (!tweaks_per_block && tl_rand_below(4) == 0) ts = 0;   /* zero tweak */
        const char *name = cipher_name(variant, key_len);
        kc_status (*enc)(const kc_fea *, uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t) =
            tweaks_per_block ? kc_fea_encrypt_tweaks : kc_fea_encrypt;
        kc_status (*dec)(const kc_fea *, uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t) =
            tweaks_per_block ? kc_fea_decrypt_tweaks : kc_fea_decrypt;
        kc_fea *naive;
        if (!tl_check_status(kc_fea_new(&naive, name, "naive", key, key_len, n), KC_OK, "naive new")) return;
        tl_check_status(enc(naive, ref, pt, count, tw, ts), KC_OK, "naive encrypt");
        kc_fea_free(naive);
        for (size_t b = 0; b < backend_count(); b++) {
            kc_fea *f;
            if (strcmp(backend_name(b), "naive") == 0) continue;   /* the reference (KATs check it) */
            if (kc_fea_new(&f, name, backend_name(b), key, key_len, n) != KC_OK) continue;
            memset(got, 0, sizeof got);
            enc(f, got, pt, count, tw, ts);
            tl_check_bytes(got, ref, count * bs, "case %d: %s %s n=%u x%zu%s vs naive", c, backend_name(b),
                           name, n, count, tweaks_per_block ? " (tweak per block)" : "");
            dec(f, got, got, count, tw, ts);
            tl_check_bytes(got, pt, count * bs, "case %d: %s %s n=%u x%zu decrypt", c,
                           backend_name(b), name, n, count);
            kc_fea_free(f);
        }
    }
}

/* Every count 1..MAX_COUNT with a tweak per block, against naive: each
 * batching backend's full and partial groups and chunks. */
static void test_all_counts(void)
{
    static const unsigned lengths[] = { 54, 8, 64, 127, 33, 128, 100 };
    for (size_t count = 1; count <= MAX_COUNT; count++) {
        int variant = 1 + (int)(count % 2);
        unsigned n = lengths[count % 7];
        size_t bs = (n + 7) / 8, ts = kc_fea_tweak_bytes(variant, n);
        uint8_t key[32], tw[MAX_COUNT * 16], pt[MAX_COUNT * 16], ref[MAX_COUNT * 16], got[MAX_COUNT * 16];
        tl_random_bytes(key, sizeof key);
        tl_random_bytes(tw, sizeof tw);
        tl_random_bytes(pt, sizeof pt);
        for (size_t i = 0; i < count; i++) {
            if (n % 8) pt[i * bs] &= (uint8_t)((1u << (n % 8)) - 1);
            if (variant == 1 && (128 - n) % 8) tw[i * ts] &= (uint8_t)((1u << ((128 - n) % 8)) - 1);
        }
        const char *name = cipher_name(variant, 16);
        kc_fea *f;
        if (!tl_check_status(kc_fea_new(&f, name, "naive", key, 16, n), KC_OK, "naive new")) return;
        kc_fea_encrypt_tweaks(f, ref, pt, count, tw, ts);
        kc_fea_free(f);
        for (size_t b = 0; b < backend_count(); b++) {
            if (strcmp(backend_name(b), "naive") == 0 || kc_fea_new(&f, name, backend_name(b), key, 16, n) != KC_OK) continue;
            kc_fea_encrypt_tweaks(f, got, pt, count, tw, ts);
            tl_check_bytes(got, ref, count * bs, "%s %s n=%u, %zu blocks, tweak per block", backend_name(b), name, n, count);
            kc_fea_decrypt_tweaks(f, got, got, count, tw, ts);
            tl_check_bytes(got, pt, count * bs, "%s %s n=%u, %zu blocks, decrypt", backend_name(b), name, n, count);
            kc_fea_free(f);
        }
    }
}

/* Every n with one tweak for all MAX_COUNT blocks, against naive: the
 * sums a batching backend precomputes per call for a shared tweak depend on
 * n (which input bytes are constant) and on the direction and variant. */
static void test_shared_every_n(void)
{
    for (unsigned n = 8; n <= 128; n++) {
        int variant = 1 + (int)(n % 2);
        size_t key_len = 16 + 8 * (n % 3), bs = (n + 7) / 8, ts = kc_fea_tweak_bytes(variant, n);
        uint8_t key[32], tw[16], pt[MAX_COUNT * 16], ref[MAX_COUNT * 16], got[MAX_COUNT * 16];
        tl_random_bytes(key, sizeof key);
        tl_random_bytes(tw, sizeof tw);
        tl_random_bytes(pt, sizeof pt);
        for (size_t i = 0; i < MAX_COUNT; i++)
            if (n % 8) pt[i * bs] &= (uint8_t)((1u << (n % 8)) - 1);
        if (variant == 1 && (128 - n) % 8) tw[0] &= (uint8_t)((1u << ((128 - n) % 8)) - 1);
        const char *name = cipher_name(variant, key_len);
        kc_fea *f;
        if (!tl_check_status(kc_fea_new(&f, name, "naive", key, key_len, n), KC_OK, "naive new")) return;
        kc_fea_encrypt(f, ref, pt, MAX_COUNT, tw, ts);
        kc_fea_free(f);
        for (size_t b = 0; b < backend_count(); b++) {
            if (strcmp(backend_name(b), "naive") == 0 || kc_fea_new(&f, name, backend_name(b), key, key_len, n) != KC_OK)
                continue;
            kc_fea_encrypt(f, got, pt, MAX_COUNT, tw, ts);
            tl_check_bytes(got, ref, MAX_COUNT * bs, "%s %s n=%u, one tweak", backend_name(b), name, n);
            kc_fea_decrypt(f, got, ref, MAX_COUNT, tw, ts);
            tl_check_bytes(got, pt, MAX_COUNT * bs, "%s %s n=%u, one tweak, decrypt", backend_name(b), name, n);
            kc_fea_free(f);
        }
    }
}

/* A tweak per block (bulk tokenization) equals one call per block. */
static void test_per_block_tweaks(void)
{
    static const unsigned lengths[] = { 8, 13, 54, 64, 100, 127, 128 };
    for (size_t b = 0; b < backend_count(); b++)
        for (int variant = 1; variant <= 2; variant++)
            for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
                unsigned n = lengths[li];
                uint8_t key[32], pt[MAX_COUNT * 16], ct[MAX_COUNT * 16], one[16], tweaks[MAX_COUNT * 16];
                size_t count = 1 + tl_rand_below(MAX_COUNT), key_len = 16 + 8 * tl_rand_below(3);
                tl_random_bytes(key, sizeof key);
                kc_fea *f;
                if (kc_fea_new(&f, cipher_name(variant, key_len), backend_name(b), key, key_len, n) != KC_OK) {
                    tl_check(0, "kc_fea_new");
                    continue;
                }
                size_t bs = kc_fea_block_size(f), ts = kc_fea_tweak_size(f);
                tl_random_bytes(pt, count * bs);
                tl_random_bytes(tweaks, count * ts);
                for (size_t k = 0; k < count; k++) {
                    if (n % 8) pt[k * bs] &= (uint8_t)((1u << (n % 8)) - 1);
                    if (variant == 1 && ts && (128 - n) % 8) tweaks[k * ts] &= (uint8_t)((1u << ((128 - n) % 8)) - 1);
                }
                tl_check_status(kc_fea_encrypt_tweaks(f, ct, pt, count, tweaks, ts), KC_OK, "encrypt_tweaks");
                for (size_t k = 0; k < count; k++) {
                    kc_fea_encrypt(f, one, pt + k * bs, 1, tweaks + k * ts, ts);
                    tl_check_bytes(ct + k * bs, one, bs, "%s fea%d n=%u block %zu of %zu: per-block tweak",
                                   backend_name(b), variant, n, k, count);
                }
                tl_check_status(kc_fea_decrypt_tweaks(f, ct, ct, count, tweaks, ts), KC_OK, "decrypt_tweaks");
                tl_check_bytes(ct, pt, count * bs, "%s n=%u decrypt_tweaks in place", backend_name(b), n);
                if (ts) tl_check_status(kc_fea_encrypt_tweaks(f, ct, pt, count, tweaks, 0), KC_ERR_TWEAK_LENGTH,
                                        "per-block tweaks need their length");
                kc_fea_free(f);
            }
}

int main(void)
{
    list_backends();
    TL_CHECK(backend_count() >= 3, "fea backends: %zu", backend_count());
    test_sp();
    test_round_keys();
    test_traces();
    test_kat_file();
    test_differential(2000, 0);
    test_differential(320, 1);
    test_per_block_tweaks();
    test_all_counts();
    test_shared_every_n();
    return tl_finish("test_fea");
}
