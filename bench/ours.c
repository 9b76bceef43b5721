/* SPDX-License-Identifier: MIT */
/* Our ciphers, every backend the registry lists: key schedule and single
 * blocks straight through the backend descriptor (what the papers time), the
 * modes, AEAD and FEA through the public API (what users get), and the
 * papers' own scenarios. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kcipher.h"
#include "core/registry.h"
#include "ghash/ghash.h"
#include "tinyjambu/tinyjambu_common.h"
#include "bench_int.h"

/* Everything one timed operation needs. */
typedef struct op {
    const kc_block_backend *bb;
    const kc_aead_backend *ab;
    const kc_fea_backend *fb;
    void *ctx;
    size_t ctx_size;
    const kc_cipher *c;
    const kc_aead *a;
    const kc_fea *f;
    const kc_mac *m;
    kc_mac_msg *msgs;
    kc_mode mode;
    const uint8_t *key, *iv, *in, *nonce, *tweak;
    size_t key_len, block, iv_len, len, messages, tweak_len;
    uint8_t *out;
    int variant;
    unsigned bits, steps;
    tj_key tk;
    uint32_t state[4];
} op;

static const uint8_t KEY[32] = {
    0x0f, 0x1e, 0x2d, 0x3c, 0x4b, 0x5a, 0x69, 0x78, 0x87, 0x96, 0xa5, 0xb4, 0xc3, 0xd2, 0xe1, 0xf0,
    0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10
};
static const uint8_t IV[32] = {
    0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff,
    0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff
};

/* ---- the timed operations ---- */

static void block_setkey(void *arg)
{
    op *o = arg;
    memset(o->ctx, 0, o->ctx_size);          /* the contract: zeroed before set_key */
    o->bb->set_key(o->ctx, o->key, o->key_len, o->block);
}
static void block_enc1(void *arg) { op *o = arg; o->bb->encrypt(o->ctx, o->out, o->in, 1); }
static void block_dec1(void *arg) { op *o = arg; o->bb->decrypt(o->ctx, o->out, o->in, 1); }

static void mode_enc(void *arg)
{
    op *o = arg;
    size_t out_len;
    kc_mode_encrypt(o->c, o->mode, 0, o->iv, o->iv_len, o->out, o->len, &out_len, o->in, o->len);
}

/* [RC6-RIJ]'s program: per message, makeKey then ECB or CBC over its blocks. */
static void paper_messages(void *arg)
{
    op *o = arg;
    size_t per = o->len / o->messages;
    for (size_t m = 0; m < o->messages; m++) {
        const uint8_t *in = o->in + m * per;
        uint8_t *out = o->out + m * per;
        memset(o->ctx, 0, o->ctx_size);
        o->bb->set_key(o->ctx, o->key, o->key_len, o->block);
        if (o->mode == KC_MODE_ECB) {
            o->bb->encrypt(o->ctx, out, in, per / o->block);
            continue;
        }
        const uint8_t *chain = o->iv;
        for (size_t i = 0; i < per; i += o->block) {
            uint8_t x[32];
            for (size_t j = 0; j < o->block; j++) x[j] = in[i + j] ^ chain[j];
            o->bb->encrypt(o->ctx, out + i, x, 1);
            chain = out + i;
        }
    }
}

/* [PIPO-ARM] Fig. 7: one key schedule, then `messages` calls on 16 blocks each. */
static void rekey_period(void *arg)
{
    op *o = arg;
    memset(o->ctx, 0, o->ctx_size);
    o->bb->set_key(o->ctx, o->key, o->key_len, o->block);
    for (size_t m = 0; m < o->messages; m++) o->bb->encrypt(o->ctx, o->out, o->in, 16);
}

