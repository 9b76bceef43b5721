/* SPDX-License-Identifier: MIT */
/* Key wrapping by a PKCS#11 token (src/keys/pkcs11.h).  The module is loaded
 * with dlopen for each call and let go afterwards; the KEK is found by label
 * and/or id and only ever used by handle, so it never leaves the token.
 * Unwrapping makes a session object (not on the token, extractable, not
 * sensitive) from the wrapped bytes, reads its value and destroys it.
 * Wrapping makes a session object from the key bytes and asks the token to
 * wrap it.  Calls are serialized: a second thread must not see the module
 * finalized under it. */
#include "keys/pkcs11.h"

#if defined(__unix__) || defined(__APPLE__)

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef KC_HAVE_PTHREADS
#include <pthread.h>
#endif
#include "keys/pkcs11_types.h"

#define P11_MAX_FIELD 1024   /* longest decoded URI attribute (a path, a label, a PIN) */

/* ---- the RFC 7512 subset ---- */

typedef struct {
    char token[P11_MAX_FIELD], object[P11_MAX_FIELD], serial[P11_MAX_FIELD];
    uint8_t id[256];
    size_t id_len;
    int has_token, has_object, has_serial, has_id, has_slot;
    CK_SLOT_ID slot;
    char module[P11_MAX_FIELD];
    char pin[P11_MAX_FIELD];
    int has_pin;
} p11_uri;

static kc_status fail(kc_status st, char *why, size_t why_cap, const char *fmt, ...)
{
    if (why && why_cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, why_cap, fmt, ap);
        va_end(ap);
    }
    return st;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Percent-decodes s[0..n) into out (cap bytes, NUL added); -1 on a bad escape
 * or overflow.  Returns the decoded length. */
static long pct_decode(const char *s, size_t n, uint8_t *out, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i];
        if (c == '%') {
            int h = i + 2 < n ? hexval(s[i + 1]) : -1;
            int l = i + 2 < n ? hexval(s[i + 2]) : -1;
            if (h < 0 || l < 0) return -1;
            c = h << 4 | l;
            i += 2;
        }
        if (o + 1 >= cap) return -1;
        out[o++] = (uint8_t)c;
    }
    out[o] = 0;
    return (long)o;
}

/* Reads the PIN from a file: its first line, without the line end. */
static kc_status read_pin_file(const char *path, p11_uri *u, char *why, size_t why_cap)
{
    FILE *f = fopen(path, "rb");
    if (!f) return fail(KC_ERR_KEK, why, why_cap, "PKCS#11: cannot read the PIN file %s", path);
    setvbuf(f, NULL, _IONBF, 0);   /* no copy of the PIN left in a stdio buffer */
    size_t n = fread(u->pin, 1, sizeof u->pin - 1, f);
    fclose(f);
    u->pin[n] = 0;
    u->pin[strcspn(u->pin, "\r\n")] = 0;
    u->has_pin = 1;
    return KC_OK;
}

static kc_status set_text(char *dst, int *has, const char *name, const char *v, size_t n,
                          char *why, size_t why_cap)
{
    if (*has) return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: %s= given twice", name);
    long len = pct_decode(v, n, (uint8_t *)dst, P11_MAX_FIELD);
    if (len < 0) return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: %s= has a bad %%-escape or is too long", name);
    if ((size_t)len != strlen(dst)) return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: %s= contains %%00", name);
    *has = 1;
    return KC_OK;
}

static int attr_is(const char *a, size_t n, const char *name)
{
    return strlen(name) == n && memcmp(a, name, n) == 0;
}

