#include "postgres_baseline.h"

#include <bench_ids.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// libpq's types and the few constants used, declared here: nothing links to libpq or
// needs its headers, so the kit builds on a machine without it.
typedef void PGconn;
typedef void PGresult;
enum { CONNECTION_OK = 0, PGRES_COMMAND_OK = 1, PGRES_TUPLES_OK = 2, PGRES_PIPELINE_SYNC = 10 };

/// Statements sent before their results are read: the store's pipeline batch.
enum { PIPELINE_BATCH = 256 };

static struct {
    int loaded;
    PGconn *(*connectdb)(const char *);
    int (*status)(const PGconn *);
    char *(*errorMessage)(const PGconn *);
    void (*finish)(PGconn *);
    PGresult *(*exec)(PGconn *, const char *);
    PGresult *(*prepare)(PGconn *, const char *, const char *, int, const void *);
    PGresult *(*execPrepared)(PGconn *, const char *, int, const char *const *, const int *, const int *, int);
    int (*resultStatus)(const PGresult *);
    void (*clear)(PGresult *);
    int (*ntuples)(const PGresult *);
    char *(*getvalue)(const PGresult *, int, int);
    int (*getlength)(const PGresult *, int, int);
    int (*getisnull)(const PGresult *, int, int);
    // Pipeline mode (libpq 14 and later); null before, and each insert is a round trip.
    int (*enterPipelineMode)(PGconn *);
    int (*exitPipelineMode)(PGconn *);
    int (*pipelineSync)(PGconn *);
    int (*sendQueryPrepared)(PGconn *, const char *, int, const char *const *, const int *, const int *, int);
    PGresult *(*getResult)(PGconn *);
} pq;

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int load(char *error, int32_t size) {
    if (pq.loaded) return 1;
    const char *names[] = {getenv("CRUDKIT_LIBPQ"), "libpq.so.5", "libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
                           "/usr/local/opt/libpq/lib/libpq.5.dylib", "/Applications/Postgres.app/Contents/Versions/latest/lib/libpq.5.dylib"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        if (names[i] && names[i][0]) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        snprintf(error, (size_t)size, "libpq was not found");
        return 0;
    }
#define RESOLVE(field, symbol)                                                     \
    *(void **)(&pq.field) = dlsym(library, symbol);                                \
    if (!pq.field) {                                                               \
        snprintf(error, (size_t)size, "libpq has no function %s", symbol);          \
        return 0;                                                                  \
    }
    RESOLVE(connectdb, "PQconnectdb")
    RESOLVE(status, "PQstatus")
    RESOLVE(errorMessage, "PQerrorMessage")
    RESOLVE(finish, "PQfinish")
    RESOLVE(exec, "PQexec")
    RESOLVE(prepare, "PQprepare")
    RESOLVE(execPrepared, "PQexecPrepared")
    RESOLVE(resultStatus, "PQresultStatus")
    RESOLVE(clear, "PQclear")
    RESOLVE(ntuples, "PQntuples")
    RESOLVE(getvalue, "PQgetvalue")
    RESOLVE(getlength, "PQgetlength")
    RESOLVE(getisnull, "PQgetisnull")
#undef RESOLVE
    *(void **)(&pq.enterPipelineMode) = dlsym(library, "PQenterPipelineMode");
    *(void **)(&pq.exitPipelineMode) = dlsym(library, "PQexitPipelineMode");
    *(void **)(&pq.pipelineSync) = dlsym(library, "PQpipelineSync");
    *(void **)(&pq.sendQueryPrepared) = dlsym(library, "PQsendQueryPrepared");
    *(void **)(&pq.getResult) = dlsym(library, "PQgetResult");
    if (!pq.exitPipelineMode || !pq.pipelineSync || !pq.sendQueryPrepared || !pq.getResult) pq.enterPipelineMode = NULL;
    pq.loaded = 1;
    return 1;
}

/// Runs `sql` and keeps the connection's message on failure.
static int run(PGconn *db, const char *sql, int expected, char *error, int32_t size) {
    PGresult *result = pq.exec(db, sql);
    int ok = result && pq.resultStatus(result) == expected;
    if (!ok) snprintf(error, (size_t)size, "%s", pq.errorMessage(db));
    pq.clear(result);
    return ok;
}