static void aead_setkey(void *arg)
{
    op *o = arg;
    memset(o->ctx, 0, o->ctx_size);
    o->ab->set_key(o->ctx, o->key, o->key_len);
}
static void aead_enc(void *arg)
{
    op *o = arg;
    size_t out_len;
    kc_aead_encrypt(o->a, o->out, o->len + 64, &out_len, o->nonce, 12, NULL, 0, o->in, o->len);
}
static void aead_dec(void *arg)      /* in is a valid ciphertext || tag of len bytes */
{
    op *o = arg;
    size_t out_len;
    kc_aead_decrypt(o->a, o->out, o->len, &out_len, o->nonce, 12, NULL, 0, o->in, o->len);
}
/* CMAC of one message, and of `messages` messages at once (lanes across messages). */
static void mac_one(void *arg)
{
    op *o = arg;
    uint8_t tag[32];
    kc_mac_compute(o->m, tag, kc_mac_tag_size(o->m), NULL, 0, o->in, o->len);
}
static void mac_batch(void *arg) { op *o = arg; kc_mac_compute_batch(o->m, o->msgs, o->messages); }

static void tj_perm(void *arg) { op *o = arg; tj_permute(o->state, &o->tk, o->steps); }

static void fea_setkey(void *arg)
{
    op *o = arg;
    memset(o->ctx, 0, o->ctx_size);
    o->fb->set_key(o->ctx, o->variant, o->key, o->key_len, o->bits);
}
static void fea_enc(void *arg) { op *o = arg; kc_fea_encrypt(o->f, o->out, o->in, o->messages, o->tweak, o->tweak_len); }
static void fea_dec(void *arg) { op *o = arg; kc_fea_decrypt(o->f, o->out, o->in, 1, o->tweak, o->tweak_len); }

/* ---- helpers ---- */

static void *ctx_alloc(size_t size)
{
    size_t n = (size + 63) / 64 * 64;
    return aligned_alloc(64, n ? n : 64);
}

static int usable(bench_run *r, const char *cipher, size_t i, kc_backend_info *bi)
{
    if (kc_backend_at(cipher, i, bi) != KC_OK || !bench_want_impl(r, bi->name)) return 0;
    if (!bi->available) {
        bench_note(r, "%s/%s skipped: this CPU lacks %s", cipher, bi->name, bi->cpu_features);
        return 0;
    }
    return 1;
}

bench_point bench_our_point(const kc_cipher_entry *e, const kc_backend_info *bi, const char *op_name,
                            const char *mode, const char *scenario, size_t len)
{
    bench_point p;
    memset(&p, 0, sizeof p);
    p.library = "kcipher";
    p.primitive = e->info.name;
    p.family = e->info.family;
    p.impl = bi ? bi->name : "";
    p.isa = bi ? bi->cpu_features : "";
    p.constant_time = bi ? bi->constant_time : -1;
    p.is_default = bi ? bi->is_default : 0;
    p.op = op_name;
    p.mode = mode;
    p.scenario = scenario;
    p.msg_len = len;
    p.messages = 1;
    p.verified = -1;
    return p;
}

/* The ciphers of [RC6-RIJ]: RC6, and Rijndael with Nb = 4, 6, 8 (128-, 192-, 256-bit blocks). */
static int is_rc6_rij_cipher(const char *name)
{
    return strcmp(name, "rc6-128") == 0 || strcmp(name, "rijndael-128-128") == 0
        || strcmp(name, "rijndael-192-128") == 0 || strcmp(name, "rijndael-256-128") == 0;
}

/* [RC6-RIJ] Fig. 10 with the paper's scalar C (RC6 `ref`, Rijndael `table`):
 * ECB over 1 MiB split across 1, 2 and 4 threads (kc_mode_encrypt_mt). */
#define PAPER_MT_LEN ((size_t)1 << 20)
typedef struct paper_mt { kc_cipher *c; uint8_t *in, *out; } paper_mt;
static void paper_mt_run(void *arg)
{
    paper_mt *m = arg;
    size_t n;
    kc_mode_encrypt_mt(m->c, KC_MODE_ECB, 0, NULL, 0, m->out, PAPER_MT_LEN, &n, m->in, PAPER_MT_LEN);
}

