/* SPDX-License-Identifier: MIT */
/* KISA's KCMVP test vectors (the vector files of the validation criteria
 * "암호알고리즘 검증기준 V3.0") through every backend this CPU runs: ARIA, SEED,
 * LEA and HIGHT in ECB, CBC, CTR and OFB (KAT and MMT files), ARIA-GCM
 * (AE: encryption, AD: decryption, "Invalid" ones refused with nothing
 * written), LSH and SHA-2 (ShortMsg, LongMsg).  KISA distributes them to
 * the modules it validates; the repository does not carry them.  Put the
 * files (flat, or in KISA's folders "01. ARIA", "02. SEED", ...) in
 * $KC_KCMVP_DIR or in kcmvp/ of the shared vectors folder; without any of
 * them the test is skipped.  HIGHT's keys and blocks are read in the order
 * the files print them, which is the API's (README, HIGHT). */
#include "test_modes_rsp.h"

static const char *dirs[2];
static long files, vectors;

/* path of a KCMVP file: <dir>/<folder>/<name> or <dir>/<name>; NULL when absent. */
static const char *find(const char *folder, const char *name)
{
    static char path[2048];
    for (int d = 0; d < 2; d++) {
        if (!dirs[d]) continue;
        snprintf(path, sizeof path, "%s/%s/%s", dirs[d], folder, name);
        FILE *f = fopen(path, "r");
        if (!f) {
            snprintf(path, sizeof path, "%s/%s", dirs[d], name);
            f = fopen(path, "r");
        }
        if (f) { fclose(f); return path; }
    }
    return NULL;
}

typedef struct job {
    const char *cipher, *file;
    kc_mode mode;
} job;

static void block_record(const rsp *r, void *arg)
{
    const job *j = arg;
    static uint8_t key[32], iv[16], pt[4096], ct[4096];
    long kl = rsp_bytes(r, "KEY", key, sizeof key), pl = rsp_bytes(r, "PT", pt, sizeof pt);
    long cl = rsp_bytes(r, "CT", ct, sizeof ct);
    long il = rsp_bytes(r, rsp_get(r, "CTR") ? "CTR" : "IV", iv, sizeof iv);   /* CTR files name it either way */
    if (!tl_check(kl > 0 && pl > 0 && pl == cl && (j->mode == KC_MODE_ECB || il > 0),
                  "%s line %d: KEY, PT, CT%s", j->file, r->line, j->mode == KC_MODE_ECB ? "" : ", IV/CTR"))
        return;
    char label[128];
    snprintf(label, sizeof label, "%s line %d", j->file, r->line);
    tl_check_kat(tl_cipher_for_key(j->cipher, (size_t)kl), j->mode, key, j->mode == KC_MODE_ECB ? NULL : iv,
                 pt, ct, (size_t)pl, label);
    vectors++;
}

