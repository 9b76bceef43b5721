/* SPDX-License-Identifier: MIT */
/* kcipher hash: the digest (SHA-2, LSH) of --hex DATA or of stdin (--in
 * FILE), streamed, printed in hex. */
#include <stdio.h>
#include <stdlib.h>
#include "commands.h"

#define CHUNK (1 << 20)

int cmd_hash(const options *o)
{
    if (!o->alg) return fail(EXIT_USAGE, "--alg", "required (a hash, see `kcipher list`)");
    int rc = check_options(o, FOR_HASH, "hash");
    if (rc) return rc;
    kc_hash *h;
    kc_status st = kc_hash_new(&h, o->alg, o->backend);
    if (st != KC_OK) return fail_status(st, st == KC_ERR_UNKNOWN_BACKEND || st == KC_ERR_BACKEND_UNAVAILABLE
                                                ? o->backend : o->alg);
    uint8_t digest[64], *data = NULL, *buf = NULL;
    size_t len = 0, got;
    if (o->hex) {
        if ((rc = hex_decode(o->hex, &data, &len, "--hex"))) goto done;
        st = kc_hash_update(h, data, len);
    } else if (!(buf = malloc(CHUNK))) {
        st = KC_ERR_NO_MEMORY;
    } else {
        while (st == KC_OK && (got = fread(buf, 1, CHUNK, stdin)) > 0) st = kc_hash_update(h, buf, got);
        if (st == KC_OK && ferror(stdin)) { rc = read_error(); goto done; }
    }
    if (st == KC_OK) st = kc_hash_final(h, digest, sizeof digest);
    if (st != KC_OK) rc = fail_status(st, o->alg);
    else print_hex(digest, kc_hash_size(h));
done:
    free(data);
    free(buf);
    kc_hash_free(h);
    return rc;
}
