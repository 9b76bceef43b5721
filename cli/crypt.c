/* SPDX-License-Identifier: MIT */
/* kcipher encrypt|decrypt: block ciphers in ECB/CBC/CTR/CFB/OFB and, as
 * AEADs, GCM/CCM; TinyJAMBU AEAD; FEA blocks. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"

#define CHUNK (1 << 20)   /* large enough to split across threads; memory stays constant */
#define SLACK 32          /* room for a final padded block */

static int out_of_memory(const char *what) { return fail(EXIT_CRYPTO, what, "out of memory"); }

/* --hex DATA that is not hex is bad data, as on stdin (exit 1). */
static int hex_data(const char *hex, uint8_t **out, size_t *len)
{
    return hex_decode(hex, out, len, "--hex") ? EXIT_CRYPTO : 0;
}

int read_error(void) { return fail(EXIT_CRYPTO, "reading input", strerror(errno)); }

/* Reads all of stdin (AEAD needs the whole message before releasing anything).
 * Grows by copying so that no freed buffer keeps a copy of the data. */
int read_all(uint8_t **out, size_t *len, size_t *cap_out)
{
    size_t cap = CHUNK, n = 0, got;
    uint8_t *p = malloc(cap);
    if (!p) return out_of_memory("reading input");
    while ((got = fread(p + n, 1, cap - n, stdin)) > 0) {
        n += got;
        if (n < cap) continue;
        uint8_t *q = cap <= SIZE_MAX / 2 ? malloc(cap * 2) : NULL;
        if (!q) { free_wiped(p, cap); return out_of_memory("reading input"); }
        memcpy(q, p, n);
        free_wiped(p, cap);
        p = q;
        cap *= 2;
    }
    if (ferror(stdin)) { int rc = read_error(); free_wiped(p, cap); return rc; }
    *out = p;
    *len = n;
    *cap_out = cap;
    return 0;
}

int write_out(const uint8_t *p, size_t n)
{
    if (n && fwrite(p, 1, n, stdout) != n) return fail(EXIT_CRYPTO, "writing output", strerror(errno));
    return 0;
}

/* XTS: the whole input is one data unit (16 bytes to 16 MiB); --iv is its
 * 16-byte tweak; the key is key1 || key2. */
static int xts(const options *o, int encrypt, const uint8_t *key, size_t key_len)
{
    uint8_t *iv = NULL, *data = NULL, *out = NULL;
    size_t iv_len = 0, len = 0, cap = 0;
    kc_xts *x = NULL;
    char name[64];
    int rc;
    if (o->pad) return fail(EXIT_USAGE, "--pad", "does not apply to XTS");
    if (!o->iv) return fail(EXIT_USAGE, "--iv", "required for xts: the 16-byte tweak (sector number, little-endian)");
    if ((rc = hex_decode(o->iv, &iv, &iv_len, "--iv"))) return rc;
    if (iv_len != 16) { rc = fail(EXIT_USAGE, "--iv", "the XTS tweak is 16 bytes"); goto done; }
    snprintf(name, sizeof name, "%s-xts", o->cipher);
    kc_status st = kc_xts_new(&x, name, o->backend, key, key_len);
    if (st != KC_OK) { rc = fail_status(st, name); goto done; }
    if (o->hex) { rc = hex_data(o->hex, &data, &len); cap = len; }
    else rc = read_all(&data, &len, &cap);
    if (rc) goto done;
    if (!(out = malloc(len ? len : 1))) { rc = out_of_memory("xts"); goto done; }
    st = (encrypt ? kc_xts_encrypt : kc_xts_decrypt)(x, iv, out, data, len);
    if (st != KC_OK) { rc = fail_status(st, encrypt ? "encrypt" : "decrypt"); goto done; }
    if (o->hex) print_hex(out, len);
    else rc = write_out(out, len);
done:
    kc_xts_free(x);
    free_wiped(out, len);
    free_wiped(data, cap);
    free_wiped(iv, iv_len);
    return rc;
}

