#ifndef CRUDKIT_PROCESS_CONTROL_H
#define CRUDKIT_PROCESS_CONTROL_H

#include <spawn.h>

/// Makes the calling process the subreaper of its descendants (Linux): a process whose
/// parent ends is re-parented to it instead of to init. Returns 0, or -1 where unsupported.
int crudkit_become_subreaper(void);

/// Asks the kernel to kill the calling process when its parent ends (Linux), and returns
/// whether the parent is already gone (then the caller should end). 0 where unsupported.
int crudkit_die_with_parent(void);

/// Adds "close every descriptor from `lowest` up" to a spawn's file actions, so a child
/// inherits nothing but what it is given. Returns 0, or -1 where unsupported.
int crudkit_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
