#ifndef CRUDKIT_POSTGRES_BASELINE_H
#define CRUDKIT_POSTGRES_BASELINE_H

#include <stdint.h>

/// The raw libpq baseline of `crudkit bench`: the same inserts and the same sorted select
/// as the PostgreSQL store, in C, with libpq loaded at run time as the store loads it.
/// Each returns the nanoseconds the timed part took, or -1 (with `error` filled) when
/// libpq or the server could not be used.

/// Makes `schema` (dropping an old one), creates the tasks table as the store does, and
/// inserts `count` rows in one transaction with one prepared statement, pipelined in
/// batches of 256 as the store's import is (a round trip each where libpq has no pipeline
/// mode); only the inserts and the commit are timed.
int64_t crudkit_pg_baseline_insert(const char *conninfo, const char *schema, int32_t count, char *error, int32_t error_size);

/// Selects every row of `schema`'s tasks ordered by title, as the store lists by title,
/// reading each value, `repeats` times; returns the fastest. `rows` gets the number of
/// rows. Drops the schema afterwards.
int64_t crudkit_pg_baseline_select_by_title(
    const char *conninfo, const char *schema, int32_t repeats, int32_t *rows, char *error, int32_t error_size);

#endif
