/* SPDX-License-Identifier: MIT */
/* JNI glue for org.kcipher.Native: the public API (kcipher.h) only.
 * Handles are the library's object pointers as Java longs; the Java
 * classes own them (close, use after close, locking: org.kcipher.Handle).
 * Every failure throws org.kcipher.KCipherException with the status name,
 * so Java maps statuses by name, never by number.  Keys are copied into
 * C memory, used, and wiped at once. */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime (the benchmark entry) */
#include <jni.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kcipher.h"

#define EXC "org/kcipher/KCipherException"

static void throw_kc(JNIEnv *env, kc_status st, const char *what, jlong row, jlong pos)
{
    if ((*env)->ExceptionCheck(env)) return;
    jclass cls = (*env)->FindClass(env, EXC);
    if (!cls) return;
    jmethodID ctor = (*env)->GetMethodID(env, cls, "<init>", "(Ljava/lang/String;Ljava/lang/String;JJ)V");
    if (!ctor) return;
    char msg[256];
    snprintf(msg, sizeof msg, "%s%s%s", what ? what : "", what ? ": " : "", kc_strerror(st));
    jstring jname = (*env)->NewStringUTF(env, kc_status_name(st));
    jstring jmsg = (*env)->NewStringUTF(env, msg);
    if (!jname || !jmsg) return;
    jobject e = (*env)->NewObject(env, cls, ctor, jname, jmsg, row, pos);
    if (e) (*env)->Throw(env, (jthrowable)e);
}

static void throw_oom(JNIEnv *env)
{
    if ((*env)->ExceptionCheck(env)) return;
    jclass cls = (*env)->FindClass(env, "java/lang/OutOfMemoryError");
    if (cls) (*env)->ThrowNew(env, cls, "kcipher: native allocation failed");
}

/* A Java byte[] copied into malloc'd memory (wiped and freed by unget). */
typedef struct bytes { uint8_t *p; size_t n; } bytes;

static int get_bytes(JNIEnv *env, jbyteArray a, bytes *b)
{
    b->p = NULL; b->n = 0;
    if (!a) return 0;
    b->n = (size_t)(*env)->GetArrayLength(env, a);
    b->p = malloc(b->n ? b->n : 1);
    if (!b->p) { throw_oom(env); return -1; }
    (*env)->GetByteArrayRegion(env, a, 0, (jsize)b->n, (jbyte *)b->p);
    return 0;
}

static void unget_bytes(bytes *b)
{
    if (b->p) { kc_wipe(b->p, b->n); free(b->p); }
    b->p = NULL; b->n = 0;
}

/* A Java string as UTF-8 from JNI (names, formats, paths: ASCII in practice). */
static const char *get_str(JNIEnv *env, jstring s)
{
    return s ? (*env)->GetStringUTFChars(env, s, NULL) : NULL;
}

static void unget_str(JNIEnv *env, jstring s, const char *c)
{
    if (s && c) (*env)->ReleaseStringUTFChars(env, s, c);
}

/* Text the Java side encoded as UTF-8 with a trailing NUL (Native.cstr):
 * JNI's own string calls give modified UTF-8, which differs for U+0000
 * and for characters beyond U+FFFF (formats, keyring paths).  A value with
 * no NUL at its end is refused (KC_ERR_NULL). */
static int get_cstr(JNIEnv *env, jbyteArray a, bytes *b, const char **out)
{
    *out = NULL;
    if (get_bytes(env, a, b)) return -1;
    if (b->p && (b->n == 0 || b->p[b->n - 1] != 0)) { unget_bytes(b); throw_kc(env, KC_ERR_NULL, "string", -1, -1); return -1; }
    *out = (const char *)b->p;
    return 0;
}

/* A new byte[] holding p[0..n), or NULL with an exception. */
static jbyteArray new_bytes(JNIEnv *env, const uint8_t *p, size_t n)
{
    jbyteArray a = (*env)->NewByteArray(env, (jsize)n);
    if (a && n) (*env)->SetByteArrayRegion(env, a, 0, (jsize)n, (const jbyte *)p);
    return a;
}

static int range_ok(JNIEnv *env, jbyteArray a, jint off, jint len)
{
    if (!a || off < 0 || len < 0 || (*env)->GetArrayLength(env, a) - off < len) {
        jclass cls = (*env)->FindClass(env, "java/lang/IndexOutOfBoundsException");
        if (cls) (*env)->ThrowNew(env, cls, "kcipher: offset or length outside the array");
        return 0;
    }
    return 1;
}

/* ---- discovery ---- */

