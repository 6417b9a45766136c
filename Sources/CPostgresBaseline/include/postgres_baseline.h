#ifndef CRUDKIT_POSTGRES_BASELINE_H
#define CRUDKIT_POSTGRES_BASELINE_H

#include <stdint.h>

/// The raw libpq baseline of `crudkit bench`: the same inserts and the same sorted select
/// as the PostgreSQL store, in C, with libpq loaded at run time as the store loads it.
/// Whatever fails (libpq missing, the server refusing, a statement) says why in `error`.

/// Makes `schema` (dropping an old one), creates the tasks table as the store does, and
/// inserts `count` rows in one transaction with one prepared statement, pipelined in
/// batches of 256 as the store's import is (a round trip each where libpq has no pipeline
/// mode); only the inserts and the commit are timed. Returns the nanoseconds they took, or -1.
int64_t crudkit_pg_baseline_insert(const char *conninfo, const char *schema, int32_t count, char *error, int32_t error_size);

/// A connection that lists the tasks of one baseline schema, its statement prepared once.
typedef struct crudkit_pg_baseline_reader crudkit_pg_baseline_reader;

/// Connects to `schema` (made by `crudkit_pg_baseline_insert`) and prepares the list by title.
/// NULL (with `error` filled) when libpq or the server could not be used.
crudkit_pg_baseline_reader *crudkit_pg_baseline_open_reader(const char *conninfo, const char *schema, char *error, int32_t error_size);

/// Selects every row of the schema's tasks ordered by title once, as the store lists by
/// title, reading each value. `rows` gets the number of rows. Returns the nanoseconds it took, or -1.
int64_t crudkit_pg_baseline_list_by_title(crudkit_pg_baseline_reader *reader, int32_t *rows, char *error, int32_t error_size);

/// Closes the reader's connection. NULL does nothing.
void crudkit_pg_baseline_close_reader(crudkit_pg_baseline_reader *reader);

/// Drops `schema` and everything in it; 0 (with `error` filled) if that failed.
int crudkit_pg_baseline_drop_schema(const char *conninfo, const char *schema, char *error, int32_t error_size);

#endif
