/* SPDX-License-Identifier: MIT */
/* kcipher: command-line front end.  Exit status: 0 ok, 1 crypto or data
 * failure (bad tag, bad padding, data outside the domain, a write error),
 * 2 usage error. */
#define _POSIX_C_SOURCE 200809L   /* readlink, execv */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "io.h"
#include "core/cpu.h"

static const char usage[] =
"usage: kcipher <command> [options]\n"
"\n"
"  list                                   ciphers, backends, what this CPU runs, every name\n"
"  formats [NAME...]                      tokenization formats: name, spec, what each keeps\n"
"  encrypt|decrypt --cipher NAME KEY [--backend NAME]\n"
"      block ciphers: [--mode ecb|cbc|ctr|cfb|ofb] [--iv HEX] [--pad] [--hex DATA]\n"
"                     --mode xts --iv TWEAK: one data unit (16 B..16 MiB), KEY is key1||key2\n"
"      AEAD:          --nonce HEX [--ad HEX] [--tag-len N] [--hex DATA]  (output: ciphertext || tag)\n"
"                     TinyJAMBU, or a 128-bit block cipher with --mode gcm|ccm\n"
"      FEA blocks:    --bits N [--tweak HEX] [--hex BLOCK]   (hex integers, one per line on stdin)\n"
"      Without --hex, stdin is read and stdout written as raw bytes.\n"
"      [--threads N]: threads for large inputs (default: KC_THREADS or all cores)\n"
"  fpe encrypt|decrypt --cipher ff1-*|ff3-1-*|fea1-*|fea2-* KEY [--tweak HEX]\n"
"      [--radix R | --alphabet CHARS | --format NAME|SPEC]  (FF1/FF3-1 over aes, aria or lea)\n"
"      [--allow-small-domain] [--threads N] [VALUE...]       (no VALUE: one value per line of stdin)\n"
"  tokenize|detokenize --cipher NAME KEY --column NAME=FORMAT [--column ...]\n"
"      [--tweak-column NAME | --tweak-context] [--input csv|tsv|jsonl]\n"
"      [--on-error fail|null|keep|skip-record] [--max-record-bytes N (1048576)] [--summary-json FILE]\n"
"      [--allow-small-domain] [--threads N]  < in > out   (FORMAT: kcipher formats; README, \"Formats\")\n"
"      [--encoding utf-8|cp949|euc-kr] [--output-encoding utf-8] [--progress | --no-progress]\n"
"      Mask formats (mask, mask-card, ...) are irreversible: a run of masks only needs no cipher or key.\n"
"      A malformed record fails the run unless --on-error skip-record; a summary goes to stderr.\n"
"  retokenize --from NAME@V --to NAME@W --column NAME=FORMAT [...]  (or --from-key-file F --to-key-file G\n"
"      --cipher C)  tokens under one key into tokens under another, one pass, the same options as\n"
"      tokenize; --expect-from-kcv HEX, --expect-to-kcv HEX refuse other keys\n"
"  tokenize|detokenize|retokenize [--embed-version] [--version-column NAME]  which key version made a\n"
"      token (keyring keys): in its first encrypted character, in a column; --key-name NAME (--from NAME)\n"
"      without @V opens each row under its own version\n"
"  mac --cipher NAME --mode cmac|gmac KEY [--nonce HEX] [--tag-len N] [--hex DATA]\n"
"      [--verify TAG]                     prints the tag in hex (stdin without --hex);\n"
"                                         --verify: exit 0 when TAG matches, 1 when not\n"
"  mac --mode hmac --hash NAME KEY ...    HMAC over a hash (sha-256, lsh-256, ...), a key of any length\n"
"  hash --alg NAME [--hex DATA] [--backend NAME]  the digest of stdin (or --in FILE) in hex:\n"
"      sha-224|256|384|512 sha-512-224|256 lsh-256-224|256 lsh-512-224|256|384|512 (lsh-256, lsh-512)\n"
"  Commands that read stdin or write stdout also take --in FILE and --out FILE (\"-\": stdin, stdout);\n"
"      --out is written to a temporary file, renamed into place only when the run succeeds.\n"
"  key new NAME --cipher C [--kek SRC] | key rotate NAME [--kek SRC] | key list | key retire NAME@V\n"
"      [--keyring PATH (or KCIPHER_KEYRING)]  keys with versions, KCVs; SRC: file:PATH env:VAR\n"
"      cmd:COMMAND pkcs11:URI (or KCIPHER_KEK): the KEK that wraps new versions (README: Keys)\n"
"  random --bytes N [--drbg NAME] [--hex]  random bytes: kc_random (CTR_DRBG-AES-256 from the OS),\n"
"      or a DRBG by name (ctr-drbg-aria-256, ...; kcipher list)\n"
"  kdf --prf NAME (--key HEX|--key-file F) [--mode counter|feedback|pipeline] [--fixed HEX] [--iv HEX]\n"
"      [--counter before|after|middle:N|before-iter|none] [--r 8|16|24|32] --bytes N\n"
"                                         KBKDF (SP 800-108) over a MAC (aes-256-cmac, ...); hex out\n"
"  bench [--quick] [--cipher NAME...] [--json FILE] [--report DIR]   (runs kcipher-bench)\n"
"  version\n"
"\n"
"KEY is one of: --key-file FILE (hex text, or raw bytes not all text), the environment\n"
"variable KCIPHER_KEY (hex), or --key HEX (visible to every user in the\n"
"process list: for tests and examples), or --key-name NAME[@V] from --keyring PATH (or\n"
"KCIPHER_KEYRING; --kek SRC or KCIPHER_KEK when wrapped).  --expect-kcv HEX refuses another key.\n"
"\n"
"ciphers: aria-128|192|256 lea-128|192|256 pipo-64-128 pipo-64-256 rc6-128|192|256\n"
"         aes-128|192|256 rijndael-B-K (B, K in 128|192|256) tinyjambu-128|192|256\n"
"         fea1-128|192|256 fea2-128|192|256\n"
"         hight-64-128 cham-64-128 cham-128-128 cham-128-256\n";

