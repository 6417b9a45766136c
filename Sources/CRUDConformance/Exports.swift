// A backend's tests import CRUDConformance and nothing else: the specification (its
// protocol, models, errors and clocks) comes with it.
@_exported import CRUDSpec
