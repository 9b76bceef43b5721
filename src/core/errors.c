/* SPDX-License-Identifier: MIT */
/* Messages for kc_status codes. */
#include "kcipher.h"

static const struct { const char *name, *message; } statuses[KC_STATUS_COUNT] = {
    [KC_OK] = { "KC_OK", "success" },
    [KC_ERR_NULL] = { "KC_ERR_NULL", "a required pointer argument is NULL" },
    [KC_ERR_UNKNOWN_CIPHER] = { "KC_ERR_UNKNOWN_CIPHER", "unknown cipher name" },
    [KC_ERR_UNKNOWN_BACKEND] = { "KC_ERR_UNKNOWN_BACKEND", "the cipher has no backend of that name" },
    [KC_ERR_BACKEND_UNAVAILABLE] = { "KC_ERR_BACKEND_UNAVAILABLE", "this CPU cannot run that backend (or KC_CPU_DISABLE masks a feature it needs)" },
    [KC_ERR_WRONG_KIND] = { "KC_ERR_WRONG_KIND", "the cipher or data is not of the kind this function needs (e.g. an AEAD where a block cipher is needed, a block cipher whose block is not the 128 bits FF1 and FF3-1 need, or an Arrow column that is not a string)" },
    [KC_ERR_KEY_LENGTH] = { "KC_ERR_KEY_LENGTH", "wrong key length for this cipher" },
    [KC_ERR_IV_LENGTH] = { "KC_ERR_IV_LENGTH", "wrong IV length: it must be one block (none for ECB)" },
    [KC_ERR_NONCE_LENGTH] = { "KC_ERR_NONCE_LENGTH", "wrong nonce length for this AEAD" },
    [KC_ERR_TWEAK_LENGTH] = { "KC_ERR_TWEAK_LENGTH", "wrong tweak length for this block length" },
    [KC_ERR_BLOCK_BITS] = { "KC_ERR_BLOCK_BITS", "FEA block length must be 8..128 bits" },
    [KC_ERR_OVERLAP] = { "KC_ERR_OVERLAP", "input and output buffers overlap (only exact in-place is allowed)" },
    [KC_ERR_NOT_BLOCK_MULTIPLE] = { "KC_ERR_NOT_BLOCK_MULTIPLE", "input length is not a whole number of blocks (use padding or CTR)" },
    [KC_ERR_BAD_PADDING] = { "KC_ERR_BAD_PADDING", "invalid PKCS#7 padding" },
    [KC_ERR_OUTPUT_TOO_SMALL] = { "KC_ERR_OUTPUT_TOO_SMALL", "output buffer too small" },
    [KC_ERR_BAD_MODE] = { "KC_ERR_BAD_MODE", "unknown mode, or an option the mode does not support" },
    [KC_ERR_INPUT_TOO_SHORT] = { "KC_ERR_INPUT_TOO_SHORT", "input too short for this call (e.g. an AEAD ciphertext shorter than its tag, an XTS data unit below 16 bytes)" },
    [KC_ERR_AUTH] = { "KC_ERR_AUTH", "authentication failed: the tag does not match" },
    [KC_ERR_VALUE_OUT_OF_DOMAIN] = { "KC_ERR_VALUE_OUT_OF_DOMAIN", "value outside the domain (FEA block >= 2^n, or tweak too wide)" },
    [KC_ERR_RADIX] = { "KC_ERR_RADIX", "radix must be 2..65536 (FEA: 2..65535; 2..36 for character strings)" },
    [KC_ERR_DIGIT] = { "KC_ERR_DIGIT", "a digit is not valid in this radix (character strings: 0-9 then a-z, lower case only)" },
    [KC_ERR_DOMAIN_TOO_SMALL] = { "KC_ERR_DOMAIN_TOO_SMALL", "FPE domain radix^length is below 10^6: too small to be safe (allow it explicitly with the small-domain option; never below 2^8)" },
    [KC_ERR_DOMAIN_TOO_LARGE] = { "KC_ERR_DOMAIN_TOO_LARGE", "FPE value too long: FEA needs radix^length below 2^128, FF1 at most 512 characters, FF3-1 radix^ceil(length/2) at most 2^96" },
    [KC_ERR_NO_MEMORY] = { "KC_ERR_NO_MEMORY", "out of memory" },
    [KC_ERR_STATE] = { "KC_ERR_STATE", "call out of order (e.g. update after final)" },
    [KC_ERR_THREADS] = { "KC_ERR_THREADS", "thread count must be 0..256 and cannot change while a parallel job runs" },
    [KC_ERR_FORMAT] = { "KC_ERR_FORMAT", "the value does not fit its format (a character outside the alphabet and the pass-through set, malformed UTF-8, or a wrong number of characters)" },
    [KC_ERR_CHECK_DIGIT] = { "KC_ERR_CHECK_DIGIT", "the value's check digit is wrong" },
    [KC_ERR_FORMAT_SPEC] = { "KC_ERR_FORMAT_SPEC", "unknown format name, or a format spec not understood (a character may be in only one of alphabet, pass and stop)" },
    [KC_ERR_TAG_LENGTH] = { "KC_ERR_TAG_LENGTH", "tag length not allowed (GCM, GMAC: 4..16 bytes; CCM: 4..16, even; CMAC: 4..block size; TinyJAMBU: 8)" },
    [KC_ERR_INPUT_TOO_LONG] = { "KC_ERR_INPUT_TOO_LONG", "input longer than the call allows (GCM: 2^36 - 32 bytes; CCM: below 2^(8(15 - nonce length)); XTS: 2^20 blocks per data unit; a count of values whose size overflows)" },
    [KC_ERR_LENGTH_MISMATCH] = { "KC_ERR_LENGTH_MISMATCH", "two lengths that must be equal are not (e.g. an FPE value not of the length its cipher was made for, or an Arrow tweak column of another length than the values)" },
    [KC_ERR_KEYRING] = { "KC_ERR_KEYRING", "the keyring is missing, unreadable, malformed or cannot be written" },
    [KC_ERR_KEY_NOT_FOUND] = { "KC_ERR_KEY_NOT_FOUND", "no key of that name or version in the keyring (or that version is retired)" },
    [KC_ERR_KCV] = { "KC_ERR_KCV", "the key check value is not the expected one: this is another key" },
    [KC_ERR_UNWRAP] = { "KC_ERR_UNWRAP", "unwrapping the key failed its integrity check: wrong key-encryption key, or the wrapped key is damaged" },
    [KC_ERR_KEK] = { "KC_ERR_KEK", "the key-encryption key could not be obtained (file, environment variable, command or PKCS#11 token)" },
    [KC_ERR_RANDOM] = { "KC_ERR_RANDOM", "the operating system's random source failed" },
    [KC_ERR_VERSION_ROOM] = { "KC_ERR_VERSION_ROOM", "no room for the key version: the format cannot embed one (embed-version= needs an alphabet of at least twice the format's, no mask, case=preserve or shape=), or the version is above those its alphabet holds" },
    [KC_ERR_KEY_VERSION] = { "KC_ERR_KEY_VERSION", "the token was made under another key version than this tokenizer's (or no version was set)" },
    [KC_ERR_WEAK_KEY] = { "KC_ERR_WEAK_KEY", "key refused by the standard (XTS: key1 and key2, the two halves of the key, are equal; SP 800-38E and FIPS 140-3 forbid it)" },
    [KC_ERR_ITERATIONS] = { "KC_ERR_ITERATIONS", "iteration count must be at least 1 (PBKDF2)" },
};

const char *kc_strerror(kc_status s)
{
    return (unsigned)s < KC_STATUS_COUNT ? statuses[s].message : "unknown status";
}

const char *kc_status_name(kc_status s)
{
    return (unsigned)s < KC_STATUS_COUNT ? statuses[s].name : "KC_ERR_UNKNOWN";
}
