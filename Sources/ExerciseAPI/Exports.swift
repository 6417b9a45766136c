// The student API: what an exercise may use. The models, errors, queries, clocks and text
// helpers (CRUDModels), the SQLite connection wrapper (SQLiteAccess), the screen logic
// protocols (ScreenLogic), and the parts to write.
// Nothing here does an exercise's job: the field validators, search matching, the orders,
// the reference parts, the standard reply decoding and the stores are in modules an
// exercise cannot import (the grading build checks its imports).
@_exported import CRUDModels
@_exported import SQLiteAccess
@_exported import ScreenLogic