/* The features in use, what the CPU has, and what KC_CPU_DISABLE took away
 * (with the features that need those).  A name in the mask that is no
 * feature is an error here: the mask would silently not be what was meant. */
static int list_cpu(void)
{
    char buf[128];
    const char *mask = getenv("KC_CPU_DISABLE"), *unknown = kc_cpu_mask_unknown();
    uint32_t masked = kc_cpu_detected() & ~kc_cpu_detect();
    printf("CPU features: %s\n", *kc_cpu_features() ? kc_cpu_features() : "(none detected)");
    printf("  detected:   %s\n", *kc_cpu_names(kc_cpu_detected(), buf, sizeof buf) ? buf : "(none)");
    if (mask && *mask)
        printf("  masked:     %s (KC_CPU_DISABLE=%s)\n", masked ? kc_cpu_names(masked, buf, sizeof buf) : "(none)", mask);
    else
        printf("  masked:     (none: KC_CPU_DISABLE is not set)\n");
    if (!*unknown) return 0;
    printf("  ignored:    %s (no such feature)\n", unknown);
    snprintf(buf, sizeof buf, "no such feature: %s (names as `detected:` prints them, or all)", unknown);
    return fail(EXIT_USAGE, "KC_CPU_DISABLE", buf);
}

/* A hash's digest size and its backends, the default marked, the ones this CPU cannot run in (). */
static void list_hash(const char *name)
{
    kc_hash *h = NULL;
    kc_backend_info b;
    kc_hash_new(&h, name, NULL);
    printf("  %-22s %3zu-bit digest, backends:", name, kc_hash_size(h) * 8);
    kc_hash_free(h);
    for (size_t k = 0; kc_backend_at(name, k, &b) == KC_OK; k++)
        printf(" %s%s%s%s", b.available ? "" : "(", b.name, b.is_default ? "*" : "", b.available ? "" : ")");
    printf("\n");
}

