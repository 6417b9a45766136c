#ifndef CRUDKIT_SQLITE_BASELINE_H
#define CRUDKIT_SQLITE_BASELINE_H

#include <stdint.h>

/// Raw C SQLite, for the benchmark's side-by-side ratios. Same schema, same pragmas
/// (WAL, synchronous = NORMAL) as the Swift SQLite store, with none of its work on top.

/// One connection to one baseline database, with its statements prepared once. Like the
/// store, it lists through the connection that inserted: a fresh connection reads the
/// same rows about 8% faster (its page cache filled in the order the list reads), which
/// the store, with one connection for everything, never gets.
typedef struct crudkit_baseline crudkit_baseline;

/// Creates a new database at `path` with the store's schema and pragmas, and prepares the
/// insert and the list by title. NULL, with SQLite's message in `error`, on an error.
crudkit_baseline *crudkit_baseline_create(const char *path, char *error, int32_t error_size);

/// Inserts `count` rows with the prepared INSERT inside one transaction. Returns the
/// nanoseconds the inserts and the commit took, or -1, with SQLite's message in `error`.
int64_t crudkit_baseline_insert(crudkit_baseline *baseline, int32_t count, char *error, int32_t error_size);

/// Reads every row of the tasks table in title order once, touching each column as the
/// store does. Stores the number of rows in `rows`. Returns the nanoseconds it took, or
/// -1, with SQLite's message (or that the rows read back were empty) in `error`.
int64_t crudkit_baseline_list_by_title(crudkit_baseline *baseline, int32_t *rows, char *error, int32_t error_size);

/// Finalizes the statements and closes the connection. NULL does nothing.
void crudkit_baseline_close(crudkit_baseline *baseline);

#endif
