/* SPDX-License-Identifier: MIT */
/* Statistical timing check [DUDECT] of the modes over the backends valgrind
 * cannot see (AVX-512, GFNI, VAES; tests/ct/ct_modes.h checks the others
 * under valgrind): CFB and OFB encryption and CFB decryption, CMAC (one
 * message, and a batch filling the multi-buffer lanes), CCM encryption, and
 * the tag checks of CCM, GCM and GMAC.  As tests/timing/timing_check.c: a
 * fixed and a random class of the secret input, interleaved at random,
 * prepared a batch at a time, the slow tail cropped at several percentiles,
 * Welch's t-test; |t| >= 10 fails after one more measurement.  For a tag
 * check the classes are a forged tag that differs from the right one only
 * in its last byte and random forged tags (which differ in the first): an
 * early-exit comparison shows at once.
 *
 *   timing_modes [-n N] FAMILY         every such backend of the family (77: none)
 *   timing_modes [-n N] CIPHER BACKEND one backend, whatever it needs
 *   timing_modes [-n N] --leaky-control GMAC's tag checked by an early-exit
 *                                      compare: must fail */
#define _GNU_SOURCE          /* sched_setaffinity */
#define DD_SEED 0x3c6ef372fe94f82bu
#include "dudect.h"
#include "core/registry.h"

#define HIDDEN (KC_CPU_AVX512F | KC_CPU_AVX512BW | KC_CPU_AVX512VBMI2 | KC_CPU_GFNI | KC_CPU_VAES)
#define LANES 16                 /* messages per batch: the widest multi-buffer kernel */
#define LEN (16 * 16 + 5)        /* a message: 16 blocks and a partial one */

enum op { CFB_ENC, CFB_DEC, OFB_ENC, CMAC_ONE, CMAC_BATCH, CCM_ENC, CCM_TAG, GCM_TAG, GMAC_TAG, NOPS };
static const char *const op_names[] = { "cfb-encrypt", "cfb-decrypt", "ofb-encrypt", "cmac", "cmac-batch",
                                        "ccm-encrypt", "ccm-tag", "gcm-tag", "gmac-tag" };

/* One timed call.  buf is the secret under test (plaintext, ciphertext,
 * message or received tag); each measurement copies it in from a batch. */
typedef struct target {
    enum op op;
    kc_cipher *c;
    kc_mac *mac;
    kc_aead *aead;
    uint8_t iv[32], nonce[12], in[LEN + 16], out[LEN + 16], tag[16], right[16];
    uint8_t *buf, fixed[LEN + 16];
    size_t buf_len;
    kc_mac_msg msgs[LANES];
    uint8_t tags[LANES][16];
    int leak;                    /* the control: GMAC's tag compared with an early exit */
    volatile unsigned sink;
} target;

static void run(target *t)
{
    size_t n, bs = t->c ? kc_cipher_block_size(t->c) : 16;
    switch (t->op) {
    case CFB_ENC: kc_mode_encrypt(t->c, KC_MODE_CFB, 0, t->iv, bs, t->out, LEN, &n, t->in, LEN); break;
    case CFB_DEC: kc_mode_decrypt(t->c, KC_MODE_CFB, 0, t->iv, bs, t->out, LEN, &n, t->in, LEN); break;
    case OFB_ENC: kc_mode_encrypt(t->c, KC_MODE_OFB, 0, t->iv, bs, t->out, LEN, &n, t->in, LEN); break;
    case CMAC_ONE: kc_mac_compute(t->mac, t->tag, kc_mac_tag_size(t->mac), NULL, 0, t->in, LEN); break;
    case CMAC_BATCH: kc_mac_compute_batch(t->mac, t->msgs, LANES); break;
    case CCM_ENC: kc_aead_encrypt(t->aead, t->out, LEN + 16, &n, t->nonce, 12, NULL, 0, t->in, LEN); break;
    case CCM_TAG:
    case GCM_TAG: kc_aead_decrypt(t->aead, t->out, LEN, &n, t->nonce, 12, NULL, 0, t->in, LEN + 16); break;
    case GMAC_TAG:
        if (!t->leak) {
            t->sink = kc_mac_verify(t->mac, t->in + LEN, 16, t->nonce, 12, t->in, LEN);
        } else {                 /* deliberately variable time */
            unsigned i = 0;
            kc_mac_compute(t->mac, t->tag, 16, t->nonce, 12, t->in, LEN);
            while (i < 16 && t->tag[i] == t->in[LEN + i]) i++;
            t->sink = i;
        }
        break;
    default: break;
    }
}

