/* SPDX-License-Identifier: MIT */
/* kc_pkcs11_wrap/unwrap against a real token: SoftHSM2 in a private
 * configuration (a temporary folder), a token made with softhsm2-util, KEKs
 * of known value put in it through the PKCS#11 API.  Checks: round trips of
 * 16- and 32-byte keys, the wrapped bytes against RFC 5649 and against Python
 * `cryptography` (software KWP, when importable), and the status and reason
 * of each refusal.  Skipped (77) without SoftHSM2 or without dlopen. */
#define _POSIX_C_SOURCE 200809L   /* popen, mkdtemp, setenv */
#include "testlib.h"
#include "keys/pkcs11.h"
#include <stdio.h>
#include <string.h>

#if !defined(__unix__) && !defined(__APPLE__)
int main(void)
{
    printf("SKIP: no dlopen on this platform\n");
    return 77;
}
#else
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#ifdef KC_HAVE_PTHREADS
#include <pthread.h>
#endif
#include "keys/pkcs11_types.h"

static const char *module_candidates[] = {
    "/usr/lib/softhsm/libsofthsm2.so", "/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so",
    "/usr/lib/aarch64-linux-gnu/softhsm/libsofthsm2.so", "/usr/local/lib/softhsm/libsofthsm2.so",
    "/usr/lib64/pkcs11/libsofthsm2.so", "/usr/lib/pkcs11/libsofthsm2.so", NULL,
};

static char module[512], dir[256];
/* AES-256 KEKs of known value; the 192-bit one is RFC 5649's. */
static const uint8_t kek1[32] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b,
                                  0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
                                  0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f };
static uint8_t kek2[32], kek_rfc[24];
static CK_SLOT_ID slot;

/* A readable SoftHSM2 module that this process can load (not one of
 * another architecture, as under qemu-user). */
static int loadable(void)
{
    void *h = dlopen(module, RTLD_NOW | RTLD_LOCAL);
    if (h) dlclose(h);
    return h != NULL;
}

static int find_module(void)
{
    const char *env = getenv("KC_SOFTHSM2_MODULE");
    if (env && *env) {
        snprintf(module, sizeof module, "%s", env);
        return access(module, R_OK) == 0 && loadable();
    }
    for (int i = 0; module_candidates[i]; i++)
        if (access(module_candidates[i], R_OK) == 0) {
            snprintf(module, sizeof module, "%s", module_candidates[i]);
            if (loadable()) return 1;
        }
    return 0;
}

static int run(const char *cmd)
{
    int rc = system(cmd);
    if (rc != 0) printf("FAIL: `%s` exited %d\n", cmd, rc);
    return rc == 0;
}

/* The test's own use of the module: the function list checked against the
 * module's exported symbols (the layout of pkcs11_types.h), and the KEKs made. */
static void *lib;
static CK_FUNCTION_LIST *fl;
static CK_SESSION_HANDLE sess;

static void check_layout(void)
{
    static const struct { const char *name; size_t off; } fns[] = {
#define F(x) { #x, offsetof(CK_FUNCTION_LIST, x) }
        F(C_Initialize), F(C_Finalize), F(C_GetFunctionList), F(C_GetSlotList), F(C_GetTokenInfo),
        F(C_GetMechanismInfo), F(C_OpenSession), F(C_CloseSession), F(C_Login), F(C_Logout),
        F(C_CreateObject), F(C_DestroyObject), F(C_GetAttributeValue), F(C_FindObjectsInit),
        F(C_FindObjects), F(C_FindObjectsFinal), F(C_WrapKey), F(C_UnwrapKey), F(C_WaitForSlotEvent),
#undef F
    };
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
        void *want = dlsym(lib, fns[i].name), *got;
        memcpy(&got, (const char *)fl + fns[i].off, sizeof got);
        TL_CHECK(want && got == want, "function list layout: %s", fns[i].name);
    }
}

