// The system's SQLite: libsqlite3-dev on Debian and Ubuntu, sqlite on Homebrew, the SDK on macOS.
#include <sqlite3.h>
