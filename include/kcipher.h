/* SPDX-License-Identifier: MIT */
/* kcipher: Korean standard and lightweight ciphers, one API.
 *
 * Objects are opaque and keyed at creation (kc_*_new), eleven types: a
 * block cipher (kc_cipher), a mode stream over it (kc_stream), an AEAD
 * (kc_aead) and its stream (kc_aead_stream), a MAC (kc_mac, HMAC included)
 * and its stream (kc_mac_stream), an FEA tweakable block cipher for one
 * block length (kc_fea), a numeral-string FPE cipher (kc_fpe), a tokenizer
 * of formatted text (kc_tokenizer), XTS (kc_xts) and a DRBG (kc_drbg,
 * keyed from its entropy source); and two that hold no key, a hash
 * (kc_hash) and a keyring of named, versioned keys (kc_keyring, opened on
 * a directory).  Freeing an object wipes its key schedule or state.  Backends are chosen by name,
 * or NULL for the default (the fastest constant-time one this CPU can run).
 *
 * Every function that can fail returns a kc_status; kc_strerror() turns it
 * into a message.  The others cannot fail and return what they are asked
 * for: the _free functions and kc_keyring_close (void; NULL is fine), the
 * getters (sizes, names, kc_threads, kc_keyring_error, kc_key_state_name),
 * the discovery look-ups (NULL or 0 when there is nothing),
 * kc_strerror/kc_status_name, kc_wipe, kc_ct_compare and
 * kc_tokenizer_may_output (int); kc_format_is_mask answers 1, 0, or -1 for
 * a format it does not understand.
 *
 * On error nothing is written to output buffers (a one-shot decryption
 * with bad padding included), with three documented exceptions: streams
 * write as they go (kc_stream decryption with padding has written the
 * plaintext before kc_stream_final finds bad padding); a kc_aead_stream
 * with KC_AEAD_RELEASE_UNVERIFIED has written plaintext before the tag is
 * checked; the batch calls that set a status per message or row
 * (kc_mode_*_batch, kc_aead_*_batch, kc_mac_compute_batch,
 * kc_tokenize_batch, kc_detokenize_batch) write the others all the same;
 * and kc_random, which zeroes its output when the OS source fails. */
#ifndef KCIPHER_H
#define KCIPHER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
#if defined(__GNUC__)
#pragma GCC visibility push(default)   /* the library builds with hidden visibility */
#endif

#define KC_VERSION_STRING "0.1.0"

typedef enum kc_status {
    KC_OK = 0,
    KC_ERR_NULL,              /* a required pointer is NULL */
    KC_ERR_UNKNOWN_CIPHER,    /* no cipher of that name */
    KC_ERR_UNKNOWN_BACKEND,   /* the cipher has no backend of that name */
    KC_ERR_BACKEND_UNAVAILABLE, /* this CPU cannot run the backend */
    KC_ERR_WRONG_KIND,        /* e.g. an AEAD name given to kc_cipher_new */
    KC_ERR_KEY_LENGTH,
    KC_ERR_IV_LENGTH,
    KC_ERR_NONCE_LENGTH,
    KC_ERR_TWEAK_LENGTH,
    KC_ERR_BLOCK_BITS,        /* FEA block length outside 8..128 */
    KC_ERR_OVERLAP,           /* input and output overlap other than exactly */
    KC_ERR_NOT_BLOCK_MULTIPLE,/* length is not a whole number of blocks */
    KC_ERR_BAD_PADDING,       /* PKCS#7 padding does not check out */
    KC_ERR_OUTPUT_TOO_SMALL,
    KC_ERR_BAD_MODE,
    KC_ERR_INPUT_TOO_SHORT,   /* e.g. AEAD ciphertext shorter than its tag */
    KC_ERR_AUTH,              /* AEAD tag did not verify */
    KC_ERR_VALUE_OUT_OF_DOMAIN, /* FEA block value >= 2^n, FPE value not in domain */
    KC_ERR_RADIX,             /* radix outside 2..65536 (FEA: 2..65535; the _str functions: 2..36) */
    KC_ERR_DIGIT,             /* a digit >= radix */
    KC_ERR_DOMAIN_TOO_SMALL,  /* radix^len < 10^6 without KC_FPE_ALLOW_SMALL_DOMAIN, or < 2^8 */
    KC_ERR_DOMAIN_TOO_LARGE,  /* radix^len >= 2^128 */
    KC_ERR_NO_MEMORY,
    KC_ERR_STATE,             /* call out of order, e.g. update after final */
    KC_ERR_THREADS,           /* thread count above 256, or changed while a job runs */
    KC_ERR_FORMAT,            /* a value does not fit its format (position in *error_pos) */
    KC_ERR_CHECK_DIGIT,       /* a value's check digit is wrong */
    KC_ERR_FORMAT_SPEC,       /* a format name or spec not understood */
    KC_ERR_TAG_LENGTH,        /* a tag length the AEAD or MAC does not allow */
    KC_ERR_INPUT_TOO_LONG,    /* beyond the mode's limit (GCM: 2^36 - 32 bytes; CCM: 2^(8(15 - nonce length))),
                               * or a count of FEA blocks / FPE values whose size overflows */
    KC_ERR_LENGTH_MISMATCH,   /* two lengths that must be equal are not (an FPE value not of the
                               * length its kc_fpe was made for; an Arrow tweak column) */
    KC_ERR_KEYRING,           /* keyring missing, unreadable, malformed or not writable */
    KC_ERR_KEY_NOT_FOUND,     /* no key of that name or version (or the version is retired) */
    KC_ERR_KCV,               /* the key check value is not the expected one: wrong key */
    KC_ERR_UNWRAP,            /* unwrapping failed its integrity check: wrong KEK or damaged key */
    KC_ERR_KEK,               /* the key-encryption key could not be obtained */
    KC_ERR_RANDOM,            /* the operating system's random source failed */
    KC_ERR_VERSION_ROOM,      /* no room for a key version: the format cannot embed one (embed-version=),
                               * or the version is above the versions its alphabet holds */
    KC_ERR_KEY_VERSION,       /* a token's embedded key version is not the tokenizer's (or none was set) */
    KC_ERR_WEAK_KEY,          /* a key the standard refuses (XTS: the two halves equal) */
    KC_ERR_ITERATIONS,        /* PBKDF2: an iteration count of 0 */
    KC_STATUS_COUNT
} kc_status;

const char *kc_strerror(kc_status status);
/* Name of the status constant, e.g. "KC_ERR_AUTH". */
const char *kc_status_name(kc_status status);

/* ---- Discovery ---------------------------------------------------------- */

typedef enum kc_kind { KC_KIND_BLOCK = 1, KC_KIND_AEAD = 2, KC_KIND_FEA = 3 } kc_kind;

typedef struct kc_cipher_info {
    const char *name;       /* "aria-128", "rijndael-256-192", "tinyjambu-128", "fea2-256" */
    const char *family;     /* "aria", "rijndael", "tinyjambu", "fea2", ... */
    kc_kind kind;
    size_t key_bytes;
    size_t block_bytes;     /* 0 for AEAD and FEA (FEA blocks are n bits) */
    size_t nonce_bytes;     /* AEAD only */
    size_t tag_bytes;       /* AEAD only */
} kc_cipher_info;