/* One line per name: name, kind, cipher, construction, key bytes, block
 * bytes (0 when not a block cipher), tab-separated. */
JNIEXPORT jobjectArray JNICALL Java_org_kcipher_Native_names(JNIEnv *env, jclass cls)
{
    (void)cls;
    size_t n = kc_name_count();
    jclass str = (*env)->FindClass(env, "java/lang/String");
    if (!str) return NULL;
    jobjectArray out = (*env)->NewObjectArray(env, (jsize)n, str, NULL);
    for (size_t i = 0; out && i < n; i++) {
        kc_name_info ni;
        if (kc_name_at(i, &ni) != KC_OK) break;
        const kc_cipher_info *ci = kc_cipher_find(ni.cipher);
        char line[256];
        snprintf(line, sizeof line, "%s\t%d\t%s\t%s\t%zu\t%zu\t%s", ni.name, (int)ni.kind, ni.cipher,
                 ni.construction, ni.key_bytes, ci ? ci->block_bytes : 0, ci ? ci->family : "");
        jstring s = (*env)->NewStringUTF(env, line);
        if (!s) return NULL;
        (*env)->SetObjectArrayElement(env, out, (jsize)i, s);
        (*env)->DeleteLocalRef(env, s);
    }
    return out;
}

/* ---- block cipher and modes ---- */

JNIEXPORT jlong JNICALL Java_org_kcipher_Native_cipherNew(JNIEnv *env, jclass cls, jstring name, jbyteArray key)
{
    (void)cls;
    bytes k;
    if (get_bytes(env, key, &k)) return 0;
    const char *nm = get_str(env, name);
    kc_cipher *c = NULL;
    kc_status st = nm ? kc_cipher_new(&c, nm, NULL, k.p, k.n) : KC_ERR_NULL;
    unget_bytes(&k);
    if (st != KC_OK) throw_kc(env, st, nm, -1, -1);
    unget_str(env, name, nm);
    return (jlong)(intptr_t)c;
}

JNIEXPORT void JNICALL Java_org_kcipher_Native_cipherFree(JNIEnv *env, jclass cls, jlong h)
{
    (void)env; (void)cls;
    kc_cipher_free((kc_cipher *)(intptr_t)h);
}

JNIEXPORT jint JNICALL Java_org_kcipher_Native_cipherBlockSize(JNIEnv *env, jclass cls, jlong h)
{
    (void)env; (void)cls;
    return (jint)kc_cipher_block_size((const kc_cipher *)(intptr_t)h);
}

/* One-shot mode encryption or decryption of in[off..off+len). */
JNIEXPORT jbyteArray JNICALL Java_org_kcipher_Native_modeCrypt(JNIEnv *env, jclass cls, jlong h, jint mode,
    jboolean pad, jboolean encrypt, jbyteArray iv, jbyteArray in, jint off, jint len)
{
    (void)cls;
    const kc_cipher *c = (const kc_cipher *)(intptr_t)h;
    if (!range_ok(env, in, off, len)) return NULL;
    unsigned flags = pad ? KC_PAD_PKCS7 : 0;
    bytes v;
    if (get_bytes(env, iv, &v)) return NULL;
    size_t cap = kc_mode_output_size(c, (kc_mode)mode, flags, encrypt, (size_t)len);
    uint8_t *out = malloc(cap ? cap : 1);
    if (!out) { unget_bytes(&v); throw_oom(env); return NULL; }
    size_t out_len = 0;
    uint8_t *p = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    kc_status st = KC_ERR_NO_MEMORY;
    if (p) {
        st = (encrypt ? kc_mode_encrypt : kc_mode_decrypt)(c, (kc_mode)mode, flags, v.p, v.n,
                                                          out, cap, &out_len, p + off, (size_t)len);
        (*env)->ReleasePrimitiveArrayCritical(env, in, p, JNI_ABORT);
    }
    unget_bytes(&v);
    jbyteArray r = NULL;
    if (st == KC_OK) r = new_bytes(env, out, out_len);
    else throw_kc(env, st, NULL, -1, -1);
    kc_wipe(out, cap);
    free(out);
    return r;
}

/* ---- AEAD ---- */

JNIEXPORT jlong JNICALL Java_org_kcipher_Native_aeadNew(JNIEnv *env, jclass cls, jstring name, jbyteArray key, jint tag_len)
{
    (void)cls;
    bytes k;
    if (get_bytes(env, key, &k)) return 0;
    const char *nm = get_str(env, name);
    kc_aead *a = NULL;
    kc_status st = nm ? kc_aead_new(&a, nm, NULL, k.p, k.n) : KC_ERR_NULL;
    unget_bytes(&k);
    if (st == KC_OK && tag_len > 0) st = kc_aead_set_tag_size(a, (size_t)tag_len);
    if (st != KC_OK) { kc_aead_free(a); a = NULL; throw_kc(env, st, nm, -1, -1); }
    unget_str(env, name, nm);
    return (jlong)(intptr_t)a;
}

