/* SPDX-License-Identifier: MIT */
/* TinyJAMBU on the ATmega128 (simavr, exact cycles): [TJ-AVR] Fig. 6 (the
 * keyed permutation) and Fig. 7 (encryption and decryption of an 8-byte
 * message, no AD), for the designers' reference structure, the optimized C
 * and the reverse-shift assembly, all key sizes; the same AEAD mode code
 * (src/tinyjambu/tinyjambu_common.h) runs over each permutation.  Also the library
 * backends ref and avr-rs on 8 and 512 bytes (NIST's AVR anchor is per byte
 * at 512 bytes). */
#include <string.h>
#include "bench.h"
#include "core/backend.h"
#include "tj_paper.h"

extern const kc_aead_backend kc_tinyjambu_ref, kc_tinyjambu_avr_rs;

static const char TARGET[] PROGMEM = "avr-atmega128-simavr";
static const char P128[] PROGMEM = "tinyjambu-128", P192[] PROGMEM = "tinyjambu-192",
                  P256[] PROGMEM = "tinyjambu-256";
static const char I_REF[] = "paper-ref-c", I_OPT[] = "opt-c", I_RS[] = "avr-rs", I_LIB_REF[] = "ref";
static const char O_ENC[] PROGMEM = "encrypt", O_DEC[] PROGMEM = "decrypt", O_P640[] PROGMEM = "P640",
                  O_P1024[] PROGMEM = "P1024", O_P1152[] PROGMEM = "P1152", O_P1280[] PROGMEM = "P1280";

static tj_key key;
static uint8_t keybytes[32];
static uint8_t bad;          /* a decryption that failed: the bench is wrong */
static uint32_t nk[40];
static uint8_t ctx[192];
static uint8_t nonce[12], pt[512], out[520];

/* The mode over the paper's reference permutation and over the optimized C
 * one (the assembly's is the avr-rs backend itself). */
__attribute__((noinline)) void tj_enc_paper_ref(const tj_key *k, uint8_t *o, const uint8_t *p, uint16_t n)
{
    tj_mode_perm perm = { tj_paper_ref, k, (uint8_t)(k->big_steps / 128) };
    tj_aead_encrypt(&perm, o, nonce, NULL, 0, p, n);
}

__attribute__((noinline)) int tj_dec_paper_ref(const tj_key *k, uint8_t *o, const uint8_t *c, uint16_t n)
{
    tj_mode_perm perm = { tj_paper_ref, k, (uint8_t)(k->big_steps / 128) };
    return tj_aead_decrypt(&perm, o, nonce, NULL, 0, c, n);
}

__attribute__((noinline)) void tj_enc_opt(const tj_key *k, uint8_t *o, const uint8_t *p, uint16_t n)
{
    tj_mode_perm perm = { tj_paper_opt, k, (uint8_t)(k->big_steps / 128) };
    tj_aead_encrypt(&perm, o, nonce, NULL, 0, p, n);
}

__attribute__((noinline)) int tj_dec_opt(const tj_key *k, uint8_t *o, const uint8_t *c, uint16_t n)
{
    tj_mode_perm perm = { tj_paper_opt, k, (uint8_t)(k->big_steps / 128) };
    return tj_aead_decrypt(&perm, o, nonce, NULL, 0, c, n);
}

static void new_key(uint8_t key_len, uint8_t i)
{
    for (uint8_t j = 0; j < key_len; j++) keybytes[j] = (uint8_t)(avr_rand() >> 24) ^ i;
    tj_load_key(&key, keybytes, key_len);
    tj_paper_rs_key(nk, &key);
    kc_tinyjambu_avr_rs.set_key(ctx, keybytes, key_len);
}

static void new_message(uint16_t n)
{
    avr_random_bytes(nonce, sizeof nonce);
    avr_random_bytes(pt, n);
}