static void rc6_rij_fig10_threads(bench_run *r, const kc_cipher_entry *e, const kc_backend_info *bi)
{
    paper_mt m = { NULL, NULL, NULL };
    if (!bench_counting(r)) {
        m.in = calloc(1, PAPER_MT_LEN);
        m.out = malloc(PAPER_MT_LEN);
        if (!m.in || !m.out || kc_cipher_new(&m.c, e->info.name, bi->name, KEY, e->info.key_bytes) != KC_OK) {
            free(m.in); free(m.out);
            return;
        }
    }
    size_t len = PAPER_MT_LEN / e->info.block_bytes * e->info.block_bytes;
    double base = 0;
    for (unsigned t = 1; t <= 4; t *= 2) {
        bench_point p = bench_our_point(e, bi, "encrypt", "ecb", "threads", len);
        p.api = "kc_mode_encrypt_mt";
        p.threads = t;
        p.base_median = t > 1 ? base : 0;
        p.base = "threads=1";
        p.attempt = 1;
        if (!bench_counting(r)) kc_set_threads(t);
        if (bench_point_run(r, &p, paper_mt_run, &m) && t == 1) base = r->last_median;
    }
    if (!bench_counting(r)) kc_set_threads(0);
    kc_cipher_free(m.c);
    free(m.in);
    free(m.out);
}

/* [RC6-RIJ] Figs. 7-8: key schedule per message, then ECB or CBC over one
 * message of 1..1024 blocks (Fig. 7) and over 1..128 one-block messages (Fig. 8). */
static void rc6_rij_figs7_8(bench_run *r, const kc_cipher_entry *e, const kc_backend_info *bi, op *o)
{
    static const char *const mnames[] = { "ecb", "cbc" };
    size_t max_blocks = BENCH_MAX_LEN / o->block;
    for (int m = 0; m < 2; m++) {
        o->mode = m ? KC_MODE_CBC : KC_MODE_ECB;
        for (size_t blocks = 1; blocks <= 1024 && blocks <= max_blocks; blocks *= bench_quick(r) ? 4 : 2) {
            bench_point p = bench_our_point(e, bi, "keysetup+encrypt", mnames[m], "msgsize", blocks * o->block);
            o->len = blocks * o->block;
            o->messages = 1;
            bench_point_run(r, &p, paper_messages, o);
        }
        for (size_t msgs = 1; msgs <= 128; msgs *= bench_quick(r) ? 4 : 2) {
            bench_point p = bench_our_point(e, bi, "keysetup+encrypt", mnames[m], "messages", o->block);
            p.messages = msgs;
            o->len = msgs * o->block;
            o->messages = msgs;
            bench_point_run(r, &p, paper_messages, o);
        }
    }
    if (strcmp(bi->name, strncmp(e->info.name, "rc6", 3) == 0 ? "ref" : "table") == 0) rc6_rij_fig10_threads(r, e, bi);
}

/* [PIPO-ARM] Fig. 7: a key schedule every N calls of 16 blocks (the key-update period). */
static void pipo_arm_fig7_rekey(bench_run *r, const kc_cipher_entry *e, const kc_backend_info *bi, op *o)
{
    static const size_t periods[] = { 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 24, 32 };
    for (size_t i = 0; i < sizeof periods / sizeof periods[0]; i++) {
        if (bench_quick(r) && periods[i] > 4 && periods[i] != 8 && periods[i] != 32) continue;
        bench_point p = bench_our_point(e, bi, "keysetup+encrypt", "ecb", "rekey_period", 16 * o->block);
        p.messages = o->messages = periods[i];
        bench_point_run(r, &p, rekey_period, o);
    }
}

#define MODES_LEN 16384     /* the CMAC/CFB/OFB points: 16 KiB, beside CBC's bulk point of that size */
#define MAC_BATCH 16        /* kc_mac_compute_batch: 16 messages of 4 KiB */

/* CFB and OFB encryption and CMAC of one 16 KiB message (CMAC makes the
 * block-cipher calls of CBC encryption, so the two should cost the same),
 * and CMAC of 16 x 4 KiB through the batch. */