typedef struct kc_backend_info {
    const char *name;       /* "ref", "ct", "table", "naive", ... */
    const char *summary;    /* one line */
    char cpu_features[64];  /* "" or e.g. "avx2+aesni" */
    int constant_time;      /* no secret-dependent branches or table indices */
    int available;          /* this CPU can run it */
    int is_default;
} kc_backend_info;

size_t kc_cipher_count(void);
/* i-th cipher, 0 <= i < kc_cipher_count(); NULL past the end. */
const kc_cipher_info *kc_cipher_at(size_t i);
const kc_cipher_info *kc_cipher_find(const char *name);
/* These two also take a hash's name, and "ghash": the GHASH backends of
 * GCM and GMAC (chosen as "<cipher backend>/<ghash backend>"). */
size_t kc_backend_count(const char *cipher_name);
/* Fills *info for the i-th backend of the cipher; KC_ERR_UNKNOWN_* when out of range. */
kc_status kc_backend_at(const char *cipher_name, size_t i, kc_backend_info *info);
/* Every name the constructors take: the ciphers above (kc_cipher_at's
 * order), then each construction over every cipher it takes:
 * "<cipher>-gcm", "-ccm" (AEAD, 16-byte blocks), "<cipher>-cmac" (MAC,
 * 8- and 16-byte blocks), "-gmac" (MAC, 16-byte blocks), "ff1-<cipher>",
 * "ff3-1-<cipher>" (FPE over aes-*, aria-*, lea-*).  A name not listed does
 * not open (KC_ERR_UNKNOWN_CIPHER). */
#define KC_NAME_MAX 48
/* What a name opens as: BLOCK kc_cipher_new, AEAD kc_aead_new, MAC kc_mac_new,
 * FEA kc_fea_new (and kc_fpe_new), FPE kc_fpe_new.  The first three are the kc_kind values. */
typedef enum kc_name_kind {
    KC_NAME_BLOCK = 1, KC_NAME_AEAD = 2, KC_NAME_FEA = 3, KC_NAME_MAC = 4, KC_NAME_FPE = 5,
    KC_NAME_HASH = 6,  /* kc_hash_new; after the FPE names come the hashes, then "hmac-<hash>" (MAC) */
    KC_NAME_XTS = 7,   /* kc_xts_new */
    KC_NAME_DRBG = 8   /* kc_drbg_new */
} kc_name_kind;
typedef struct kc_name_info {
    char name[KC_NAME_MAX];   /* "aes-128-gcm", "ff1-aria-256", "tinyjambu-128" */
    kc_name_kind kind;        /* which constructor opens it */
    const char *cipher;       /* the cipher it is built on ("aes-128"); the name itself for a cipher */
    const char *construction; /* "gcm", "ccm", "cmac", "gmac", "ff1", "ff3-1"; "" for a cipher */
    size_t key_bytes;
} kc_name_info;
size_t kc_name_count(void);
/* Fills *info for the i-th name, 0 <= i < kc_name_count(); KC_ERR_UNKNOWN_CIPHER past the end. */
kc_status kc_name_at(size_t i, kc_name_info *info);
/* Fills *info for a name; KC_ERR_UNKNOWN_CIPHER for one kc_name_at does not list. */
kc_status kc_name_find(const char *name, kc_name_info *info);
/* CPU features detected at run time, '+'-separated ("sse2+avx2+aesni"). */
const char *kc_cpu_features(void);

/* ---- Block ciphers (ECB core) ------------------------------------------- */

typedef struct kc_cipher kc_cipher;

kc_status kc_cipher_new(kc_cipher **out, const char *name, const char *backend,
                        const uint8_t *key, size_t key_len);
void kc_cipher_free(kc_cipher *c);
size_t kc_cipher_block_size(const kc_cipher *c);
const char *kc_cipher_name(const kc_cipher *c);
const char *kc_cipher_backend_name(const kc_cipher *c);

/* len must be a multiple of the block size; out == in is allowed. */
kc_status kc_cipher_encrypt_blocks(const kc_cipher *c, uint8_t *out, const uint8_t *in, size_t len);
kc_status kc_cipher_decrypt_blocks(const kc_cipher *c, uint8_t *out, const uint8_t *in, size_t len);

/* ---- Modes -------------------------------------------------------------- */

/* CFB is full-block feedback (CFB-128 on 128-bit blocks, CFB-64 on PIPO) and,
 * like OFB and CTR, takes any length without padding ([SP800-38A]). */
typedef enum kc_mode {
    KC_MODE_ECB = 0, KC_MODE_CBC = 1, KC_MODE_CTR = 2, KC_MODE_CFB = 3, KC_MODE_OFB = 4
} kc_mode;
#define KC_PAD_PKCS7 1u  /* ECB/CBC only */

/* Parses "ecb" / "cbc" / "ctr" / "cfb" / "ofb". */
kc_status kc_mode_from_name(const char *name, kc_mode *mode);

/* Output length of a one-shot call: the exact length for encryption, an upper
 * bound for decryption with padding. */
size_t kc_mode_output_size(const kc_cipher *c, kc_mode mode, unsigned flags, int encrypt, size_t in_len);

/* One-shot.  iv is one block (CBC, CTR: the initial counter block), NULL with
 * iv_len 0 for ECB.  CTR counts the whole block as a big-endian integer.  On
 * failure *out_len is 0 and out is left untouched (bad padding too). */
kc_status kc_mode_encrypt(const kc_cipher *c, kc_mode mode, unsigned flags,
                          const uint8_t *iv, size_t iv_len,
                          uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *in, size_t in_len);
kc_status kc_mode_decrypt(const kc_cipher *c, kc_mode mode, unsigned flags,
                          const uint8_t *iv, size_t iv_len,
                          uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *in, size_t in_len);

/* Streaming, for inputs of any size.  update() writes at most in_len + one
 * block; final() at most one block. */
typedef struct kc_stream kc_stream;
kc_status kc_stream_new(kc_stream **out, const kc_cipher *c, kc_mode mode, unsigned flags,
                        int encrypt, const uint8_t *iv, size_t iv_len);
kc_status kc_stream_update(kc_stream *s, uint8_t *out, size_t out_cap, size_t *out_len,
                           const uint8_t *in, size_t in_len);
kc_status kc_stream_final(kc_stream *s, uint8_t *out, size_t out_cap, size_t *out_len);
void kc_stream_free(kc_stream *s);

/* ---- Threads ------------------------------------------------------------- */

/* Threads used by the _mt and _batch functions and by large stream
 * updates: 0 (the default) = the KC_THREADS environment variable, else the
 * number of online cores.  The pool starts once and is reused; inputs below
 * 64 KiB stay on the calling thread.  Results never depend on the count. */
kc_status kc_set_threads(unsigned n);
unsigned kc_threads(void);