/* Every name --cipher takes (kc_name_at), grouped by what it opens as. */
static void list_names(void)
{
    static const struct { const char *title; kc_name_kind kind, also; } groups[] = {
        { "block ciphers", KC_NAME_BLOCK, KC_NAME_BLOCK }, { "AEAD", KC_NAME_AEAD, KC_NAME_AEAD },
        { "MAC", KC_NAME_MAC, KC_NAME_MAC }, { "FPE", KC_NAME_FPE, KC_NAME_FEA },
        { "hashes", KC_NAME_HASH, KC_NAME_HASH },
        { "XTS (--mode xts; the key is two keys)", KC_NAME_XTS, KC_NAME_XTS },
        { "DRBG (random --drbg; the key is the DRBG's internal one)", KC_NAME_DRBG, KC_NAME_DRBG },
    };
    kc_name_info n;
    printf("\nNames:\n");
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        printf("%s\n", groups[g].title);
        for (size_t i = 0; kc_name_at(i, &n) == KC_OK; i++) {
            if (n.kind != groups[g].kind && n.kind != groups[g].also) continue;
            if (n.kind == KC_NAME_HASH)
                list_hash(n.name);
            else if (*n.construction)
                printf("  %-22s %zu-bit key, %s over %s\n", n.name, n.key_bytes * 8, n.construction, n.cipher);
            else
                printf("  %-22s %zu-bit key\n", n.name, n.key_bytes * 8);
        }
    }
}

/* A row per backend of name (a cipher, or "ghash"). */
static void list_backends(const char *name, const char *kind, const char *key, const char *block)
{
    kc_backend_info b;
    for (size_t k = 0; kc_backend_at(name, k, &b) == KC_OK; k++) {
        char none[1];   /* "masked": the CPU has what it needs, KC_CPU_DISABLE took it away */
        uint32_t needs = kc_cpu_parse_mask(b.cpu_features, none, sizeof none);
        const char *runs = b.available ? "runs" : (needs & ~kc_cpu_detected()) ? "no" : "masked";
        printf("%-18s %-6s %4s %5s  %-13s %-8s %-14s %-9s %s\n", name, kind, key, block, b.name,
               b.is_default ? "yes" : "", b.constant_time ? "constant-time" : "variable-time",
               runs, *b.cpu_features ? b.cpu_features : "-");
    }
}

int cmd_list(void)
{
    int rc = list_cpu();
    printf("%-18s %-6s %4s %5s  %-13s %-8s %-14s %-9s %s\n", "cipher", "kind", "key", "block",
           "backend", "default", "timing", "this CPU", "needs");
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *c = kc_cipher_at(i);
        static const char *const kinds[] = { "", "block", "aead", "fea" };
        char block[8];
        if (c->kind == KC_KIND_FEA) snprintf(block, sizeof block, "8-128");
        else snprintf(block, sizeof block, "%zu", c->kind == KC_KIND_AEAD ? (size_t)0 : c->block_bytes * 8);
        char key[8];
        snprintf(key, sizeof key, "%zu", c->key_bytes * 8);
        list_backends(c->name, kinds[c->kind], key, c->kind == KC_KIND_AEAD ? "-" : block);
        if (kc_backend_count(c->name) == 0)
            printf("%-18s %-6s %4zu %5s  (no backend built)\n", c->name, kinds[c->kind], c->key_bytes * 8, block);
    }
    list_backends("ghash", "ghash", "-", "128");   /* GCM's and GMAC's: --backend CIPHER-BACKEND/GHASH-BACKEND */
    list_names();
    return rc;
}

/* The benchmark is its own program, so that the CLI links no peer library:
 * kcipher-bench beside this executable, else on PATH.  argv[0] is "bench". */