static void feedback_and_mac(bench_run *r, const kc_cipher_entry *e, const kc_backend_info *bi, op *o)
{
    static const char *const names[] = { "cfb", "ofb" };
    for (int m = 0; m < 2; m++) {
        o->mode = m ? KC_MODE_OFB : KC_MODE_CFB;
        o->iv_len = o->block;
        o->len = MODES_LEN;
        bench_point p = bench_our_point(e, bi, "encrypt", names[m], "modes", MODES_LEN);
        bench_point_run(r, &p, mode_enc, o);
    }
    if (o->block != 8 && o->block != 16) return;   /* CMAC: 64- and 128-bit blocks */
    char name[48];
    snprintf(name, sizeof name, "%s-cmac", e->info.name);
    kc_mac *mac = NULL;
    kc_status st = kc_mac_new(&mac, name, bi->name, KEY, o->key_len);
    if (st != KC_OK) {
        bench_note(r, "%s/%s: CMAC skipped: %s", name, bi->name, kc_strerror(st));
        return;
    }
    static uint8_t tags[MAC_BATCH][32];
    kc_mac_msg msgs[MAC_BATCH];
    for (size_t i = 0; i < MAC_BATCH; i++)
        msgs[i] = (kc_mac_msg){ .in = o->in + i % (BENCH_MAX_LEN / 4096) * 4096, .in_len = 4096, /* the 16 KiB input, reused */
                                .tag = tags[i], .tag_len = o->block };
    o->m = mac;
    o->msgs = msgs;
    o->len = MODES_LEN;
    bench_point p = bench_our_point(e, bi, "mac", "cmac", "modes", MODES_LEN);
    bench_point_run(r, &p, mac_one, o);
    p = bench_our_point(e, bi, "mac", "cmac", "batch", 4096);
    p.messages = o->messages = MAC_BATCH;
    bench_point_run(r, &p, mac_batch, o);
    o->m = NULL;
    o->msgs = NULL;
    kc_mac_free(mac);
}

/* ---- per kind ---- */

static void block_cipher(bench_run *r, const kc_cipher_entry *e)
{
    static const char *const mnames[] = { "ecb", "cbc", "ctr" };
    const char *name = e->info.name;
    kc_backend_info bi;
    for (size_t i = 0; i < kc_backend_count(name); i++) {
        if (!usable(r, name, i, &bi)) continue;
        op o;
        memset(&o, 0, sizeof o);
        o.bb = (const kc_block_backend *)kc_family_backend(e->family, i);
        o.ctx_size = o.bb->head.ctx_size;
        o.ctx = ctx_alloc(o.ctx_size);
        o.key = KEY;
        o.key_len = e->info.key_bytes;
        o.block = e->info.block_bytes;
        o.iv = IV;
        o.iv_len = o.block;
        o.in = bench_buf(r, 0);
        o.out = bench_buf(r, 1);
        block_setkey(&o);

        bench_point p = bench_our_point(e, &bi, "keysetup", "", "primitive", 0);
        bench_point_run(r, &p, block_setkey, &o);
        block_setkey(&o);
        p = bench_our_point(e, &bi, "encrypt_block", "", "primitive", o.block);
        bench_point_run(r, &p, block_enc1, &o);
        p = bench_our_point(e, &bi, "decrypt_block", "", "primitive", o.block);
        bench_point_run(r, &p, block_dec1, &o);

        kc_cipher *c = NULL;
        kc_status st = kc_cipher_new(&c, name, bi.name, KEY, o.key_len);
        if (st != KC_OK) {
            bench_note(r, "%s/%s: modes skipped: %s", name, bi.name, kc_strerror(st));
        } else {
            o.c = c;
            for (size_t s = 0; s < bench_nsizes; s++) {
                op ecb = o, cbc = o, ctr = o;   /* CTR and ECB sampled alternately: their ratio is a target */
                ecb.mode = KC_MODE_ECB, ecb.iv_len = 0, ecb.len = bench_sizes[s] / o.block * o.block;
                cbc.mode = KC_MODE_CBC, cbc.iv_len = o.block, cbc.len = ecb.len;
                ctr.mode = KC_MODE_CTR, ctr.iv_len = o.block, ctr.len = bench_sizes[s];
                bench_point pc = bench_our_point(e, &bi, "encrypt", mnames[KC_MODE_CTR], "bulk", ctr.len);
                if (!ecb.len) {
                    bench_point_run(r, &pc, mode_enc, &ctr);
                    continue;
                }
                p = bench_our_point(e, &bi, "encrypt", mnames[KC_MODE_ECB], "bulk", ecb.len);
                bench_point_run_pair(r, &p, mode_enc, &ecb, &pc, mode_enc, &ctr);
                p = bench_our_point(e, &bi, "encrypt", mnames[KC_MODE_CBC], "bulk", cbc.len);
                bench_point_run(r, &p, mode_enc, &cbc);
            }
            feedback_and_mac(r, e, &bi, &o);
            kc_cipher_free(c);
        }
        if (is_rc6_rij_cipher(name)) rc6_rij_figs7_8(r, e, &bi, &o);
        if (strncmp(name, "pipo-", 5) == 0) pipo_arm_fig7_rekey(r, e, &bi, &o);
        kc_wipe(o.ctx, o.ctx_size);
        free(o.ctx);
    }
}

