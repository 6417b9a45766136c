// CRUDSpec is the specification as backends use it: the models, errors, queries and clocks
// of CRUDModels, and the validation, text matching and orders every backend shares.
@_exported import CRUDModels