static CK_RV make_kek(const char *label, const uint8_t *id, size_t id_len, const uint8_t *value, size_t len,
                      int can_wrap)
{
    CK_OBJECT_CLASS cls = CKO_SECRET_KEY;
    CK_KEY_TYPE kt = CKK_AES;
    CK_BBOOL yes = CK_TRUE, no = CK_FALSE, wrap = can_wrap ? CK_TRUE : CK_FALSE;
    CK_ATTRIBUTE tpl[] = {
        { CKA_CLASS, &cls, sizeof cls }, { CKA_KEY_TYPE, &kt, sizeof kt }, { CKA_TOKEN, &yes, sizeof yes },
        { CKA_LABEL, (void *)label, (CK_ULONG)strlen(label) }, { CKA_ID, (void *)id, (CK_ULONG)id_len },
        { CKA_WRAP, &wrap, sizeof wrap }, { CKA_UNWRAP, &wrap, sizeof wrap },
        { CKA_ENCRYPT, &no, sizeof no }, { CKA_DECRYPT, &no, sizeof no },
        { CKA_SENSITIVE, &yes, sizeof yes }, { CKA_EXTRACTABLE, &no, sizeof no },
        { CKA_VALUE, (void *)value, (CK_ULONG)len },
    };
    CK_OBJECT_HANDLE h;
    return fl->C_CreateObject(sess, tpl, sizeof tpl / sizeof tpl[0], &h);
}

static int open_module(void)
{
    CK_RV (*get)(CK_FUNCTION_LIST **) = NULL;
    lib = dlopen(module, RTLD_NOW | RTLD_LOCAL);
    if (!lib) return 0;
    void *sym = dlsym(lib, "C_GetFunctionList");
    memcpy(&get, &sym, sizeof get);
    if (!get || get(&fl) != CKR_OK) return 0;
    CK_C_INITIALIZE_ARGS args = { NULL, NULL, NULL, NULL, CKF_OS_LOCKING_OK, NULL };
    if (fl->C_Initialize(&args) != CKR_OK) return 0;
    CK_ULONG n = 8;
    CK_SLOT_ID slots[8];
    if (fl->C_GetSlotList(CK_TRUE, slots, &n) != CKR_OK) return 0;
    for (CK_ULONG i = 0; i < n; i++) {
        CK_TOKEN_INFO ti;
        if (fl->C_GetTokenInfo(slots[i], &ti) == CKR_OK && memcmp(ti.label, "kcipher ", 8) == 0) {
            slot = slots[i];
            return fl->C_OpenSession(slot, CKF_SERIAL_SESSION | CKF_RW_SESSION, NULL, NULL, &sess) == CKR_OK &&
                   fl->C_Login(sess, CKU_USER, (CK_BYTE *)"1234", 4) == CKR_OK;
        }
    }
    return 0;
}

static void close_module(void)
{
    fl->C_Finalize(NULL);
    dlclose(lib);
}

/* Software KWP from Python `cryptography`, in hex; 0 when not importable. */
static int python_kwp(const uint8_t *kek, size_t kek_len, const uint8_t *key, size_t key_len, char *out, size_t cap)
{
    char kh[2 * 32 + 1], keyh[2 * 64 + 1], cmd[512];
    tl_hex(kh, kek, kek_len);
    tl_hex(keyh, key, key_len);
    snprintf(cmd, sizeof cmd,
             "python3 -c 'import sys; from cryptography.hazmat.primitives.keywrap import aes_key_wrap_with_padding as w;"
             " print(w(bytes.fromhex(sys.argv[1]), bytes.fromhex(sys.argv[2])).hex())' %s %s 2>/dev/null", kh, keyh);
    FILE *p = popen(cmd, "r");
    if (!p) return 0;
    int ok = fgets(out, (int)cap, p) != NULL;
    if (pclose(p) != 0) ok = 0;
    if (ok) out[strcspn(out, "\n")] = 0;
    return ok;
}

static char uri_buf[2048];
static const char *uri(const char *path, const char *query)
{
    snprintf(uri_buf, sizeof uri_buf, "pkcs11:%s?module-path=%s%s%s", path, module, *query ? "&" : "", query);
    return uri_buf;
}