/* As kc_mode_encrypt/decrypt, with ECB, CTR and CBC decryption split across
 * threads (CBC encryption is serial: use the batch functions). */
kc_status kc_mode_encrypt_mt(const kc_cipher *c, kc_mode mode, unsigned flags,
                             const uint8_t *iv, size_t iv_len,
                             uint8_t *out, size_t out_cap, size_t *out_len,
                             const uint8_t *in, size_t in_len);
kc_status kc_mode_decrypt_mt(const kc_cipher *c, kc_mode mode, unsigned flags,
                             const uint8_t *iv, size_t iv_len,
                             uint8_t *out, size_t out_cap, size_t *out_len,
                             const uint8_t *in, size_t in_len);

/* Many independent messages in one mode (e.g. CBC encryption), spread
 * across threads; iv is one block per message (unused for ECB).  Sets
 * out_len and status per message; returns the first failure or KC_OK. */
typedef struct kc_msg {
    const uint8_t *iv;
    const uint8_t *in;
    size_t in_len;
    uint8_t *out;
    size_t out_cap;
    size_t out_len;     /* set by the call */
    kc_status status;   /* set by the call */
} kc_msg;
kc_status kc_mode_encrypt_batch(const kc_cipher *c, kc_mode mode, unsigned flags, kc_msg *msgs, size_t count);
kc_status kc_mode_decrypt_batch(const kc_cipher *c, kc_mode mode, unsigned flags, kc_msg *msgs, size_t count);

/* ---- AEAD: TinyJAMBU, and GCM / CCM over any 128-bit block cipher ------- */

/* Names: "tinyjambu-128|192|256"; "<cipher>-gcm" ([SP800-38D]) and
 * "<cipher>-ccm" ([SP800-38C]) for every block cipher with 16-byte blocks:
 * "aria-128-gcm", "lea-256-ccm", "aes-128-gcm", "rc6-128-gcm",
 * "rijndael-128-192-gcm", ...  For GCM and CCM, backend names the block
 * cipher's backend, for GCM optionally followed by "/" and a GHASH backend
 * ("gfni-avx512/pclmul", "ct/ct"); NULL or an empty part: the default.
 * Nonce lengths: TinyJAMBU 12; GCM any from 1 byte (12, the default, is the
 * one to use); CCM 7..13 (default 12).  Tag lengths: TinyJAMBU 8; GCM 4..16
 * (default 16; below 12 only with the message limits of [SP800-38D] App. C);
 * CCM 4, 6, ..., 16 (default 16). */
typedef struct kc_aead kc_aead;

kc_status kc_aead_new(kc_aead **out, const char *name, const char *backend,
                      const uint8_t *key, size_t key_len);
void kc_aead_free(kc_aead *a);
size_t kc_aead_tag_size(const kc_aead *a);
size_t kc_aead_nonce_size(const kc_aead *a);
const char *kc_aead_backend_name(const kc_aead *a);   /* GCM: "cipher-backend/ghash-backend" */
/* The tag length every later call produces and expects (KC_ERR_TAG_LENGTH),
 * and the nonce length the batch functions use (KC_ERR_NONCE_LENGTH; the
 * single-message calls take any allowed length).  Set them before sharing
 * the object between threads. */
kc_status kc_aead_set_tag_size(kc_aead *a, size_t tag_len);
kc_status kc_aead_set_nonce_size(kc_aead *a, size_t nonce_len);
/* out receives ciphertext || tag: pt_len + tag bytes. */
kc_status kc_aead_encrypt(const kc_aead *a, uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *ad, size_t ad_len,
                          const uint8_t *pt, size_t pt_len);
/* in is ciphertext || tag.  On KC_ERR_AUTH nothing is written to out. */
kc_status kc_aead_decrypt(const kc_aead *a, uint8_t *out, size_t out_cap, size_t *out_len,
                          const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *ad, size_t ad_len,
                          const uint8_t *in, size_t in_len);

/* Batch: many independent messages under one key; SIMD backends process
 * several at once.  Each message has its own nonce (kc_aead_nonce_size
 * bytes), AD, input and output
 * (room for in_len + tag when encrypting, in_len - tag when decrypting);
 * out_len and status are set per message.  Returns KC_OK when every
 * message succeeded, else the first failing message's status. */
typedef struct kc_aead_msg {
    const uint8_t *nonce;
    const uint8_t *ad;
    size_t ad_len;
    const uint8_t *in;
    size_t in_len;
    uint8_t *out;
    size_t out_cap;
    size_t out_len;     /* set by the call */
    kc_status status;   /* set by the call */
} kc_aead_msg;
kc_status kc_aead_encrypt_batch(const kc_aead *a, kc_aead_msg *msgs, size_t count);
kc_status kc_aead_decrypt_batch(const kc_aead *a, kc_aead_msg *msgs, size_t count);

/* Streaming (GCM; other AEADs give KC_ERR_BAD_MODE).  AD first, in any
 * number of kc_aead_stream_ad calls, then the data in any number of updates.
 * Encryption: update writes in_len bytes of ciphertext; kc_aead_stream_tag
 * then gives the tag.  Decryption releases nothing before the tag checks:
 * update writes nothing (*out_len 0) and keeps the ciphertext;
 * kc_aead_stream_verify checks the tag and only then writes the whole
 * plaintext to out (KC_ERR_AUTH: nothing written).  Flag
 * KC_AEAD_RELEASE_UNVERIFIED makes decryption's update write plaintext at
 * once and verify only check the tag: the caller must then discard all it
 * got on KC_ERR_AUTH.  Calls out of order give KC_ERR_STATE. */
#define KC_AEAD_RELEASE_UNVERIFIED 1u
typedef struct kc_aead_stream kc_aead_stream;
kc_status kc_aead_stream_new(kc_aead_stream **out, const kc_aead *a, int encrypt, unsigned flags,
                             const uint8_t *nonce, size_t nonce_len);
kc_status kc_aead_stream_ad(kc_aead_stream *s, const uint8_t *ad, size_t ad_len);
kc_status kc_aead_stream_update(kc_aead_stream *s, uint8_t *out, size_t out_cap, size_t *out_len,
                                const uint8_t *in, size_t in_len);
kc_status kc_aead_stream_tag(kc_aead_stream *s, uint8_t *tag, size_t tag_len);
kc_status kc_aead_stream_verify(kc_aead_stream *s, uint8_t *out, size_t out_cap, size_t *out_len,
                                const uint8_t *tag, size_t tag_len);
void kc_aead_stream_free(kc_aead_stream *s);

/* ---- MAC: CMAC over any block cipher, GMAC over any 128-bit one ---------- */

/* Names "<cipher>-cmac" ([SP800-38B]; every block cipher, PIPO's 64-bit
 * blocks included: "pipo-64-128-cmac") and "<cipher>-gmac" ([SP800-38D]; 16-byte blocks).
 * backend as for GCM.  Tags: CMAC 4..block bytes, GMAC 4..16; the default
 * and kc_mac_tag_size is the full length.  nonce: GMAC's IV (as GCM's);
 * CMAC takes none (NULL, 0).  Verification compares in constant time. */