static kc_status parse_attr(p11_uri *u, const char *a, size_t n, int query, char *pin_source,
                            int *has_pin_source, char *why, size_t why_cap)
{
    const char *eq = memchr(a, '=', n);
    if (!eq) return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: '%.*s' is not name=value", (int)n, a);
    size_t kn = (size_t)(eq - a), vn = n - kn - 1;
    const char *v = eq + 1;
    if (!query) {
        if (attr_is(a, kn, "token")) return set_text(u->token, &u->has_token, "token", v, vn, why, why_cap);
        if (attr_is(a, kn, "object")) return set_text(u->object, &u->has_object, "object", v, vn, why, why_cap);
        if (attr_is(a, kn, "serial")) return set_text(u->serial, &u->has_serial, "serial", v, vn, why, why_cap);
        if (attr_is(a, kn, "id")) {
            uint8_t tmp[sizeof u->id + 1];
            long len = pct_decode(v, vn, tmp, sizeof tmp);
            if (u->has_id) return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: id= given twice");
            if (len <= 0) return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: id= is empty, too long or has a bad %%-escape");
            memcpy(u->id, tmp, (size_t)len);
            u->id_len = (size_t)len;
            u->has_id = 1;
            return KC_OK;
        }
        if (attr_is(a, kn, "slot-id")) {
            char num[32];
            long len = pct_decode(v, vn, (uint8_t *)num, sizeof num);
            char *end = NULL;
            if (u->has_slot) return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: slot-id= given twice");
            if (len <= 0 || num[0] < '0' || num[0] > '9' || (u->slot = strtoul(num, &end, 10), *end))
                return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: slot-id= must be a decimal number");
            u->has_slot = 1;
            return KC_OK;
        }
        if (attr_is(a, kn, "type")) {
            if (attr_is(v, vn, "secret-key")) return KC_OK;
            return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: a key-encryption key has type=secret-key, not '%.*s'", (int)vn, v);
        }
    } else {
        int dummy = 0;
        if (attr_is(a, kn, "module-path")) {
            if (u->module[0]) return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: module-path= given twice");
            return set_text(u->module, &dummy, "module-path", v, vn, why, why_cap);
        }
        if (attr_is(a, kn, "pin-value")) return set_text(u->pin, &u->has_pin, "pin-value", v, vn, why, why_cap);
        if (attr_is(a, kn, "pin-source")) return set_text(pin_source, has_pin_source, "pin-source", v, vn, why, why_cap);
    }
    return fail(KC_ERR_FORMAT_SPEC, why, why_cap,
                "PKCS#11 URI: attribute '%.*s' not supported (path: token, object, id, serial, slot-id, type;"
                " query: module-path, pin-value, pin-source)", (int)kn, a);
}

static kc_status parse_uri(const char *uri, p11_uri *u, char *why, size_t why_cap)
{
    char pin_source[P11_MAX_FIELD];
    int has_pin_source = 0;
    kc_status st = KC_OK;
    memset(u, 0, sizeof *u);
    if (!uri || strncmp(uri, "pkcs11:", 7) != 0)
        return fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: must begin with 'pkcs11:'");
    const char *p = uri + 7;
    int query = 0;
    while (st == KC_OK && *p) {
        size_t n = strcspn(p, query ? "&" : ";?");
        if (n == 0 && (p[0] == ';' || p[0] == '&'))
            st = fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: empty attribute");
        else if (n > 0)
            st = parse_attr(u, p, n, query, pin_source, &has_pin_source, why, why_cap);
        p += n;
        if (*p == '?') query = 1;   /* in the query, '?' is an ordinary character */
        if (*p) p++;
    }
    if (st == KC_OK && !u->module[0])
        st = fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: no module-path= (e.g. ?module-path=/usr/lib/softhsm/libsofthsm2.so)");
    if (st == KC_OK && !u->has_object && !u->has_id)
        st = fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: names no key (give object= or id=)");
    if (st == KC_OK && u->has_pin && has_pin_source)
        st = fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: pin-value= and pin-source= both given");
    if (st == KC_OK && has_pin_source) {
        const char *path = pin_source;
        if (strncmp(path, "file:", 5) != 0)
            st = fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: pin-source= takes file:PATH");
        else {
            path += 5;
            if (strncmp(path, "//", 2) == 0) path += 2;   /* file:///run/pin */
            if (!*path) st = fail(KC_ERR_FORMAT_SPEC, why, why_cap, "PKCS#11 URI: pin-source=file: without a path");
            else st = read_pin_file(path, u, why, why_cap);
        }
    }
    kc_wipe(pin_source, sizeof pin_source);
    return st;
}

