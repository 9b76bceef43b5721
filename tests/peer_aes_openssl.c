/* SPDX-License-Identifier: MIT */
/* AES (also as rijndael-128-*) against OpenSSL EVP: see peer_harness.h. */
#include "peer_harness.h"

int main(void)
{
    static const char *const ciphers[] = { "aes-128", "aes-192", "aes-256", "rijndael-128-128",
                                           "rijndael-128-192", "rijndael-128-256", NULL };
    return peer_run("peer_aes_openssl", "OpenSSL", ciphers, 300, peer_openssl);
}
