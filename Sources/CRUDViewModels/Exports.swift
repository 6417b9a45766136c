// A screen built on these models reads the store's records, queries and errors: the
// specification comes with them, as it does with CRUDConformance.
@_exported import CRUDSpec
// The task screens take their logic as ScreenLogic's reducers: whoever passes their own
// needs the protocols and the state they reduce.
@_exported import ScreenLogic
