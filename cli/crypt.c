/* SPDX-License-Identifier: MIT */
/* kcipher encrypt|decrypt: block ciphers in ECB/CBC/CTR, TinyJAMBU AEAD, FEA blocks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"

#define CHUNK (1 << 20)   /* large enough to split across threads; memory stays constant */

/* Reads all of stdin (AEAD needs the whole message before releasing anything). */
static int read_all(uint8_t **out, size_t *len)
{
    size_t cap = CHUNK, n = 0, got;
    uint8_t *p = malloc(cap);
    while (p && (got = fread(p + n, 1, cap - n, stdin)) > 0) {
        n += got;
        if (n == cap) {
            uint8_t *q = realloc(p, cap *= 2);
            if (!q) { free(p); p = NULL; }
            p = q;
        }
    }
    if (!p) return fail(EXIT_CRYPTO, "reading input", "out of memory");
    if (ferror(stdin)) { free(p); return fail(EXIT_CRYPTO, "reading input", "read error"); }
    *out = p;
    *len = n;
    return 0;
}

static int write_out(const uint8_t *p, size_t n)
{
    if (n && fwrite(p, 1, n, stdout) != n) return fail(EXIT_CRYPTO, "writing output", "write error");
    return 0;
}

static int block_cipher(const options *o, int encrypt, const uint8_t *key, size_t key_len)
{
    kc_mode mode = KC_MODE_ECB;
    if (o->mode && kc_mode_from_name(o->mode, &mode) != KC_OK)
        return fail(EXIT_USAGE, "--mode", "expected ecb, cbc or ctr");
    uint8_t *iv = NULL, *data = NULL, *out = NULL;
    size_t iv_len = 0, len = 0, out_len = 0;
    unsigned flags = o->pad ? KC_PAD_PKCS7 : 0;
    kc_cipher *c = NULL;
    kc_stream *s = NULL;
    int rc;
    if (o->iv && (rc = hex_decode(o->iv, &iv, &iv_len, "--iv"))) return rc;
    kc_status st = kc_cipher_new(&c, o->cipher, o->backend, key, key_len);
    if (st != KC_OK) { rc = fail_status(st, o->cipher); goto done; }
    if (mode != KC_MODE_ECB && !o->iv) { rc = fail(EXIT_USAGE, "--iv", "required for cbc and ctr"); goto done; }

    if (o->hex) {
        if ((rc = hex_decode(o->hex, &data, &len, "--hex"))) goto done;
        size_t cap = len + kc_cipher_block_size(c);
        out = malloc(cap);
        st = (encrypt ? kc_mode_encrypt : kc_mode_decrypt)(c, mode, flags, iv, iv_len, out, cap,
                                                          &out_len, data, len);
        if (st != KC_OK) { rc = fail_status(st, encrypt ? "encrypt" : "decrypt"); goto done; }
        print_hex(out, out_len);
        rc = 0;
        goto done;
    }
    st = kc_stream_new(&s, c, mode, flags, encrypt, iv, iv_len);
    if (st != KC_OK) { rc = fail_status(st, "mode"); goto done; }
    data = malloc(CHUNK);
    out = malloc(CHUNK + 32);
    size_t got;
    rc = 0;
    while (!rc && (got = fread(data, 1, CHUNK, stdin)) > 0) {
        st = kc_stream_update(s, out, CHUNK + 32, &out_len, data, got);
        rc = st != KC_OK ? fail_status(st, "stream") : write_out(out, out_len);
    }
    if (!rc && ferror(stdin)) rc = fail(EXIT_CRYPTO, "reading input", "read error");
    if (!rc) {
        st = kc_stream_final(s, out, CHUNK + 32, &out_len);
        rc = st != KC_OK ? fail_status(st, encrypt ? "encrypt" : "decrypt") : write_out(out, out_len);
    }
done:
    kc_stream_free(s);
    kc_cipher_free(c);
    if (out) kc_wipe(out, out_len);
    free(out); free(data); free(iv);
    return rc;
}