typedef struct kc_mac kc_mac;
kc_status kc_mac_new(kc_mac **out, const char *name, const char *backend,
                     const uint8_t *key, size_t key_len);
void kc_mac_free(kc_mac *m);
size_t kc_mac_tag_size(const kc_mac *m);
const char *kc_mac_backend_name(const kc_mac *m);
kc_status kc_mac_compute(const kc_mac *m, uint8_t *tag, size_t tag_len,
                         const uint8_t *nonce, size_t nonce_len, const uint8_t *msg, size_t msg_len);
/* KC_OK or KC_ERR_AUTH. */
kc_status kc_mac_verify(const kc_mac *m, const uint8_t *tag, size_t tag_len,
                        const uint8_t *nonce, size_t nonce_len, const uint8_t *msg, size_t msg_len);

typedef struct kc_mac_stream kc_mac_stream;
/* final and verify end the stream whatever the verdict (KC_ERR_AUTH too):
 * after them, update, final and verify give KC_ERR_STATE and the stream is
 * only to be freed.  A tag length the MAC does not allow (KC_ERR_TAG_LENGTH)
 * or a NULL tag ends nothing. */
kc_status kc_mac_stream_new(kc_mac_stream **out, const kc_mac *m, const uint8_t *nonce, size_t nonce_len);
kc_status kc_mac_stream_update(kc_mac_stream *s, const uint8_t *in, size_t in_len);
kc_status kc_mac_stream_final(kc_mac_stream *s, uint8_t *tag, size_t tag_len);
kc_status kc_mac_stream_verify(kc_mac_stream *s, const uint8_t *tag, size_t tag_len);
void kc_mac_stream_free(kc_mac_stream *s);

/* Many messages under one key; CMAC fills the SIMD lanes with independent
 * messages.  Sets each status; returns KC_OK or the first failing status. */
typedef struct kc_mac_msg {
    const uint8_t *nonce;
    size_t nonce_len;
    const uint8_t *in;
    size_t in_len;
    uint8_t *tag;
    size_t tag_len;
    kc_status status;   /* set by the call */
} kc_mac_msg;
kc_status kc_mac_compute_batch(const kc_mac *m, kc_mac_msg *msgs, size_t count);

/* ---- FEA: tweakable block cipher on n-bit blocks, 8 <= n <= 128 ---------- */

/* Blocks are n-bit integers stored big-endian in kc_fea_block_size() =
 * ceil(n/8) bytes (unused high bits zero).  Tweaks likewise: FEA-1 takes a
 * (128-n)-bit integer in ceil((128-n)/8) bytes, FEA-2 a 128-bit one in 16
 * bytes; tweak_len 0 means the all-zero tweak. */
typedef struct kc_fea kc_fea;

kc_status kc_fea_new(kc_fea **out, const char *name, const char *backend,
                     const uint8_t *key, size_t key_len, unsigned n_bits);
void kc_fea_free(kc_fea *f);
unsigned kc_fea_bits(const kc_fea *f);
size_t kc_fea_block_size(const kc_fea *f);
size_t kc_fea_tweak_size(const kc_fea *f);
const char *kc_fea_backend_name(const kc_fea *f);
/* count blocks of kc_fea_block_size() bytes each, all under one tweak. */
kc_status kc_fea_encrypt(const kc_fea *f, uint8_t *out, const uint8_t *in, size_t count,
                         const uint8_t *tweak, size_t tweak_len);
kc_status kc_fea_decrypt(const kc_fea *f, uint8_t *out, const uint8_t *in, size_t count,
                         const uint8_t *tweak, size_t tweak_len);
/* Bulk: block k uses the tweak at tweaks + k * tweak_len; tweak_len must be
 * kc_fea_tweak_size() (it may be 0 only when that is 0). */
kc_status kc_fea_encrypt_tweaks(const kc_fea *f, uint8_t *out, const uint8_t *in, size_t count,
                                const uint8_t *tweaks, size_t tweak_len);
kc_status kc_fea_decrypt_tweaks(const kc_fea *f, uint8_t *out, const uint8_t *in, size_t count,
                                const uint8_t *tweaks, size_t tweak_len);

/* ---- Format-preserving encryption of digit strings ------------------------ */

/* A string of len digits in radix 2..65536 (numerals, most significant
 * first) is encrypted to another of the same length and radix.  Ciphers:
 *  - "fea1-128" ... "fea2-256": FEA ([FEA]) on the integer below radix^len,
 *    with the FEA block length n = bit length of radix^len, by cycle walking;
 *    radix up to 65535, radix^len below 2^128.
 *  - "ff1-aes-128|192|256", "ff3-1-aes-128|192|256": FF1 and FF3-1 exactly as
 *    NIST SP 800-38G Rev. 1.  FF1 takes a tweak of 0..256 bytes, FF3-1 one of
 *    7 bytes (56 bits; length 0 = all zero).  len is at most 512 numerals
 *    (FF3-1: radix^ceil(len/2) <= 2^96).
 *  - "ff1-aria-*", "ff1-lea-*", "ff3-1-aria-*", "ff3-1-lea-*": the same
 *    constructions over ARIA and LEA.  Not NIST-approved (SP 800-38G names
 *    AES only); for Korean deployments that require ARIA or LEA.
 * Domains below 10^6 are refused unless KC_FPE_ALLOW_SMALL_DOMAIN is given
 * (never below 2^8). */
#define KC_FPE_ALLOW_SMALL_DOMAIN 1u
#define KC_FPE_MIN_DOMAIN 1000000u

typedef struct kc_fpe kc_fpe;

kc_status kc_fpe_new(kc_fpe **out, const char *name, const char *backend,
                     const uint8_t *key, size_t key_len,
                     unsigned radix, size_t len, unsigned flags);
void kc_fpe_free(kc_fpe *p);
unsigned kc_fpe_bits(const kc_fpe *p);           /* bit length of radix^len (FEA: the block length n) */
/* The tweak length the cipher takes: FEA as kc_fea_tweak_size for that n,
 * FF3-1 7; FF1 the largest it takes (any length up to it works).  Every
 * cipher also takes tweak_len 0, the empty or all-zero tweak. */
size_t kc_fpe_tweak_size(const kc_fpe *p);
/* Digit arrays, most significant first; out == in allowed. */
kc_status kc_fpe_encrypt(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t len,
                         const uint8_t *tweak, size_t tweak_len);
kc_status kc_fpe_decrypt(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t len,
                         const uint8_t *tweak, size_t tweak_len);
/* count values of len digits each, contiguous, one tweak, spread across
 * threads (bulk tokenization); everything is checked before anything is
 * written. */
kc_status kc_fpe_encrypt_batch(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                               const uint8_t *tweak, size_t tweak_len);
kc_status kc_fpe_decrypt_batch(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                               const uint8_t *tweak, size_t tweak_len);
/* Bulk with a tweak per value: value k uses tweaks + k * tweak_len. */
kc_status kc_fpe_encrypt_tweaks(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                                const uint8_t *tweaks, size_t tweak_len);
kc_status kc_fpe_decrypt_tweaks(const kc_fpe *p, uint16_t *out, const uint16_t *in, size_t count,
                                const uint8_t *tweaks, size_t tweak_len);
