/* SPDX-License-Identifier: MIT */
/* The stitched GCM kernels (kc_block_backend.gcm_stitch, ghash/stitch.h):
 * every backend that has one, against counter blocks built here (inc32:
 * only the low word counts, so counters just below its wrap too) and
 * encrypted by the same backend's ECB, and GHASH by the portable backend
 * over the ciphertext: random keys, Y, lengths 0..300 blocks and some
 * longer, both directions, in place and out of place, nothing written past
 * the blocks it reports.  Then GCM through kc_aead on messages long enough
 * for the kernel (up to 40 KiB, every partial block; 12-byte IVs and
 * GHASH-derived J0s): one-shot, streaming in random pieces and streaming
 * decryption (released, and held in the stream's buffer) against the same
 * cipher on "ct/ct" or "ref/ct" (no stitching); a bad tag releases
 * nothing.  A backend's kernels are a list, one per GHASH backend: each
 * that runs here is tested.  Where the default GHASH is vpclmul-avx2
 * (VAES and VPCLMULQDQ without AVX-512: Zen 3, Alder Lake), the default
 * backends of AES, LEA and RC6 stitch with it (ARIA's AVX2 kernels hold
 * their state in all sixteen ymm registers: stitched, they ran slower
 * than CTR then GHASH); started without a mask, the test runs itself
 * again under those classes' masks. */
#define _POSIX_C_SOURCE 200809L   /* setenv, fork, execl */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"
#include "core/objects.h"
#include "core/util.h"
#include "ghash/stitch.h"

#if defined(__unix__) || defined(__APPLE__)
#define HAVE_EXEC 1
#include <sys/wait.h>
#include <unistd.h>
#endif

#define MAX_BLOCKS 2600
#define MSG_MAX 40000

static const char *const ciphers[] = { "aes-128", "aes-192", "aes-256", "aria-128", "aria-192", "aria-256",
                                       "lea-128", "rc6-128" };

/* Allocated once a kernel is found: bare-metal targets (none) keep their RAM. */
static uint8_t *in, *out, *want, *ks;
#define OUT_SIZE (16 * MAX_BLOCKS + 16)
static _Alignas(64) uint8_t hkey[KC_GHASH_KEY_MAX], hkey_ct[KC_GHASH_KEY_MAX];

static int runnable(uint32_t cpu) { return (cpu & ~kc_cpu_detect()) == 0; }

/* One kernel call of nblocks against the reference. */
static void kernel_case(const kc_cipher *c, const kc_gcm_stitch *st, const kc_ghash_backend *ref, const char *label,
                        size_t nblocks, uint32_t low, int encrypt, int in_place)
{
    uint8_t ctr[16], ctr0[16], y[16], y_want[16];
    tl_random_bytes(ctr, 12);
    kc_store32_be(ctr + 12, low);
    memcpy(ctr0, ctr, 16);
    tl_random_bytes(y, 16);
    memcpy(y_want, y, 16);
    tl_random_bytes(in, 16 * nblocks);
    memset(out, 0xa5, OUT_SIZE);
    uint8_t *dst = out;
    if (in_place) { memcpy(out, in, 16 * nblocks); }
    size_t done = st->run(c->ctx, hkey, ctr, y, encrypt, dst, in_place ? dst : in, nblocks);
    char lb[200];
    snprintf(lb, sizeof lb, "%s: %zu blocks from low word %08x, %s%s", label, nblocks, (unsigned)low,
             encrypt ? "encrypt" : "decrypt", in_place ? " in place" : "");
    if (!TL_CHECK(done <= nblocks && nblocks - done < 64 && done % 8 == 0, "%s: did %zu blocks", lb, done)) return;
    for (size_t b = 0; b < done; b++) {   /* inc32 counter blocks */
        memcpy(ks + 16 * b, ctr0, 12);
        kc_store32_be(ks + 16 * b + 12, low + (uint32_t)b);
    }
    if (done) c->impl->encrypt(c->ctx, ks, ks, done);
    for (size_t i = 0; i < 16 * done; i++) want[i] = (uint8_t)(in[i] ^ ks[i]);
    ref->update(hkey_ct, y_want, encrypt ? want : in, done);
    tl_check_bytes(dst, want, 16 * done, "%s: output", lb);
    size_t stray = 0;
    for (size_t i = 16 * done; i < 16 * nblocks + 16; i++)
        stray += in_place && i < 16 * nblocks ? dst[i] != in[i] : dst[i] != 0xa5;
    TL_CHECK(stray == 0, "%s: %zu bytes touched past the blocks done", lb, stray);
    tl_check_bytes(y, y_want, 16, "%s: Y", lb);
    kc_store32_be(ctr0 + 12, low + (uint32_t)done);
    tl_check_bytes(ctr, ctr0, 16, "%s: counter (inc32)", lb);
}

