/* SPDX-License-Identifier: MIT */
/* --in FILE and --out FILE for every command that reads stdin or writes
 * stdout ("-": the stream itself).  --out goes to a temporary file beside
 * FILE, renamed over it only when the run succeeds: a failed or interrupted
 * run (SIGINT, SIGTERM, SIGHUP) leaves neither a partial FILE nor the
 * temporary file. */
#ifndef KC_CLI_IO_H
#define KC_CLI_IO_H
#include "options.h"

/* Opens --in onto fd 0 and the temporary --out file onto fd 1; refuses
 * --out naming the input (same inode).  0 or an exit status. */
int io_open(const options *o);
/* Call last, after stdout is flushed: on rc == 0, fsync and rename the
 * temporary file into place (a failure there is exit 1); otherwise remove
 * it.  Returns the run's final status. */
int io_finish(int rc);

#endif