/* Strings of '0'-'9','a'-'z' for radix <= 36, lower case only: an upper-case
 * letter is KC_ERR_DIGIT (folding it would change the value silently). */
kc_status kc_fpe_encrypt_str(const kc_fpe *p, char *out, const char *in,
                             const uint8_t *tweak, size_t tweak_len);
kc_status kc_fpe_decrypt_str(const kc_fpe *p, char *out, const char *in,
                             const uint8_t *tweak, size_t tweak_len);

/* ---- Tokenization: FPE of formatted text ----------------------------------- */

/* A tokenizer encrypts the characters of a value that its format selects
 * and keeps the rest in place: "4111-1111-1111-1111" in format "card" keeps
 * the separators, the first 6 and the last 4 digits.  format is a name
 * (digits, card, card-token, kr-rrn, kr-tel, kr-name, email, mask, ...:
 * kc_format_at lists them) or a spec such as "alphabet=digits;pass=- ;keep=6,4"
 * (README: Formats).  cipher is any kc_fpe cipher name ("ff1-aes-256",
 * "fea2-128", ...), or NULL for a mask format (kc_format_is_mask).  Values are
 * UTF-8.  The domain floor of kc_fpe applies to the encrypted
 * characters alone (flag KC_FPE_ALLOW_SMALL_DOMAIN as for kc_fpe_new).
 *
 * The tweak is a context of any length (a column name, a row key): the
 * cipher's tweak is the first bytes of SHA-256("kcipher tokenization tweak"
 * || 0x00 || context) (a context over 256 bytes is hashed first): 8 bytes
 * for FF1, 7 for FF3-1, kc_fpe_tweak_size for FEA (FEA-1: the unused high
 * bits cleared).  An empty context is the empty (all-zero) tweak.  With
 * KC_TOKENIZER_RAW_TWEAK the bytes go to the cipher as they are. */
#define KC_TOKENIZER_RAW_TWEAK 2u
typedef struct kc_tokenizer kc_tokenizer;

kc_status kc_tokenizer_new(kc_tokenizer **out, const char *cipher, const char *backend,
                           const uint8_t *key, size_t key_len, const char *format, unsigned flags);
void kc_tokenizer_free(kc_tokenizer *t);
/* One value of in_len bytes (no NUL needed); out gets *out_len bytes (no
 * NUL added); the empty value (in_len 0) gives the empty token, KC_OK,
 * whatever the format.  On KC_ERR_FORMAT or KC_ERR_CHECK_DIGIT, *error_pos (when
 * error_pos is not NULL) is the 0-based character position at fault (the
 * value's length when the fault is its length); out is untouched on error.
 * Thread-safe: one tokenizer may serve many threads. */
kc_status kc_tokenize(const kc_tokenizer *t, char *out, size_t out_cap, size_t *out_len,
                      const char *in, size_t in_len, const uint8_t *tweak, size_t tweak_len,
                      size_t *error_pos);
kc_status kc_detokenize(const kc_tokenizer *t, char *out, size_t out_cap, size_t *out_len,
                        const char *in, size_t in_len, const uint8_t *tweak, size_t tweak_len,
                        size_t *error_pos);

/* Many values, spread across threads; values that share an encrypted
 * length are encrypted together.  in NULL is a null (left null: out_len 0);
 * in_len 0 is the empty value (empty token, KC_OK).
 * Each row gets its status, out_len and, on a format error, error_pos.
 * Returns KC_OK, or the first failing row's status with *first_bad (when
 * not NULL) its index; the other rows are done all the same. */
typedef struct kc_token_row {
    const char *in;
    size_t in_len;
    const uint8_t *tweak;    /* a context, as for kc_tokenize */
    size_t tweak_len;
    char *out;
    size_t out_cap;
    size_t out_len;          /* set by the call */
    kc_status status;        /* set by the call */
    size_t error_pos;        /* set by the call */
} kc_token_row;
kc_status kc_tokenize_batch(const kc_tokenizer *t, kc_token_row *rows, size_t count, size_t *first_bad);
kc_status kc_detokenize_batch(const kc_tokenizer *t, kc_token_row *rows, size_t count, size_t *first_bad);

/* Checks a format name or spec as kc_tokenizer_new does: KC_OK, or
 * KC_ERR_FORMAT_SPEC with why (why_cap bytes, NUL-terminated; may be
 * NULL) saying what is wrong, e.g. "format spec: 'a' (U+0061) is in both
 * alphabet and stop: a character may be in only one of alphabet, pass and
 * stop". */
kc_status kc_format_check(const char *format, char *why, size_t why_cap);
/* The named formats, for listing: the i-th one's name, spec and a one-line
 * description (KC_OK), or KC_ERR_FORMAT_SPEC past the last (README: Formats). */
kc_status kc_format_at(size_t i, const char **name, const char **spec, const char **description);
/* 1 if the format (name or spec) masks (mask=: irreversible, needs no cipher
 * or key: kc_tokenizer_new takes cipher NULL; detokenizing is refused with
 * KC_ERR_WRONG_KIND), 0 if it encrypts, -1 if it is not understood. */
int kc_format_is_mask(const char *format);
/* 1 if tokenizing (or detokenizing) may write code point c where the value
 * had another character, i.e. c is in the format's alphabet; 0 otherwise:
 * then c appears in a token only where it was in the value (e.g. a front
 * end writing TSV refuses a format whose alphabet holds tab or newline). */
int kc_tokenizer_may_output(const kc_tokenizer *t, uint32_t c);

/* ---- Utilities ------------------------------------------------------------- */

/* Zeroes memory in a way the compiler does not remove. */
void kc_wipe(void *p, size_t len);
/* 0 if equal, -1 otherwise; time depends only on len. */
int kc_ct_compare(const void *a, const void *b, size_t len);

/* ---- Key wrapping ([SP800-38F] KW and KWP) -------------------------------- */

/* name: "kw-aes-128|192|256" (KW, RFC 3394) or "kwp-aes-128|192|256" (KWP,
 * RFC 5649): NIST SP 800-38F.  The same constructions over any other
 * 128-bit block cipher ("kwp-aria-256", "kw-lea-128", ...) are not
 * NIST-approved (the standard names AES only).  kek: the key-encryption key
 * of the block cipher.
 * Wrap: KW takes a multiple of 8 bytes, at least 16 (KC_ERR_NOT_BLOCK_MULTIPLE,
 * KC_ERR_INPUT_TOO_SHORT); KWP 1 to 2^32 - 1 bytes.  Output: in_len + 8 bytes,
 * KWP in_len rounded up to a multiple of 8, plus 8.  in and out may overlap.
 * Unwrap: in_len a multiple of 8, at least 24 (KW) or 16 (KWP); out_cap at
 * least in_len - 8; *out_len gets the key's length.  A wrapped key that
 * fails the integrity check (wrong KEK, damaged) is KC_ERR_UNWRAP, and out
 * is untouched (the scratch copy is wiped). */