/* ---- the token ---- */

static const struct { CK_RV rv; const char *name; } ckr_names[] = {
#define N(x) { x, #x }
    N(CKR_HOST_MEMORY), N(CKR_SLOT_ID_INVALID), N(CKR_GENERAL_ERROR), N(CKR_FUNCTION_FAILED),
    N(CKR_ARGUMENTS_BAD), N(CKR_NEED_TO_CREATE_THREADS), N(CKR_CANT_LOCK), N(CKR_ATTRIBUTE_SENSITIVE),
    N(CKR_ATTRIBUTE_TYPE_INVALID), N(CKR_ATTRIBUTE_VALUE_INVALID), N(CKR_ACTION_PROHIBITED),
    N(CKR_DATA_INVALID), N(CKR_DATA_LEN_RANGE), N(CKR_DEVICE_ERROR), N(CKR_DEVICE_MEMORY),
    N(CKR_DEVICE_REMOVED), N(CKR_ENCRYPTED_DATA_INVALID), N(CKR_ENCRYPTED_DATA_LEN_RANGE),
    N(CKR_FUNCTION_NOT_SUPPORTED), N(CKR_KEY_HANDLE_INVALID), N(CKR_KEY_SIZE_RANGE),
    N(CKR_KEY_TYPE_INCONSISTENT), N(CKR_KEY_FUNCTION_NOT_PERMITTED), N(CKR_KEY_NOT_WRAPPABLE),
    N(CKR_KEY_UNEXTRACTABLE), N(CKR_MECHANISM_INVALID), N(CKR_MECHANISM_PARAM_INVALID),
    N(CKR_OBJECT_HANDLE_INVALID), N(CKR_OPERATION_ACTIVE), N(CKR_PIN_INCORRECT), N(CKR_PIN_INVALID),
    N(CKR_PIN_LEN_RANGE), N(CKR_PIN_EXPIRED), N(CKR_PIN_LOCKED), N(CKR_SESSION_COUNT),
    N(CKR_SESSION_HANDLE_INVALID), N(CKR_SESSION_READ_ONLY), N(CKR_TEMPLATE_INCOMPLETE),
    N(CKR_TEMPLATE_INCONSISTENT), N(CKR_TOKEN_NOT_PRESENT), N(CKR_TOKEN_NOT_RECOGNIZED),
    N(CKR_UNWRAPPING_KEY_HANDLE_INVALID), N(CKR_UNWRAPPING_KEY_SIZE_RANGE),
    N(CKR_UNWRAPPING_KEY_TYPE_INCONSISTENT), N(CKR_USER_ALREADY_LOGGED_IN), N(CKR_USER_NOT_LOGGED_IN),
    N(CKR_USER_PIN_NOT_INITIALIZED), N(CKR_USER_TYPE_INVALID), N(CKR_USER_ANOTHER_ALREADY_LOGGED_IN),
    N(CKR_WRAPPED_KEY_INVALID), N(CKR_WRAPPED_KEY_LEN_RANGE), N(CKR_WRAPPING_KEY_HANDLE_INVALID),
    N(CKR_WRAPPING_KEY_SIZE_RANGE), N(CKR_WRAPPING_KEY_TYPE_INCONSISTENT), N(CKR_BUFFER_TOO_SMALL),
    N(CKR_CRYPTOKI_NOT_INITIALIZED), N(CKR_CRYPTOKI_ALREADY_INITIALIZED), N(CKR_FUNCTION_REJECTED),
#undef N
};

static const char *ckr_name(CK_RV rv, char buf[32])
{
    for (size_t i = 0; i < sizeof ckr_names / sizeof ckr_names[0]; i++)
        if (ckr_names[i].rv == rv) return ckr_names[i].name;
    snprintf(buf, 32, rv >= CKR_VENDOR_DEFINED ? "CKR_VENDOR_DEFINED+0x%lx" : "CKR_0x%lx",
             rv >= CKR_VENDOR_DEFINED ? rv - CKR_VENDOR_DEFINED : rv);
    return buf;
}