static int is_tag(enum op op) { return op == CCM_TAG || op == GCM_TAG || op == GMAC_TAG; }

/* Sets t up for op over cipher/backend; 0 when the op does not apply. */
static int setup(target *t, const kc_cipher_entry *e, const char *backend, enum op op)
{
    char name[48];
    uint8_t key[32];
    size_t n, bs = e->info.block_bytes;
    memset(t, 0, sizeof *t);
    t->op = op;
    if (bs != 16 && op >= CCM_ENC) return 0;
    dd_random_bytes(key, sizeof key);
    dd_random_bytes(t->iv, sizeof t->iv);
    dd_random_bytes(t->nonce, sizeof t->nonce);
    dd_random_bytes(t->in, sizeof t->in);
    kc_status st = KC_OK;
    switch (op) {
    case CFB_ENC: case CFB_DEC: case OFB_ENC:
        st = kc_cipher_new(&t->c, e->info.name, backend, key, e->info.key_bytes);
        break;
    case CMAC_ONE: case CMAC_BATCH: case GMAC_TAG:
        snprintf(name, sizeof name, "%s-%s", e->info.name, op == GMAC_TAG ? "gmac" : "cmac");
        st = kc_mac_new(&t->mac, name, backend, key, e->info.key_bytes);
        break;
    default:
        snprintf(name, sizeof name, "%s-%s", e->info.name, op == GCM_TAG ? "gcm" : "ccm");
        st = kc_aead_new(&t->aead, name, backend, key, e->info.key_bytes);
        break;
    }
    if (st != KC_OK) { printf("%s %s %s: %s\n", e->info.name, backend, op_names[op], kc_status_name(st)); exit(2); }
    for (size_t i = 0; i < LANES; i++)      /* lanes of 16 whole blocks, the last one short */
        t->msgs[i] = (kc_mac_msg){ NULL, 0, t->in, i + 1 < LANES ? LEN - 5 : LEN, t->tags[i], bs, KC_OK };
    /* A tag check reads ciphertext || tag (GMAC: message || tag); the secret is the tag. */
    if (op == CCM_TAG || op == GCM_TAG) {
        kc_aead_encrypt(t->aead, t->out, LEN + 16, &n, t->nonce, 12, NULL, 0, t->in, LEN);
        memcpy(t->in, t->out, LEN + 16);
    } else if (op == GMAC_TAG) {
        kc_mac_compute(t->mac, t->in + LEN, 16, t->nonce, 12, t->in, LEN);
    }
    if (is_tag(op)) {
        t->buf = t->in + LEN;
        t->buf_len = 16;
        memcpy(t->fixed, t->buf, 16);
        t->fixed[15] ^= 1;                  /* wrong only in the last byte */
    } else {
        t->buf = t->in;
        t->buf_len = LEN;
        dd_random_bytes(t->fixed, LEN);
    }
    return 1;
}

static void teardown(target *t)
{
    kc_cipher_free(t->c);
    kc_mac_free(t->mac);
    kc_aead_free(t->aead);
}

static size_t measurements = 200000;

static void run_v(void *t) { run(t); }

/* max |t| over the crops (dudect.h). */
static double measure(target *t)
{
    const dd_target s = { t, run_v, NULL, t->buf, t->buf_len, t->fixed };
    return dd_measure(&s, measurements, 4, 0);
}

