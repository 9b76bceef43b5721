/* SPDX-License-Identifier: MIT */
/* Wiping and constant-time comparison. */
#include <string.h>
#include "kcipher.h"
#include "core/util.h"

void kc_wipe(void *p, size_t len)
{
    if (!p) return;
    /* The volatile function pointer keeps the compiler from eliding the store. */
    static void *(*const volatile do_memset)(void *, int, size_t) = memset;
    do_memset(p, 0, len);
}

int kc_ct_compare(const void *a, const void *b, size_t len)
{
    const volatile uint8_t *x = a, *y = b;
    uint8_t d = 0;
    for (size_t i = 0; i < len; i++) d |= x[i] ^ y[i];
    return (int)(1 & (((unsigned)d - 1) >> 8)) - 1;
}

#ifdef KC_CT_CHECK
#include <valgrind/memcheck.h>
void kc_ct_declassify(const void *p, size_t len) { VALGRIND_MAKE_MEM_DEFINED(p, len); }
#else
void kc_ct_declassify(const void *p, size_t len) { (void)p; (void)len; }
#endif
