/* SPDX-License-Identifier: MIT */
/* kc_drbg: the mechanism-independent part of [SP800-90A] Rev. 1 (9.1-9.3):
 * the entropy source, nonce, input and request limits, the reseed counter
 * and prediction resistance, over a table of mechanisms (drbg.h). */
#include <stdlib.h>
#include <string.h>
#include "modes/drbg.h"

/* Hash_DRBG and HMAC_DRBG: a row each, keyed by their construction id. */
static const kc_drbg_mech *const mechs[] = { &kc_ctr_drbg_mech, &kc_hmac_drbg_mech, &kc_hash_drbg_mech };

#define MAX_INTERVAL ((uint64_t)1 << 48)   /* SP 800-90A Table 3 */
#define MAX_INPUT ((uint64_t)1 << 28)        /* bytes of each input; their sum stays below df's 2^32 */
#define MAX_ENTROPY 64

struct kc_drbg {
    const kc_drbg_mech *m;
    void *state;
    kc_entropy_fn entropy;
    void *arg;
    unsigned flags;
    uint64_t counter, interval;
};

static int os_source(void *arg, uint8_t *out, size_t len)
{
    return kc_entropy_os(arg, out, len) == KC_OK ? 0 : -1;
}

static kc_status get_entropy(kc_drbg *d, uint8_t *buf, size_t len)
{
    if (d->entropy(d->arg, buf, len) == 0) return KC_OK;
    kc_wipe(buf, len);
    return KC_ERR_RANDOM;
}

/* A function, so that 16-bit size_t (AVR) meets no always-false comparison. */
static int above(uint64_t len, uint64_t max) { return len > max; }

static kc_status input_ok(const kc_drbg *d, const uint8_t *p, size_t len)
{
    if (!p && len) return KC_ERR_NULL;
    return above(len, MAX_INPUT) || (d->m->max_input && len > d->m->max_input(d->state)) ? KC_ERR_INPUT_TOO_LONG : KC_OK;
}

static kc_status reseed(kc_drbg *d, const uint8_t *add, size_t add_len)
{
    uint8_t e[MAX_ENTROPY];
    size_t n = d->m->entropy_len(d->state);
    kc_status st = get_entropy(d, e, n);
    if (st != KC_OK) return st;
    kc_drbg_bytes seed[2] = { { e, n }, { add, add_len } };
    d->m->reseed(d->state, seed, 2);
    d->counter = 1;
    kc_wipe(e, sizeof e);
    return KC_OK;
}

kc_status kc_drbg_new(kc_drbg **out, const char *name, const char *backend, unsigned flags,
                      kc_entropy_fn entropy, void *entropy_arg,
                      const uint8_t *nonce, size_t nonce_len,
                      const uint8_t *personalization, size_t personalization_len)
{
    kc_name n;
    if (!out) return KC_ERR_NULL;
    *out = NULL;
    kc_status st = kc_name_expect(name, KC_NAME_DRBG, &n);
    if (st != KC_OK) return st;
    if (flags & ~(KC_DRBG_NO_DF | KC_DRBG_PREDICTION_RESISTANCE)) return KC_ERR_BAD_MODE;
    const kc_drbg_mech *m = NULL;
    for (size_t i = 0; i < sizeof mechs / sizeof mechs[0]; i++)
        if (mechs[i]->id == n.cons->id) m = mechs[i];
    if (!m) return KC_ERR_UNKNOWN_CIPHER;
    kc_drbg *d = calloc(1, sizeof *d);
    if (!d) return KC_ERR_NO_MEMORY;
    d->m = m;
    d->entropy = entropy ? entropy : os_source;
    d->arg = entropy_arg;
    d->flags = flags;
    d->interval = MAX_INTERVAL;
    uint8_t e[MAX_ENTROPY], own_nonce[MAX_ENTROPY / 2];
    st = m->init(&d->state, &n, backend, flags);
    if (st == KC_OK) st = input_ok(d, personalization, personalization_len);
    if (st == KC_OK && m->takes_nonce && !m->takes_nonce(d->state) && (nonce || nonce_len)) st = KC_ERR_NONCE_LENGTH;
    if (st == KC_OK && !nonce && nonce_len) st = KC_ERR_NULL;
    if (st == KC_OK && above(nonce_len, MAX_INPUT)) st = KC_ERR_INPUT_TOO_LONG;
    size_t elen = st == KC_OK ? m->entropy_len(d->state) : 0;
    if (st == KC_OK) st = get_entropy(d, e, elen);
    if (st == KC_OK && !nonce && (!m->takes_nonce || m->takes_nonce(d->state))) {   /* strength / 2 from the source (8.6.7) */
        nonce_len = m->strength(d->state) / 2;
        nonce = own_nonce;
        st = get_entropy(d, own_nonce, nonce_len);
    }
    if (st == KC_OK) {
        kc_drbg_bytes seed[3] = { { e, elen }, { nonce, nonce_len }, { personalization, personalization_len } };
        m->instantiate(d->state, seed, 3);
        d->counter = 1;
        *out = d;
    } else {
        kc_drbg_free(d);
    }
    kc_wipe(e, sizeof e);
    kc_wipe(own_nonce, sizeof own_nonce);
    return st;
}

kc_status kc_drbg_reseed(kc_drbg *d, const uint8_t *additional, size_t additional_len)
{
    if (!d) return KC_ERR_NULL;
    kc_status st = input_ok(d, additional, additional_len);
    return st != KC_OK ? st : reseed(d, additional, additional_len);
}

kc_status kc_drbg_generate(kc_drbg *d, uint8_t *out, size_t len, const uint8_t *additional, size_t additional_len)
{
    if (!d || (!out && len)) return KC_ERR_NULL;
    if (above(len, KC_DRBG_MAX_REQUEST)) return KC_ERR_INPUT_TOO_LONG;
    kc_status st = input_ok(d, additional, additional_len);
    if (st != KC_OK) return st;
    if ((d->flags & KC_DRBG_PREDICTION_RESISTANCE) || d->counter > d->interval) {
        if ((st = reseed(d, additional, additional_len)) != KC_OK) return st;
        additional = NULL;   /* consumed by the reseed (9.3.1 step 7.4) */
        additional_len = 0;
    }
    d->m->generate(d->state, out, len, additional, additional_len);
    d->counter++;
    return KC_OK;
}

kc_status kc_drbg_set_reseed_interval(kc_drbg *d, uint64_t requests)
{
    if (!d) return KC_ERR_NULL;
    if (requests < 1 || requests > MAX_INTERVAL) return KC_ERR_INPUT_TOO_LONG;
    d->interval = requests;
    return KC_OK;
}

size_t kc_drbg_strength(const kc_drbg *d)
{
    return d ? 8 * d->m->strength(d->state) : 0;
}

void kc_drbg_free(kc_drbg *d)
{
    if (!d) return;
    if (d->state) d->m->free(d->state);
    kc_wipe(d, sizeof *d);
    free(d);
}
