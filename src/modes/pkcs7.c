/* SPDX-License-Identifier: MIT */
/* PKCS#7 padding (RFC 5652 6.3) for any block size up to 255 bytes. */
#include <string.h>
#include "modes/modes.h"

void kc_pkcs7_pad(uint8_t *block, const uint8_t *in, size_t len, size_t bs)
{
    if (len) memmove(block, in, len);   /* in may be NULL when len is 0 */
    memset(block + len, (int)(bs - len), bs - len);
}

int kc_pkcs7_unpad_len(const uint8_t *block, size_t bs)
{
    unsigned pad = block[bs - 1], bad = (unsigned)(pad == 0) | (unsigned)(pad > bs);
    /* Every byte in the last pad positions must equal pad; scan all bytes. */
    for (size_t i = 0; i < bs; i++) {
        unsigned in_pad = (unsigned)(bs - i <= pad);
        bad |= in_pad & (unsigned)(block[i] != pad);
    }
    return bad ? -1 : (int)(bs - pad);
}
