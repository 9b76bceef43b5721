/* SPDX-License-Identifier: MIT */
/* `kcipher key new|rotate|list|retire`: the keyring (kcipher.h, "Keyring")
 * from the command line.  Never prints key bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "commands.h"

static const char key_usage[] =
    "expected: key new NAME --cipher C [--kek SRC] | key rotate NAME [--kek SRC] | key list | key retire NAME@V "
    "(with --keyring PATH or KCIPHER_KEYRING)";

static void print_info(const char *what, const kc_key_info *i)
{
    printf("%s %s@%u: cipher %s, kcv %s, %s%s%s\n", what, i->name, i->version, i->cipher, i->kcv,
           *i->kek ? "wrapped under " : "stored in hex", i->kek, *i->kek ? "" : " (no KEK)");
}

int cmd_key(int argc, char **argv)
{
    if (argc < 3) return fail(EXIT_USAGE, "key", key_usage);
    const char *sub = argv[2];
    int is_new = !strcmp(sub, "new"), rotate = !strcmp(sub, "rotate"), list = !strcmp(sub, "list"),
        retire = !strcmp(sub, "retire");
    if (!is_new && !rotate && !list && !retire) return fail(EXIT_USAGE, "key", key_usage);
    options o;
    int rc = parse_options(argc - 3, argv + 3, 1, &o);
    if (rc || (rc = check_options(&o, FOR_KEY, "key"))) return rc;
    if (list ? o.npositional != 0 : o.npositional != 1) return fail(EXIT_USAGE, "key", key_usage);
    if (is_new != !!o.cipher) return fail(EXIT_USAGE, "--cipher", is_new ? "required: key new NAME --cipher C"
                                                                          : "only for key new");
    if ((list || retire) && o.kek) return fail(EXIT_USAGE, "--kek", "only for key new and key rotate");
    const char *path = o.keyring ? o.keyring : getenv("KCIPHER_KEYRING"), *kek = o.kek ? o.kek : getenv("KCIPHER_KEK");
    if (!path || !*path) return fail(EXIT_USAGE, "key", "needs --keyring PATH or KCIPHER_KEYRING");
    kc_keyring *kr;
    char why[600];
    kc_status st = kc_keyring_open(&kr, path, is_new ? KC_KEYRING_CREATE : 0, why, sizeof why);
    if (st != KC_OK) return fail_keyring(st, why);
    kc_key_info info;
    if (kek && *kek && (is_new || rotate)) st = kc_keyring_set_kek(kr, kek);
    if (st == KC_OK && is_new && !kc_cipher_find(o.cipher) && strncmp(o.cipher, "ff1-", 4) && strncmp(o.cipher, "ff3-1-", 6))
        st = KC_ERR_UNKNOWN_CIPHER;        /* a mode name: the key is the block cipher's */
    if (st != KC_OK) rc = fail_keyring(st, st == KC_ERR_UNKNOWN_CIPHER ?
                                       "--cipher: not a cipher name (kcipher list; ff1-*, ff3-1-*)" : NULL);
    else if (is_new || rotate) {
        st = is_new ? kc_keyring_new(kr, o.positional[0], o.cipher, &info) : kc_keyring_rotate(kr, o.positional[0], &info);
        if (st != KC_OK) rc = fail_keyring(st, kc_keyring_error(kr));
        else print_info(is_new ? "created" : "rotated: active", &info);
    } else if (retire) {
        if ((st = kc_keyring_retire(kr, o.positional[0])) != KC_OK) rc = fail_keyring(st, kc_keyring_error(kr));
        else printf("retired %s\n", o.positional[0]);
    } else {
        printf("%-20s %7s  %-16s %-20s  %-12s %-6s  %s\n", "name", "version", "cipher", "created (UTC)", "state",
               "kcv", "kek");
        size_t i = 0;
        for (; (st = kc_keyring_list(kr, i, &info)) == KC_OK; i++)
            printf("%-20s %7u  %-16s %-20s  %-12s %-6s  %s\n", info.name, info.version, info.cipher, info.created,
                   kc_key_state_name(info.state), info.kcv, *info.kek ? info.kek : "-");
        if (st != KC_ERR_KEY_NOT_FOUND) rc = fail_keyring(st, kc_keyring_error(kr));
    }
    kc_keyring_close(kr);
    return rc;
}