/* Kernel number which of the backend's list. */
static const kc_gcm_stitch *kernel_at(const kc_cipher *c, unsigned which)
{
    const kc_gcm_stitch *st = c->impl->gcm_stitch;
    for (unsigned i = 0; st && i < which; i++) st = st->next;
    return st;
}

static void kernels(const char *cipher, const char *backend, unsigned which, const kc_ghash_backend *ref)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    uint8_t key[32], h[16] = { 0 };
    kc_cipher *c;
    char label[96];
    snprintf(label, sizeof label, "%s/%s", cipher, backend);
    tl_random_bytes(key, info->key_bytes);
    if (!tl_check_status(kc_cipher_new(&c, cipher, backend, key, info->key_bytes), KC_OK, "%s", label)) return;
    const kc_gcm_stitch *st = kernel_at(c, which);
    if (!runnable(st->ghash->head.cpu)) { printf("%s: stitch skipped (no %s)\n", label, st->ghash->head.name); kc_cipher_free(c); return; }
    c->impl->encrypt(c->ctx, h, h, 1);
    memset(hkey, 0, sizeof hkey);
    st->ghash->init(hkey, h);
    ref->init(hkey_ct, h);
    static const size_t fixed[] = { 0, 1, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129, 256, 1024, 2591 };
    static const uint32_t lows[] = { 0xffffffffu, 0xfffffff0u, 0xffffffe1u, 0xfffffc00u, 0, 2 };
    int cases = 0;
    for (size_t f = 0; f < sizeof fixed / sizeof fixed[0]; f++)
        for (int dir = 0; dir < 2; dir++)
            for (int ip = 0; ip < 2; ip++, cases++)
                kernel_case(c, st, ref, label, fixed[f], lows[tl_rand_below(6)], dir, ip);
    for (int t = 0; t < 150; t++, cases++) {
        size_t n = tl_rand_below(4) ? tl_rand_below(301) : tl_rand_below(MAX_BLOCKS + 1);
        uint32_t low = tl_rand_below(2) ? (uint32_t)tl_rand() : lows[tl_rand_below(6)] - (uint32_t)tl_rand_below(300);
        kernel_case(c, st, ref, label, n, low, (int)tl_rand_below(2), (int)tl_rand_below(2));
    }
    printf("%s: stitched kernel for %s, %d cases\n", label, st->ghash->head.name, cases);
    kc_cipher_free(c);
}

/* ---- through kc_aead, against the same cipher with no stitching ---- */

static kc_status stream(const kc_aead *a, int encrypt, unsigned flags, const uint8_t *iv, size_t iv_len,
                        const uint8_t *ad, size_t ad_len, const uint8_t *src, size_t len, uint8_t *dst,
                        const uint8_t *tag_in, uint8_t *tag_out)
{
    kc_aead_stream *s;
    kc_status st = kc_aead_stream_new(&s, a, encrypt, flags, iv, iv_len);
    if (st != KC_OK) return st;
    if ((st = kc_aead_stream_ad(s, ad, ad_len)) != KC_OK) goto done;
    size_t w = 0, n;
    for (size_t i = 0; i < len;) {
        size_t take = tl_rand_below(3) ? tl_rand_below(len - i + 1) : tl_rand_below(40);
        if (take > len - i) take = len - i;
        if ((st = kc_aead_stream_update(s, dst + w, len - w, &n, src + i, take)) != KC_OK) goto done;
        i += take;
        w += n;
    }
    if (encrypt) st = kc_aead_stream_tag(s, tag_out, 16);
    else st = kc_aead_stream_verify(s, dst + w, len - w, &n, tag_in, 16);
done:
    kc_aead_stream_free(s);
    return st;
}

static uint8_t *pt, *ct, *ct_ref, *back;

