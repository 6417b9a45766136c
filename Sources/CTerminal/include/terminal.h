#ifndef CRUDKIT_TERMINAL_H
#define CRUDKIT_TERMINAL_H

/// The size of the terminal `fd` is open on, in character cells. Returns 0 and fills `rows`
/// and `columns`, or -1 (with errno) when `fd` is not a terminal or has no size. A C shim
/// because `ioctl` is variadic, which Swift cannot call.
int crudkit_terminal_size(int fd, int *rows, int *columns);

#endif