static int block_cipher(const options *o, int encrypt, const uint8_t *key, size_t key_len)
{
    if (o->mode && !strcmp(o->mode, "xts")) return xts(o, encrypt, key, key_len);
    kc_mode mode = KC_MODE_ECB;
    if (o->mode && kc_mode_from_name(o->mode, &mode) != KC_OK)
        return fail(EXIT_USAGE, "--mode", "expected ecb, cbc, ctr, cfb, ofb, xts, gcm or ccm");
    if (mode == KC_MODE_ECB && o->iv) return fail(EXIT_USAGE, "--iv", "does not apply to ECB");
    if (mode != KC_MODE_ECB && mode != KC_MODE_CBC && o->pad)
        return fail(EXIT_USAGE, "--pad", "does not apply to CTR, CFB and OFB");
    if (mode != KC_MODE_ECB && !o->iv) return fail(EXIT_USAGE, "--iv", "required for cbc, ctr, cfb and ofb");
    uint8_t *iv = NULL, *data = NULL, *out = NULL;
    size_t iv_len = 0, len = 0, cap = 0, out_len = 0;
    unsigned flags = o->pad ? KC_PAD_PKCS7 : 0;
    kc_cipher *c = NULL;
    kc_stream *s = NULL;
    int rc;
    if (o->iv && (rc = hex_decode(o->iv, &iv, &iv_len, "--iv"))) return rc;
    kc_status st = kc_cipher_new(&c, o->cipher, o->backend, key, key_len);
    if (st != KC_OK) { rc = fail_status(st, o->cipher); goto done; }

    if (o->hex) {
        if ((rc = hex_data(o->hex, &data, &len))) goto done;
        cap = len + kc_cipher_block_size(c);
        if (!(out = malloc(cap))) { rc = out_of_memory("--hex"); goto done; }
        st = (encrypt ? kc_mode_encrypt : kc_mode_decrypt)(c, mode, flags, iv, iv_len, out, cap,
                                                          &out_len, data, len);
        if (st != KC_OK) { rc = fail_status(st, encrypt ? "encrypt" : "decrypt"); goto done; }
        print_hex(out, out_len);
        rc = 0;
        goto done;
    }
    st = kc_stream_new(&s, c, mode, flags, encrypt, iv, iv_len);
    if (st != KC_OK) { rc = fail_status(st, "mode"); goto done; }
    len = CHUNK;
    cap = CHUNK + SLACK;
    data = malloc(len);
    out = malloc(cap);
    if (!data || !out) { rc = out_of_memory("stream"); goto done; }
    size_t got;
    rc = 0;
    while (!rc && (got = fread(data, 1, CHUNK, stdin)) > 0) {
        st = kc_stream_update(s, out, cap, &out_len, data, got);
        rc = st != KC_OK ? fail_status(st, "stream") : write_out(out, out_len);
    }
    if (!rc && ferror(stdin)) rc = read_error();
    if (!rc) {
        st = kc_stream_final(s, out, cap, &out_len);
        rc = st != KC_OK ? fail_status(st, encrypt ? "encrypt" : "decrypt") : write_out(out, out_len);
    }
done:
    kc_stream_free(s);
    kc_cipher_free(c);
    free_wiped(out, cap);
    free_wiped(data, len);
    free_wiped(iv, iv_len);
    return rc;
}

/* name: the AEAD ("tinyjambu-128", "aria-128-gcm"). */
static int aead(const options *o, const char *name, int encrypt, const uint8_t *key, size_t key_len)
{
    uint8_t *nonce = NULL, *ad = NULL, *data = NULL, *out = NULL;
    size_t nonce_len = 0, ad_len = 0, len = 0, data_cap = 0, cap = 0, out_len = 0;
    unsigned long tag_len = 0;
    kc_aead *a = NULL;
    int rc;
    if (!o->nonce) return fail(EXIT_USAGE, "--nonce", "required for AEAD");
    if (o->tag_len && (rc = parse_uint(o->tag_len, 1, 64, &tag_len, "--tag-len"))) return rc;
    if ((rc = hex_decode(o->nonce, &nonce, &nonce_len, "--nonce"))) goto done;
    if (o->ad && (rc = hex_decode(o->ad, &ad, &ad_len, "--ad"))) goto done;
    kc_status st = kc_aead_new(&a, name, o->backend, key, key_len);
    if (st == KC_OK && tag_len) st = kc_aead_set_tag_size(a, tag_len);
    if (st != KC_OK) { rc = fail_status(st, tag_len && a ? "--tag-len" : name); goto done; }
    if (o->hex) { rc = hex_data(o->hex, &data, &len); data_cap = len; }
    else rc = read_all(&data, &len, &data_cap);
    if (rc) goto done;
    cap = len + kc_aead_tag_size(a);
    if (!(out = malloc(cap))) { rc = out_of_memory(encrypt ? "encrypt" : "decrypt"); goto done; }
    st = (encrypt ? kc_aead_encrypt : kc_aead_decrypt)(a, out, cap, &out_len, nonce, nonce_len,
                                                       ad, ad_len, data, len);
    if (st != KC_OK) { rc = fail_status(st, encrypt ? "encrypt" : "decrypt"); goto done; }
    if (o->hex) print_hex(out, out_len);
    else rc = write_out(out, out_len);
done:
    kc_aead_free(a);
    free_wiped(out, cap);
    free_wiped(data, data_cap);
    free_wiped(ad, ad_len);
    free_wiped(nonce, nonce_len);
    return rc;
}

/* One FEA block given as a hex integer; prints ceil(n/4) hex digits.  A value
 * that is not hex or does not fit in n bits is a data error (exit 1). */
