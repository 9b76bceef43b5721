/* SPDX-License-Identifier: MIT */
/* The shared library's interface is exactly include/kcipher.h and
 * include/kcipher_arrow.h: every function they declare resolves with dlsym(), and the library's
 * dynamic symbol table defines nothing else (no internal symbol leaks out
 * of the hidden visibility).  The names come from parsing the header, so a
 * new declaration is covered without touching this test.  Built where there
 * is a shared library (KC_SHARED_LIB, KC_HEADER from tests/CMakeLists.txt);
 * elsewhere it exits 77, "skipped". */
#include <stdlib.h>
#include <string.h>
#include "testlib.h"

#ifndef KC_SHARED_LIB
int main(void)
{
    puts("no shared library in this build: skipped");
    return 77;
}
#else
#include <ctype.h>
#include <dlfcn.h>
#include <link.h>

#define MAX_NAMES 256
static char *names[MAX_NAMES];
static size_t nnames;

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    if (buf) buf[n] = 0;
    if (len) *len = n;
    return buf;
}

static int declared(const char *name)
{
    for (size_t i = 0; i < nnames; i++)
        if (strcmp(names[i], name) == 0) return 1;
    return 0;
}

/* Every "kc_name (" outside comments and preprocessor lines: a function
 * declaration (the header has no function-like kc_ macros or calls). */
static void header_functions(char *text)
{
    char *p = text, *w = text;
    int line_start = 1, directive = 0;
    while (*p) {                                   /* comments and # lines become spaces */
        if (p[0] == '/' && p[1] == '*') {
            char *end = strstr(p + 2, "*/");
            p = end ? end + 2 : p + strlen(p);
            *w++ = ' ';
            continue;
        }
        if (p[0] == '/' && p[1] == '/') { p += strcspn(p, "\n"); continue; }
        if (line_start && *p == '#') directive = 1;
        if (!isspace((unsigned char)*p)) line_start = 0;
        if (*p == '\n') { line_start = 1; directive = p > text && p[-1] == '\\' && directive; }
        *w++ = directive && *p != '\n' ? ' ' : *p;
        p++;
    }
    *w = 0;
    for (p = text; (p = strstr(p, "kc_")) != NULL;) {
        char *start = p;
        int word = start == text || !(isalnum((unsigned char)start[-1]) || start[-1] == '_');
        while (isalnum((unsigned char)*p) || *p == '_') p++;
        char *q = p;
        while (isspace((unsigned char)*q)) q++;
        if (!word || *q != '(' || nnames == MAX_NAMES) continue;
        char *name = malloc((size_t)(p - start) + 1);
        memcpy(name, start, (size_t)(p - start));
        name[p - start] = 0;
        if (declared(name)) free(name);
        else names[nnames++] = name;
    }
}

/* Defined global symbols of the library's .dynsym, each checked against
 * the header's names. */
static void check_dynsym(const char *path)
{
    size_t len;
    unsigned char *file = (unsigned char *)read_file(path, &len);
    if (!TL_CHECK(file != NULL && len >= sizeof(ElfW(Ehdr)), "cannot read %s", path)) return;
    const ElfW(Ehdr) *eh = (const ElfW(Ehdr) *)file;
    if (!TL_CHECK(memcmp(eh->e_ident, ELFMAG, SELFMAG) == 0 && eh->e_shoff + (size_t)eh->e_shnum * sizeof(ElfW(Shdr)) <= len,
                  "%s: not an ELF file of this word size", path)) {
        free(file);
        return;
    }
    const ElfW(Shdr) *sh = (const ElfW(Shdr) *)(file + eh->e_shoff);
    size_t exported = 0, sections = 0;
    for (size_t s = 0; s < eh->e_shnum; s++) {
        if (sh[s].sh_type != SHT_DYNSYM) continue;
        sections++;
        const ElfW(Sym) *sym = (const ElfW(Sym) *)(file + sh[s].sh_offset);
        const char *str = (const char *)file + sh[sh[s].sh_link].sh_offset;
        for (size_t i = 0; i < sh[s].sh_size / sizeof *sym; i++) {
            int bind = ELF64_ST_BIND(sym[i].st_info);       /* same macro body for ELF32 */
            if (sym[i].st_shndx == SHN_UNDEF || (bind != STB_GLOBAL && bind != STB_WEAK)) continue;
            const char *name = str + sym[i].st_name;
            exported++;
            TL_CHECK(declared(name), "%s exports %s, which include/kcipher.h does not declare", path, name);
        }
    }
    TL_CHECK(sections == 1, "%s: %zu .dynsym sections", path, sections);
    printf("%zu symbols exported, %zu functions declared\n", exported, nnames);
    free(file);
}

int main(void)
{
    static const char *const headers[] = { KC_HEADER, KC_HEADER_ARROW };
    for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++) {
        char *header = read_file(headers[i], NULL);
        if (!TL_CHECK(header != NULL, "cannot read %s", headers[i])) return tl_finish("exports");
        header_functions(header);
        free(header);
    }
    /* The parser must find the headers' functions, old and new. */
    TL_CHECK(nnames >= 50 && declared("kc_cipher_new") && declared("kc_ct_compare") && !declared("kc_status") &&
             declared("kc_tokenize_arrow"), "header parse found %zu names", nnames);

    void *lib = dlopen(KC_SHARED_LIB, RTLD_NOW | RTLD_LOCAL);
    if (!TL_CHECK(lib != NULL, "dlopen %s: %s", KC_SHARED_LIB, dlerror())) return tl_finish("exports");
    for (size_t i = 0; i < nnames; i++)
        TL_CHECK(dlsym(lib, names[i]) != NULL, "%s is declared in kcipher.h but not exported", names[i]);
    check_dynsym(KC_SHARED_LIB);
    dlclose(lib);
    for (size_t i = 0; i < nnames; i++) free(names[i]);
    return tl_finish("exports");
}
#endif