static kc_status token_fail(kc_status st, char *why, size_t why_cap, const char *what, CK_RV rv)
{
    char buf[32];
    return fail(st, why, why_cap, "PKCS#11: %s: %s", what, ckr_name(rv, buf));
}

typedef struct {
    void *lib;
    CK_FUNCTION_LIST *f;
    int initialized, logged_in;
    CK_SESSION_HANDLE session;
    int has_session;
    CK_SLOT_ID slot;
    CK_OBJECT_HANDLE kek;
    CK_MECHANISM_TYPE mech;
} p11;

/* A blank-padded token field against a URI value. */
static int field_is(const CK_BYTE *field, size_t cap, const char *want)
{
    size_t n = cap;
    while (n > 0 && field[n - 1] == ' ') n--;
    return strlen(want) == n && memcmp(field, want, n) == 0;
}

static kc_status find_slot(p11 *t, const p11_uri *u, char *why, size_t why_cap)
{
    CK_ULONG n = 0;
    CK_RV rv = t->f->C_GetSlotList(CK_TRUE, NULL, &n);
    if (rv != CKR_OK) return token_fail(KC_ERR_KEK, why, why_cap, "listing the slots", rv);
    CK_SLOT_ID *slots = calloc(n ? n : 1, sizeof *slots);
    if (!slots) return fail(KC_ERR_NO_MEMORY, why, why_cap, "PKCS#11: out of memory");
    rv = t->f->C_GetSlotList(CK_TRUE, slots, &n);
    size_t found = 0;
    for (CK_ULONG i = 0; rv == CKR_OK && i < n; i++) {
        CK_TOKEN_INFO ti;
        if (u->has_slot && slots[i] != u->slot) continue;
        if (t->f->C_GetTokenInfo(slots[i], &ti) != CKR_OK) continue;
        if (!(ti.flags & CKF_TOKEN_INITIALIZED)) continue;
        if (u->has_token && !field_is(ti.label, sizeof ti.label, u->token)) continue;
        if (u->has_serial && !field_is(ti.serialNumber, sizeof ti.serialNumber, u->serial)) continue;
        if (found++ == 0) t->slot = slots[i];
    }
    free(slots);
    if (rv != CKR_OK) return token_fail(KC_ERR_KEK, why, why_cap, "listing the slots", rv);
    if (found == 0)
        return fail(KC_ERR_KEK, why, why_cap, "PKCS#11: no such token: none initialized matches %s%s in %s",
                    u->has_token ? "token=" : "the URI", u->has_token ? u->token : "", u->module);
    if (found > 1)
        return fail(KC_ERR_KEK, why, why_cap, "PKCS#11: %zu tokens match the URI; name one with token= or slot-id=", found);
    return KC_OK;
}

static kc_status find_kek(p11 *t, const p11_uri *u, char *why, size_t why_cap)
{
    CK_OBJECT_CLASS cls = CKO_SECRET_KEY;
    CK_ATTRIBUTE tpl[3] = { { CKA_CLASS, &cls, sizeof cls } };
    CK_ULONG n = 1, count = 0;
    CK_OBJECT_HANDLE h[2];
    if (u->has_object) tpl[n++] = (CK_ATTRIBUTE){ CKA_LABEL, (void *)u->object, (CK_ULONG)strlen(u->object) };
    if (u->has_id) tpl[n++] = (CK_ATTRIBUTE){ CKA_ID, (void *)u->id, (CK_ULONG)u->id_len };
    CK_RV rv = t->f->C_FindObjectsInit(t->session, tpl, n);
    if (rv != CKR_OK) return token_fail(KC_ERR_KEK, why, why_cap, "searching for the key", rv);
    rv = t->f->C_FindObjects(t->session, h, 2, &count);
    t->f->C_FindObjectsFinal(t->session);
    if (rv != CKR_OK) return token_fail(KC_ERR_KEK, why, why_cap, "searching for the key", rv);
    if (count == 0)
        return fail(KC_ERR_KEK, why, why_cap, "PKCS#11: no such object: no secret key %s%s in the token%s",
                    u->has_object ? "object=" : "with the id= given", u->has_object ? u->object : "",
                    t->logged_in ? "" : " (not logged in: a private key needs pin-value= or pin-source=)");
    if (count > 1)
        return fail(KC_ERR_KEK, why, why_cap, "PKCS#11: more than one secret key matches; add id= or a distinct object=");
    t->kek = h[0];
    return KC_OK;
}

