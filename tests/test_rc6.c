/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b: the six vectors of the RC6 paper for every RC6 backend, then
 * every backend against "ref" on random keys and multi-block inputs.  (No
 * official RC6 mode vectors exist; the peer test peer_rc6_cryptopp covers CBC/CTR.) */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define MAX_BLOCKS 132       /* > 2 x 64 blocks (the widest SIMD pass): every tail length occurs */

static const char *const ciphers[3] = { "rc6-128", "rc6-192", "rc6-256" };

/* The paper's six vectors (tests/vectors/rc6/rc6_paper.txt). */
static void paper_vector(const uint8_t *key, long kl, const uint8_t *pt, long pl, const uint8_t *ct, long cl,
                         int line, void *arg)
{
    int *sizes = arg;
    char label[48];
    const char *cipher = kl > 0 ? tl_cipher_for_key("rc6", (size_t)kl) : NULL;
    snprintf(label, sizeof label, "rc6_paper.txt line %d", line);
    if (!TL_CHECK(pl == 16 && cl == 16 && cipher, "malformed %s", label)) return;
    sizes[kl / 8 - 2]++;
    tl_check_kat(cipher, KC_MODE_ECB, key, NULL, pt, ct, 16, label);
}

static void paper_vectors(void)
{
    int sizes[3] = { 0 };
    long n = tl_kat_lines(tl_vector_path("rc6/rc6_paper.txt"), paper_vector, sizes);
    TL_CHECK(n == 6 && sizes[0] == 2 && sizes[1] == 2 && sizes[2] == 2,
             "rc6_paper.txt: %ld vectors, want 2 per key size", n);
}

int main(void)
{
    for (int i = 0; i < 3; i++) tl_list_backends(ciphers[i]);
    paper_vectors();
    for (int i = 0; i < 3; i++) tl_differential_blocks(ciphers[i], "ref", 1000, MAX_BLOCKS);
    return tl_finish("test_rc6");
}