/* ARIA-GCM, every ARIA backend (with the default GHASH): AE encrypts, AD decrypts or refuses. */
static void gcm_record(const rsp *r, void *arg)
{
    const job *j = arg;
    static uint8_t key[32], iv[256], ad[1024], pt[1024], ct[1024 + 16], out[1024 + 16];
    long kl = rsp_bytes(r, "Key", key, sizeof key), il = rsp_bytes(r, "IV", iv, sizeof iv);
    long al = rsp_bytes(r, "Adata", ad, sizeof ad), cl = rsp_bytes(r, "C", ct, sizeof ct - 16);
    long tl = rsp_bytes(r, "T", ct + (cl > 0 ? cl : 0), 16);
    int invalid = rsp_get(r, "Invalid") != NULL;
    long pl = invalid ? 0 : rsp_bytes(r, "PT", pt, sizeof pt);
    if (!tl_check(kl > 0 && il > 0 && al >= 0 && cl >= 0 && tl > 0 && pl >= 0 && (invalid || pl == cl),
                  "%s line %d: Key, IV, Adata, C, T, PT or Invalid", j->file, r->line))
        return;
    char name[32];
    snprintf(name, sizeof name, "aria-%ld", kl * 8);
    for (size_t i = 0; i < kc_backend_count(name); i++) {
        kc_backend_info bi;
        if (kc_backend_at(name, i, &bi) != KC_OK || !bi.available) continue;
        kc_aead *a;
        char gcm[48];
        snprintf(gcm, sizeof gcm, "%s-gcm", name);
        if (!tl_check_status(kc_aead_new(&a, gcm, bi.name, key, (size_t)kl), KC_OK, "%s/%s", gcm, bi.name)) continue;
        tl_check_status(kc_aead_set_tag_size(a, (size_t)tl), KC_OK, "%s tag %ld", gcm, tl);
        size_t n = 0;
        if (strstr(j->file, "AE")) {
            memset(out, 0, sizeof out);
            if (tl_check_status(kc_aead_encrypt(a, out, sizeof out, &n, iv, (size_t)il, ad, (size_t)al, pt,
                                                (size_t)pl), KC_OK, "%s/%s %s line %d", gcm, bi.name, j->file, r->line))
                tl_check_bytes(out, ct, (size_t)(cl + tl), "%s/%s %s line %d", gcm, bi.name, j->file, r->line);
        } else {
            memset(out, 0xa5, sizeof out);
            kc_status st = kc_aead_decrypt(a, out, sizeof out, &n, iv, (size_t)il, ad, (size_t)al, ct,
                                           (size_t)(cl + tl));
            if (invalid) {
                tl_check_status(st, KC_ERR_AUTH, "%s/%s %s line %d (Invalid)", gcm, bi.name, j->file, r->line);
                int clean = 1;
                for (size_t k = 0; k < sizeof out; k++) clean &= out[k] == 0xa5;
                tl_check(clean, "%s/%s %s line %d: output written on a bad tag", gcm, bi.name, j->file, r->line);
            } else if (tl_check_status(st, KC_OK, "%s/%s %s line %d", gcm, bi.name, j->file, r->line)) {
                tl_check(n == (size_t)pl, "%s line %d: length", j->file, r->line);
                tl_check_bytes(out, pt, (size_t)pl, "%s/%s %s line %d", gcm, bi.name, j->file, r->line);
            }
        }
        kc_aead_free(a);
    }
    vectors++;
}

/* Hashes: Len (bits; whole bytes only), Msg, MD on every backend, one-shot and streamed. */
static void hash_record(const rsp *r, void *arg)
{
    const job *j = arg;
    static uint8_t msg[1 << 17], md[64], got[64];
    long bits = rsp_int(r, "Len"), ml = rsp_bytes(r, "Msg", msg, sizeof msg), dl = rsp_bytes(r, "MD", md, sizeof md);
    if (!tl_check(bits >= 0 && bits % 8 == 0 && ml >= 0 && dl > 0 && (bits == 0 || ml * 8 == bits),
                  "%s line %d: Len, Msg, MD", j->file, r->line))
        return;
    size_t len = (size_t)bits / 8;
    for (size_t i = 0; i < kc_backend_count(j->cipher); i++) {
        kc_backend_info bi;
        if (kc_backend_at(j->cipher, i, &bi) != KC_OK || !bi.available) continue;
        memset(got, 0, sizeof got);
        if (tl_check_status(kc_hash_compute(j->cipher, bi.name, msg, len, got, sizeof got), KC_OK, "%s/%s",
                            j->cipher, bi.name))
            tl_check_bytes(got, md, (size_t)dl, "%s/%s %s line %d", j->cipher, bi.name, j->file, r->line);
        kc_hash *h;
        if (!tl_check_status(kc_hash_new(&h, j->cipher, bi.name), KC_OK, "%s/%s", j->cipher, bi.name)) continue;
        size_t cut = len / 3;
        kc_hash_update(h, msg, cut);
        kc_hash_update(h, msg + cut, len - cut);
        memset(got, 0, sizeof got);
        tl_check_status(kc_hash_final(h, got, (size_t)dl), KC_OK, "%s final", j->cipher);
        tl_check_bytes(got, md, (size_t)dl, "%s/%s streamed %s line %d", j->cipher, bi.name, j->file, r->line);
        kc_hash_free(h);
    }
    vectors++;
}