static void aead(bench_run *r, const kc_cipher_entry *e)
{
    const char *name = e->info.name;
    kc_backend_info bi;
    op o;
    memset(&o, 0, sizeof o);
    o.key = KEY;
    o.key_len = e->info.key_bytes;
    o.nonce = IV;
    o.in = bench_buf(r, 0);
    o.out = bench_buf(r, 1);

    /* The keyed permutation itself ([TJ-AVR] Fig. 6), from the shared header. */
    if (bench_want_impl(r, "shared")) {
        tj_load_key(&o.tk, KEY, o.key_len);
        unsigned steps[2] = { TJ_SMALL_STEPS, o.tk.big_steps };
        for (int k = 0; k < 2; k++) {
            bench_point p = bench_our_point(e, NULL, "permutation", "", "paper", 0);
            p.impl = "shared";
            p.constant_time = 1;
            p.steps = o.steps = steps[k];
            bench_point_run(r, &p, tj_perm, &o);
        }
        kc_wipe(&o.tk, sizeof o.tk);
    }
    for (size_t i = 0; i < kc_backend_count(name); i++) {
        if (!usable(r, name, i, &bi)) continue;
        o.ab = (const kc_aead_backend *)kc_family_backend(e->family, i);
        o.ctx_size = o.ab->head.ctx_size;
        o.ctx = ctx_alloc(o.ctx_size);
        bench_point p = bench_our_point(e, &bi, "keysetup", "", "primitive", 0);
        bench_point_run(r, &p, aead_setkey, &o);
        kc_wipe(o.ctx, o.ctx_size);
        free(o.ctx);

        kc_aead *a = NULL;
        kc_status st = kc_aead_new(&a, name, bi.name, KEY, o.key_len);
        if (st != KC_OK) {
            bench_note(r, "%s/%s skipped: %s", name, bi.name, kc_strerror(st));
            continue;
        }
        o.a = a;
        /* The paper's message: 8 bytes, no associated data, both directions. */
        o.len = 8;
        p = bench_our_point(e, &bi, "encrypt", "aead", "paper", 8);
        bench_point_run(r, &p, aead_enc, &o);
        size_t ct_len = 0;
        uint8_t *ct = bench_buf(r, 2);
        kc_aead_encrypt(a, ct, BENCH_MAX_LEN, &ct_len, IV, 12, NULL, 0, o.in, 8);
        o.in = ct;
        o.len = ct_len;
        p = bench_our_point(e, &bi, "decrypt", "aead", "paper", 8);
        bench_point_run(r, &p, aead_dec, &o);
        o.in = bench_buf(r, 0);
        for (size_t s = 0; s < bench_nsizes; s++) {
            o.len = bench_sizes[s];
            p = bench_our_point(e, &bi, "encrypt", "aead", "bulk", o.len);
            bench_point_run(r, &p, aead_enc, &o);
        }
        kc_aead_free(a);
    }
}

#define FEA_BATCH 64

/* [FEA-OPT]'s "10^7 encryptions in about 3 s" with AVX2 and threads: FEA-1-128
 * on 63-bit blocks (the paper's length: radix 2, 63 digits, so no cycle
 * walking) through kc_fpe_encrypt_batch, which spreads the values over the
 * pool; one tweak.  The paper's own vector method (`-paper` backends) at 1, 2
 * and 4 threads. */