JNIEXPORT void JNICALL Java_org_kcipher_Native_aeadFree(JNIEnv *env, jclass cls, jlong h)
{
    (void)env; (void)cls;
    kc_aead_free((kc_aead *)(intptr_t)h);
}

JNIEXPORT jint JNICALL Java_org_kcipher_Native_aeadTagSize(JNIEnv *env, jclass cls, jlong h)
{
    (void)env; (void)cls;
    return (jint)kc_aead_tag_size((const kc_aead *)(intptr_t)h);
}

/* Encryption gives ciphertext || tag; decryption takes it and gives the
 * plaintext only when the tag verifies (KC_ERR_AUTH: nothing). */
JNIEXPORT jbyteArray JNICALL Java_org_kcipher_Native_aeadCrypt(JNIEnv *env, jclass cls, jlong h, jboolean encrypt,
    jbyteArray nonce, jbyteArray ad, jint ad_len, jbyteArray in, jint off, jint len)
{
    (void)cls;
    const kc_aead *a = (const kc_aead *)(intptr_t)h;
    if (!range_ok(env, in, off, len)) return NULL;
    if (ad && !range_ok(env, ad, 0, ad_len)) return NULL;
    size_t tag = kc_aead_tag_size(a);
    size_t cap = encrypt ? (size_t)len + tag : (size_t)len;
    bytes n, d;
    if (get_bytes(env, nonce, &n)) return NULL;
    if (get_bytes(env, ad, &d)) { unget_bytes(&n); return NULL; }
    uint8_t *out = malloc(cap ? cap : 1);
    kc_status st = KC_ERR_NO_MEMORY;
    size_t out_len = 0;
    if (out) {
        uint8_t *p = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
        if (p) {
            st = (encrypt ? kc_aead_encrypt : kc_aead_decrypt)(a, out, cap, &out_len, n.p, n.n,
                                                               d.p, ad ? (size_t)ad_len : 0, p + off, (size_t)len);
            (*env)->ReleasePrimitiveArrayCritical(env, in, p, JNI_ABORT);
        }
    }
    unget_bytes(&n);
    unget_bytes(&d);
    jbyteArray r = NULL;
    if (!out) throw_oom(env);
    else if (st == KC_OK) r = new_bytes(env, out, out_len);
    else throw_kc(env, st, NULL, -1, -1);
    if (out) { kc_wipe(out, cap); free(out); }
    return r;
}

/* ---- MAC ---- */

JNIEXPORT jlong JNICALL Java_org_kcipher_Native_macNew(JNIEnv *env, jclass cls, jstring name, jbyteArray key)
{
    (void)cls;
    bytes k;
    if (get_bytes(env, key, &k)) return 0;
    const char *nm = get_str(env, name);
    kc_mac *m = NULL;
    kc_status st = nm ? kc_mac_new(&m, nm, NULL, k.p, k.n) : KC_ERR_NULL;
    unget_bytes(&k);
    if (st != KC_OK) throw_kc(env, st, nm, -1, -1);
    unget_str(env, name, nm);
    return (jlong)(intptr_t)m;
}

JNIEXPORT void JNICALL Java_org_kcipher_Native_macFree(JNIEnv *env, jclass cls, jlong h)
{
    (void)env; (void)cls;
    kc_mac_free((kc_mac *)(intptr_t)h);
}

JNIEXPORT jint JNICALL Java_org_kcipher_Native_macTagSize(JNIEnv *env, jclass cls, jlong h)
{
    (void)env; (void)cls;
    return (jint)kc_mac_tag_size((const kc_mac *)(intptr_t)h);
}

JNIEXPORT jbyteArray JNICALL Java_org_kcipher_Native_macCompute(JNIEnv *env, jclass cls, jlong h, jint tag_len,
    jbyteArray nonce, jbyteArray msg, jint off, jint len)
{
    (void)cls;
    const kc_mac *m = (const kc_mac *)(intptr_t)h;
    if (!range_ok(env, msg, off, len)) return NULL;
    if (tag_len <= 0 || tag_len > 64) { throw_kc(env, KC_ERR_TAG_LENGTH, NULL, -1, -1); return NULL; }
    bytes n;
    if (get_bytes(env, nonce, &n)) return NULL;
    uint8_t tag[64];
    kc_status st = KC_ERR_NO_MEMORY;
    uint8_t *p = (*env)->GetPrimitiveArrayCritical(env, msg, NULL);
    if (p) {
        st = kc_mac_compute(m, tag, (size_t)tag_len, n.p, n.n, p + off, (size_t)len);
        (*env)->ReleasePrimitiveArrayCritical(env, msg, p, JNI_ABORT);
    }
    unget_bytes(&n);
    if (st != KC_OK) { throw_kc(env, st, NULL, -1, -1); return NULL; }
    return new_bytes(env, tag, (size_t)tag_len);
}