static void run(const char *folder, const char *file, const char *start, void (*fn)(const rsp *, void *), job *j)
{
    const char *path = find(folder, file);
    if (!path) return;
    j->file = file;
    long n = rsp_read(path, start, fn, j);
    tl_check(n > 0, "%s: no records read from %s", file, path);
    printf("%s: %ld vectors\n", file, n);
    files++;
}

int main(void)
{
    char shared[1024];
    const char *extra = getenv("KC_VECTORS_EXTRA");
    snprintf(shared, sizeof shared, "%s/kcmvp", extra && *extra ? extra : KC_SHARED_VECTORS_DIR);
    dirs[0] = getenv("KC_KCMVP_DIR");
    if (dirs[0] && !*dirs[0]) dirs[0] = NULL;
    dirs[1] = shared;

    static const struct { const char *folder, *prefix, *family; } blocks[] = {
        { "01. ARIA", "ARIA128", "aria" }, { "01. ARIA", "ARIA192", "aria" }, { "01. ARIA", "ARIA256", "aria" },
        { "02. SEED", "SEED128", "seed" },
        { "03. LEA", "LEA128", "lea" }, { "03. LEA", "LEA192", "lea" }, { "03. LEA", "LEA256", "lea" },
        { "04. HIGHT", "HIGHT", "hight-64" },
    };
    static const struct { const char *name; kc_mode mode; } modes[] = {
        { "ECB", KC_MODE_ECB }, { "CBC", KC_MODE_CBC }, { "CTR", KC_MODE_CTR }, { "OFB", KC_MODE_OFB },
    };
    char file[128];
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
            for (int kind = 0; kind < 2; kind++) {
                snprintf(file, sizeof file, "%s(%s)%s.txt", blocks[b].prefix, modes[m].name, kind ? "MMT" : "KAT");
                job j = { .cipher = blocks[b].family, .mode = modes[m].mode };
                run(blocks[b].folder, file, "KEY", block_record, &j);
            }
    for (int bits = 128; bits <= 256; bits += 64)
        for (int kind = 0; kind < 2; kind++) {
            snprintf(file, sizeof file, "ARIA%d(GCM)%s.txt", bits, kind ? "AD" : "AE");
            job j = { .cipher = "aria" };
            run("01. ARIA", file, "COUNT", gcm_record, &j);
        }
    static const struct { const char *folder, *prefix, *name; } hashes[] = {
        { "06. LSH", "LSH(256-224)", "lsh-256-224" }, { "06. LSH", "LSH(256-256)", "lsh-256-256" },
        { "06. LSH", "LSH(512-224)", "lsh-512-224" }, { "06. LSH", "LSH(512-256)", "lsh-512-256" },
        { "06. LSH", "LSH(512-384)", "lsh-512-384" }, { "06. LSH", "LSH(512-512)", "lsh-512-512" },
        { "07. SHA2", "SHA2(224)", "sha-224" }, { "07. SHA2", "SHA2(256)", "sha-256" },
        { "07. SHA2", "SHA2(384)", "sha-384" }, { "07. SHA2", "SHA2(512)", "sha-512" },
    };
    for (size_t h = 0; h < sizeof hashes / sizeof hashes[0]; h++)
        for (int kind = 0; kind < 2; kind++) {
            snprintf(file, sizeof file, "%s%s.txt", hashes[h].prefix, kind ? "LongMsg" : "ShortMsg");
            job j = { .cipher = hashes[h].name };
            run(hashes[h].folder, file, "Len", hash_record, &j);
        }
    if (!files) {
        printf("SKIP: no KCMVP vector files (KISA's, e.g. \"ARIA128(ECB)KAT.txt\") in %s%s%s; "
               "set KC_KCMVP_DIR to their folder\n", dirs[0] ? dirs[0] : "", dirs[0] ? " or " : "", shared);
        return 77;
    }
    printf("KCMVP: %ld files, %ld vectors\n", files, vectors);
    return tl_finish("kcmvp");
}
