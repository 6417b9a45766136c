#include "sqlite_baseline.h"

#include <bench_ids.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
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

struct crudkit_baseline {
    sqlite3 *db;
    sqlite3_stmt *insert;
    sqlite3_stmt *select;
};

/// Copies the connection's last message into `error`.
static void keep_message(sqlite3 *db, char *error, int32_t size) {
    snprintf(error, (size_t)size, "%s", db ? sqlite3_errmsg(db) : "out of memory");
}

crudkit_baseline *crudkit_baseline_create(const char *path, char *error, int32_t error_size) {
    crudkit_baseline *baseline = calloc(1, sizeof *baseline);
    if (!baseline) {
        snprintf(error, (size_t)error_size, "out of memory");
        return NULL;
    }
    const char *insert = "INSERT INTO tasks (id, title, notes, is_completed, created_at, updated_at, title_key, title_search)"
                         " VALUES (?, ?, NULL, 0, ?, ?, ?, ?)";
    const char *select = "SELECT id, title, notes, is_completed, created_at, updated_at FROM tasks"
                         " ORDER BY title_key, title, seq LIMIT -1 OFFSET 0";
    if (sqlite3_open(path, &baseline->db) != SQLITE_OK || sqlite3_exec(baseline->db, schema, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(baseline->db, insert, -1, &baseline->insert, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(baseline->db, select, -1, &baseline->select, NULL) != SQLITE_OK) {
        keep_message(baseline->db, error, error_size);
        crudkit_baseline_close(baseline);
        return NULL;
    }
    return baseline;
}

int64_t crudkit_baseline_insert(crudkit_baseline *baseline, int32_t count, char *error, int32_t error_size) {
    sqlite3 *db = baseline->db;
    sqlite3_stmt *insert = baseline->insert;
    int64_t start = now_ns();
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
        keep_message(db, error, error_size);
        return -1;
    }
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
        int code = sqlite3_step(insert);
        sqlite3_reset(insert);
        if (code != SQLITE_DONE) {
            keep_message(db, error, error_size);
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
            return -1;
        }
    }
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        keep_message(db, error, error_size);
        return -1;
    }
    return now_ns() - start;
}

int64_t crudkit_baseline_list_by_title(crudkit_baseline *baseline, int32_t *rows, char *error, int32_t error_size) {
    sqlite3_stmt *select = baseline->select;
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
    int64_t elapsed = now_ns() - start;
    if (code != SQLITE_DONE) keep_message(baseline->db, error, error_size);
    sqlite3_reset(select);
    if (code != SQLITE_DONE) return -1;
    if (checksum == 0 && *rows > 0) {
        snprintf(error, (size_t)error_size, "the rows read back were empty");
        return -1;
    }
    return elapsed;
}

void crudkit_baseline_close(crudkit_baseline *baseline) {
    if (!baseline) return;
    sqlite3_finalize(baseline->insert);
    sqlite3_finalize(baseline->select);
    sqlite3_close(baseline->db);
    free(baseline);
}