/* ---- tokenization ---- */

/* A tokenizer handle: the library's object and the batches' scratch
 * memory, kept from call to call so that a batch neither allocates nor
 * faults in fresh pages (the calls on one handle run one at a time, under
 * its Java monitor: org.kcipher.Handle).  The memory is wiped after every
 * call; more than KEEP bytes of it is freed then instead of kept. */
typedef struct jtok {
    kc_tokenizer *t;
    uint8_t *mem;
    size_t mem_cap;
    kc_token_row *rows;
    size_t rows_cap;
} jtok;

#define KEEP ((size_t)4 << 20)

static jtok *jt(jlong h) { return (jtok *)(intptr_t)h; }

static jlong wrap(JNIEnv *env, kc_tokenizer *t)
{
    if (!t) return 0;
    jtok *j = calloc(1, sizeof *j);
    if (!j) { kc_tokenizer_free(t); throw_oom(env); return 0; }
    j->t = t;
    return (jlong)(intptr_t)j;
}

/* n bytes and rows rows of scratch (never NULL pointers on success). */
static int scratch(jtok *j, size_t n, size_t rows)
{
    if (n + 1 > j->mem_cap) {
        free(j->mem);   /* wiped when its call ended */
        j->mem_cap = 0;
        if (!(j->mem = malloc(n + 1))) return -1;
        j->mem_cap = n + 1;
    }
    if (rows + 1 > j->rows_cap) {
        free(j->rows);
        j->rows_cap = 0;
        if (!(j->rows = malloc((rows + 1) * sizeof *j->rows))) return -1;
        j->rows_cap = rows + 1;
    }
    return 0;
}

/* The call's end: its n bytes wiped, big scratch given back. */
static void scratch_done(jtok *j, size_t n)
{
    if (j->mem) kc_wipe(j->mem, n < j->mem_cap ? n : j->mem_cap);
    if (j->mem_cap > KEEP) { free(j->mem); j->mem = NULL; j->mem_cap = 0; }
    if (j->rows_cap * sizeof *j->rows > KEEP) { free(j->rows); j->rows = NULL; j->rows_cap = 0; }
}

JNIEXPORT jlong JNICALL Java_org_kcipher_Native_tokenizerNew(JNIEnv *env, jclass cls, jbyteArray cipher,
    jbyteArray key, jbyteArray format, jint flags)
{
    (void)cls;
    bytes k, cb, fb;
    const char *ci, *fmt;
    if (get_cstr(env, cipher, &cb, &ci)) return 0;
    if (get_cstr(env, format, &fb, &fmt)) { unget_bytes(&cb); return 0; }
    if (get_bytes(env, key, &k)) { unget_bytes(&cb); unget_bytes(&fb); return 0; }
    kc_tokenizer *t = NULL;
    kc_status st = fmt ? kc_tokenizer_new(&t, ci, NULL, k.p, k.n, fmt, (unsigned)flags) : KC_ERR_NULL;
    unget_bytes(&k);
    if (st != KC_OK) throw_kc(env, st, fmt, -1, -1);
    unget_bytes(&cb);
    unget_bytes(&fb);
    return wrap(env, t);
}

/* The key "NAME" or "NAME@V" from the keyring at dir (kek: NULL or a KEK
 * source), its cipher the one the keyring records.  The key never leaves C. */
