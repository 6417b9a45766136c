// A screen built on these models reads the store's records, queries and errors: the
// specification comes with them, as it does with CRUDConformance.
@_exported import CRUDSpec
