/* SPDX-License-Identifier: MIT */
/* Every AEAD on every backend: TinyJAMBU, and GCM and CCM over each cipher
 * with 16-byte blocks (GCM's backend also as "cipher/ghash", "/ghash").
 * - kc_aead_set_tag_size / set_nonce_size take exactly the documented sizes;
 * - decrypting arbitrary bytes fails cleanly (a failed tag writes nothing);
 * - encryption equals the portable backend's and round-trips;
 * - one flipped bit of ciphertext, tag, AD or nonce gives KC_ERR_AUTH with
 *   the output untouched;
 * - GCM streaming (AD and data in random chunks, verified or released at
 *   once) equals the one-shot call; the others refuse to stream;
 * - the batch calls give each message the single call's verdict and bytes.
 * Input: aead, backend, ghash backend, backend form, tag size, nonce size,
 * key, nonce, AD length (2 bytes), AD, batch count, forge (2), flip (2),
 * stream flags, 8 chunk sizes, then the message. */
#include "fuzz_common.h"
#include "fuzz_ghash.h"

#define MAX_MSGS 20    /* more than the widest SIMD batch (16 lanes) */
#define MAX_NONCE 24   /* GCM takes any length: 1..23 here */
#define MAX_AEADS 64

enum { TJ, GCM, CCM };

typedef struct aead_pick {
    char name[48], cipher[40];   /* cipher: the block cipher of GCM / CCM */
    int kind;
    size_t key_bytes;
} aead_pick;

static aead_pick aeads[MAX_AEADS];
static size_t n_aeads;

/* TinyJAMBU from the registry, then "<cipher>-gcm" and "-ccm" for each
 * cipher with 16-byte blocks. */
static void list_aeads(void)
{
    for (size_t i = 0; i < kc_cipher_count() && n_aeads + 2 <= MAX_AEADS; i++) {
        const kc_cipher_info *ci = kc_cipher_at(i);
        if (ci->kind == KC_KIND_AEAD) {
            aead_pick *p = &aeads[n_aeads++];
            snprintf(p->name, sizeof p->name, "%s", ci->name);
            p->kind = TJ;
            p->key_bytes = ci->key_bytes;
        } else if (ci->kind == KC_KIND_BLOCK && ci->block_bytes == 16) {
            for (int k = GCM; k <= CCM; k++) {
                aead_pick *p = &aeads[n_aeads++];
                snprintf(p->name, sizeof p->name, "%s-%s", ci->name, k == GCM ? "gcm" : "ccm");
                snprintf(p->cipher, sizeof p->cipher, "%s", ci->name);
                p->kind = k;
                p->key_bytes = ci->key_bytes;
            }
        }
    }
}

/* The sizes [SP800-38D] 5.2.1.2 and [SP800-38C] A.1 allow. */
static int tag_ok(int kind, size_t t)
{
    return kind == TJ ? t == 8 : kind == GCM ? t >= 4 && t <= 16 : t >= 4 && t <= 16 && t % 2 == 0;
}

static int nonce_ok(int kind, size_t n)
{
    return kind == TJ ? n == 12 : kind == GCM ? n >= 1 : n >= 7 && n <= 13;
}

/* The last constant-time backend this CPU runs: the portable one. */
static const char *portable(const char *cipher)
{
    kc_backend_info info;
    const char *name = NULL;
    for (size_t i = 0; kc_backend_at(cipher, i, &info) == KC_OK; i++)
        if (info.available && info.constant_time) name = info.name;
    if (!name) abort();
    return name;
}

static void decrypt_any(const kc_aead *a, const uint8_t *nonce, size_t nl, const uint8_t *ad, size_t ad_len,
                        const uint8_t *in, size_t len)
{
    size_t tag = kc_aead_tag_size(a), n = 99, cap = len >= tag ? len - tag : 0;
    uint8_t *out = fz_out(cap);
    kc_status st = kc_aead_decrypt(a, out, cap, &n, nonce, nl, ad, ad_len, in, len);
    if (len < tag) FZ_STATUS(st, KC_ERR_INPUT_TOO_SHORT);
    else if (st != KC_OK) FZ_STATUS(st, KC_ERR_AUTH);
    if (st != KC_OK) FZ_CHECK(n == 0 && fz_untouched(out, cap));
    else FZ_CHECK(n == cap);
    free(out);
}