JNIEXPORT jlong JNICALL Java_org_kcipher_Native_tokenizerFromKeyring(JNIEnv *env, jclass cls, jbyteArray dir,
    jbyteArray ref, jbyteArray kek, jbyteArray format, jint flags)
{
    (void)cls;
    bytes db = {NULL, 0}, rb = {NULL, 0}, kb = {NULL, 0}, fb = {NULL, 0};
    const char *d = NULL, *r = NULL, *kk = NULL, *fmt = NULL;
    kc_tokenizer *t = NULL;
    if (get_cstr(env, dir, &db, &d) || get_cstr(env, ref, &rb, &r) || get_cstr(env, kek, &kb, &kk) ||
        get_cstr(env, format, &fb, &fmt))
        goto done;
    kc_keyring *kr = NULL;
    char why[256] = "";
    uint8_t key[64];
    size_t key_len = 0;
    kc_key_info info;
    kc_status st = d && r && fmt ? kc_keyring_open(&kr, d, 0, why, sizeof why) : KC_ERR_NULL;
    if (st == KC_OK && kk) st = kc_keyring_set_kek(kr, kk);
    if (st == KC_OK) st = kc_keyring_get(kr, r, key, sizeof key, &key_len, &info);
    if (st == KC_OK) st = kc_tokenizer_new(&t, info.cipher, NULL, key, key_len, fmt, (unsigned)flags);
    kc_wipe(key, sizeof key);
    /* embed-version= formats: tokens carry this version, detokenize refuses others'. */
    if (st == KC_OK && info.version && (st = kc_tokenizer_set_version(t, info.version)) != KC_OK) {
        kc_tokenizer_free(t);
        t = NULL;
    }
    if (st != KC_OK) {
        char what[600];
        const char *e = kr ? kc_keyring_error(kr) : why;
        snprintf(what, sizeof what, "%s %s%s%s", d ? d : "", r ? r : "", e && *e ? ": " : "", e ? e : "");
        throw_kc(env, st, what, -1, -1);
    }
    kc_keyring_close(kr);
done:
    unget_bytes(&db);
    unget_bytes(&rb);
    unget_bytes(&kb);
    unget_bytes(&fb);
    return wrap(env, t);
}

JNIEXPORT void JNICALL Java_org_kcipher_Native_tokenizerFree(JNIEnv *env, jclass cls, jlong h)
{
    (void)env; (void)cls;
    jtok *j = jt(h);
    if (!j) return;
    kc_tokenizer_free(j->t);
    free(j->mem);   /* wiped when its call ended */
    free(j->rows);
    free(j);
}

/* A batch in one call: chars (ASCII values) or utf8 holds the values back
 * to back, lens[i] for i < count each one's length (-1: null).  chars:
 * NULL and no exception when a value is not ASCII (nothing done: the
 * caller sends UTF-8 instead).  Returns the outputs back to back, rewrites
 * lens with their lengths and lens[count] with 1 when all of them are
 * ASCII; into dst (the caller's reused array) when it has room, else into
 * a new array.  A failing row throws with its index and error position;
 * nothing is returned or written then.  With t2 (retokenize): detokenized under j's key into
 * scratch wiped before returning, then tokenized under t2 from there, so
 * the clear values never reach Java. */
