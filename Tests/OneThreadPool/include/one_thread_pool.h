#ifndef CRUDKIT_ONE_THREAD_POOL_H
#define CRUDKIT_ONE_THREAD_POOL_H

/// How many jobs of Swift's global executor this library has run since it was loaded.
unsigned long crudkit_one_thread_pool_jobs(void);

#endif