/* Decryption of ct with one bit of ct||tag, AD or nonce flipped: KC_ERR_AUTH, nothing written. */
static void forged(const kc_aead *a, const uint8_t *nonce, size_t nl, const uint8_t *ad, size_t ad_len,
                   const uint8_t *ct, size_t ct_len, unsigned flip)
{
    uint8_t *c = fz_dup(ct, ct_len), *d = fz_dup(ad, ad_len), *nc = fz_dup(nonce, nl);
    size_t len = ct_len - kc_aead_tag_size(a), n = 99, bit = flip >> 2;
    int where = flip & 3;
    if (where == 1 && ad_len) d[bit / 8 % ad_len] ^= (uint8_t)(1u << bit % 8);
    else if (where == 2) nc[bit / 8 % nl] ^= (uint8_t)(1u << bit % 8);
    else if (where == 3) c[len + bit / 8 % (ct_len - len)] ^= (uint8_t)(1u << bit % 8);   /* the tag */
    else c[bit / 8 % ct_len] ^= (uint8_t)(1u << bit % 8);
    uint8_t *pt = fz_out(len);
    FZ_STATUS(kc_aead_decrypt(a, pt, len, &n, nc, nl, d, ad_len, c, ct_len), KC_ERR_AUTH);
    FZ_CHECK(n == 0 && fz_untouched(pt, len));
    free(pt);
    free(nc);
    free(d);
    free(c);
}

/* Encrypts msg into *ct_out (ciphertext || tag), checks it against ref,
 * then decryption, then a forgery. */
static uint8_t *round_trip(const kc_aead *a, const kc_aead *ref, const uint8_t *nonce, size_t nl,
                           const uint8_t *ad, size_t ad_len, const uint8_t *msg, size_t len, unsigned flip)
{
    size_t tag = kc_aead_tag_size(a), n;
    uint8_t *ct = fz_out(len + tag), *want = fz_out(len + tag), *pt = fz_out(len), *small = fz_out(len + tag - 1);
    FZ_STATUS(kc_aead_encrypt(a, small, len + tag - 1, &n, nonce, nl, ad, ad_len, msg, len),
              KC_ERR_OUTPUT_TOO_SMALL);
    FZ_CHECK(n == 0 && fz_untouched(small, len + tag - 1));
    FZ_STATUS(kc_aead_encrypt(a, ct, len + tag, &n, nonce, nl, ad, ad_len, msg, len), KC_OK);
    FZ_CHECK(n == len + tag);
    FZ_STATUS(kc_aead_encrypt(ref, want, len + tag, &n, nonce, nl, ad, ad_len, msg, len), KC_OK);
    FZ_CHECK(memcmp(ct, want, len + tag) == 0);
    FZ_STATUS(kc_aead_decrypt(a, pt, len, &n, nonce, nl, ad, ad_len, ct, len + tag), KC_OK);
    FZ_CHECK(n == len && memcmp(pt, msg, len) == 0);
    forged(a, nonce, nl, ad, ad_len, ct, len + tag, flip);
    free(small);
    free(pt);
    free(want);
    return ct;
}

/* The next chunk length: mostly small, now and then large, never past left. */
static size_t chunk(const uint8_t chunks[8], unsigned k, size_t left)
{
    size_t piece = chunks[k % 8];
    if (piece > 200) piece = (piece - 200) * 37;
    if (!piece && k % 8 == 7) piece = 1;            /* empty calls, but progress */
    return piece < left ? piece : left;
}

/* GCM streaming against the one-shot ct (ciphertext || tag); other AEADs
 * refuse.  Decryption holds the plaintext until the tag checks, or releases
 * it at once with KC_AEAD_RELEASE_UNVERIFIED; a forged tag writes nothing
 * from verify. */