static jbyteArray batch(JNIEnv *env, jtok *j, const kc_tokenizer *t2, jboolean encrypt,
                        jcharArray chars, jbyteArray utf8, jintArray lens, jint count_in, jbyteArray context,
                        jbyteArray dst)
{
    if ((chars != NULL) == (utf8 != NULL) || !lens || count_in < 0 || (*env)->GetArrayLength(env, lens) <= count_in) {
        throw_kc(env, KC_ERR_NULL, NULL, -1, -1);
        return NULL;
    }
    size_t count = (size_t)count_in;
    size_t in_n = (size_t)(*env)->GetArrayLength(env, chars ? (jarray)chars : (jarray)utf8);
    jint *ln = malloc((count + 1) * sizeof *ln);
    bytes ctx = { NULL, 0 };
    jbyteArray r = NULL;
    size_t in_len = 0, cap = 0, used = 0;
    if (!ln || get_bytes(env, context, &ctx)) goto oom;
    (*env)->GetIntArrayRegion(env, lens, 0, (jsize)count, ln);
    /* Each row's room: 4 bytes a byte in (a character may change width) and 8.
     * FPE keeps the number of characters, so a retokenized row fits it too. */
    for (size_t i = 0; i < count; i++) {
        if (ln[i] < 0) continue;
        if ((size_t)ln[i] > in_n - in_len) { throw_kc(env, KC_ERR_LENGTH_MISMATCH, "lengths", (jlong)i, -1); goto done; }
        in_len += (size_t)ln[i];
        cap += 4 * (size_t)ln[i] + 8;
    }
    if (scratch(j, in_len + (t2 ? 2 : 1) * cap, count)) goto oom;
    used = in_len + (t2 ? 2 : 1) * cap;
    uint8_t *src = j->mem;
    char *out = (char *)src + in_len, *mid = t2 ? out + cap : NULL;
    kc_token_row *rows = j->rows;
    if (chars && in_len) {   /* ASCII: one byte a char, checked and narrowed here */
        const jchar *c = (*env)->GetPrimitiveArrayCritical(env, chars, NULL);
        if (!c) goto oom;
        unsigned hi = 0;
        for (size_t i = 0; i < in_len; i++) {
            hi |= c[i];
            src[i] = (uint8_t)c[i];
        }
        (*env)->ReleasePrimitiveArrayCritical(env, chars, (void *)c, JNI_ABORT);
        if (hi >= 0x80) goto done;   /* NULL, no exception: not ASCII */
    } else if (in_len) {
        (*env)->GetByteArrayRegion(env, utf8, 0, (jsize)in_len, (jbyte *)src);
    }
    for (size_t i = 0, pos = 0, o = 0; i < count; i++) {
        rows[i] = (kc_token_row){ .tweak = ctx.p, .tweak_len = ctx.n };
        if (ln[i] < 0) continue;
        rows[i].in = (const char *)src + pos;
        rows[i].in_len = (size_t)ln[i];
        rows[i].out = (t2 ? mid : out) + o;
        rows[i].out_cap = 4 * (size_t)ln[i] + 8;
        pos += (size_t)ln[i];
        o += rows[i].out_cap;
    }
    size_t bad = 0;
    const char *step = encrypt ? "tokenize" : "detokenize";
    kc_status st = (encrypt ? kc_tokenize_batch : kc_detokenize_batch)(j->t, rows, count, &bad);
    if (st == KC_OK && t2) {
        for (size_t i = 0, o = 0; i < count; i++) {
            if (!rows[i].in) continue;
            rows[i].in = rows[i].out;
            rows[i].in_len = rows[i].out_len;
            rows[i].out = out + o;
            o += rows[i].out_cap;
        }
        step = "retokenize (to key)";
        st = kc_tokenize_batch(t2, rows, count, &bad);
    } else if (t2) {
        step = "retokenize (from key)";
    }
    if (st != KC_OK) {
        if (bad >= count) throw_kc(env, st, step, -1, -1);
        else throw_kc(env, st, step, (jlong)bad, rows[bad].status == KC_ERR_FORMAT || rows[bad].status == KC_ERR_CHECK_DIGIT
                                                ? (jlong)rows[bad].error_pos : -1);
        goto done;
    }
    /* The outputs back to back straight into the Java array (noting whether all are ASCII). */
    size_t total = 0;
    for (size_t i = 0; i < count; i++) {
        ln[i] = rows[i].in ? (jint)rows[i].out_len : -1;
        if (rows[i].in) total += rows[i].out_len;
    }
    if (total > INT32_MAX) { throw_kc(env, KC_ERR_LENGTH_MISMATCH, "outputs", -1, -1); goto done; }
    r = dst && (size_t)(*env)->GetArrayLength(env, dst) >= total ? dst : (*env)->NewByteArray(env, (jsize)total);
    if (!r) goto done;
    if (total) {
        uint8_t *d = (*env)->GetPrimitiveArrayCritical(env, r, NULL);
        if (!d) { r = NULL; goto oom; }
        for (size_t i = 0, pos = 0; i < count; i++) {
            if (!rows[i].in) continue;
            memcpy(d + pos, rows[i].out, rows[i].out_len);
            pos += rows[i].out_len;
        }
        unsigned hi = 0;
        for (size_t k = 0; k < total; k++) hi |= d[k];
        (*env)->ReleasePrimitiveArrayCritical(env, r, d, 0);
        ln[count] = hi < 0x80;
    } else {
        ln[count] = 1;
    }
    (*env)->SetIntArrayRegion(env, lens, 0, (jsize)count + 1, ln);
    goto done;
oom:
    throw_oom(env);
done:
    scratch_done(j, used);   /* the other rows' clear text on a failure too */
    unget_bytes(&ctx);
    free(ln);
    return r;
}

JNIEXPORT jbyteArray JNICALL Java_org_kcipher_Native_tokenizeBatch(JNIEnv *env, jclass cls, jlong h, jlong to,
    jboolean encrypt, jcharArray chars, jbyteArray utf8, jintArray lens, jint count, jbyteArray context, jbyteArray dst)
{
    (void)cls;
    return batch(env, jt(h), to ? jt(to)->t : NULL, to ? JNI_FALSE : encrypt, chars, utf8, lens, count, context, dst);
}

/* The key version each token embeds (embed-version= formats; no key used),
 * 0 where none can be read (a null, a malformed token: the detokenize
 * reports it); NULL without an exception when the format embeds none. */