static int fea_one(const kc_fea *f, int encrypt, const char *hex, const uint8_t *tweak, size_t tlen,
                   const char *what)
{
    unsigned n = kc_fea_bits(f);
    uint8_t in[16], out[16];
    size_t bs = kc_fea_block_size(f);
    int rc = hex_integer(hex, in, bs, n, EXIT_CRYPTO, what);
    kc_status st = KC_OK;
    if (!rc) st = (encrypt ? kc_fea_encrypt : kc_fea_decrypt)(f, out, in, 1, tweak, tlen);
    if (!rc && st != KC_OK) rc = fail_status(st, what);
    if (!rc) {
        char digits[33];
        for (size_t i = 0; i < bs; i++) snprintf(digits + 2 * i, 3, "%02x", out[i]);
        printf("%s\n", digits + (2 * bs - (n + 3) / 4));
        kc_wipe(digits, sizeof digits);
    }
    kc_wipe(in, sizeof in);
    kc_wipe(out, sizeof out);
    return rc;
}

/* One hex integer per line of stdin, one output line each (see the README). */
static int fea_lines(const kc_fea *f, int encrypt, const uint8_t *tweak, size_t tlen)
{
    char *line = NULL, what[40];
    size_t cap = 0;
    int rc = 0, nul;
    for (unsigned long no = 1; !rc && read_line(&line, &cap, &nul) >= 0; no++) {
        snprintf(what, sizeof what, "line %lu", no);
        if (nul) rc = fail(EXIT_CRYPTO, what, "contains a NUL byte");
        else rc = fea_one(f, encrypt, line, tweak, tlen, what);
        if (!rc && ferror(stdout)) rc = fail(EXIT_CRYPTO, "writing output", strerror(errno));
    }
    if (!rc && ferror(stdin)) rc = read_error();
    if (line) free_wiped(line, cap);
    return rc;
}

static int fea(const options *o, int encrypt, const uint8_t *key, size_t key_len)
{
    unsigned long n;
    int rc;
    if (!o->bits) return fail(EXIT_USAGE, "--bits", "required for FEA (block length 8..128)");
    if ((rc = parse_uint(o->bits, 8, 128, &n, "--bits"))) return rc;
    kc_fea *f = NULL;
    kc_status st = kc_fea_new(&f, o->cipher, o->backend, key, key_len, (unsigned)n);
    if (st != KC_OK) return fail_status(st, o->cipher);
    uint8_t tweak[16];
    size_t tlen = kc_fea_tweak_size(f);
    unsigned tbits = strcmp(kc_cipher_find(o->cipher)->family, "fea1") == 0 ? 128 - (unsigned)n : 128;
    if (o->tweak && tlen == 0) rc = fail(EXIT_USAGE, "--tweak", "FEA-1 with 128-bit blocks takes no tweak");
    else if (o->tweak) rc = hex_integer(o->tweak, tweak, tlen, tbits, EXIT_USAGE, "--tweak");
    if (!o->tweak) tlen = 0;
    if (!rc) rc = o->hex ? fea_one(f, encrypt, o->hex, tweak, tlen, "--hex") : fea_lines(f, encrypt, tweak, tlen);
    kc_fea_free(f);
    return rc;
}

int cmd_crypt(const options *o, int encrypt)
{
    if (!o->cipher) return fail(EXIT_USAGE, "--cipher", "required (see `kcipher list`)");
    const kc_cipher_info *info = kc_cipher_find(o->cipher);
    if (!info) return fail(EXIT_USAGE, o->cipher, kc_strerror(KC_ERR_UNKNOWN_CIPHER));
    static const char *const kinds[] = { "", "block ciphers", "AEAD ciphers", "FEA blocks" };
    static const unsigned where[] = { 0, FOR_BLOCK, FOR_AEAD, FOR_FEA };
    /* A block cipher in GCM or CCM is an AEAD named "<cipher>-<mode>". */
    int aead_mode = info->kind == KC_KIND_BLOCK && o->mode && (!strcmp(o->mode, "gcm") || !strcmp(o->mode, "ccm"));
    char aead_name[64];
    snprintf(aead_name, sizeof aead_name, "%s-%s", o->cipher, aead_mode ? o->mode : "");
    int rc = aead_mode ? check_options(o, FOR_AEAD_MODE, "GCM and CCM")
                       : check_options(o, where[info->kind], kinds[info->kind]);
    if (!rc && !o->hex) rc = check_same_file();
    uint8_t *key = NULL;
    size_t key_len = 0;
    if (!rc) rc = load_key(o, &key, &key_len);
    if (rc) return rc;
    switch (info->kind) {
    case KC_KIND_BLOCK:
        rc = aead_mode ? aead(o, aead_name, encrypt, key, key_len) : block_cipher(o, encrypt, key, key_len);
        break;
    case KC_KIND_AEAD:  rc = aead(o, o->cipher, encrypt, key, key_len); break;
    case KC_KIND_FEA:   rc = fea(o, encrypt, key, key_len); break;
    }
    free_wiped(key, key_len);
    return rc;
}