/* The token's KWP mechanism: v3.0's CKM_AES_KEY_WRAP_KWP where it is offered,
 * else v2.40's CKM_AES_KEY_WRAP_PAD (which is KWP in the tokens that predate v3). */
static void pick_mechanism(p11 *t, CK_FLAGS need)
{
    CK_MECHANISM_INFO mi;
    t->mech = CKM_AES_KEY_WRAP_PAD;
    if (t->f->C_GetMechanismInfo(t->slot, CKM_AES_KEY_WRAP_KWP, &mi) == CKR_OK && (mi.flags & need) == need)
        t->mech = CKM_AES_KEY_WRAP_KWP;
}

#ifdef KC_HAVE_PTHREADS
static pthread_mutex_t p11_lock = PTHREAD_MUTEX_INITIALIZER;
#endif

static kc_status open_token(p11 *t, const char *uri, CK_FLAGS need, char *why, size_t why_cap)
{
    p11_uri u;
    kc_status st = parse_uri(uri, &u, why, why_cap);
    if (st != KC_OK) goto out;
    t->lib = dlopen(u.module, RTLD_NOW | RTLD_LOCAL);
    if (!t->lib) {
        const char *e = dlerror();
        st = fail(KC_ERR_KEK, why, why_cap, "PKCS#11: module not loadable: %s", e ? e : u.module);
        goto out;
    }
    CK_RV (*get_list)(CK_FUNCTION_LIST **) = NULL;
    void *sym = dlsym(t->lib, "C_GetFunctionList");
    memcpy(&get_list, &sym, sizeof sym < sizeof get_list ? sizeof sym : sizeof get_list);
    if (!get_list || get_list(&t->f) != CKR_OK || !t->f) {
        st = fail(KC_ERR_KEK, why, why_cap, "PKCS#11: %s is not a PKCS#11 module (no C_GetFunctionList)", u.module);
        goto out;
    }
    if (t->f->version.major != 2 && t->f->version.major != 3) {
        st = fail(KC_ERR_KEK, why, why_cap, "PKCS#11: %s has Cryptoki version %u.%u, not 2.x or 3.x",
                  u.module, t->f->version.major, t->f->version.minor);
        goto out;
    }
    CK_C_INITIALIZE_ARGS args = { NULL, NULL, NULL, NULL, CKF_OS_LOCKING_OK, NULL };
    CK_RV rv = t->f->C_Initialize(&args);
    if (rv != CKR_OK && rv != CKR_CRYPTOKI_ALREADY_INITIALIZED) {
        st = token_fail(KC_ERR_KEK, why, why_cap, "C_Initialize", rv);
        goto out;
    }
    t->initialized = rv == CKR_OK;   /* else the application owns the module's life */
    if ((st = find_slot(t, &u, why, why_cap)) != KC_OK) goto out;
    rv = t->f->C_OpenSession(t->slot, CKF_SERIAL_SESSION, NULL, NULL, &t->session);
    if (rv != CKR_OK) {
        st = token_fail(KC_ERR_KEK, why, why_cap, "opening a session", rv);
        goto out;
    }
    t->has_session = 1;
    if (u.has_pin) {
        rv = t->f->C_Login(t->session, CKU_USER, (CK_BYTE *)u.pin, (CK_ULONG)strlen(u.pin));
        if (rv == CKR_PIN_INCORRECT || rv == CKR_PIN_INVALID || rv == CKR_PIN_LEN_RANGE) {
            st = token_fail(KC_ERR_KEK, why, why_cap, "wrong PIN", rv);
            goto out;
        }
        if (rv != CKR_OK && rv != CKR_USER_ALREADY_LOGGED_IN) {
            st = token_fail(KC_ERR_KEK, why, why_cap, "logging in", rv);
            goto out;
        }
        t->logged_in = rv == CKR_OK;
    }
    if ((st = find_kek(t, &u, why, why_cap)) != KC_OK) goto out;
    pick_mechanism(t, need);
out:
    kc_wipe(&u, sizeof u);
    return st;
}