static int run_bench(char **argv)
{
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - sizeof "kcipher-bench");
    char *slash = NULL;
    int err = ENOENT;
    if (n > 0) {
        path[n] = 0;
        slash = strrchr(path, '/');
    }
    if (slash) {
        strcpy(slash + 1, "kcipher-bench");
        argv[0] = path;
        execv(path, argv);
        err = errno;
    }
    argv[0] = "kcipher-bench";
    execvp("kcipher-bench", argv);
    if (err == ENOENT) err = errno;
    if (err == ENOENT)
        return fail(EXIT_USAGE, "bench", "kcipher-bench is not installed (looked beside kcipher and on PATH)");
    return fail(EXIT_USAGE, slash ? path : "kcipher-bench", strerror(err));
}

static int apply_threads(const options *o)
{
    unsigned long n;
    if (!o->threads) return 0;
    int rc = parse_uint(o->threads, 1, 256, &n, "--threads");
    return rc ? rc : kc_set_threads((unsigned)n) == KC_OK ? 0 : fail(EXIT_USAGE, "--threads", "cannot set");
}

static int run(int argc, char **argv)
{
    if (argc < 2) return fail(EXIT_USAGE, "no command given; try 'kcipher --help'", NULL);
    const char *cmd = argv[1];
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        fputs(usage, stdout);
        return 0;
    }
    if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
        printf("kcipher %s\n", KC_VERSION_STRING);
        return 0;
    }
    if (strcmp(cmd, "bench") == 0) return run_bench(argv + 1);
    if (strcmp(cmd, "key") == 0) return cmd_key(argc, argv);
    if (strcmp(cmd, "formats") == 0) return cmd_formats(argc, argv);
    if (strcmp(cmd, "random") == 0) return cmd_random(argc, argv);
    if (strcmp(cmd, "kdf") == 0) return cmd_kdf(argc, argv);
    if (strcmp(cmd, "list") == 0) return argc == 2 ? cmd_list() : fail(EXIT_USAGE, "list", "takes no arguments");
    options o;
    int rc, fpe = strcmp(cmd, "fpe") == 0, tok = !strcmp(cmd, "tokenize") || !strcmp(cmd, "detokenize")
                                                  || !strcmp(cmd, "retokenize");
    if (fpe && (argc < 3 || (strcmp(argv[2], "encrypt") && strcmp(argv[2], "decrypt"))))
        return fail(EXIT_USAGE, "fpe", "expected `fpe encrypt` or `fpe decrypt`");
    int mac = strcmp(cmd, "mac") == 0, hash = strcmp(cmd, "hash") == 0;
    if (!fpe && !tok && !mac && !hash && strcmp(cmd, "encrypt") && strcmp(cmd, "decrypt")) {
        fprintf(stderr, "kcipher: unknown command: %s; try 'kcipher --help'\n", cmd);
        return EXIT_USAGE;
    }
    if ((rc = parse_options(argc - 2 - fpe, argv + 2 + fpe, fpe ? KC_CLI_MAX_VALUES : 0, &o))) return rc;
    if ((rc = apply_threads(&o)) || (rc = io_open(&o))) return rc;
    if (tok) return cmd_tokenize(&o, cmd[0] == 'r' ? 2 : cmd[0] == 't');
    if (mac) return cmd_mac(&o);
    if (hash) return cmd_hash(&o);
    return fpe ? cmd_fpe(&o, argv[2][0] == 'e') : cmd_crypt(&o, cmd[0] == 'e');
}

int main(int argc, char **argv)
{
    int rc = run(argc, argv);
    errno = 0;
    /* Output lost to a full disk, a closed stdout or a size limit is a failure (as in cat). */
    if (fflush(stdout) != 0 || ferror(stdout))
        if (!rc) rc = fail(EXIT_CRYPTO, "writing output", errno ? strerror(errno) : "write error");
    return io_finish(rc);   /* --out: renamed into place only now, or removed */
}
