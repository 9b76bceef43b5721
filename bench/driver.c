/* SPDX-License-Identifier: MIT */
/* kcipher-bench: the benchmark program, linked with the peer libraries;
 * `kcipher bench OPTIONS` runs it ("kcipher-bench [bench] OPTIONS"). */
#include <string.h>
#include "bench.h"

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "bench") == 0) {
        argc--;
        argv++;
    }
    return kc_bench_main(argc, argv);
}