kc_status kc_key_wrap(const char *name, const uint8_t *kek, size_t kek_len,
                      uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in, size_t in_len);
kc_status kc_key_unwrap(const char *name, const uint8_t *kek, size_t kek_len,
                        uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in, size_t in_len);

/* ---- Key check values ------------------------------------------------------ */

/* The first KC_KCV_BYTES bytes of a fixed encryption under the key, as
 * payment HSMs print them (6 hex digits): it tells which key is in use
 * without revealing it.  What is encrypted:
 *  - block ciphers, and every name built on one ("aes-128-gcm",
 *    "lea-256-cmac", "ff1-aes-256", "ff3-1-aria-128"): the all-zero block
 *    under the block cipher and the key as given (FF3-1's reversal of the
 *    key is not applied: one key, one KCV);
 *  - FEA ("fea1-*", "fea2-*", block or FPE): the all-zero block at n = 128
 *    with the all-zero tweak;
 *  - TinyJAMBU: the tag of the empty message, empty AD, all-zero nonce.
 * KC_ERR_UNKNOWN_CIPHER, KC_ERR_KEY_LENGTH as the cipher's constructor. */
#define KC_KCV_BYTES 3
kc_status kc_key_check_value(const char *cipher, const uint8_t *key, size_t key_len, uint8_t kcv[KC_KCV_BYTES]);

/* ---- Key files --------------------------------------------------------------- */

/* The key-file rule of every front end: a file that is all text (printable
 * ASCII and whitespace) must be hex digits, whitespace around them allowed;
 * any other file is the key's raw bytes as they are (a raw key of only text
 * bytes is refused: as often as not it is a mistyped hex key).  At most
 * KC_KEY_FILE_MAX bytes.  *warnings (may be NULL) gets KC_KEY_FILE_READABLE
 * when group or others may read the file: the caller reports it.  Errors,
 * with why (why_cap bytes, may be NULL) saying what is wrong:
 * KC_ERR_KEY_NOT_FOUND (cannot open or read: errno tells), KC_ERR_FORMAT
 * (empty, text that is not hex, odd hex digits), KC_ERR_INPUT_TOO_LONG,
 * KC_ERR_OUTPUT_TOO_SMALL (key_cap).  Every buffer is wiped; key is
 * untouched on error.  Not on bare metal (KC_ERR_KEY_NOT_FOUND). */
#define KC_KEY_FILE_MAX 256
#define KC_KEY_FILE_READABLE 1u
kc_status kc_key_load_file(const char *path, uint8_t *key, size_t key_cap, size_t *key_len,
                           unsigned *warnings, char *why, size_t why_cap);

/* ---- Keyring: named keys with versions -------------------------------------- */

/* A keyring is a directory (mode 0700, not group- or world-writable) with one
 * text file per key name, NAME.key (mode 0600), listing its versions
 * (README: Keys, and src/keys/keyring.c for the format).  A version has a
 * number (1, 2, ...), a cipher name (what kc_key_check_value takes), a
 * creation time (UTC), a state, its KCV, and the key: in hex, or wrapped
 * with KWP under a key-encryption key whose source the version records.
 * States: active (the one "NAME" gives: the newest active version),
 * decrypt-only (an older version: "NAME@V" still gives it), retired
 * ("NAME@V" refused, KC_ERR_KEY_NOT_FOUND).
 * KEK sources: "file:PATH", "env:VAR" (hex), "cmd:COMMAND" (its standard
 * output, hex or raw; a non-zero exit is refused), "pkcs11:URI".  The KEK
 * set with kc_keyring_set_kek wraps new versions and unwraps every version
 * (instead of the recorded source).  Loading a version checks its KCV
 * (KC_ERR_KCV).  Writes take an exclusive lock (flock on DIR/.lock), write a
 * temporary file and rename it into place.  A cmd: source recorded in the
 * keyring runs as the caller: keyrings writable by others are refused.
 * Errors: KC_ERR_KEYRING (missing, malformed, permissions, I/O),
 * KC_ERR_KEY_NOT_FOUND, KC_ERR_KCV, KC_ERR_KEK, KC_ERR_UNWRAP, KC_ERR_RANDOM,
 * KC_ERR_UNKNOWN_CIPHER; kc_keyring_error() says what failed.
 * Not on bare metal (KC_ERR_KEYRING). */
#define KC_KEY_NAME_MAX 64          /* [A-Za-z0-9._-], not starting with '.' */
#define KC_KEYRING_CREATE 1u        /* kc_keyring_open: create the directory if missing */
typedef enum kc_key_state { KC_KEY_ACTIVE = 0, KC_KEY_DECRYPT_ONLY = 1, KC_KEY_RETIRED = 2 } kc_key_state;
typedef struct kc_key_info {
    char name[KC_KEY_NAME_MAX + 1];
    unsigned version;
    char cipher[48];
    char created[24];               /* "2026-11-28T08:57:35Z" */
    kc_key_state state;
    char kcv[2 * KC_KCV_BYTES + 1]; /* hex */
    char kek[256];                  /* the recorded KEK source; "" when the key is stored in hex */
} kc_key_info;
typedef struct kc_keyring kc_keyring;

/* why (why_cap bytes, may be NULL) says why opening failed. */
kc_status kc_keyring_open(kc_keyring **out, const char *path, unsigned flags, char *why, size_t why_cap);
void kc_keyring_close(kc_keyring *kr);
/* What the last failing call on kr failed on ("" after success). */
const char *kc_keyring_error(const kc_keyring *kr);
/* The KEK source for this keyring object (NULL: none; then new keys are
 * stored in hex and wrapped ones unwrap under their recorded source). */
kc_status kc_keyring_set_kek(kc_keyring *kr, const char *source);
/* A new name, version 1 active, a random key from the OS for cipher. */
kc_status kc_keyring_new(kc_keyring *kr, const char *name, const char *cipher, kc_key_info *info);
/* A new active version (same cipher, wrapped under the set KEK, else the
 * newest version's recorded KEK, else hex); active versions become decrypt-only. */
kc_status kc_keyring_rotate(kc_keyring *kr, const char *name, kc_key_info *info);
/* "NAME@V" becomes retired. */
kc_status kc_keyring_retire(kc_keyring *kr, const char *ref);
/* The key of "NAME" (the active version) or "NAME@V" into key (key_cap
 * bytes; 32 is enough for every cipher), its description into *info (may
 * be NULL).  The caller wipes key (kc_wipe). */
kc_status kc_keyring_get(kc_keyring *kr, const char *ref, uint8_t *key, size_t key_cap, size_t *key_len,
                         kc_key_info *info);
/* The i-th version of the keyring, names in byte order, versions ascending
 * (never key bytes); i == 0 reads the keyring again.  KC_ERR_KEY_NOT_FOUND
 * past the end. */
kc_status kc_keyring_list(kc_keyring *kr, size_t i, kc_key_info *info);
const char *kc_key_state_name(kc_key_state state);   /* "active", "decrypt-only", "retired" */

/* ---- Tokenization: which key version made a token ------------------------- */