static void one_key_size(uint8_t key_len, const char *prim)
{
    uint32_t s[SAMPLES], st[4];
    uint16_t stk;
    uint8_t big = (uint8_t)(6 + key_len / 8);
    const char *o_big = key_len == 16 ? O_P1024 : key_len == 24 ? O_P1152 : O_P1280;

    /* Fig. 6: P640 and P_b. */
    MEASURE(s, stk, (new_key(key_len, i), avr_random_bytes((uint8_t *)st, 16)), tj_paper_ref(st, &key, 5));
    bench_emit(TARGET, prim, I_REF, O_P640, 0, s, stk);
    MEASURE(s, stk, (new_key(key_len, i), avr_random_bytes((uint8_t *)st, 16)), tj_paper_ref(st, &key, big));
    bench_emit(TARGET, prim, I_REF, o_big, 0, s, stk);
    MEASURE(s, stk, (new_key(key_len, i), avr_random_bytes((uint8_t *)st, 16)), tj_paper_opt(st, &key, 5));
    bench_emit(TARGET, prim, I_OPT, O_P640, 0, s, stk);
    MEASURE(s, stk, (new_key(key_len, i), avr_random_bytes((uint8_t *)st, 16)), tj_paper_opt(st, &key, big));
    bench_emit(TARGET, prim, I_OPT, o_big, 0, s, stk);
    MEASURE(s, stk, (new_key(key_len, i), avr_random_bytes((uint8_t *)st, 16)), tj_paper_rs(st, nk, 5));
    bench_emit(TARGET, prim, I_RS, O_P640, 0, s, stk);
    MEASURE(s, stk, (new_key(key_len, i), avr_random_bytes((uint8_t *)st, 16)), tj_paper_rs(st, nk, big));
    bench_emit(TARGET, prim, I_RS, o_big, 0, s, stk);

    /* Fig. 7: 8-byte message, no AD; decryption verifies before it writes
     * (two passes over the message, as the library's contract requires). */
    MEASURE(s, stk, (new_key(key_len, i), new_message(8)), tj_enc_paper_ref(&key, out, pt, 8));
    bench_emit(TARGET, prim, I_REF, O_ENC, 8, s, stk);
    MEASURE(s, stk, (new_key(key_len, i), new_message(8), tj_enc_paper_ref(&key, out, pt, 8)),
            bad |= tj_dec_paper_ref(&key, pt, out, 16) != 0);
    bench_emit(TARGET, prim, I_REF, O_DEC, 8, s, stk);
    MEASURE(s, stk, (new_key(key_len, i), new_message(8)), tj_enc_opt(&key, out, pt, 8));
    bench_emit(TARGET, prim, I_OPT, O_ENC, 8, s, stk);
    MEASURE(s, stk, (new_key(key_len, i), new_message(8), tj_enc_opt(&key, out, pt, 8)),
            bad |= tj_dec_opt(&key, pt, out, 16) != 0);
    bench_emit(TARGET, prim, I_OPT, O_DEC, 8, s, stk);

    /* The library backends (avr-rs is the assembly row of Fig. 7). */
    static const uint16_t lens[] = { 8, 512 };
    for (uint8_t l = 0; l < 2; l++) {
        uint16_t n = lens[l];
        MEASURE(s, stk, (new_key(key_len, i), new_message(n)),
                kc_tinyjambu_avr_rs.encrypt(ctx, out, nonce, NULL, 0, pt, n));
        bench_emit(TARGET, prim, I_RS, O_ENC, n, s, stk);
        MEASURE(s, stk, (new_key(key_len, i), new_message(n),
                         kc_tinyjambu_avr_rs.encrypt(ctx, out, nonce, NULL, 0, pt, n)),
                bad |= kc_tinyjambu_avr_rs.decrypt(ctx, pt, nonce, NULL, 0, out, n + 8) != 0);
        bench_emit(TARGET, prim, I_RS, O_DEC, n, s, stk);
        MEASURE(s, stk, (new_key(key_len, i), new_message(n), kc_tinyjambu_ref.set_key(ctx, keybytes, key_len)),
                kc_tinyjambu_ref.encrypt(ctx, out, nonce, NULL, 0, pt, n));
        bench_emit(TARGET, prim, I_LIB_REF, O_ENC, n, s, stk);
        MEASURE(s, stk, (new_key(key_len, i), new_message(n), kc_tinyjambu_ref.set_key(ctx, keybytes, key_len),
                         kc_tinyjambu_ref.encrypt(ctx, out, nonce, NULL, 0, pt, n)),
                bad |= kc_tinyjambu_ref.decrypt(ctx, pt, nonce, NULL, 0, out, n + 8) != 0);
        bench_emit(TARGET, prim, I_LIB_REF, O_DEC, n, s, stk);
    }
}

int main(void)
{
    avr_sys_init();
    bench_init();
    one_key_size(16, P128);
    one_key_size(24, P192);
    one_key_size(32, P256);
    if (bad) printf_P(PSTR("bench_tinyjambu: a decryption failed\n"));
    return bad;
}