static void expect(kc_status got, kc_status want, const char *why, const char *reason, const char *what)
{
    tl_check_status(got, want, "%s", what);
    TL_CHECK(strstr(why, reason) != NULL, "%s: reason '%s' lacks '%s'", what, why, reason);
}

static void round_trips(void)
{
    char why[256], hex[160], py[160];
    uint8_t key[64], wrapped[80], back[64];
    size_t wl, bl;
    int python = 1;
    for (size_t len = 16; len <= 32; len += 16) {
        tl_random_bytes(key, len);
        kc_status st = kc_pkcs11_wrap(uri("token=kcipher;object=kek", "pin-value=1234"), key, len,
                                      wrapped, sizeof wrapped, &wl, why, sizeof why);
        if (!tl_check_status(st, KC_OK, "wrap %zu bytes (%s)", len, why)) continue;
        TL_CHECK(wl == len + 8, "wrap %zu bytes: %zu out", len, wl);
        st = kc_pkcs11_unwrap(uri("token=kcipher;object=kek", "pin-value=1234"), wrapped, wl,
                              back, sizeof back, &bl, why, sizeof why);
        tl_check_status(st, KC_OK, "unwrap %zu bytes (%s)", len, why);
        TL_CHECK(bl == len && memcmp(back, key, len) == 0, "round trip %zu bytes", len);
        /* The same bytes as software KWP under the same KEK. */
        if (python && python_kwp(kek1, sizeof kek1, key, len, py, sizeof py)) {
            tl_hex(hex, wrapped, wl);
            TL_CHECK(strcmp(hex, py) == 0, "KWP %zu bytes: token %s, cryptography %s", len, hex, py);
        } else if (python) {
            printf("note: Python `cryptography` not importable: the token's output is checked against RFC 5649 only\n");
            python = 0;
        }
        /* Damaged: every byte position flipped in turn, and a truncation. */
        for (size_t i = 0; i < wl; i++) {
            wrapped[i] ^= 0x40;
            st = kc_pkcs11_unwrap(uri("token=kcipher;object=kek", "pin-value=1234"), wrapped, wl,
                                  back, sizeof back, &bl, why, sizeof why);
            wrapped[i] ^= 0x40;
            if (!tl_check_status(st, KC_ERR_UNWRAP, "damaged byte %zu of %zu (%s)", i, wl, why)) break;
        }
        st = kc_pkcs11_unwrap(uri("token=kcipher;object=kek", "pin-value=1234"), wrapped, wl - 1,
                              back, sizeof back, &bl, why, sizeof why);
        tl_check_status(st, KC_ERR_UNWRAP, "truncated wrapped key (%s)", why);
        /* Wrong KEK: another key in the same token. */
        st = kc_pkcs11_unwrap(uri("token=kcipher;object=kek2", "pin-value=1234"), wrapped, wl,
                              back, sizeof back, &bl, why, sizeof why);
        tl_check_status(st, KC_ERR_UNWRAP, "wrong KEK (%s)", why);
        TL_CHECK(bl == 0, "wrong KEK: no key length reported");
        /* Output too small. */
        st = kc_pkcs11_unwrap(uri("token=kcipher;object=kek", "pin-value=1234"), wrapped, wl,
                              back, len - 1, &bl, why, sizeof why);
        tl_check_status(st, KC_ERR_OUTPUT_TOO_SMALL, "unwrap into %zu bytes", len - 1);
        st = kc_pkcs11_wrap(uri("token=kcipher;object=kek", "pin-value=1234"), key, len,
                            wrapped, len, &wl, why, sizeof why);
        tl_check_status(st, KC_ERR_OUTPUT_TOO_SMALL, "wrap into %zu bytes", len);
    }
}