/* A format with the item embed-version=ALPHABET (e.g. "digits;embed-version=alnum":
 * a named format may be followed by items) writes the key version into the
 * first encrypted character of each token (Ubiq's technique): that
 * character is ALPHABET[(version - 1) * radix + d], d the cipher's output
 * digit there, radix the format's alphabet size; the other characters are as
 * without it.  Versions 1 .. len(ALPHABET) / radix fit (digits in alnum: 6;
 * hex in alnum: 3; lower or upper in alpha: 2); ALPHABET must hold at least
 * 2 * radix characters, none of them a pass or stop character, and the
 * format cannot be a mask or have case=preserve or shape= (KC_ERR_VERSION_ROOM,
 * kc_format_check says why).  Downstream systems see a token whose first
 * encrypted character may come from ALPHABET (a letter in a digits format).
 * kc_tokenizer_set_version names the key's version: tokenize embeds it,
 * detokenize refuses (KC_ERR_KEY_VERSION, error_pos at that character) a
 * token of another version; without embed-version it only records it.
 * KC_ERR_VERSION_ROOM for 0 or a version above those that fit. */
kc_status kc_tokenizer_set_version(kc_tokenizer *t, unsigned version);
/* The version embedded in a token (no key used): KC_OK and *version, or
 * KC_ERR_FORMAT / KC_ERR_CHECK_DIGIT with *error_pos (may be NULL) as for
 * kc_detokenize, or KC_ERR_VERSION_ROOM when the format embeds none. */
kc_status kc_tokenizer_token_version(const kc_tokenizer *t, const char *token, size_t token_len, unsigned *version,
                                     size_t *error_pos);

/* ---- Hashes: SHA-2 (FIPS 180-4) and LSH (KS X 3262) ---------------------- */

/* Names "sha-224", "sha-256", "sha-384", "sha-512", "sha-512-224",
 * "sha-512-256", "lsh-256-224", "lsh-256-256" ("lsh-256"), "lsh-512-224",
 * "lsh-512-256", "lsh-512-384", "lsh-512-512" ("lsh-512"); the compact
 * "sha256", "lsh256", ... are accepted too.  backend as for ciphers
 * ("ref", "shani", "avx2"; NULL: the default).  kc_hash_final writes
 * kc_hash_size bytes (out_len smaller: KC_ERR_OUTPUT_TOO_SMALL, nothing
 * written, the hash goes on); after it, update and final give KC_ERR_STATE
 * until kc_hash_reset starts a new message.  HMAC is the MAC "hmac-<hash>"
 * (kc_mac_new, any key length; a longer key than the hash's block is hashed
 * first; kc_name_at lists it with key_bytes the digest length up to 32, a
 * suggestion; tags 4..digest bytes, no nonce). */
typedef struct kc_hash kc_hash;
kc_status kc_hash_new(kc_hash **out, const char *name, const char *backend);
kc_status kc_hash_update(kc_hash *h, const uint8_t *in, size_t in_len);
kc_status kc_hash_final(kc_hash *h, uint8_t *out, size_t out_len);
kc_status kc_hash_reset(kc_hash *h);
void kc_hash_free(kc_hash *h);
size_t kc_hash_size(const kc_hash *h);
const char *kc_hash_backend_name(const kc_hash *h);
kc_status kc_hash_compute(const char *name, const char *backend, const uint8_t *in, size_t in_len,
                          uint8_t *out, size_t out_len);
/* ---- XTS: storage encryption ([SP800-38E], IEEE 1619) --------------------- */

/* Names "<cipher>-xts" for every block cipher with 16-byte blocks:
 * "aes-128-xts", "aes-256-xts" (the two SP 800-38E approves), "aria-256-xts",
 * "lea-128-xts", "rc6-128-xts", ...  key is key1 || key2, twice the cipher's
 * key length (64 bytes for aes-256-xts): key1 encrypts the data, key2 the
 * tweak; equal halves are refused (KC_ERR_WEAK_KEY, as SP 800-38E and FIPS
 * 140-3 require).  backend names the block cipher's backend (NULL: default).
 * A data unit (sector) is 16 bytes to 2^20 blocks (16 MiB), any length in
 * between (ciphertext stealing when not a multiple of 16):
 * KC_ERR_INPUT_TOO_SHORT, KC_ERR_INPUT_TOO_LONG.  out == in is allowed. */
typedef struct kc_xts kc_xts;
kc_status kc_xts_new(kc_xts **out, const char *name, const char *backend, const uint8_t *key, size_t key_len);
void kc_xts_free(kc_xts *x);
const char *kc_xts_backend_name(const kc_xts *x);
/* One data unit of len bytes under a 16-byte tweak (IEEE 1619's i). */
kc_status kc_xts_encrypt(const kc_xts *x, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len);
kc_status kc_xts_decrypt(const kc_xts *x, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len);
/* len / sector_size consecutive sectors of sector_size bytes, numbered from
 * sector: the tweak of each is its number as a 128-bit little-endian integer
 * (IEEE 1619's data unit sequence number; Linux dm-crypt's "plain64").  len
 * must be a multiple of sector_size (KC_ERR_LENGTH_MISMATCH); the sector
 * number must not wrap past 2^64 - 1 (KC_ERR_INPUT_TOO_LONG).  Runs of 64
 * KiB and more are spread over the threads of kc_set_threads. */
kc_status kc_xts_encrypt_sectors(const kc_xts *x, uint64_t sector, size_t sector_size,
                                 uint8_t *out, const uint8_t *in, size_t len);
kc_status kc_xts_decrypt_sectors(const kc_xts *x, uint64_t sector, size_t sector_size,
                                 uint8_t *out, const uint8_t *in, size_t len);

/* ---- Random bits: DRBGs ([SP800-90A] Rev. 1) and kc_random --------------- */

/* Names: "ctr-drbg-<cipher>" (CTR_DRBG) over aes-128|192|256,
 * aria-128|192|256 and lea-128|192|256 (KCMVP's list; seed-128 when it is
 * in the table); kc_name_at lists them.  The security strength is the key
 * length.  "hmac-drbg-<hash>" (HMAC_DRBG) and "hash-drbg-<hash>" (Hash_DRBG)
 * over every hash of kc_hash (SHA-2 and LSH): strength 192 bits for the
 * 224-bit outputs, 256 above; entropy input of the strength, with a nonce;
 * KC_DRBG_NO_DF is CTR_DRBG's only (KC_ERR_BAD_MODE).  flags: KC_DRBG_NO_DF (no derivation function: entropy input of
 * exactly seedlen = key + 16 bytes, personalization and additional input
 * at most seedlen bytes, no nonce); KC_DRBG_PREDICTION_RESISTANCE (every
 * generate reseeds from the entropy source first).
 * entropy: the entropy source, called for exactly the bytes wanted (with
 * df: the strength in bytes; without: seedlen); it returns 0 when it
 * wrote them all, anything else makes the call fail with KC_ERR_RANDOM and
 * leaves the state as it was.  NULL: the OS (kc_entropy_os).  nonce (with df): NULL
 * takes strength/2 bytes from the entropy source.  The DRBG reseeds itself
 * from the source when the reseed interval (2^48 requests; see
 * kc_drbg_set_reseed_interval) is reached.  A request is at most
 * KC_DRBG_MAX_REQUEST bytes (KC_ERR_INPUT_TOO_LONG).  Not thread-safe: one
 * object per thread, or kc_random.  Freeing wipes the state. */