#define FEA_PAPER_VALUES 16384
typedef struct fea_mt { const kc_fpe *p; uint16_t *in, *out; uint8_t tweak[16]; size_t tweak_len; } fea_mt;
static void fea_mt_run(void *arg)
{
    fea_mt *m = arg;
    kc_fpe_encrypt_batch(m->p, m->out, m->in, FEA_PAPER_VALUES, m->tweak, m->tweak_len);
}

static void fea_paper_threads(bench_run *r, const kc_cipher_entry *e, const kc_backend_info *bi)
{
    fea_mt m;
    memset(&m, 0, sizeof m);
    kc_fpe *f = NULL;
    if (!bench_counting(r)) {
        m.in = malloc(FEA_PAPER_VALUES * 63 * sizeof(uint16_t));
        m.out = malloc(FEA_PAPER_VALUES * 63 * sizeof(uint16_t));
        if (!m.in || !m.out || kc_fpe_new(&f, e->info.name, bi->name, KEY, e->info.key_bytes, 2, 63, 0) != KC_OK) {
            free(m.in); free(m.out);
            return;
        }
        for (size_t i = 0; i < (size_t)FEA_PAPER_VALUES * 63; i++) m.in[i] = (uint16_t)((i * 7u + (i >> 5)) & 1u);
        m.p = f;
        m.tweak_len = kc_fpe_tweak_size(f);
        memcpy(m.tweak, IV, m.tweak_len);
        m.tweak[0] &= 0x01;   /* FEA-1, n = 63: a 65-bit tweak */
    }
    double base = 0;
    for (unsigned t = 1; t <= 4; t *= 2) {
        bench_point p = bench_our_point(e, bi, "encrypt", "fea", "threads", 63 * sizeof(uint16_t));
        p.bits = 63;
        p.messages = FEA_PAPER_VALUES;
        p.api = "kc_fpe_encrypt_batch";
        p.threads = t;
        p.base_median = t > 1 ? base : 0;
        p.base = "threads=1";
        p.attempt = 1;
        if (!bench_counting(r)) kc_set_threads(t);
        if (bench_point_run(r, &p, fea_mt_run, &m) && t == 1) base = r->last_median;
    }
    if (!bench_counting(r)) kc_set_threads(0);
    kc_fpe_free(f);
    free(m.in);
    free(m.out);
}

