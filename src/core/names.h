/* SPDX-License-Identifier: MIT */
/* The one parser of the names users pass (docs/architecture.md, "Names"):
 *   <cipher>                  a row of the cipher table ("aes-128", "tinyjambu-128", "fea1-128")
 *   <cipher>-<construction>   suffix constructions ("aes-128-gcm", "aria-128-cmac")
 *   <construction>-<cipher>   prefix constructions ("ff1-aes-256", "ff3-1-lea-128")
 * and backend strings "<backend>[/<sub-backend>]".  The constructions are
 * listed here as data (name, what they make, which ciphers they take); the
 * layers above map each id to their implementation. */
#ifndef KC_NAMES_H
#define KC_NAMES_H
#include "core/registry.h"

typedef enum kc_cons_id {
    KC_CONS_NONE = 0,   /* the cipher itself */
    KC_CONS_GCM, KC_CONS_CCM, KC_CONS_CMAC, KC_CONS_GMAC, KC_CONS_FF1, KC_CONS_FF3_1,
    KC_CONS_HMAC,       /* "hmac-<hash>", over the hash table below */
    KC_CONS_XTS, KC_CONS_CTR_DRBG,
    KC_CONS_HMAC_DRBG, KC_CONS_HASH_DRBG   /* "hmac-drbg-<hash>", "hash-drbg-<hash>" */
} kc_cons_id;

#define KC_BLOCKS(bytes) (1u << ((bytes) / 8))   /* a kc_construction.blocks bit */

typedef struct kc_construction {
    const char *name;            /* "gcm", "ff3-1" */
    kc_cons_id id;
    kc_name_kind kind;           /* what the name opens as */
    int prefix;                  /* 1: "<name>-<cipher>"; 0: "<cipher>-<name>" */
    unsigned blocks;             /* KC_BLOCKS() of the block sizes it takes */
    const char *const *only;     /* NULL, or the cipher-name prefixes it takes (NULL-terminated) */
    unsigned keys;               /* keys of the cipher's length it takes (0: one; XTS: 2) */
} kc_construction;

/* A row of the hash table: "sha-256", "lsh-512-384".  The family lists
 * the backends (kc_hash_backend), each taking variant (the output bits). */
typedef struct kc_hash_entry {
    const char *name;
    const kc_family *family;
    unsigned variant;
    size_t digest_bytes;
} kc_hash_entry;

/* The hash of that name or alias ("lsh-256", "sha256"), or NULL. */
const kc_hash_entry *kc_name_hash(const char *name);

typedef struct kc_name {
    const kc_cipher_entry *cipher;   /* the row it is built on (NULL for a hash and HMAC) */
    const kc_hash_entry *hash;       /* a hash, or the hash under HMAC; else NULL */
    const kc_construction *cons;     /* NULL: the cipher itself */
    kc_name_kind kind;               /* cons ? cons->kind : the cipher's kind */
} kc_name;

/* KC_OK, KC_ERR_NULL, or KC_ERR_UNKNOWN_CIPHER for anything the grammar and
 * tables do not give (a construction over a cipher it does not take too). */
kc_status kc_name_parse(const char *name, kc_name *out);
/* The construction of a valid name, KC_CONS_NONE otherwise. */
kc_cons_id kc_name_cons(const char *name);
/* The parsed name of kind, or KC_ERR_UNKNOWN_CIPHER / KC_ERR_WRONG_KIND. */
kc_status kc_name_expect(const char *name, kc_name_kind kind, kc_name *out);

/* "<backend>[/<sub>]": the first part into first (NULL or "" backend: ""),
 * *sub the part after '/' (NULL when absent or empty).  KC_ERR_UNKNOWN_BACKEND
 * when the first part does not fit. */
kc_status kc_backend_split(const char *backend, char first[KC_NAME_MAX], const char **sub);

#endif
