/* SPDX-License-Identifier: MIT */
/* Small helpers shared by the implementations. */
#ifndef KC_UTIL_H
#define KC_UTIL_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "core/arch.h"

/* Byte order helpers.  On x86 and AArch64 they are one unaligned access
 * (plus a byte swap for big-endian data): byte-by-byte stores that a later
 * wider load reads back defeat store forwarding, a stall per block in
 * chained modes.  Elsewhere (RV32I, AVR, Cortex-M: unaligned access is slow
 * or absent) the byte form compiles better. */
#if (KC_ARCH_X86 || KC_ARCH_AARCH64) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static inline uint32_t kc_load32_le(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint32_t kc_load32_be(const uint8_t *p) { return __builtin_bswap32(kc_load32_le(p)); }
static inline void kc_store32_le(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static inline void kc_store32_be(uint8_t *p, uint32_t v) { kc_store32_le(p, __builtin_bswap32(v)); }
static inline uint64_t kc_load64_le(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }
static inline uint64_t kc_load64_be(const uint8_t *p) { return __builtin_bswap64(kc_load64_le(p)); }
static inline void kc_store64_le(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }
static inline void kc_store64_be(uint8_t *p, uint64_t v) { kc_store64_le(p, __builtin_bswap64(v)); }
#else
static inline uint32_t kc_load32_be(const uint8_t *p)
{ return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }
static inline uint32_t kc_load32_le(const uint8_t *p)
{ return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0]; }
static inline void kc_store32_be(uint8_t *p, uint32_t v)
{ p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v; }
static inline void kc_store32_le(uint8_t *p, uint32_t v)
{ p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24); }
static inline uint64_t kc_load64_be(const uint8_t *p)
{ return (uint64_t)kc_load32_be(p) << 32 | kc_load32_be(p + 4); }
static inline uint64_t kc_load64_le(const uint8_t *p)
{ return (uint64_t)kc_load32_le(p + 4) << 32 | kc_load32_le(p); }
static inline void kc_store64_be(uint8_t *p, uint64_t v)
{ kc_store32_be(p, (uint32_t)(v >> 32)); kc_store32_be(p + 4, (uint32_t)v); }
static inline void kc_store64_le(uint8_t *p, uint64_t v)
{ kc_store32_le(p, (uint32_t)v); kc_store32_le(p + 4, (uint32_t)(v >> 32)); }
#endif
static inline uint32_t kc_rol32(uint32_t x, unsigned r) { r &= 31; return (x << r) | (x >> ((32 - r) & 31)); }
static inline uint32_t kc_ror32(uint32_t x, unsigned r) { r &= 31; return (x >> r) | (x << ((32 - r) & 31)); }

/* Marks a value derived from secrets as public (e.g. whether a tag
 * verified) for the constant-time check under valgrind; a no-op otherwise. */
void kc_ct_declassify(const void *p, size_t len);

#endif