/// A connection to the server, or NULL with the reason in `error`.
static PGconn *connect_plain(const char *conninfo, char *error, int32_t size) {
    PGconn *db = pq.connectdb(conninfo);
    if (!db || pq.status(db) != CONNECTION_OK) {
        snprintf(error, (size_t)size, "%s", db ? pq.errorMessage(db) : "out of memory");
        if (db) pq.finish(db);
        return NULL;
    }
    return db;
}

/// A connection whose search path is `schema`, or NULL with the reason in `error`.
static PGconn *connect_to(const char *conninfo, const char *schema, char *error, int32_t size) {
    PGconn *db = connect_plain(conninfo, error, size);
    if (!db) return NULL;
    char sql[256];
    snprintf(sql, sizeof sql, "SET search_path TO \"%s\"", schema);
    if (!run(db, sql, PGRES_COMMAND_OK, error, size)) {
        pq.finish(db);
        return NULL;
    }
    return db;
}

static const char *table =
    "CREATE TABLE tasks (seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, id uuid NOT NULL UNIQUE,"
    " title text COLLATE \"C\" NOT NULL, notes text, is_completed boolean NOT NULL DEFAULT false,"
    " created_at bigint NOT NULL, updated_at bigint NOT NULL, title_key text COLLATE \"C\" NOT NULL,"
    " title_search text COLLATE \"C\" NOT NULL);"
    "CREATE INDEX tasks_newest ON tasks (created_at DESC, seq DESC);"
    "CREATE INDEX tasks_by_title ON tasks (title_key, title, seq);";