static void fea(bench_run *r, const kc_cipher_entry *e)
{
    /* 63: the paper's size; 64 and 54 (16 decimal digits): the performance targets */
    static const unsigned all_bits[] = { 63, 64, 54, 8, 128 };
    const char *name = e->info.name;
    kc_backend_info bi;
    for (size_t i = 0; i < kc_backend_count(name); i++) {
        if (!usable(r, name, i, &bi)) continue;
        for (size_t b = 0; b < (bench_quick(r) ? 1u : sizeof all_bits / sizeof all_bits[0]); b++) {
            unsigned bits = all_bits[b];
            const char *scen = bits == 63 ? "paper" : "primitive";
            op o;
            memset(&o, 0, sizeof o);
            o.fb = (const kc_fea_backend *)kc_family_backend(e->family, i);
            o.ctx_size = o.fb->head.ctx_size;
            o.ctx = ctx_alloc(o.ctx_size);
            o.variant = e->variant;
            o.key = KEY;
            o.key_len = e->info.key_bytes;
            o.bits = bits;
            bench_point p = bench_our_point(e, &bi, "keysetup", "fea", scen, 0);
            p.bits = bits;
            bench_point_run(r, &p, fea_setkey, &o);
            kc_wipe(o.ctx, o.ctx_size);
            free(o.ctx);

            kc_fea *f = NULL;
            kc_status st = kc_fea_new(&f, name, bi.name, KEY, o.key_len, bits);
            if (st != KC_OK) {
                bench_note(r, "%s/%s n=%u skipped: %s", name, bi.name, bits, kc_strerror(st));
                continue;
            }
            /* A block value below 2^n and a nonzero tweak that FEA-1 accepts. */
            uint8_t *in = bench_buf(r, 2), tweak[16];
            size_t bytes = kc_fea_block_size(f);
            memcpy(in, KEY, bytes);
            if (bits % 8) in[0] &= (uint8_t)((1u << (bits % 8)) - 1);
            for (size_t k = 1; k < FEA_BATCH; k++) memcpy(in + k * bytes, in, bytes);
            o.tweak_len = kc_fea_tweak_size(f);
            memcpy(tweak, IV, sizeof tweak);
            unsigned tbits = e->variant == 1 ? 128 - bits : 128;
            if (o.tweak_len && tbits % 8) tweak[0] &= (uint8_t)((1u << (tbits % 8)) - 1);
            o.f = f;
            o.in = in;
            o.out = bench_buf(r, 1);
            o.tweak = o.tweak_len ? tweak : NULL;
            o.messages = 1;
            p = bench_our_point(e, &bi, "encrypt", "fea", scen, bytes);
            p.bits = bits;
            bench_point_run(r, &p, fea_enc, &o);
            p = bench_our_point(e, &bi, "decrypt", "fea", scen, bytes);
            p.bits = bits;
            bench_point_run(r, &p, fea_dec, &o);
            if (bits == 63 || bits == 54) {   /* many blocks per call: what SIMD backends may batch */
                p = bench_our_point(e, &bi, "encrypt", "fea", "batch", bytes);
                p.bits = bits;
                p.messages = o.messages = FEA_BATCH;
                bench_point_run(r, &p, fea_enc, &o);
            }
            kc_fea_free(f);
        }
        size_t nl = strlen(bi.name);
        if (strcmp(name, "fea1-128") == 0 && nl > 6 && strcmp(bi.name + nl - 6, "-paper") == 0)
            fea_paper_threads(r, e, &bi);
    }
}

/* ---- GCM ([SP800-38D]) through kc_aead, 16 KiB, 12-byte IV, no AD ---- */

#define GCM_LEN 16384

static void gcm_enc(void *arg)
{
    op *o = arg;
    size_t out_len;
    kc_aead_encrypt(o->a, o->out, o->len + 16, &out_len, o->nonce, 12, NULL, 0, o->in, o->len);
}
static void gcm_dec(void *arg)       /* in is a valid ciphertext || tag */
{
    op *o = arg;
    size_t out_len;
    kc_aead_decrypt(o->a, o->out, o->len, &out_len, o->nonce, 12, NULL, 0, o->in, o->len + 16);
}

static void gcm_point(bench_run *r, const kc_cipher_entry *e, kc_backend_info *bi, const char *backend)
{
    char name[48];
    snprintf(name, sizeof name, "%s-gcm", e->info.name);
    kc_aead *a = NULL;
    kc_status st = kc_aead_new(&a, name, backend, KEY, e->info.key_bytes);
    if (st != KC_OK) {
        bench_note(r, "%s/%s skipped: %s", name, backend, kc_strerror(st));
        return;
    }
    op o;
    memset(&o, 0, sizeof o);
    o.a = a;
    o.nonce = IV;
    o.len = GCM_LEN;
    o.in = bench_buf(r, 0);
    uint8_t *ct = malloc(GCM_LEN + 16), *pt = malloc(GCM_LEN + 16);
    if (!ct || !pt) { free(ct); free(pt); kc_aead_free(a); return; }
    o.out = ct;
    bench_point p = bench_our_point(e, bi, "encrypt", "gcm", "bulk", GCM_LEN);
    p.impl = kc_aead_backend_name(a);
    bench_point_run(r, &p, gcm_enc, &o);
    size_t n;
    kc_aead_encrypt(a, ct, GCM_LEN + 16, &n, IV, 12, NULL, 0, o.in, GCM_LEN);   /* a valid message to open */
    o.in = ct;
    o.out = pt;
    p = bench_our_point(e, bi, "decrypt", "gcm", "bulk", GCM_LEN);
    p.impl = kc_aead_backend_name(a);
    bench_point_run(r, &p, gcm_dec, &o);
    free(ct);
    free(pt);
    kc_aead_free(a);
}

