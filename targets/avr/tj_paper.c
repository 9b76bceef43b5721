/* SPDX-License-Identifier: MIT */
/* See tj_paper.h. */
#include "tj_paper.h"

void tj_paper_ref(uint32_t s[4], const void *key, uint8_t groups)
{
    const tj_key *k = key;
    uint8_t j = 0;
    for (uint16_t i = 0; i < 4u * groups; i++) {
        uint32_t t1 = (s[1] >> 15) | (s[2] << 17);
        uint32_t t2 = (s[2] >> 6) | (s[3] << 26);
        uint32_t t3 = (s[2] >> 21) | (s[3] << 11);
        uint32_t t4 = (s[2] >> 27) | (s[3] << 5);
        uint32_t fb = s[0] ^ t1 ^ ~(t2 & t3) ^ t4 ^ k->k[j];
        s[0] = s[1];
        s[1] = s[2];
        s[2] = s[3];
        s[3] = fb;
        if (++j == k->words) j = 0;
    }
}

void tj_paper_opt(uint32_t s[4], const void *key, uint8_t groups)
{
    tj_permute(s, key, 128u * groups);
}

void tj_paper_rs(uint32_t s[4], const void *key, uint8_t groups)
{
    kc_tj_avr_rs_permute(s, key, groups);
}

void tj_paper_rs_key(uint32_t nk[40], const tj_key *k)
{
    for (uint8_t i = 0; i < 40; i++) nk[i] = ~k->k[i % k->words];
}