static void close_token(p11 *t)
{
    if (t->f && t->has_session) {
        if (t->logged_in) t->f->C_Logout(t->session);
        t->f->C_CloseSession(t->session);
    }
    if (t->f && t->initialized) t->f->C_Finalize(NULL);
    if (t->lib) dlclose(t->lib);
#ifdef KC_HAVE_PTHREADS
    pthread_mutex_unlock(&p11_lock);
#endif
}

static void begin(p11 *t)
{
    memset(t, 0, sizeof *t);
#ifdef KC_HAVE_PTHREADS
    pthread_mutex_lock(&p11_lock);
#endif
}

/* The template of the session secret key a wrap starts from or an unwrap
 * makes: not on the token, readable by us (not sensitive, extractable);
 * with value, its bytes.  Returns the attribute count. */
static CK_OBJECT_CLASS secret_class = CKO_SECRET_KEY;
static CK_KEY_TYPE secret_type = CKK_GENERIC_SECRET;
static CK_BBOOL ck_false = CK_FALSE, ck_true = CK_TRUE;
static CK_ULONG session_secret(CK_ATTRIBUTE tpl[6], const uint8_t *value, size_t len)
{
    const CK_ATTRIBUTE t[6] = {
        { CKA_CLASS, &secret_class, sizeof secret_class }, { CKA_KEY_TYPE, &secret_type, sizeof secret_type },
        { CKA_TOKEN, &ck_false, sizeof ck_false }, { CKA_SENSITIVE, &ck_false, sizeof ck_false },
        { CKA_EXTRACTABLE, &ck_true, sizeof ck_true }, { CKA_VALUE, (void *)value, (CK_ULONG)len },
    };
    memcpy(tpl, t, sizeof t);
    return value ? 6 : 5;
}

/* A refusal about the KEK or the mechanism (KC_ERR_KEK) as against one about
 * the wrapped bytes (KC_ERR_UNWRAP). */
static int kek_problem(CK_RV rv)
{
    switch (rv) {
    case CKR_MECHANISM_INVALID: case CKR_MECHANISM_PARAM_INVALID: case CKR_KEY_HANDLE_INVALID:
    case CKR_KEY_FUNCTION_NOT_PERMITTED: case CKR_KEY_TYPE_INCONSISTENT: case CKR_KEY_SIZE_RANGE:
    case CKR_UNWRAPPING_KEY_HANDLE_INVALID: case CKR_UNWRAPPING_KEY_SIZE_RANGE:
    case CKR_UNWRAPPING_KEY_TYPE_INCONSISTENT: case CKR_WRAPPING_KEY_HANDLE_INVALID:
    case CKR_WRAPPING_KEY_SIZE_RANGE: case CKR_WRAPPING_KEY_TYPE_INCONSISTENT:
    case CKR_USER_NOT_LOGGED_IN: case CKR_TEMPLATE_INCOMPLETE: case CKR_TEMPLATE_INCONSISTENT:
    case CKR_ATTRIBUTE_VALUE_INVALID: case CKR_ATTRIBUTE_TYPE_INVALID: case CKR_FUNCTION_NOT_SUPPORTED:
    case CKR_SESSION_READ_ONLY: case CKR_ACTION_PROHIBITED: case CKR_DEVICE_REMOVED:
    case CKR_TOKEN_NOT_PRESENT: case CKR_HOST_MEMORY: case CKR_DEVICE_MEMORY:
        return 1;
    default:
        return 0;
    }
}

