/* SPDX-License-Identifier: MIT */
/* RC6-32/20/b: the six vectors of the RC6 paper for every RC6 backend, then
 * every backend against "ref" on random keys and multi-block inputs.  (No
 * official RC6 mode vectors exist; tests/peer_rc6_cryptopp.cpp covers CBC/CTR.) */
#include <stdio.h>
#include <string.h>
#include "testlib.h"

#define MAX_BLOCKS 132       /* > 2 x 64 blocks (the widest SIMD pass): every tail length occurs */

static const char *const ciphers[3] = { "rc6-128", "rc6-192", "rc6-256" };

/* rc6_paper.dat: a key line, then an indented "plaintext  ciphertext" line. */
static void paper_vectors(void)
{
    FILE *fp = fopen(tl_vector_path("rc6/rc6_paper.dat"), "r");
    if (!TL_CHECK(fp != NULL, "cannot open rc6/rc6_paper.dat")) return;
    char line[512], label[32];
    uint8_t key[64], pt[16], ct[16];
    long kl = -1;
    int vectors = 0, sizes[3] = { 0 };
    while (fgets(line, sizeof line, fp)) {
        char *ws = line + strspn(line, " \t");
        if (*ws == '\r' || *ws == '\n' || *ws == 0) continue;
        if (ws == line) { kl = tl_unhex(line, key, sizeof key); continue; }
        char *gap = strpbrk(ws, " \t");
        if (!TL_CHECK(gap && kl > 0, "rc6_paper.dat: malformed line %s", line)) continue;
        *gap = 0;
        long pl = tl_unhex(ws, pt, sizeof pt), cl = tl_unhex(gap + 1, ct, sizeof ct);
        const char *cipher = tl_cipher_for_key("rc6", (size_t)kl);
        snprintf(label, sizeof label, "paper vector %d", ++vectors);
        if (!TL_CHECK(pl == 16 && cl == 16 && cipher, "malformed %s", label)) continue;
        sizes[kl / 8 - 2]++;
        tl_check_kat(cipher, KC_MODE_ECB, key, NULL, pt, ct, 16, label);
    }
    fclose(fp);
    TL_CHECK(vectors == 6 && sizes[0] == 2 && sizes[1] == 2 && sizes[2] == 2,
             "rc6_paper.dat: %d vectors, want 2 per key size", vectors);
}

int main(void)
{
    for (int i = 0; i < 3; i++) tl_list_backends(ciphers[i]);
    paper_vectors();
    for (int i = 0; i < 3; i++) tl_differential_blocks(ciphers[i], "ref", 1000, MAX_BLOCKS);
    return tl_finish("test_rc6");
}
