/* SPDX-License-Identifier: MIT */
/* Encrypts the FIPS-197 block with the installed library. */
#include <stdio.h>
#include <string.h>
#include <kcipher.h>

int main(void)
{
    uint8_t key[16], pt[16], ct[16];
    static const uint8_t want[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                      0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a };
    for (int i = 0; i < 16; i++) { key[i] = (uint8_t)i; pt[i] = (uint8_t)(i * 0x11); }
    kc_cipher *c;
    if (kc_cipher_new(&c, "aes-128", NULL, key, 16) != KC_OK) return 1;
    kc_cipher_encrypt_blocks(c, ct, pt, 16);
    kc_cipher_free(c);
    if (memcmp(ct, want, 16) != 0) { puts("consumer: wrong ciphertext"); return 1; }
    puts("consumer: 1 passed, 0 failed");
    return 0;
}