static void messages(const char *cipher, const char *backend, const char *ghash, int cases)
{
    const kc_cipher_info *info = kc_cipher_find(cipher);
    char name[40], bk[96], label[200];
    snprintf(name, sizeof name, "%s-gcm", cipher);
    snprintf(bk, sizeof bk, "%s/%s", backend, ghash);
    for (int t = 0; t < cases; t++) {
        uint8_t key[32], iv[40], ad[100], tag[16];
        size_t n, iv_len = t % 3 ? 12 : 1 + tl_rand_below(sizeof iv), ad_len = tl_rand_below(sizeof ad);
        size_t len = t % 4 ? 512 + tl_rand_below(MSG_MAX - 511) : tl_rand_below(2000);
        tl_random_bytes(key, info->key_bytes);
        tl_random_bytes(iv, iv_len);
        tl_random_bytes(ad, ad_len);
        tl_random_bytes(pt, len);
        snprintf(label, sizeof label, "%s %s case %d (iv %zu, ad %zu, len %zu)", name, bk, t, iv_len, ad_len, len);
        kc_aead *a, *r;
        if (!tl_check_status(kc_aead_new(&a, name, bk, key, info->key_bytes), KC_OK, "%s: new", label)) continue;
        const char *plain = strncmp(cipher, "lea", 3) && strncmp(cipher, "rc6", 3) ? "ct/ct" : "ref/ct";
        if (!tl_check_status(kc_aead_new(&r, name, plain, key, info->key_bytes), KC_OK, "%s: new %s", label, plain)) {
            kc_aead_free(a);
            continue;
        }
        kc_aead_encrypt(r, ct_ref, MSG_MAX + 16, &n, iv, iv_len, ad, ad_len, pt, len);
        tl_check_status(kc_aead_encrypt(a, ct, MSG_MAX + 16, &n, iv, iv_len, ad, ad_len, pt, len), KC_OK, "%s: encrypt", label);
        tl_check_bytes(ct, ct_ref, len + 16, "%s: one-shot", label);
        memset(ct, 0, len + 16);
        tl_check_status(stream(a, 1, 0, iv, iv_len, ad, ad_len, pt, len, ct, NULL, tag), KC_OK, "%s: stream", label);
        tl_check_bytes(ct, ct_ref, len, "%s: stream ciphertext", label);
        tl_check_bytes(tag, ct_ref + len, 16, "%s: stream tag", label);
        memset(back, 0, len);
        tl_check_status(stream(a, 0, KC_AEAD_RELEASE_UNVERIFIED, iv, iv_len, ad, ad_len, ct_ref, len, back, ct_ref + len,
                               NULL), KC_OK, "%s: released stream decrypt", label);
        tl_check_bytes(back, pt, len, "%s: released stream plaintext", label);
        memset(back, 0, len);   /* held: decrypted into the stream's buffer, released after the tag */
        tl_check_status(stream(a, 0, 0, iv, iv_len, ad, ad_len, ct_ref, len, back, ct_ref + len, NULL), KC_OK,
                        "%s: held stream decrypt", label);
        tl_check_bytes(back, pt, len, "%s: held stream plaintext", label);
        ct_ref[len + tl_rand_below(16)] ^= 1;   /* a bad tag: released decryption still says so */
        tl_check_status(stream(a, 0, KC_AEAD_RELEASE_UNVERIFIED, iv, iv_len, ad, ad_len, ct_ref, len, back, ct_ref + len,
                               NULL), KC_ERR_AUTH, "%s: released stream, bad tag", label);
        memset(back, 0x5a, len);
        tl_check_status(stream(a, 0, 0, iv, iv_len, ad, ad_len, ct_ref, len, back, ct_ref + len, NULL), KC_ERR_AUTH,
                        "%s: held stream, bad tag", label);
        tl_check_status(kc_aead_decrypt(a, back, len, &n, iv, iv_len, ad, ad_len, ct_ref, len + 16), KC_ERR_AUTH,
                        "%s: bad tag", label);
        size_t touched = 0;
        for (size_t i = 0; i < len; i++) touched += back[i] != 0x5a;
        TL_CHECK(touched == 0, "%s: bad tag wrote %zu bytes", label, touched);
        kc_aead_free(a);
        kc_aead_free(r);
    }
}

/* The defaults of this process's CPU (or mask): where the default GHASH is
 * vpclmul-avx2, GCM on each cipher's default backend stitches with it. */