static void stream(const kc_aead *a, int kind, const uint8_t *nonce, size_t nl, const uint8_t *ad,
                   size_t ad_len, const uint8_t *msg, size_t len, const uint8_t *ct,
                   const uint8_t chunks[8], unsigned mode)
{
    size_t tag = kc_aead_tag_size(a), n = 99;
    kc_aead_stream *s = (kc_aead_stream *)1;
    if (kind != GCM) {
        FZ_STATUS(kc_aead_stream_new(&s, a, 1, 0, nonce, nl), KC_ERR_BAD_MODE);
        FZ_CHECK(s == NULL);
        return;
    }
    FZ_STATUS(kc_aead_stream_new(&s, a, 0, 2, nonce, nl), KC_ERR_BAD_MODE);   /* unknown flag */
    unsigned flags = mode & 1 ? KC_AEAD_RELEASE_UNVERIFIED : 0;
    int forge = mode >> 1 & 1;
    uint8_t *acc = fz_out(len + tag);
    for (int encrypt = 1; encrypt >= 0; encrypt--) {
        FZ_STATUS(kc_aead_stream_new(&s, a, encrypt, encrypt ? 0 : flags, nonce, nl), KC_OK);
        unsigned k = mode >> 2;
        for (size_t done = 0, piece; done < ad_len; done += piece, k++) {
            piece = chunk(chunks, k, ad_len - done);
            uint8_t *part = fz_dup(ad + done, piece);
            FZ_STATUS(kc_aead_stream_ad(s, part, piece), KC_OK);
            free(part);
        }
        const uint8_t *src = encrypt ? msg : ct;
        int direct = encrypt || flags;
        size_t got = 0;
        for (size_t done = 0, piece; done < len; done += piece, k++) {
            piece = chunk(chunks, k, len - done);
            uint8_t *part = fz_dup(src + done, piece), *out = fz_out(piece);
            FZ_STATUS(kc_aead_stream_update(s, out, piece, &n, part, piece), KC_OK);
            FZ_CHECK(n == (direct ? piece : 0));
            if (!direct) FZ_CHECK(fz_untouched(out, piece));
            memcpy(acc + got, out, n);
            got += n;
            free(out);
            free(part);
        }
        if (len) FZ_STATUS(kc_aead_stream_ad(s, ad, 0), KC_ERR_STATE);   /* AD after data */
        if (encrypt) {
            uint8_t t[16];
            FZ_STATUS(kc_aead_stream_tag(s, t, tag == 16 ? 15 : tag + 1), KC_ERR_TAG_LENGTH);
            FZ_STATUS(kc_aead_stream_tag(s, t, tag), KC_OK);
            FZ_CHECK(got == len && memcmp(acc, ct, len) == 0 && memcmp(t, ct + len, tag) == 0);
        } else {
            uint8_t *t = fz_dup(ct + len, tag), *out = fz_out(len);
            if (forge) t[(mode >> 3) % tag] ^= (uint8_t)(1u << (mode & 7));
            kc_status st = kc_aead_stream_verify(s, out, len, &n, t, tag);
            FZ_STATUS(st, forge ? KC_ERR_AUTH : KC_OK);
            if (flags) {                                  /* released already: verify only checks */
                FZ_CHECK(n == 0 && fz_untouched(out, len));
                FZ_CHECK(got == len && memcmp(acc, msg, len) == 0);
            } else if (forge) {
                FZ_CHECK(n == 0 && fz_untouched(out, len));
            } else {
                FZ_CHECK(n == len && memcmp(out, msg, len) == 0);
            }
            free(out);
            free(t);
        }
        FZ_STATUS(kc_aead_stream_update(s, acc, len + tag, &n, msg, 0), KC_ERR_STATE);   /* closed */
        kc_aead_stream_free(s);
    }
    free(acc);
}

/* count messages cut from data, each encrypted by the batch call and by the
 * single call; then decrypted in one batch with some of them forged. */
