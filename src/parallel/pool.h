/* SPDX-License-Identifier: MIT */
/* A thread pool started once and reused: kc_parallel_for runs tasks
 * 0..ntasks-1 on the workers and the calling thread and returns when all
 * are done.  Without threads (bare metal) or when the pool is busy with
 * another caller, the tasks run on the calling thread; results are the same. */
#ifndef KC_POOL_H
#define KC_POOL_H
#include <stddef.h>

typedef void (*kc_task_fn)(void *arg, size_t task);

void kc_parallel_for(size_t ntasks, kc_task_fn fn, void *arg);

/* Calls one(arg, first, n) over [0, count) in one contiguous share per
 * thread; bytes is the total work, so small batches stay on this thread. */
void kc_parallel_shares(size_t count, size_t bytes, void (*one)(void *arg, size_t first, size_t n), void *arg);

/* Below this many bytes, bulk work stays on the calling thread. */
#define KC_PARALLEL_MIN_BYTES 65536u

#endif