JNIEXPORT jintArray JNICALL Java_org_kcipher_Native_tokenVersions(JNIEnv *env, jclass cls, jlong h,
    jbyteArray in, jintArray lens)
{
    (void)cls;
    const kc_tokenizer *t = jt(h)->t;
    unsigned v = 0;
    if (!in || !lens) { throw_kc(env, KC_ERR_NULL, NULL, -1, -1); return NULL; }
    if (kc_tokenizer_token_version(t, "", 0, &v, NULL) == KC_ERR_VERSION_ROOM) return NULL;
    size_t count = (size_t)(*env)->GetArrayLength(env, lens);
    size_t in_n = (size_t)(*env)->GetArrayLength(env, in);
    jint *ln = malloc((count ? count : 1) * sizeof *ln);
    bytes src = { NULL, 0 };
    jintArray r = NULL;
    if (!ln) { throw_oom(env); goto done; }
    if (get_bytes(env, in, &src)) goto done;
    (*env)->GetIntArrayRegion(env, lens, 0, (jsize)count, ln);
    for (size_t i = 0, pos = 0; i < count; i++) {
        if (ln[i] < 0) { ln[i] = 0; continue; }
        if ((size_t)ln[i] > in_n - pos) { throw_kc(env, KC_ERR_LENGTH_MISMATCH, "lengths", (jlong)i, -1); goto done; }
        size_t len = (size_t)ln[i];
        ln[i] = kc_tokenizer_token_version(t, (const char *)src.p + pos, len, &v, NULL) == KC_OK ? (jint)v : 0;
        pos += len;
    }
    r = (*env)->NewIntArray(env, (jsize)count);
    if (r) (*env)->SetIntArrayRegion(env, r, 0, (jsize)count, ln);
done:
    unget_bytes(&src);
    free(ln);
    return r;
}

/* GCM encryption streamed (kc_aead_stream): the AD at once, then updates
 * that return ciphertext, then the last input and the tag.  The stream
 * refers to the AEAD object: the Java side frees it first. */
JNIEXPORT jlong JNICALL Java_org_kcipher_Native_aeadStreamNew(JNIEnv *env, jclass cls, jlong h, jbyteArray nonce,
    jbyteArray ad, jint ad_len)
{
    (void)cls;
    if (ad && !range_ok(env, ad, 0, ad_len)) return 0;
    bytes n, d;
    if (get_bytes(env, nonce, &n)) return 0;
    if (get_bytes(env, ad, &d)) { unget_bytes(&n); return 0; }
    kc_aead_stream *s = NULL;
    kc_status st = kc_aead_stream_new(&s, (const kc_aead *)(intptr_t)h, 1, 0, n.p, n.n);
    if (st == KC_OK && ad && ad_len > 0) st = kc_aead_stream_ad(s, d.p, (size_t)ad_len);
    unget_bytes(&n);
    unget_bytes(&d);
    if (st != KC_OK) { kc_aead_stream_free(s); throw_kc(env, st, NULL, -1, -1); return 0; }
    return (jlong)(intptr_t)s;
}

JNIEXPORT void JNICALL Java_org_kcipher_Native_aeadStreamFree(JNIEnv *env, jclass cls, jlong s)
{
    (void)env; (void)cls;
    kc_aead_stream_free((kc_aead_stream *)(intptr_t)s);
}

/* The ciphertext of in[off..off+len], and with final the tag after it. */
JNIEXPORT jbyteArray JNICALL Java_org_kcipher_Native_aeadStreamUpdate(JNIEnv *env, jclass cls, jlong h,
    jbyteArray in, jint off, jint len, jboolean final, jint tag_len)
{
    (void)cls;
    kc_aead_stream *s = (kc_aead_stream *)(intptr_t)h;
    if (len > 0 && !range_ok(env, in, off, len)) return NULL;
    size_t n = len > 0 ? (size_t)len : 0, t = final ? (size_t)tag_len : 0, out_len = 0;
    uint8_t *out = malloc(n + t + 1);
    if (!out) { throw_oom(env); return NULL; }
    kc_status st = KC_OK;
    if (n) {
        uint8_t *p = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
        st = p ? kc_aead_stream_update(s, out, n, &out_len, p + off, n) : KC_ERR_NO_MEMORY;
        if (p) (*env)->ReleasePrimitiveArrayCritical(env, in, p, JNI_ABORT);
    }
    if (st == KC_OK && final) st = kc_aead_stream_tag(s, out + out_len, t);
    jbyteArray r = NULL;
    if (st != KC_OK) throw_kc(env, st, NULL, -1, -1);
    else r = new_bytes(env, out, out_len + t);
    kc_wipe(out, n + t + 1);
    free(out);
    return r;
}

