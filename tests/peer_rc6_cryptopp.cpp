/* SPDX-License-Identifier: MIT */
// RC6-32/20/b against Crypto++: see peer_harness.h.
#include "peer_harness.h"

int main()
{
    static const char *const ciphers[] = { "rc6-128", "rc6-192", "rc6-256", NULL };
    return peer_run("peer_rc6_cryptopp", "Crypto++", ciphers, 400, peer_cryptopp);
}
