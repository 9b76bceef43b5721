/* SPDX-License-Identifier: MIT */
// LEA against Crypto++: see peer_harness.h.
#include "peer_harness.h"

int main()
{
    static const char *const ciphers[] = { "lea-128", "lea-192", "lea-256", NULL };
    return peer_run("peer_lea_cryptopp", "Crypto++", ciphers, 400, peer_cryptopp);
}
