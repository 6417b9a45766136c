#ifndef CRUDKIT_PROCESS_CONTROL_H
#define CRUDKIT_PROCESS_CONTROL_H

#include <spawn.h>

/// Makes the calling process the subreaper of its descendants (Linux): a process whose
/// parent ends is re-parented to it instead of to init. Returns 0, or -1 where unsupported.
int crudkit_become_subreaper(void);

/// Asks the kernel to kill the calling process when its parent ends (Linux), and returns
/// whether the parent is already gone (then the caller should end). 0 where unsupported.
int crudkit_die_with_parent(void);

/// Names the calling thread (Linux keeps the first 15 bytes), as debuggers, `top -H` and
/// /proc show it. Foundation's `Thread.name` setter does not always reach the system.
void crudkit_name_this_thread(const char *name);

/// Adds "close every descriptor from `lowest` up" to a spawn's file actions, so a child
/// inherits nothing but what it is given. Returns 0, or -1 where unsupported.
int crudkit_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Adds "change to the folder `path`" to a spawn's file actions (glibc 2.29 and later, macOS
/// 10.15 and later). Returns 0, an error number, or -1 where unsupported.
int crudkit_spawn_change_directory(posix_spawn_file_actions_t *actions, const char *path);

/// The outcome of the sandbox a program linking this library entered before `main`, when its
/// environment named the writable folders (CRUDKIT_HOST_WRITABLE, one per line): 0 in the
/// sandbox, -1 not (nothing changed), -2 failed half way, 1 not asked (see below for each).
/// The reason, when not 0 or 1, is copied into `reason`. (Entering needs a single thread,
/// which a Swift program has only before its main starts.)
int crudkit_sandbox_status(char *reason, unsigned long reason_size);

/// Puts the calling process, which must have a single thread, in a sandbox (Linux): new user,
/// mount and network namespaces, so it has no network (not even loopback) and every file
/// system is read-only except the `count` folders in `writable`, which stay writable. The
/// process keeps its user and group ids. Returns 0; or, with the reason in `reason`, -1 when
/// nothing changed (namespaces are not available) or -2 when it failed half way (the
/// process should end).
int crudkit_enter_sandbox(const char *const *writable, int count, char *reason, unsigned long reason_size);

/// Whether ``crudkit_enter_sandbox`` can work here: a child process tries the namespaces and
/// ends. 1 or 0; the reason, when 0, in `reason`.
int crudkit_sandbox_available(char *reason, unsigned long reason_size);

#endif