static int aead(const options *o, int encrypt, const uint8_t *key, size_t key_len)
{
    uint8_t *nonce = NULL, *ad = NULL, *data = NULL, *out = NULL;
    size_t nonce_len = 0, ad_len = 0, len = 0, out_len = 0;
    kc_aead *a = NULL;
    int rc;
    if (o->mode || o->iv || o->pad) return fail(EXIT_USAGE, o->cipher, "AEAD takes --nonce and --ad, not --mode/--iv/--pad");
    if (!o->nonce) return fail(EXIT_USAGE, "--nonce", "required for AEAD");
    if ((rc = hex_decode(o->nonce, &nonce, &nonce_len, "--nonce"))) goto done;
    if (o->ad && (rc = hex_decode(o->ad, &ad, &ad_len, "--ad"))) goto done;
    kc_status st = kc_aead_new(&a, o->cipher, o->backend, key, key_len);
    if (st != KC_OK) { rc = fail_status(st, o->cipher); goto done; }
    rc = o->hex ? hex_decode(o->hex, &data, &len, "--hex") : read_all(&data, &len);
    if (rc) goto done;
    size_t cap = len + kc_aead_tag_size(a);
    out = malloc(cap);
    st = (encrypt ? kc_aead_encrypt : kc_aead_decrypt)(a, out, cap, &out_len, nonce, nonce_len,
                                                       ad, ad_len, data, len);
    if (st != KC_OK) { rc = fail_status(st, encrypt ? "encrypt" : "decrypt"); goto done; }
    if (o->hex) print_hex(out, out_len);
    else rc = write_out(out, out_len);
done:
    kc_aead_free(a);
    if (out) kc_wipe(out, out_len);
    free(out); free(data); free(ad); free(nonce);
    return rc;
}

/* One FEA block given as a hex integer; prints ceil(n/4) hex digits. */
static int fea_one(const kc_fea *f, int encrypt, const char *hex, const uint8_t *tweak, size_t tlen)
{
    unsigned n = kc_fea_bits(f);
    uint8_t in[16], out[16];
    size_t bs = kc_fea_block_size(f);
    int rc = hex_integer(hex, in, bs, n, "block");
    if (rc) return rc;
    kc_status st = (encrypt ? kc_fea_encrypt : kc_fea_decrypt)(f, out, in, 1, tweak, tlen);
    if (st != KC_OK) return fail_status(st, encrypt ? "encrypt" : "decrypt");
    char digits[33];
    for (size_t i = 0; i < bs; i++) snprintf(digits + 2 * i, 3, "%02x", out[i]);
    printf("%s\n", digits + (2 * bs - (n + 3) / 4));
    return 0;
}

static int fea(const options *o, int encrypt, const uint8_t *key, size_t key_len)
{
    unsigned long n;
    int rc;
    if (o->mode || o->iv || o->pad || o->nonce) return fail(EXIT_USAGE, o->cipher, "FEA takes --bits and --tweak, not --mode/--iv/--pad/--nonce");
    if (!o->bits) return fail(EXIT_USAGE, "--bits", "required for FEA (block length 8..128)");
    if ((rc = parse_uint(o->bits, 8, 128, &n, "--bits"))) return rc;
    kc_fea *f = NULL;
    kc_status st = kc_fea_new(&f, o->cipher, o->backend, key, key_len, (unsigned)n);
    if (st != KC_OK) return fail_status(st, o->cipher);
    uint8_t tweak[16];
    size_t tlen = kc_fea_tweak_size(f);
    unsigned tbits = strcmp(kc_cipher_find(o->cipher)->family, "fea1") == 0 ? 128 - (unsigned)n : 128;
    if (o->tweak && tlen == 0) rc = fail(EXIT_USAGE, "--tweak", "FEA-1 with 128-bit blocks takes no tweak");
    else if (o->tweak) rc = hex_integer(o->tweak, tweak, tlen, tbits, "--tweak");
    if (!o->tweak) tlen = 0;
    if (!rc && o->hex) rc = fea_one(f, encrypt, o->hex, tweak, tlen);
    else if (!rc) {                         /* one hex integer per line of stdin */
        char line[256];
        while (!rc && fgets(line, sizeof line, stdin)) {
            line[strcspn(line, " \t\r\n")] = 0;
            if (*line) rc = fea_one(f, encrypt, line, tweak, tlen);
        }
    }
    kc_fea_free(f);
    return rc;
}

int cmd_crypt(const options *o, int encrypt)
{
    if (!o->cipher) return fail(EXIT_USAGE, "--cipher", "required (see `kcipher list`)");
    if (!o->key) return fail(EXIT_USAGE, "--key", "required (hex)");
    if (o->npositional) return fail(EXIT_USAGE, "unexpected argument", o->positional[0]);
    const kc_cipher_info *info = kc_cipher_find(o->cipher);
    if (!info) return fail(EXIT_USAGE, o->cipher, kc_strerror(KC_ERR_UNKNOWN_CIPHER));
    uint8_t *key;
    size_t key_len;
    int rc = hex_decode(o->key, &key, &key_len, "--key");
    if (rc) return rc;
    switch (info->kind) {
    case KC_KIND_BLOCK: rc = block_cipher(o, encrypt, key, key_len); break;
    case KC_KIND_AEAD:  rc = aead(o, encrypt, key, key_len); break;
    case KC_KIND_FEA:   rc = fea(o, encrypt, key, key_len); break;
    }
    kc_wipe(key, key_len);
    free(key);
    return rc;
}
