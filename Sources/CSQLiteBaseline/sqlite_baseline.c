#include "sqlite_baseline.h"

#include <bench_ids.h>

#include <sqlite3.h>
#include <stdio.h>
#include <time.h>

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static const char *schema =
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768;"
    "CREATE TABLE tasks (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, title TEXT NOT NULL, notes TEXT,"
    " is_completed INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,"
    " title_key TEXT NOT NULL, title_search TEXT NOT NULL);"
    "CREATE INDEX tasks_newest ON tasks(created_at DESC, seq DESC);"
    "CREATE INDEX tasks_by_title ON tasks(title_key, title, seq);";

int64_t crudkit_baseline_insert(const char *path, int32_t count) {
    sqlite3 *db = NULL;
    sqlite3_stmt *insert = NULL;
    int64_t elapsed = -1;
    if (sqlite3_open(path, &db) != SQLITE_OK) goto done;
    if (sqlite3_exec(db, schema, NULL, NULL, NULL) != SQLITE_OK) goto done;
    const char *sql = "INSERT INTO tasks (id, title, notes, is_completed, created_at, updated_at, title_key, title_search)"
                      " VALUES (?, ?, NULL, 0, ?, ?, ?, ?)";
    if (sqlite3_prepare_v2(db, sql, -1, &insert, NULL) != SQLITE_OK) goto done;
    int64_t start = now_ns();
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) goto done;
    char id[40], title[64];
    uint64_t state = CRUDKIT_BENCH_ID_SEED;
    for (int32_t i = 0; i < count; i++) {
        crudkit_bench_random_uuid(id, &state);
        int length = snprintf(title, sizeof title, "task %d", (i * 7919) % count);
        sqlite3_bind_text(insert, 1, id, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 2, title, length, SQLITE_TRANSIENT);
        sqlite3_bind_int64(insert, 3, 1767225600000);
        sqlite3_bind_int64(insert, 4, 1767225600000);
        sqlite3_bind_text(insert, 5, title, length, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 6, title, length, SQLITE_TRANSIENT);
        if (sqlite3_step(insert) != SQLITE_DONE) goto done;
        sqlite3_reset(insert);
    }
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) goto done;
    elapsed = now_ns() - start;
done:
    sqlite3_finalize(insert);
    sqlite3_close(db);
    return elapsed;
}

int64_t crudkit_baseline_select_by_title(const char *path, int32_t repeats, int32_t *rows) {
    sqlite3 *db = NULL;
    sqlite3_stmt *select = NULL;
    int64_t elapsed = -1;
    *rows = 0;
    if (sqlite3_open(path, &db) != SQLITE_OK) goto done;
    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768;", NULL, NULL, NULL);
    const char *sql = "SELECT id, title, notes, is_completed, created_at, updated_at FROM tasks"
                      " ORDER BY title_key, title, seq LIMIT -1 OFFSET 0";
    if (sqlite3_prepare_v2(db, sql, -1, &select, NULL) != SQLITE_OK) goto done;
    for (int32_t round = 0; round < repeats; round++) {
        int64_t start = now_ns();
        int64_t checksum = 0;
        int code;
        *rows = 0;
        while ((code = sqlite3_step(select)) == SQLITE_ROW) {
            checksum += sqlite3_column_bytes(select, 0) + sqlite3_column_bytes(select, 1);
            checksum += sqlite3_column_type(select, 2) + sqlite3_column_int64(select, 3);
            checksum += sqlite3_column_int64(select, 4) + sqlite3_column_int64(select, 5);
            (void)sqlite3_column_text(select, 0);
            (void)sqlite3_column_text(select, 1);
            *rows += 1;
        }
        if (code != SQLITE_DONE || checksum == 0) {
            elapsed = -1;
            goto done;
        }
        int64_t took = now_ns() - start;
        if (elapsed < 0 || took < elapsed) elapsed = took;
        sqlite3_reset(select);
    }
done:
    sqlite3_finalize(select);
    sqlite3_close(db);
    return elapsed;
}