typedef int (*kc_entropy_fn)(void *arg, uint8_t *out, size_t len);
typedef struct kc_drbg kc_drbg;
#define KC_DRBG_NO_DF 1u
#define KC_DRBG_PREDICTION_RESISTANCE 2u
#define KC_DRBG_MAX_REQUEST 65536u    /* 2^19 bits, SP 800-90A Table 3 */
kc_status kc_drbg_new(kc_drbg **out, const char *name, const char *backend, unsigned flags,
                      kc_entropy_fn entropy, void *entropy_arg,
                      const uint8_t *nonce, size_t nonce_len,
                      const uint8_t *personalization, size_t personalization_len);
kc_status kc_drbg_reseed(kc_drbg *d, const uint8_t *additional, size_t additional_len);
kc_status kc_drbg_generate(kc_drbg *d, uint8_t *out, size_t len, const uint8_t *additional, size_t additional_len);
/* Requests between automatic reseeds, 1..2^48. */
kc_status kc_drbg_set_reseed_interval(kc_drbg *d, uint64_t requests);
size_t kc_drbg_strength(const kc_drbg *d);   /* security strength in bits */
void kc_drbg_free(kc_drbg *d);
/* The operating system's random source (getrandom, else /dev/urandom);
 * arg unused.  KC_ERR_RANDOM when it fails, and always on bare metal. */
kc_status kc_entropy_os(void *arg, uint8_t *out, size_t len);
/* len random bytes from the process-wide generator: ctr-drbg-aes-256 with
 * df, seeded from kc_entropy_os, reseeded from it every 2^20 requests and
 * in a forked child before its first output.  Thread-safe; any length.
 * KC_ERR_RANDOM when the OS source fails (out is then zeroed: a reseed
 * may fail after part of a long request was written). */
kc_status kc_random(uint8_t *out, size_t len);

/* ---- KBKDF: key derivation from a key ([SP800-108] Rev. 1) ------------------ */

/* prf: a kc_mac name that takes no nonce: "<cipher>-cmac" for any cipher of
 * the table ("aes-256-cmac", "aria-128-cmac", "lea-256-cmac"; the standard
 * approves CMAC-AES), and the HMACs when kc_mac has them ("hmac-sha256").
 * key: the PRF's key (KI).  Modes: counter, feedback (K(0) = iv, any length
 * including none), double pipeline (A(0) = the fixed data).  fixed: the
 * fixed input data as the caller composes it (usually Label || 0x00 ||
 * Context || [L]_32, L = 8 * out_len); counter: its position and width r
 * (8, 16, 24 or 32 bits, big-endian): before or after the fixed data, in
 * it after `middle` bytes (counter mode), or before the iteration value
 * (feedback: K(i-1); pipeline: A(i)); KC_KBKDF_CTR_NONE only in feedback
 * and pipeline.  out_len bytes at most (2^r - 1) PRF outputs
 * (KC_ERR_INPUT_TOO_LONG).  Bad parameters: KC_ERR_BAD_MODE; a PRF that
 * needs a nonce (GMAC): KC_ERR_WRONG_KIND.  Nothing is written on error. */
typedef enum kc_kbkdf_mode { KC_KBKDF_COUNTER = 0, KC_KBKDF_FEEDBACK = 1, KC_KBKDF_DOUBLE_PIPELINE = 2 } kc_kbkdf_mode;
typedef enum kc_kbkdf_ctr {
    KC_KBKDF_CTR_BEFORE_FIXED = 0,   /* feedback and pipeline: after the iteration value */
    KC_KBKDF_CTR_AFTER_FIXED = 1,
    KC_KBKDF_CTR_MIDDLE_FIXED = 2,   /* counter mode: after `middle` bytes of the fixed data */
    KC_KBKDF_CTR_BEFORE_ITER = 3,    /* feedback and pipeline */
    KC_KBKDF_CTR_NONE = 4            /* feedback and pipeline */
} kc_kbkdf_ctr;
typedef struct kc_kbkdf_params {
    kc_kbkdf_mode mode;
    kc_kbkdf_ctr counter;
    unsigned counter_bits;
    size_t middle;
    const uint8_t *iv;   /* feedback */
    size_t iv_len;
} kc_kbkdf_params;
kc_status kc_kbkdf(const char *prf, const char *backend, const uint8_t *key, size_t key_len,
                   const kc_kbkdf_params *params, const uint8_t *fixed, size_t fixed_len,
                   uint8_t *out, size_t out_len);

/* ---- PBKDF2 ([SP800-132], RFC 8018 5.2) ---------------------------------- */

/* out_len bytes of PBKDF2 with prf an HMAC name of kc_mac ("hmac-sha-256",
 * "hmac-lsh-256-256"; anything else: KC_ERR_WRONG_KIND), backend the
 * hash's (NULL: default).  The password is the HMAC key (any length).
 * iterations 0: KC_ERR_ITERATIONS; out_len 0: KC_ERR_OUTPUT_TOO_SMALL;
 * more than (2^32 - 1) PRF outputs: KC_ERR_INPUT_TOO_LONG.  SP 800-132 asks
 * for a salt of 16 bytes or more and a count of 1000 or more: the caller's
 * choice, not checked.  Nothing is written on error. */
kc_status kc_pbkdf2(const char *prf, const char *backend, const uint8_t *pw, size_t pw_len,
                    const uint8_t *salt, size_t salt_len, uint32_t iterations, uint8_t *out, size_t out_len);

/* ---- Hash copy (the OpenSSL provider's EVP_MD_CTX_copy, HMAC's precomputed pads) ---- */

/* A new kc_hash in the state of h (the message so far, finished or not);
 * the two go on independently.  KC_ERR_NULL, KC_ERR_NO_MEMORY. */
kc_status kc_hash_dup(kc_hash **out, const kc_hash *h);

/* ---- Hash batch: many messages in one call ------------------------------- */

/* The digests of count messages (msgs[i], lens[i] bytes; msgs[i] may be
 * NULL when lens[i] is 0), kc_hash_size bytes each, back to back in out:
 * out_len at least count times that (else KC_ERR_OUTPUT_TOO_SMALL).  Any
 * hash of kc_hash; backend as for kc_hash_new.  Where the backend has a
 * multi-message kernel (LSH-256 on AVX2: 8 messages, AVX-512: 16, NEON: 4;
 * LSH-512: 4, 8, 2; SHA-256 with SHA-NI: 2) the messages run side by side,
 * from count >= the lanes on.
 * Nothing is written on error. */
kc_status kc_hash_batch(const char *name, const char *backend, const uint8_t *const msgs[], const size_t lens[],
                        size_t count, uint8_t *out, size_t out_len);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif
#ifdef __cplusplus
}
#endif
#endif
