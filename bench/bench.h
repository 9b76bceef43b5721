/* SPDX-License-Identifier: MIT */
/* kcipher bench: the benchmark harness of kcipher-bench, which `kcipher bench` runs.
 *
 *   kcipher bench [--quick] [--cipher NAME...] [--backend NAME...]
 *                 [--runs N] [--json FILE] [--report DIR]
 *
 * argv[0] is the command name ("bench").  Returns a process exit status. */
#ifndef KC_BENCH_H
#define KC_BENCH_H

#ifdef __cplusplus
extern "C" {
#endif

int kc_bench_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