/* Every op of one backend; returns the failures.  A control is measured up
 * to three times and counts as caught at its first reading over the
 * threshold; a backend is measured up to twice more and fails only if
 * every reading is over it. */
static unsigned check_backend(const kc_cipher_entry *e, const char *backend, int control)
{
    unsigned failures = 0;
    for (int op = control ? GMAC_TAG : 0; op < NOPS; op++) {
        target *t = malloc(sizeof *t);
        if (!t) { perror("alloc"); exit(2); }
        if (!setup(t, e, backend, (enum op)op)) { free(t); continue; }
        t->leak = control;
        double tv = measure(t);
        for (int again = 1; control && tv < DD_THRESHOLD && again < 3; again++) tv = measure(t);
        for (int again = 1; !control && tv >= DD_THRESHOLD && again < 3; again++) {
            double next = measure(t);
            printf("%s/%s %s: |t| = %.1f, again %.1f\n", e->info.name, backend, op_names[op], tv, next);
            tv = next;
        }
        printf("%-12s %-14s %-12s max |t| = %6.2f over %zu measurements: %s\n", e->info.name, backend,
               op_names[op], tv, measurements, tv < DD_THRESHOLD ? "ok" : "LEAKS");
        fflush(stdout);
        failures += tv >= DD_THRESHOLD;
        teardown(t);
        free(t);
    }
    return failures;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "-n") == 0) {
        measurements = strtoul(argv[2], NULL, 10);
        argc -= 2;
        argv += 2;
    }
    if (measurements < 1000 || (argc != 2 && argc != 3)) {
        fprintf(stderr, "usage: timing_modes [-n N] FAMILY | CIPHER BACKEND | --leaky-control\n");
        return 2;
    }
    dd_pin();
    unsigned failures = 0, checked = 0;
    if (argc == 3 || strcmp(argv[1], "--leaky-control") == 0) {
        int control = argc == 2;
        const kc_cipher_entry *e = kc_registry_cipher(control ? "aes-128" : argv[1]);
        const void *b;
        if (!e || kc_registry_backend(e->family, control ? "" : argv[2], &b) != KC_OK) {
            fprintf(stderr, "no such cipher/backend\n");
            return 2;
        }
        failures += check_backend(e, ((const kc_backend_head *)b)->name, control);
        checked++;
    } else {
        /* One cipher per family: the modes and the backends do not depend on the key length. */
        const kc_family *fam = kc_registry_family(argv[1]);
        if (!fam) { fprintf(stderr, "no such family\n"); return 2; }
        const kc_cipher_entry *e = NULL;
        for (size_t i = 0; i < kc_cipher_count() && !e; i++) {
            const kc_cipher_entry *x = kc_registry_cipher(kc_cipher_at(i)->name);
            if (x->family == fam && x->info.kind == KC_KIND_BLOCK && x->info.block_bytes <= 16) e = x;
        }
        if (!e) { fprintf(stderr, "no block cipher in that family\n"); return 2; }
        const kc_backend_head *b;
        for (size_t k = 0; (b = kc_family_backend(fam, k)) != NULL; k++) {
            if (b->timing != KC_CONSTANT_TIME || !(b->cpu & HIDDEN)) continue;   /* valgrind checks the rest */
            if (b->cpu & ~kc_cpu_detect()) {
                char need[96];
                printf("NOT CHECKED %s/%s: this CPU lacks %s\n", e->info.name, b->name,
                       kc_cpu_names(b->cpu & ~kc_cpu_detect(), need, sizeof need));
                continue;
            }
            failures += check_backend(e, b->name, 0);
            checked++;
        }
    }
    printf("timing_modes: %u backends checked, %u failed (|t| < %.0f passes)\n", checked, failures, DD_THRESHOLD);
    if (!checked) return 77;
    return failures ? 1 : 0;
}
