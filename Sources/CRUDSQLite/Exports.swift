// The connection wrapper is a module of its own, so the SQLite exercise can use it without
// reaching the store built on it.
@_exported import SQLiteAccess