kc_status kc_pkcs11_unwrap(const char *uri, const uint8_t *wrapped, size_t wrapped_len,
                           uint8_t *key, size_t key_cap, size_t *key_len, char *why, size_t why_cap)
{
    p11 t;
    if (key_len) *key_len = 0;
    if (!wrapped || !key || !key_len) return fail(KC_ERR_NULL, why, why_cap, "PKCS#11: a NULL argument");
    begin(&t);
    kc_status st = open_token(&t, uri, CKF_UNWRAP, why, why_cap);
    if (st != KC_OK || !t.f) goto out;   /* (open_token gives t.f on success) */
    CK_ATTRIBUTE tpl[6];
    CK_ULONG ntpl = session_secret(tpl, NULL, 0);
    CK_MECHANISM mech = { t.mech, NULL, 0 };
    CK_OBJECT_HANDLE obj;
    CK_RV rv = t.f->C_UnwrapKey(t.session, &mech, t.kek, (CK_BYTE *)wrapped, (CK_ULONG)wrapped_len,
                                tpl, ntpl, &obj);
    if (rv != CKR_OK) {
        st = kek_problem(rv) ? token_fail(KC_ERR_KEK, why, why_cap, "the token refused to unwrap with this key", rv)
                             : token_fail(KC_ERR_UNWRAP, why, why_cap,
                                          "the wrapped key does not unwrap (wrong KEK or damaged)", rv);
        goto out;
    }
    CK_ATTRIBUTE val = { CKA_VALUE, NULL, 0 };
    rv = t.f->C_GetAttributeValue(t.session, obj, &val, 1);
    if (rv == CKR_OK && val.ulValueLen > key_cap) {
        st = fail(KC_ERR_OUTPUT_TOO_SMALL, why, why_cap, "PKCS#11: the unwrapped key has %lu bytes, room for %zu",
                  val.ulValueLen, key_cap);
    } else if (rv == CKR_OK) {
        val.pValue = key;
        rv = t.f->C_GetAttributeValue(t.session, obj, &val, 1);
        if (rv == CKR_OK) *key_len = val.ulValueLen;
        else kc_wipe(key, key_cap);
    }
    if (rv != CKR_OK) st = token_fail(KC_ERR_KEK, why, why_cap, "reading the unwrapped key", rv);
    t.f->C_DestroyObject(t.session, obj);
out:
    close_token(&t);
    return st;
}

/* What the token wrapped must have KWP's length and unwrap, in the token, to
 * the key: SoftHSM 2.6 zero-pads a key that is not a multiple of 8 bytes
 * before KWP, and a v3 token may take 0x210A for KW over PKCS#7 padding;
 * neither is let through. */
static kc_status check_wrap(p11 *t, CK_MECHANISM *mech, const uint8_t *key, size_t key_len,
                            const uint8_t *wrapped, CK_ULONG n, char *why, size_t why_cap)
{
    CK_ATTRIBUTE tpl[6];
    CK_ULONG ntpl = session_secret(tpl, NULL, 0);
    uint8_t back[P11_MAX_FIELD];
    CK_OBJECT_HANDLE obj;
    CK_ATTRIBUTE val = { CKA_VALUE, NULL, 0 };
    unsigned diff = 1;
    if (n != (key_len + 7) / 8 * 8 + 8)   /* KWP's length; KW over PKCS#7 padding is 8 bytes longer */
        return fail(KC_ERR_KEK, why, why_cap, "PKCS#11: the token's key wrap gave %lu bytes for a %zu-byte key:"
                    " not SP 800-38F KWP", n, key_len);
    CK_RV rv = t->f->C_UnwrapKey(t->session, mech, t->kek, (CK_BYTE *)wrapped, n, tpl,
                                 ntpl, &obj);
    if (rv != CKR_OK) return token_fail(KC_ERR_KEK, why, why_cap, "the token cannot unwrap what it wrapped", rv);
    rv = t->f->C_GetAttributeValue(t->session, obj, &val, 1);
    if (rv == CKR_OK && val.ulValueLen == key_len && key_len <= sizeof back) {
        val.pValue = back;
        if (t->f->C_GetAttributeValue(t->session, obj, &val, 1) == CKR_OK && val.ulValueLen == key_len) {
            diff = 0;
            for (size_t i = 0; i < key_len; i++) diff |= back[i] ^ key[i];
        }
    }
    t->f->C_DestroyObject(t->session, obj);
    kc_wipe(back, sizeof back);
    if (diff)
        return fail(KC_ERR_KEK, why, why_cap, "PKCS#11: the token's key wrap does not give back the %zu-byte key"
                    " (not SP 800-38F KWP; SoftHSM 2.6 pads keys that are not a multiple of 8 bytes)", key_len);
    return KC_OK;
}

