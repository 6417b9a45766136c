// The tests start their programs (crudkit serve, the crash writer) the way the kit does.
@_exported import ChildProcesses