static void rfc5649(void)
{
    static const char *keys[2] = { "c37b7e6492584340bed12207808941155068f738", "466f7250617369" };
    static const char *want[2] = { "138bdeaa9b8fa7fc61f97742e72248ee5ae6ae5360d1ae6a5f54f373fa543b6a",
                                   "afbeb0f07dfbf5419200f2ccb50bb24f" };
    for (int i = 0; i < 2; i++) {
        uint8_t key[32], wrapped[48], back[32];
        char hex[100], why[256];
        size_t kl = (size_t)tl_unhex(keys[i], key, sizeof key), wl = 0, bl = 0;
        kc_status st = kc_pkcs11_wrap(uri("token=kcipher;object=rfc5649", "pin-value=1234"), key, kl,
                                      wrapped, sizeof wrapped, &wl, why, sizeof why);
        /* SoftHSM 2.6 zero-pads such keys before KWP: the library refuses
         * what its check finds does not unwrap to the key. */
        if (st == KC_ERR_KEK) {
            TL_CHECK(strstr(why, "does not give back") != NULL, "RFC 5649 vector %d wrap refused: %s", i + 1, why);
            printf("note: this token's KWP is wrong for %zu-byte keys (%s)\n", kl, why);
        } else {
            tl_check_status(st, KC_OK, "RFC 5649 vector %d wrap (%s)", i + 1, why);
            tl_hex(hex, wrapped, wl);
            TL_CHECK(strcmp(hex, want[i]) == 0, "RFC 5649 vector %d: %s", i + 1, hex);
        }
        tl_unhex(want[i], wrapped, sizeof wrapped);
        st = kc_pkcs11_unwrap(uri("token=kcipher;object=rfc5649", "pin-value=1234"), wrapped, strlen(want[i]) / 2,
                              back, sizeof back, &bl, why, sizeof why);
        TL_CHECK(st == KC_OK && bl == kl && memcmp(back, key, kl) == 0, "RFC 5649 vector %d unwrap (%s)", i + 1, why);
    }
}