static void defaults(void)
{
    static const char *const names[] = { "aes-128", "lea-128", "rc6-128" };
    kc_status s;
    const kc_ghash_backend *gh = kc_ghash_find(NULL, &s);
    const char *mask = getenv("KC_CPU_DISABLE");
    if (!gh || strcmp(gh->head.name, "vpclmul-avx2") != 0) {
        printf("KC_CPU_DISABLE=\"%s\": default GHASH %s, not vpclmul-avx2: defaults not checked\n", mask ? mask : "",
               gh ? gh->head.name : "none");
        return;
    }
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        kc_cipher *c;
        uint8_t key[16] = { 0 };
        if (!tl_check_status(kc_cipher_new(&c, names[i], NULL, key, 16), KC_OK, "%s default", names[i])) continue;
        const kc_gcm_stitch *st = kc_gcm_stitch_for(c->impl->gcm_stitch, gh);
        TL_CHECK(st != NULL, "KC_CPU_DISABLE=\"%s\": %s-gcm on %s/%s does not stitch", mask ? mask : "", names[i],
                 c->impl->head.name, gh->head.name);
        printf("KC_CPU_DISABLE=\"%s\": %s-gcm %s/%s %s\n", mask ? mask : "", names[i], c->impl->head.name,
               gh->head.name, st ? "stitched" : "NOT stitched");
        kc_cipher_free(c);
    }
}

#ifdef HAVE_EXEC
/* This test again, under the masks of the classes with vpclmul-avx2. */
static void masked(const char *self)
{
    static const char *const masks[] = { "avx512f,gfni", "avx512f" };   /* zen3, alderlake */
    for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            setenv("KC_CPU_DISABLE", masks[i], 1);
            execl(self, self, (char *)NULL);
            _exit(126);
        }
        int status = 0;
        if (pid < 0 || waitpid(pid, &status, 0) != pid) status = -1;
        int rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (rc == 126) { printf("SKIP: cannot run itself again here: masks not checked\n"); return; }
        TL_CHECK(rc == 0 || rc == 77, "KC_CPU_DISABLE=\"%s\": exit %d", masks[i], rc);
    }
}
#endif

int main(int argc, char **argv)
{
    kc_status s;
    const kc_ghash_backend *ref = kc_ghash_find("ct", &s);
    int found = 0;
    (void)argc;
    if (!TL_CHECK(ref != NULL, "GHASH ct")) return tl_finish("test_gcm_stitch");
    defaults();
    for (size_t ci = 0; ci < sizeof ciphers / sizeof ciphers[0]; ci++) {
        for (size_t b = 0; b < kc_backend_count(ciphers[ci]); b++) {
            const char *be = tl_backend_at(ciphers[ci], b);
            if (!be) continue;
            kc_cipher *c;
            uint8_t key[32] = { 0 };
            if (kc_cipher_new(&c, ciphers[ci], be, key, kc_cipher_find(ciphers[ci])->key_bytes) != KC_OK) continue;
            for (unsigned w = 0;; w++) {   /* its kernels, one per GHASH backend */
                const kc_gcm_stitch *st = kernel_at(c, w);
                if (!st) break;
                if (!runnable(st->ghash->head.cpu)) continue;
                if (!found++) {
                    in = malloc(16 * MAX_BLOCKS); out = malloc(OUT_SIZE); want = malloc(16 * MAX_BLOCKS);
                    ks = malloc(16 * MAX_BLOCKS); pt = malloc(MSG_MAX); ct = malloc(MSG_MAX + 16);
                    ct_ref = malloc(MSG_MAX + 16); back = malloc(MSG_MAX + 16);
                    if (!in || !out || !want || !ks || !pt || !ct || !ct_ref || !back) return 1;
                }
                kernels(ciphers[ci], be, w, ref);
                messages(ciphers[ci], be, st->ghash->head.name, 12);
            }
            kc_cipher_free(c);
        }
    }
#ifdef HAVE_EXEC
    const char *mask = getenv("KC_CPU_DISABLE");
    if (!mask || !*mask) masked(argv[0]);
#else
    (void)argv;
#endif
    if (!found) {
        printf("no backend with a stitched GCM kernel runs on this CPU\n");
        int rc = tl_finish("test_gcm_stitch");
        return rc ? rc : 77;
    }
    uint8_t *bufs[] = { in, out, want, ks, pt, ct, ct_ref, back };
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) free(bufs[i]);
    return tl_finish("test_gcm_stitch");
}
