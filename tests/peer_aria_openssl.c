/* SPDX-License-Identifier: MIT */
/* ARIA against OpenSSL EVP: see peer_harness.h. */
#include "peer_harness.h"

int main(void)
{
    static const char *const ciphers[] = { "aria-128", "aria-192", "aria-256", NULL };
    return peer_run("peer_aria_openssl", "OpenSSL", ciphers, 300, peer_openssl);
}