static void batch(const kc_aead *a, const uint8_t *nonce, const uint8_t *ad, size_t ad_len,
                  const uint8_t *data, size_t len, unsigned count, unsigned forge)
{
    size_t tag = kc_aead_tag_size(a), nl = kc_aead_nonce_size(a), n;
    kc_aead_msg m[MAX_MSGS];
    uint8_t *ct[MAX_MSGS], *pt[MAX_MSGS];
    const uint8_t *orig[MAX_MSGS];
    uint8_t nonces[MAX_MSGS][MAX_NONCE];
    size_t off = 0;
    for (unsigned i = 0; i < count; i++) {
        size_t piece = i + 1 == count ? len - off : (len - off) / 2 * (i % 3) / 2;
        memcpy(nonces[i], nonce, nl);
        nonces[i][0] ^= (uint8_t)i;
        ct[i] = fz_out(piece + tag);
        orig[i] = data + off;
        m[i] = (kc_aead_msg){ nonces[i], ad, ad_len % (i + 1), data + off, piece, ct[i], piece + tag, 0, KC_ERR_STATE };
        off += piece;
    }
    FZ_STATUS(kc_aead_encrypt_batch(a, m, count), KC_OK);
    for (unsigned i = 0; i < count; i++) {
        uint8_t *one = fz_out(m[i].in_len + tag);
        FZ_STATUS(m[i].status, KC_OK);
        FZ_CHECK(m[i].out_len == m[i].in_len + tag);
        FZ_STATUS(kc_aead_encrypt(a, one, m[i].in_len + tag, &n, m[i].nonce, nl, ad, m[i].ad_len,
                                  m[i].in, m[i].in_len), KC_OK);
        FZ_CHECK(memcmp(one, ct[i], n) == 0);
        free(one);
    }
    kc_status first = KC_OK;
    for (unsigned i = 0; i < count; i++) {
        size_t piece = m[i].in_len;
        if (forge >> i & 1) {
            ct[i][((forge >> 8) + 7 * i) % (piece + tag)] ^= 0x80;
            if (first == KC_OK) first = KC_ERR_AUTH;
        }
        pt[i] = fz_out(piece);
        m[i] = (kc_aead_msg){ nonces[i], ad, ad_len % (i + 1), ct[i], piece + tag, pt[i], piece, 0, KC_ERR_STATE };
    }
    FZ_STATUS(kc_aead_decrypt_batch(a, m, count), first);
    for (unsigned i = 0; i < count; i++) {
        size_t piece = m[i].in_len - tag;
        if (forge >> i & 1) {
            FZ_STATUS(m[i].status, KC_ERR_AUTH);
            FZ_CHECK(m[i].out_len == 0 && fz_untouched(pt[i], piece));
        } else {
            FZ_STATUS(m[i].status, KC_OK);
            FZ_CHECK(m[i].out_len == piece && memcmp(pt[i], orig[i], piece) == 0);
        }
        free(pt[i]);
        free(ct[i]);
    }
}

/* The AEAD under test with its backend string in one of four forms; CCM
 * refuses a GHASH part. */