static void refusals(const uint8_t *wrapped, size_t wl)
{
    char why[256], u[700], pinfile[300];
    uint8_t back[64];
    size_t bl;
    kc_status st;
#define UNWRAP(s) kc_pkcs11_unwrap((s), wrapped, wl, back, sizeof back, &bl, why, sizeof why)
    st = UNWRAP(uri("token=kcipher;object=kek", "pin-value=9999"));
    expect(st, KC_ERR_KEK, why, "CKR_PIN_INCORRECT", "wrong PIN");
    expect(st, KC_ERR_KEK, why, "wrong PIN", "wrong PIN");
    st = UNWRAP(uri("token=kcipher;object=nosuch", "pin-value=1234"));
    expect(st, KC_ERR_KEK, why, "no such object", "wrong object");
    st = UNWRAP(uri("token=kcipher;id=%99", "pin-value=1234"));
    expect(st, KC_ERR_KEK, why, "no such object", "wrong id");
    st = UNWRAP(uri("token=kcipher;object=kek", ""));
    expect(st, KC_ERR_KEK, why, "not logged in", "no PIN (the KEK is private)");
    st = UNWRAP(uri("token=nosuch;object=kek", "pin-value=1234"));
    expect(st, KC_ERR_KEK, why, "no such token", "wrong token");
    st = UNWRAP(uri("token=kcipher;object=nowrap", "pin-value=1234"));
    expect(st, KC_ERR_KEK, why, "CKR_", "a KEK without CKA_UNWRAP");
    st = kc_pkcs11_unwrap("pkcs11:token=kcipher;object=kek?module-path=/nonexistent/libnothing.so&pin-value=1234",
                          wrapped, wl, back, sizeof back, &bl, why, sizeof why);
    expect(st, KC_ERR_KEK, why, "module not loadable", "missing module");
    st = kc_pkcs11_unwrap("pkcs11:token=kcipher;object=kek?module-path=/etc/hostname&pin-value=1234",
                          wrapped, wl, back, sizeof back, &bl, why, sizeof why);
    expect(st, KC_ERR_KEK, why, "module not loadable", "not a shared library");
    /* Accepted forms: percent-encoding, id, slot-id, pin-source, type. */
    st = UNWRAP(uri("token=kc%69pher;object=k%65k", "pin-value=%31234"));
    tl_check_status(st, KC_OK, "percent-encoded attributes (%s)", why);
    st = UNWRAP(uri("id=%01%02;type=secret-key", "pin-value=1234"));
    tl_check_status(st, KC_OK, "id= alone (%s)", why);
    snprintf(u, sizeof u, "slot-id=%lu;object=kek", (unsigned long)slot);
    st = UNWRAP(uri(u, "pin-value=1234"));
    tl_check_status(st, KC_OK, "slot-id= (%s)", why);
    snprintf(pinfile, sizeof pinfile, "%s/pin", dir);
    FILE *f = fopen(pinfile, "w");
    if (f) {
        fputs("1234\n", f);
        fclose(f);
    }
    snprintf(u, sizeof u, "pin-source=file:%s", pinfile);
    st = UNWRAP(uri("token=kcipher;object=kek", u));
    tl_check_status(st, KC_OK, "pin-source=file: (%s)", why);
    snprintf(u, sizeof u, "pin-source=file://%s", pinfile);
    st = UNWRAP(uri("token=kcipher;object=kek", u));
    tl_check_status(st, KC_OK, "pin-source=file:// (%s)", why);
    snprintf(u, sizeof u, "pin-source=file:%s.absent", pinfile);
    st = UNWRAP(uri("token=kcipher;object=kek", u));
    expect(st, KC_ERR_KEK, why, "PIN file", "missing PIN file");
    /* Bad URIs. */
    static const struct { const char *uri, *reason; } bad[] = {
        { "pkcs12:object=kek?module-path=/x", "pkcs11:" },
        { "pkcs11:object=kek", "module-path" },
        { "pkcs11:token=kcipher?module-path=/x", "object= or id=" },
        { "pkcs11:object=kek;colour=red?module-path=/x", "colour" },
        { "pkcs11:object=kek?module-path=/x&pin-colour=1", "pin-colour" },
        { "pkcs11:object=k%4?module-path=/x", "escape" },
        { "pkcs11:object=k%zzk?module-path=/x", "escape" },
        { "pkcs11:object=k%00k?module-path=/x", "%00" },
        { "pkcs11:object=kek;object=kek?module-path=/x", "twice" },
        { "pkcs11:object=kek?module-path=/x&pin-value=1&pin-source=file:/p", "both" },
        { "pkcs11:object=kek?module-path=/x&pin-source=env:PIN", "file:" },
        { "pkcs11:object=kek;slot-id=x1?module-path=/x", "decimal" },
        { "pkcs11:object=kek;type=private?module-path=/x", "secret-key" },
        { "pkcs11:object=kek;;token=a?module-path=/x", "empty" },
        { "pkcs11:object=kek;token?module-path=/x", "name=value" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        st = kc_pkcs11_unwrap(bad[i].uri, wrapped, wl, back, sizeof back, &bl, why, sizeof why);
        expect(st, KC_ERR_FORMAT_SPEC, why, bad[i].reason, bad[i].uri);
    }
    st = kc_pkcs11_unwrap(NULL, wrapped, wl, back, sizeof back, &bl, why, sizeof why);
    tl_check_status(st, KC_ERR_FORMAT_SPEC, "NULL URI");
#undef UNWRAP
}

/* A keyring whose versions are wrapped by the token's KEK: the key file
 * holds no key bytes, the versions load back (KCV checked) through the
 * recorded pkcs11: source, and a wrong PIN is refused. */
static void keyring_with_token(void)
{
    char ring[300], pin[300], src[2048], why[256];
    snprintf(ring, sizeof ring, "%s/ring", dir);
    snprintf(pin, sizeof pin, "%s/pin", dir);
    FILE *f = fopen(pin, "w");
    if (!f) { TL_CHECK(0, "PIN file"); return; }
    fputs("1234\n", f);
    fclose(f);
    char q[400];
    snprintf(q, sizeof q, "pin-source=file:%s", pin);
    snprintf(src, sizeof src, "%s", uri("token=kcipher;object=kek", q));
    kc_keyring *kr;
    if (!tl_check_status(kc_keyring_open(&kr, ring, KC_KEYRING_CREATE, why, sizeof why), KC_OK, "keyring (%s)", why)) return;
    tl_check_status(kc_keyring_set_kek(kr, src), KC_OK, "KEK %s", src);
    kc_key_info v1, v2, got;
    tl_check_status(kc_keyring_new(kr, "cards", "aes-256", &v1), KC_OK, "new under the token (%s)", kc_keyring_error(kr));
    tl_check_status(kc_keyring_rotate(kr, "cards", &v2), KC_OK, "rotate under the token (%s)", kc_keyring_error(kr));
    TL_CHECK(strncmp(v1.kek, "pkcs11:", 7) == 0 && strncmp(v2.kek, "pkcs11:", 7) == 0, "versions record the token: %s", v1.kek);
    kc_keyring_close(kr);

    uint8_t key[32], again[32], kcv[KC_KCV_BYTES];
    size_t kl = 0, kl2 = 0;
    char hex[65], file[400], text[4096] = "";
    TL_CHECK(kc_keyring_open(&kr, ring, 0, why, sizeof why) == KC_OK, "reopen (%s)", why);
    tl_check_status(kc_keyring_get(kr, "cards@1", key, sizeof key, &kl, &got), KC_OK, "cards@1 through the recorded source (%s)",
                    kc_keyring_error(kr));
    tl_check_status(kc_key_check_value("aes-256", key, kl, kcv), KC_OK, "KCV");
    for (size_t i = 0; i < KC_KCV_BYTES; i++) snprintf(hex + 2 * i, 3, "%02x", kcv[i]);
    TL_CHECK(kl == 32 && strcmp(hex, v1.kcv) == 0, "cards@1: its KCV %s, recorded %s", hex, v1.kcv);
    tl_check_status(kc_keyring_get(kr, "cards", again, sizeof again, &kl2, &got), KC_OK, "cards (active)");
    TL_CHECK(got.version == 2 && kl2 == 32 && memcmp(key, again, 32) != 0, "the active version is 2, another key");
    kc_keyring_close(kr);
    snprintf(file, sizeof file, "%s/cards.key", ring);
    if ((f = fopen(file, "r")) != NULL) {
        size_t n = fread(text, 1, sizeof text - 1, f);
        text[n] = 0;
        fclose(f);
    }
    for (size_t i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", key[i]);
    TL_CHECK(*text && strstr(text, hex) == NULL, "the key file holds no key bytes");

    if ((f = fopen(pin, "w")) != NULL) { fputs("9999\n", f); fclose(f); }
    TL_CHECK(kc_keyring_open(&kr, ring, 0, why, sizeof why) == KC_OK, "reopen");
    tl_check_status(kc_keyring_get(kr, "cards@1", key, sizeof key, &kl, NULL), KC_ERR_KEK, "wrong PIN");
    kc_keyring_close(kr);
    kc_wipe(key, sizeof key);
    kc_wipe(again, sizeof again);
}

#ifdef KC_HAVE_PTHREADS
static const uint8_t *thr_wrapped;
static size_t thr_wl;
static void *unwrapper(void *arg)
{
    int *bad = arg;
    char why[256], u[1024];
    snprintf(u, sizeof u, "pkcs11:token=kcipher;object=kek?module-path=%s&pin-value=1234", module);
    for (int i = 0; i < 5; i++) {
        uint8_t back[64];
        size_t bl;
        if (kc_pkcs11_unwrap(u, thr_wrapped, thr_wl, back, sizeof back, &bl, why, sizeof why) != KC_OK) (*bad)++;
    }
    return NULL;
}
#endif

int main(void)
{
    char cmd[1200], path[300];
    if (!find_module() || system("command -v softhsm2-util >/dev/null 2>&1") != 0) {
        printf("SKIP: no SoftHSM2 module this process can load (Debian package softhsm2; or set KC_SOFTHSM2_MODULE)\n");
        return 77;
    }
    snprintf(dir, sizeof dir, "%s/kc_p11_XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(dir)) {
        printf("FAIL: mkdtemp\n");
        return 1;
    }
    snprintf(path, sizeof path, "%s/tokens", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/softhsm2.conf", dir);
    FILE *f = fopen(path, "w");
    if (!f) return 1;
    fprintf(f, "directories.tokendir = %s/tokens\nobjectstore.backend = file\nlog.level = ERROR\n", dir);
    fclose(f);
    setenv("SOFTHSM2_CONF", path, 1);
    snprintf(cmd, sizeof cmd, "softhsm2-util --init-token --free --label kcipher --pin 1234 --so-pin 5678 >/dev/null");
    int ok = run(cmd);
    TL_CHECK(ok, "softhsm2-util --init-token");
    ok = ok && open_module();
    TL_CHECK(ok, "opening the token through %s", module);
    for (size_t i = 0; i < sizeof kek2; i++) kek2[i] = (uint8_t)(0xa5 ^ i);
    tl_unhex("5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8", kek_rfc, sizeof kek_rfc);
    if (ok) {
        check_layout();
        static const uint8_t id1[2] = { 1, 2 }, id2[1] = { 3 }, id3[1] = { 4 }, id4[1] = { 5 };
        TL_CHECK(make_kek("kek", id1, 2, kek1, 32, 1) == CKR_OK, "KEK kek");
        TL_CHECK(make_kek("kek2", id2, 1, kek2, 32, 1) == CKR_OK, "KEK kek2");
        TL_CHECK(make_kek("rfc5649", id3, 1, kek_rfc, 24, 1) == CKR_OK, "KEK rfc5649");
        TL_CHECK(make_kek("nowrap", id4, 1, kek2, 32, 0) == CKR_OK, "KEK nowrap");
        close_module();

        round_trips();
        rfc5649();
        uint8_t key[32], wrapped[40];
        char why[256];
        size_t wl = 0;
        tl_random_bytes(key, sizeof key);
        kc_status st = kc_pkcs11_wrap(uri("token=kcipher;object=kek", "pin-value=1234"), key, sizeof key,
                                      wrapped, sizeof wrapped, &wl, why, sizeof why);
        tl_check_status(st, KC_OK, "wrap (%s)", why);
        refusals(wrapped, wl);
        keyring_with_token();
        size_t wl0 = 1;
        st = kc_pkcs11_wrap(uri("token=kcipher;object=kek", "pin-value=1234"), key, 0,
                            wrapped, sizeof wrapped, &wl0, why, sizeof why);
        TL_CHECK(wl0 == 0, "wrap an empty key: no length");
        tl_check_status(st, KC_ERR_KEY_LENGTH, "wrap an empty key");

        /* The application has the module initialized and logged in: the
         * library uses it and leaves it so (no C_Finalize, no C_Logout). */
        TL_CHECK(open_module(), "reopening the module");
        uint8_t back[64];
        size_t bl = 0;
        st = kc_pkcs11_unwrap(uri("token=kcipher;object=kek", "pin-value=1234"), wrapped, wl,
                              back, sizeof back, &bl, why, sizeof why);
        TL_CHECK(st == KC_OK && bl == 32 && memcmp(back, key, 32) == 0, "unwrap with the module already initialized (%s)", why);
        CK_OBJECT_CLASS cls = CKO_SECRET_KEY;
        CK_ATTRIBUTE tpl = { CKA_CLASS, &cls, sizeof cls };
        CK_OBJECT_HANDLE h[8];
        CK_ULONG n = 0;
        CK_RV rv = fl->C_FindObjectsInit(sess, &tpl, 1);
        if (rv == CKR_OK) rv = fl->C_FindObjects(sess, h, 8, &n);
        fl->C_FindObjectsFinal(sess);
        TL_CHECK(rv == CKR_OK && n == 4, "the application's session still logged in: %lu keys, rv 0x%lx", n, rv);
        close_module();

#ifdef KC_HAVE_PTHREADS
        pthread_t th[4];
        int bad[4] = { 0 };
        thr_wrapped = wrapped;
        thr_wl = wl;
        for (int i = 0; i < 4; i++) pthread_create(&th[i], NULL, unwrapper, &bad[i]);
        for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
        TL_CHECK(bad[0] + bad[1] + bad[2] + bad[3] == 0, "4 threads x 5 unwraps");
#endif
    }
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) printf("note: could not remove %s\n", dir);
    return tl_finish("pkcs11");
}
#endif