/* Every block backend with the default GHASH, and the default block backend with every GHASH backend. */
static void gcm(bench_run *r, const kc_cipher_entry *e)
{
    static const char *const ciphers[] = { "aes-128", "aria-128", "lea-128", "rc6-128" };
    int want = 0;
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++) want |= strcmp(e->info.name, ciphers[i]) == 0;
    if (!want) return;
    kc_backend_info bi, def;
    int have_def = 0;
    for (size_t i = 0; i < kc_backend_count(e->info.name); i++) {
        if (!usable(r, e->info.name, i, &bi)) continue;
        char b[80];
        snprintf(b, sizeof b, "%s/", bi.name);
        gcm_point(r, e, &bi, b);
        if (bi.is_default) { def = bi; have_def = 1; }
    }
    if (!have_def || bench_quick(r)) return;
    kc_status st;
    const kc_ghash_backend *dg = kc_ghash_find(NULL, &st);
    for (size_t j = 0; kc_ghash_backends[j]; j++) {
        const kc_ghash_backend *g = kc_ghash_backends[j];
        if (g == dg || (g->head.cpu & ~kc_cpu_detect())) continue;
        char b[80];
        snprintf(b, sizeof b, "%s/%s", def.name, g->head.name);
        gcm_point(r, e, &def, b);
    }
}

/* GHASH alone (src/ghash), every backend, measured with AES-128 (GCM's
 * first cipher): op "ghash", msg_len bytes absorbed per call. */
typedef struct ghash_op {
    const kc_ghash_backend *b;
    void *key;
    const uint8_t *in;
    size_t blocks;
    uint8_t y[16];
} ghash_op;

static void ghash_update(void *arg) { ghash_op *o = arg; o->b->update(o->key, o->y, o->in, o->blocks); }

static void ghash_points(bench_run *r)
{
    kc_status st;
    const kc_ghash_backend *dflt = kc_ghash_find(NULL, &st), *b;
    for (size_t i = 0; (b = kc_ghash_backends[i]) != NULL; i++) {
        static char isa[96];
        if (!bench_want_impl(r, b->head.name)) continue;
        if (b->head.cpu & ~kc_cpu_detect()) {
            bench_note(r, "ghash/%s skipped: this CPU lacks %s", b->head.name,
                       kc_cpu_names(b->head.cpu & ~kc_cpu_detect(), isa, sizeof isa));
            continue;
        }
        ghash_op o;
        memset(&o, 0, sizeof o);
        o.b = b;
        o.key = ctx_alloc(b->head.ctx_size);
        o.in = bench_buf(r, 0);
        b->init(o.key, KEY);
        for (size_t s = 0; s < bench_nsizes; s++) {
            bench_point p;
            memset(&p, 0, sizeof p);
            p.library = "kcipher";
            p.primitive = p.family = "ghash";
            p.impl = b->head.name;
            p.isa = kc_cpu_names(b->head.cpu, isa, sizeof isa);
            p.constant_time = b->head.timing == KC_CONSTANT_TIME;
            p.is_default = b == dflt;
            p.op = "ghash";
            p.mode = "";
            p.scenario = "primitive";
            p.msg_len = bench_sizes[s];
            p.messages = 1;
            p.verified = -1;
            o.blocks = bench_sizes[s] / 16;
            bench_point_run(r, &p, ghash_update, &o);
        }
        kc_wipe(o.key, b->head.ctx_size);
        free(o.key);
    }
}

void bench_ours(bench_run *r, const char *cipher)
{
    if (strcmp(cipher, "aes-128") == 0) ghash_points(r);
    const kc_cipher_entry *e = kc_registry_cipher(cipher);
    if (!e) return;
    if (kc_backend_count(cipher) == 0) {
        bench_note(r, "%s: no backend yet, skipped", cipher);
        return;
    }
    switch (e->info.kind) {
    case KC_KIND_BLOCK: block_cipher(r, e); gcm(r, e); break;
    case KC_KIND_AEAD: aead(r, e); break;
    case KC_KIND_FEA: fea(r, e); break;
    }
}
