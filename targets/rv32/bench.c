/* SPDX-License-Identifier: MIT */
/* Retired-instruction counts of every block-cipher backend on bare-metal
 * RV32I (qemu-system-riscv32 virt, -icount shift=0, so the counts are
 * exact and repeatable).  rdinstret is read around each operation, called
 * through the backend descriptor: key schedule, encryption and decryption
 * of one block, encryption of 16 KiB (ECB, the backend's multi-block entry).
 * Each sample gets a different key or input, so min == max shows that the
 * count does not depend on the data (no secret branches; table indices do
 * not show here).  The cost of an empty measurement (the counter reads) is
 * subtracted.  One JSON line per (cipher, backend, operation, length) on
 * stdout (QEMU prints semihosting output on its stderr); scripts/rv32-bench.sh
 * adds the code sizes and the tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/registry.h"

#define SAMPLES 7
#define BULK 16384

static inline uint32_t instret(void)
{
    uint32_t x;
    __asm__ volatile("rdinstret %0" : "=r"(x) :: "memory");
    return x;
}

static uint32_t overhead;

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void emit(const char *family, const char *cipher, const char *impl, const char *op, size_t len, uint32_t s[SAMPLES])
{
    uint32_t sorted[SAMPLES];
    memcpy(sorted, s, sizeof sorted);
    qsort(sorted, SAMPLES, sizeof sorted[0], cmp_u32);
    printf("{\"target\":\"rv32i-qemu\",\"cpu\":\"rv32i (qemu-system-riscv32 virt, -icount shift=0)\","
           "\"compiler\":\"gcc %s\",\"family\":\"%s\",\"primitive\":\"%s\",\"impl\":\"%s\","
           "\"op\":\"%s\",\"msg_len\":%u,\"unit\":\"instructions\",\"n\":%d,\"median\":%lu,"
           "\"min\":%lu,\"max\":%lu,\"overhead_subtracted\":%lu,\"samples\":[",
           __VERSION__, family, cipher, impl, op, (unsigned)len, SAMPLES, (unsigned long)sorted[SAMPLES / 2],
           (unsigned long)sorted[0], (unsigned long)sorted[SAMPLES - 1], (unsigned long)overhead);
    for (int i = 0; i < SAMPLES; i++) printf("%s%lu", i ? "," : "", (unsigned long)s[i]);
    printf("]}\n");
}

/* Runs stmt SAMPLES times, each between two counter reads, after prep
 * (not counted); the loop variable is i. */
#define MEASURE(s, prep, stmt) do { for (int i = 0; i < SAMPLES; i++) { prep; \
    uint32_t t0_ = instret(); stmt; uint32_t t1_ = instret(); (s)[i] = t1_ - t0_ - overhead; } } while (0)

static void fill(uint8_t *p, size_t n, unsigned seed)
{
    uint32_t x = 2463534242u + 977u * seed;
    for (size_t i = 0; i < n; i++) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; p[i] = (uint8_t)x; }
}

static void bench(const kc_cipher_entry *e, const kc_block_backend *b, uint8_t *buf)
{
    size_t bs = e->info.block_bytes, kl = e->info.key_bytes;
    void *ctx = aligned_alloc(16, (b->head.ctx_size + 15) & ~(size_t)15);
    uint8_t key[32], blk[32];
    uint32_t s[SAMPLES];
    if (!ctx) { fprintf(stderr, "out of memory\n"); exit(1); }
    const char *fam = e->family->name, *name = e->info.name, *impl = b->head.name;
    MEASURE(s, fill(key, kl, (unsigned)i), b->set_key(ctx, key, kl, bs));
    emit(fam, name, impl, "key_schedule", 0, s);
    MEASURE(s, fill(blk, bs, 100u + (unsigned)i), b->encrypt(ctx, blk, blk, 1));
    emit(fam, name, impl, "encrypt", bs, s);
    MEASURE(s, fill(blk, bs, 200u + (unsigned)i), b->decrypt(ctx, blk, blk, 1));
    emit(fam, name, impl, "decrypt", bs, s);
    MEASURE(s, fill(buf, BULK, 300u + (unsigned)i), b->encrypt(ctx, buf, buf, BULK / bs));
    emit(fam, name, impl, "encrypt", BULK, s);
    kc_wipe(ctx, b->head.ctx_size);
    free(ctx);
}

int main(void)
{
    static _Alignas(16) uint8_t buf[BULK];
    uint32_t s[SAMPLES];
    overhead = 0;
    MEASURE(s, (void)0, (void)0);
    qsort(s, SAMPLES, sizeof s[0], cmp_u32);
    overhead = s[0];
    for (size_t i = 0; i < kc_cipher_count(); i++) {
        const kc_cipher_info *info = kc_cipher_at(i);
        const kc_cipher_entry *e = kc_registry_cipher(info->name);
        if (info->kind != KC_KIND_BLOCK) continue;
        const kc_backend_head *h;
        for (size_t k = 0; (h = kc_family_backend(e->family, k)) != NULL; k++)
            bench(e, (const kc_block_backend *)h, buf);
    }
    return 0;
}