kc_status kc_pkcs11_wrap(const char *uri, const uint8_t *key, size_t key_len,
                         uint8_t *wrapped, size_t wrapped_cap, size_t *wrapped_len, char *why, size_t why_cap)
{
    p11 t;
    if (wrapped_len) *wrapped_len = 0;
    if (!key || !wrapped || !wrapped_len) return fail(KC_ERR_NULL, why, why_cap, "PKCS#11: a NULL argument");
    if (key_len == 0) return fail(KC_ERR_KEY_LENGTH, why, why_cap, "PKCS#11: an empty key");
    begin(&t);
    kc_status st = open_token(&t, uri, CKF_WRAP, why, why_cap);
    if (st != KC_OK || !t.f) goto out;   /* (open_token gives t.f on success) */
    CK_ATTRIBUTE tpl[6];
    CK_ULONG ntpl = session_secret(tpl, key, key_len);
    CK_OBJECT_HANDLE obj;
    CK_RV rv = t.f->C_CreateObject(t.session, tpl, ntpl, &obj);
    if (rv != CKR_OK) {
        st = token_fail(KC_ERR_KEK, why, why_cap, "the token refused the key to wrap", rv);
        goto out;
    }
    CK_MECHANISM mech = { t.mech, NULL, 0 };
    CK_ULONG n = 0;
    rv = t.f->C_WrapKey(t.session, &mech, t.kek, obj, NULL, &n);
    if (rv == CKR_OK && n > wrapped_cap) {
        st = fail(KC_ERR_OUTPUT_TOO_SMALL, why, why_cap, "PKCS#11: the wrapped key has %lu bytes, room for %zu",
                  n, wrapped_cap);
    } else if (rv == CKR_OK) {
        n = (CK_ULONG)wrapped_cap;
        rv = t.f->C_WrapKey(t.session, &mech, t.kek, obj, wrapped, &n);
        if (rv == CKR_OK) st = check_wrap(&t, &mech, key, key_len, wrapped, n, why, why_cap);
        if (rv == CKR_OK && st == KC_OK) *wrapped_len = n;
        else kc_wipe(wrapped, wrapped_cap);
    }
    if (rv != CKR_OK) st = token_fail(KC_ERR_KEK, why, why_cap, "the token refused to wrap with this key", rv);
    t.f->C_DestroyObject(t.session, obj);
out:
    close_token(&t);
    return st;
}

#else   /* no dlopen (bare metal): not built */

#include <stdio.h>

static kc_status not_built(char *why, size_t why_cap)
{
    if (why && why_cap) snprintf(why, why_cap, "PKCS#11 key-encryption keys are not built into this library");
    return KC_ERR_KEK;
}

kc_status kc_pkcs11_wrap(const char *uri, const uint8_t *key, size_t key_len,
                         uint8_t *wrapped, size_t wrapped_cap, size_t *wrapped_len, char *why, size_t why_cap)
{
    (void)uri; (void)key; (void)key_len; (void)wrapped; (void)wrapped_cap; (void)wrapped_len;
    return not_built(why, why_cap);
}

kc_status kc_pkcs11_unwrap(const char *uri, const uint8_t *wrapped, size_t wrapped_len,
                           uint8_t *key, size_t key_cap, size_t *key_len, char *why, size_t why_cap)
{
    (void)uri; (void)wrapped; (void)wrapped_len; (void)key; (void)key_cap; (void)key_len;
    return not_built(why, why_cap);
}
#endif