/* For the benchmark: the C batch alone, timed in C (the same values as
 * tokenizeBatch takes, reps calls of kc_tokenize_batch); nanoseconds, or
 * -1 on a failure (the rows' errors are tokenizeBatch's to report). */
JNIEXPORT jlong JNICALL Java_org_kcipher_Native_tokenizeBatchNanos(JNIEnv *env, jclass cls, jlong h,
    jbyteArray in, jintArray lens, jint reps)
{
    (void)cls;
    const kc_tokenizer *t = jt(h)->t;
    if (!in || !lens) { throw_kc(env, KC_ERR_NULL, NULL, -1, -1); return -1; }
    size_t count = (size_t)(*env)->GetArrayLength(env, lens);
    size_t in_n = (size_t)(*env)->GetArrayLength(env, in);
    jint *ln = malloc((count ? count : 1) * sizeof *ln);
    kc_token_row *rows = calloc(count ? count : 1, sizeof *rows);
    bytes src = { NULL, 0 };
    char *out = NULL;
    jlong r = -1;
    size_t pos = 0, cap = 0;
    if (!ln || !rows || get_bytes(env, in, &src)) { throw_oom(env); goto done; }
    (*env)->GetIntArrayRegion(env, lens, 0, (jsize)count, ln);
    for (size_t i = 0; i < count; i++) {
        if (ln[i] < 0 || (size_t)ln[i] > in_n - pos) goto done;
        rows[i].in = (const char *)src.p + pos;
        rows[i].in_len = (size_t)ln[i];
        rows[i].out_cap = 4 * (size_t)ln[i] + 8;
        pos += (size_t)ln[i];
        cap += rows[i].out_cap;
    }
    out = malloc(cap ? cap : 1);
    if (!out) { throw_oom(env); goto done; }
    for (size_t i = 0, o = 0; i < count; i++) { rows[i].out = out + o; o += rows[i].out_cap; }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (jint k = 0; k < reps; k++) {
        size_t bad = 0;
        if (kc_tokenize_batch(t, rows, count, &bad) != KC_OK) goto done;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    r = (jlong)(t1.tv_sec - t0.tv_sec) * 1000000000 + (t1.tv_nsec - t0.tv_nsec);
done:
    if (out) { kc_wipe(out, cap); free(out); }
    unget_bytes(&src);
    free(ln);
    free(rows);
    return r;
}

JNIEXPORT jstring JNICALL Java_org_kcipher_Native_version(JNIEnv *env, jclass cls)
{
    (void)cls;
    return (*env)->NewStringUTF(env, KC_VERSION_STRING);
}

/* As aeadCrypt, straight into out[out_off..] (the JCA doFinal with an
 * output array): no native buffer, no copy.  Returns the length written,
 * or -1 when in and out are the same array (the caller copies instead).
 * On KC_ERR_AUTH nothing is written (kc_aead_decrypt's guarantee). */
JNIEXPORT jint JNICALL Java_org_kcipher_Native_aeadCryptInto(JNIEnv *env, jclass cls, jlong h, jboolean encrypt,
    jbyteArray nonce, jbyteArray ad, jint ad_len, jbyteArray in, jint off, jint len, jbyteArray out, jint out_off)
{
    (void)cls;
    const kc_aead *a = (const kc_aead *)(intptr_t)h;
    if (!range_ok(env, in, off, len)) return 0;
    if (ad && !range_ok(env, ad, 0, ad_len)) return 0;
    if (!range_ok(env, out, out_off, 0)) return 0;
    if ((*env)->IsSameObject(env, in, out)) return -1;
    size_t cap = (size_t)((*env)->GetArrayLength(env, out) - out_off);
    bytes n, d;
    if (get_bytes(env, nonce, &n)) return 0;
    if (get_bytes(env, ad, &d)) { unget_bytes(&n); return 0; }
    size_t out_len = 0;
    kc_status st = KC_ERR_NO_MEMORY;
    uint8_t *p = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    uint8_t *q = p ? (*env)->GetPrimitiveArrayCritical(env, out, NULL) : NULL;
    if (p && q)
        st = (encrypt ? kc_aead_encrypt : kc_aead_decrypt)(a, q + out_off, cap, &out_len, n.p, n.n,
                                                           d.p, ad ? (size_t)ad_len : 0, p + off, (size_t)len);
    if (q) (*env)->ReleasePrimitiveArrayCritical(env, out, q, 0);
    if (p) (*env)->ReleasePrimitiveArrayCritical(env, in, p, JNI_ABORT);
    unget_bytes(&n);
    unget_bytes(&d);
    if (st != KC_OK) { throw_kc(env, st, NULL, -1, -1); return 0; }
    return (jint)out_len;
}
