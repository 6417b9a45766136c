#ifndef CRUDKIT_PROCESS_CONTROL_H
#define CRUDKIT_PROCESS_CONTROL_H

/// Makes the calling process the subreaper of its descendants (Linux): a process whose
/// parent ends is re-parented to it instead of to init. Returns 0, or -1 where unsupported.
int crudkit_become_subreaper(void);

#endif
