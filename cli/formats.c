/* SPDX-License-Identifier: MIT */
/* kcipher formats [NAME...]: the named tokenization formats, each with its
 * spec and what it keeps (the library's table: kc_format_at). */
#include <stdio.h>
#include <string.h>
#include "commands.h"

int cmd_formats(int argc, char **argv)
{
    const char *name, *spec, *desc;
    for (int a = 2; a < argc; a++) {       /* names asked for must exist */
        size_t i = 0;
        while (kc_format_at(i, &name, NULL, NULL) == KC_OK && strcmp(name, argv[a])) i++;
        if (kc_format_at(i, NULL, NULL, NULL) != KC_OK) {
            char msg[200];
            snprintf(msg, sizeof msg, "no format named %.100s (kcipher formats lists them)", argv[a]);
            return fail(EXIT_USAGE, "formats", msg);
        }
    }
    for (size_t i = 0; kc_format_at(i, &name, &spec, &desc) == KC_OK; i++) {
        int shown = argc == 2;
        for (int a = 2; a < argc; a++) shown |= !strcmp(name, argv[a]);
        if (shown) printf("%-16s %s\n%-16s   %s\n", name, spec, "", desc);
    }
    if (argc == 2)
        printf("\nalphabets: digits hex HEX lower upper alpha alnum hangul (U+AC00-U+D7A3), or the characters\n"
               "themselves, with U+XXXX for one code point and U+XXXX-U+YYYY for a range.\n"
               "Spec items: alphabet= pass= keep=L,T len=N[-M] check=luhn|brn|crn|luhn-fail|luhn-inner stop=C\n"
               "shape=kr-frn|kr-passport|kr-driver|kr-tel|kr-name case=preserve mask=C (README: Formats).\n");
    return 0;
}