static kc_aead *open_aead(const aead_pick *p, const char *blk, const char *ghash, unsigned form,
                          const uint8_t *key)
{
    char backend[96];
    kc_aead *a = NULL;
    if (p->kind == TJ) form = 0;
    switch (form % 4) {
    case 0: snprintf(backend, sizeof backend, "%s", blk); break;
    case 1: snprintf(backend, sizeof backend, "%s/%s", blk, ghash); break;
    case 2: snprintf(backend, sizeof backend, "/%s", ghash); break;
    default: backend[0] = 0; break;
    }
    kc_status st = kc_aead_new(&a, p->name, backend, key, p->key_bytes);
    if (p->kind == CCM && (form % 4 == 1 || form % 4 == 2)) {
        FZ_STATUS(st, KC_ERR_UNKNOWN_BACKEND);
        FZ_CHECK(a == NULL);
        FZ_STATUS(kc_aead_new(&a, p->name, blk, key, p->key_bytes), KC_OK);
    } else {
        FZ_STATUS(st, KC_OK);
    }
    const char *name = kc_aead_backend_name(a);
    if (form % 4 <= 1) FZ_CHECK(strncmp(name, blk, strlen(blk)) == 0);
    if (p->kind == GCM && form % 4 == 1) FZ_CHECK(strcmp(name, backend) == 0);
    if (p->kind == GCM && form % 4 == 2) FZ_CHECK(strcmp(strchr(name, '/') + 1, ghash) == 0);
    return a;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    if (!n_aeads) list_aeads();
    const aead_pick *p = &aeads[fz_byte(&in) % n_aeads];
    const char *blk = fz_backend(&in, p->kind == TJ ? p->name : p->cipher);
    const char *ghash = fz_ghash(fz_byte(&in));
    unsigned form = fz_byte(&in);
    size_t tag_len = fz_byte(&in) % 20, nl = fz_byte(&in) % MAX_NONCE, ad_len, len;
    uint8_t key[32], nonce_buf[MAX_NONCE], chunks[8];
    fz_take(&in, key, p->key_bytes);
    fz_take(&in, nonce_buf, sizeof nonce_buf);
    const uint8_t *ad_in = fz_slice(&in, fz_u16(&in) % 2048, &ad_len);
    unsigned count = 1 + fz_byte(&in) % MAX_MSGS, forge = fz_u16(&in), flip = fz_u16(&in);
    unsigned smode = fz_byte(&in);
    fz_take(&in, chunks, sizeof chunks);
    const uint8_t *rest = fz_slice(&in, 4096, &len);
    uint8_t *ad = fz_dup(ad_in, ad_len), *msg = fz_dup(rest, len);

    kc_aead *a = open_aead(p, blk, ghash, form, key), *ref;
    char rb[64];
    snprintf(rb, sizeof rb, p->kind == TJ ? "ref" : p->kind == GCM ? "%s/ct" : "%s",
             portable(p->kind == TJ ? p->name : p->cipher));
    FZ_STATUS(kc_aead_new(&ref, p->name, rb, key, p->key_bytes), KC_OK);

    /* Sizes: a valid one is kept, an invalid one refused and the old one kept. */
    size_t tag0 = kc_aead_tag_size(a), nonce0 = kc_aead_nonce_size(a);
    FZ_STATUS(kc_aead_set_tag_size(a, tag_len), tag_ok(p->kind, tag_len) ? KC_OK : KC_ERR_TAG_LENGTH);
    FZ_STATUS(kc_aead_set_nonce_size(a, nl), nonce_ok(p->kind, nl) ? KC_OK : KC_ERR_NONCE_LENGTH);
    FZ_CHECK(kc_aead_tag_size(a) == (tag_ok(p->kind, tag_len) ? tag_len : tag0));
    FZ_CHECK(kc_aead_nonce_size(a) == (nonce_ok(p->kind, nl) ? nl : nonce0));
    if (!nonce_ok(p->kind, nl)) {                 /* single calls refuse it too, writing nothing */
        size_t n = 99;
        uint8_t *out = fz_out(len + 16), *nb = fz_dup(nonce_buf, nl);
        FZ_STATUS(kc_aead_encrypt(a, out, len + 16, &n, nb, nl, ad, ad_len, msg, len), KC_ERR_NONCE_LENGTH);
        FZ_CHECK(n == 0 && fz_untouched(out, len + 16));
        free(nb);
        free(out);
        nl = nonce0;
    }
    FZ_STATUS(kc_aead_set_tag_size(ref, kc_aead_tag_size(a)), KC_OK);
    uint8_t *nonce = fz_dup(nonce_buf, nl);

    decrypt_any(a, nonce, nl, ad, ad_len, msg, len);
    uint8_t *ct = round_trip(a, ref, nonce, nl, ad, ad_len, msg, len, flip);
    stream(a, p->kind, nonce, nl, ad, ad_len, msg, len, ct, chunks, smode);
    batch(a, nonce, ad, ad_len, msg, len, count, forge);
    free(ct);
    kc_aead_free(ref);
    kc_aead_free(a);
    free(nonce);
    free(msg);
    free(ad);
    return 0;
}
