/* SPDX-License-Identifier: MIT */
// ARIA against Botan 2: see peer_harness.h.
#include "peer_harness.h"

int main()
{
    static const char *const ciphers[] = { "aria-128", "aria-192", "aria-256", NULL };
    return peer_run("peer_aria_botan", "Botan", ciphers, 300, peer_botan);
}
