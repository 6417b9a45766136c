#ifndef CRUDKIT_SQLITE_BASELINE_H
#define CRUDKIT_SQLITE_BASELINE_H

#include <stdint.h>

/// Raw C SQLite, for the benchmark's side-by-side ratios. Same schema, same pragmas
/// (WAL, synchronous = NORMAL) as the Swift SQLite store, with none of its work on top.

/// Creates the tasks table in a new database at `path` and inserts `count` rows with one
/// prepared INSERT inside one transaction. Returns the nanoseconds the inserts and the
/// commit took, or -1 on an SQLite error.
int64_t crudkit_baseline_insert(const char *path, int32_t count);

/// Reads every row of the tasks table in title order, touching each column as the store
/// does, `repeats` times. Stores the number of rows in `rows`. Returns the fastest time in
/// nanoseconds, or -1 on an error.
int64_t crudkit_baseline_select_by_title(const char *path, int32_t repeats, int32_t *rows);

#endif