int64_t crudkit_pg_baseline_insert(const char *conninfo, const char *schema, int32_t count, char *error, int32_t error_size) {
    if (!load(error, error_size)) return -1;
    PGconn *db = connect_plain(conninfo, error, error_size);
    if (!db) return -1;
    int64_t elapsed = -1;
    char sql[256];
    // Quiet: libpq prints the server's notices ("does not exist, skipping") on stderr.
    snprintf(sql, sizeof sql,
             "SET client_min_messages TO warning; DROP SCHEMA IF EXISTS \"%s\" CASCADE; CREATE SCHEMA \"%s\";"
             " SET search_path TO \"%s\"",
             schema, schema, schema);
    if (!run(db, sql, PGRES_COMMAND_OK, error, error_size) || !run(db, table, PGRES_COMMAND_OK, error, error_size)) goto done;
    PGresult *prepared = pq.prepare(
        db, "insert",
        "INSERT INTO tasks (id, title, notes, is_completed, created_at, updated_at, title_key, title_search)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        8, NULL);
    int ok = prepared && pq.resultStatus(prepared) == PGRES_COMMAND_OK;
    pq.clear(prepared);
    if (!ok) {
        snprintf(error, (size_t)error_size, "%s", pq.errorMessage(db));
        goto done;
    }
    int64_t start = now_ns();
    if (!run(db, "BEGIN ISOLATION LEVEL REPEATABLE READ", PGRES_COMMAND_OK, error, error_size)) goto done;
    char ids[PIPELINE_BATCH][40], titles[PIPELINE_BATCH][64];
    uint64_t state = CRUDKIT_BENCH_ID_SEED;
    int pipelined = pq.enterPipelineMode && pq.enterPipelineMode(db);
    for (int32_t first = 0; first < count; first += PIPELINE_BATCH) {
        int32_t size = count - first < PIPELINE_BATCH ? count - first : PIPELINE_BATCH;
        for (int32_t k = 0; k < size; k++) {
            int32_t i = first + k;
            crudkit_bench_random_uuid(ids[k], &state);
            snprintf(titles[k], sizeof titles[k], "task %d", (int)(((int64_t)i * 7919) % count));
            const char *values[8] = {ids[k], titles[k], NULL, "false", "1767225600000", "1767225600000", titles[k], titles[k]};
            if (pipelined) {
                ok = pq.sendQueryPrepared(db, "insert", 8, values, NULL, NULL, 0);
            } else {
                PGresult *result = pq.execPrepared(db, "insert", 8, values, NULL, NULL, 0);
                ok = result && pq.resultStatus(result) == PGRES_COMMAND_OK;
                pq.clear(result);
            }
            if (!ok) {
                snprintf(error, (size_t)error_size, "%s", pq.errorMessage(db));
                goto done;
            }
        }
        if (!pipelined) continue;
        // The batch's results, each ended by a null, then the sync.
        ok = pq.pipelineSync(db);
        for (int32_t k = 0; ok && k < size; k++) {
            PGresult *result = pq.getResult(db);
            ok = result && pq.resultStatus(result) == PGRES_COMMAND_OK;
            pq.clear(result);
            while ((result = pq.getResult(db))) pq.clear(result);
        }
        PGresult *sync = ok ? pq.getResult(db) : NULL;
        ok = sync && pq.resultStatus(sync) == PGRES_PIPELINE_SYNC;
        pq.clear(sync);
        if (!ok) {
            snprintf(error, (size_t)error_size, "%s", pq.errorMessage(db));
            goto done;
        }
    }
    if (pipelined && !pq.exitPipelineMode(db)) {
        snprintf(error, (size_t)error_size, "%s", pq.errorMessage(db));
        goto done;
    }
    if (!run(db, "COMMIT", PGRES_COMMAND_OK, error, error_size)) goto done;
    elapsed = now_ns() - start;
done:
    pq.finish(db);
    return elapsed;
}

struct crudkit_pg_baseline_reader {
    PGconn *db;
};

crudkit_pg_baseline_reader *crudkit_pg_baseline_open_reader(const char *conninfo, const char *schema, char *error, int32_t error_size) {
    if (!load(error, error_size)) return NULL;
    PGconn *db = connect_to(conninfo, schema, error, error_size);
    if (!db) return NULL;
    PGresult *prepared = pq.prepare(
        db, "select",
        "SELECT id, title, notes, is_completed, created_at, updated_at FROM tasks ORDER BY title_key, title, seq LIMIT $1 OFFSET $2",
        2, NULL);
    int ok = prepared && pq.resultStatus(prepared) == PGRES_COMMAND_OK;
    pq.clear(prepared);
    crudkit_pg_baseline_reader *reader = ok ? calloc(1, sizeof *reader) : NULL;
    if (!reader) {
        snprintf(error, (size_t)error_size, "%s", ok ? "out of memory" : pq.errorMessage(db));
        pq.finish(db);
        return NULL;
    }
    reader->db = db;
    return reader;
}

int64_t crudkit_pg_baseline_list_by_title(crudkit_pg_baseline_reader *reader, int32_t *rows, char *error, int32_t error_size) {
    const char *values[2] = {NULL, "0"};
    *rows = 0;
    int64_t start = now_ns();
    PGresult *result = pq.execPrepared(reader->db, "select", 2, values, NULL, NULL, 0);
    if (!result || pq.resultStatus(result) != PGRES_TUPLES_OK) {
        snprintf(error, (size_t)error_size, "%s", pq.errorMessage(reader->db));
        pq.clear(result);
        return -1;
    }
    int64_t checksum = 0;
    int count = pq.ntuples(result);
    for (int row = 0; row < count; row++) {
        for (int column = 0; column < 6; column++) {
            checksum += pq.getisnull(result, row, column) ? 1 : pq.getlength(result, row, column);
            checksum += (unsigned char)pq.getvalue(result, row, column)[0];
        }
    }
    pq.clear(result);
    int64_t elapsed = now_ns() - start;
    *rows = count;
    if (checksum == 0 && count > 0) {
        snprintf(error, (size_t)error_size, "the rows read back were empty");
        return -1;
    }
    return elapsed;
}

void crudkit_pg_baseline_close_reader(crudkit_pg_baseline_reader *reader) {
    if (!reader) return;
    pq.finish(reader->db);
    free(reader);
}

int crudkit_pg_baseline_drop_schema(const char *conninfo, const char *schema, char *error, int32_t error_size) {
    if (!load(error, error_size)) return 0;
    PGconn *db = connect_plain(conninfo, error, error_size);
    if (!db) return 0;
    char sql[160];
    snprintf(sql, sizeof sql, "SET client_min_messages TO warning; DROP SCHEMA IF EXISTS \"%s\" CASCADE", schema);
    int ok = run(db, sql, PGRES_COMMAND_OK, error, error_size);
    pq.finish(db);
    return ok;
}
