// Loaded into a Swift program with LD_PRELOAD, this library runs every job of Swift's global
// concurrent executor (the "cooperative pool") on one serial dispatch queue: one thread, one job
// at a time. A program that blocks a thread of the pool while waiting for another of its jobs
// then hangs instead of being lucky, as it would on a 1-core machine.
//
// It sets the Concurrency runtime's enqueue hooks (swift_task_enqueueGlobal_hook and the two
// delayed forms), which the runtime exports for exactly this kind of replacement. They use Swift's
// calling convention. At exit it prints how many jobs it ran, so a test can tell that it was in
// effect.
#include "one_thread_pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define SWIFT_CALL __attribute__((swiftcall))

typedef struct SwiftJob SwiftJob;
/// A Swift executor reference: identity and implementation; both zero is the generic executor.
typedef struct {
    void *identity;
    uintptr_t implementation;
} SwiftExecutorRef;

typedef SWIFT_CALL void (*EnqueueOriginal)(SwiftJob *);
typedef SWIFT_CALL void (*EnqueueDelayOriginal)(unsigned long long, SwiftJob *);
typedef SWIFT_CALL void (*EnqueueDeadlineOriginal)(long long, long long, long long, long long, int, SwiftJob *);

// Weak: LD_PRELOAD reaches the program's children too (initdb, a shell), which have no Swift
// runtime; there the hooks are missing and this library does nothing.
extern SWIFT_CALL void (*swift_task_enqueueGlobal_hook)(SwiftJob *, EnqueueOriginal) __attribute__((weak));
extern SWIFT_CALL void (*swift_task_enqueueGlobalWithDelay_hook)(unsigned long long, SwiftJob *, EnqueueDelayOriginal)
    __attribute__((weak));
extern SWIFT_CALL void (*swift_task_enqueueGlobalWithDeadline_hook)(
    long long, long long, long long, long long, int, SwiftJob *, EnqueueDeadlineOriginal) __attribute__((weak));
extern SWIFT_CALL void swift_job_run(SwiftJob *, SwiftExecutorRef) __attribute__((weak));

/// A job and when it may run (nanoseconds of CLOCK_MONOTONIC; 0: now), in a list by that time.
typedef struct Entry {
    SwiftJob *job;
    long long due;
    struct Entry *next;
} Entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
// Guarded by `lock`: the jobs not run yet, earliest first (equal times in the order queued).
static Entry *queued;
static atomic_ulong jobs_run;

unsigned long crudkit_one_thread_pool_jobs(void) { return atomic_load(&jobs_run); }

static long long now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void add(SwiftJob *job, long long due) {
    Entry *entry = malloc(sizeof(Entry));
    if (entry == NULL) abort();
    entry->job = job;
    entry->due = due;
    pthread_mutex_lock(&lock);
    Entry **place = &queued;
    while (*place != NULL && (*place)->due <= due) place = &(*place)->next;
    entry->next = *place;
    *place = entry;
    pthread_cond_signal(&changed);
    pthread_mutex_unlock(&lock);
}

/// The one thread: runs each job once it is due, one at a time.
static void *serve(void *unused) {
    (void)unused;
    pthread_mutex_lock(&lock);
    for (;;) {
        if (queued == NULL) {
            pthread_cond_wait(&changed, &lock);
            continue;
        }
        long long wait = queued->due - now_ns();
        if (wait > 0) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            long long end = (long long)until.tv_sec * 1000000000LL + until.tv_nsec + wait;
            until.tv_sec = end / 1000000000LL;
            until.tv_nsec = end % 1000000000LL;
            pthread_cond_timedwait(&changed, &lock, &until);
            continue;
        }
        Entry *entry = queued;
        queued = entry->next;
        pthread_mutex_unlock(&lock);
        atomic_fetch_add(&jobs_run, 1);
        SwiftExecutorRef generic = {0, 0};
        swift_job_run(entry->job, generic);
        free(entry);
        pthread_mutex_lock(&lock);
    }
    return NULL;
}

static SWIFT_CALL void enqueue(SwiftJob *job, EnqueueOriginal original) {
    (void)original;
    add(job, 0);
}

static SWIFT_CALL void enqueue_after(unsigned long long nanoseconds, SwiftJob *job, EnqueueDelayOriginal original) {
    (void)original;
    add(job, now_ns() + (long long)nanoseconds);
}

// The deadline is on the job's clock (continuous or suspending); on a machine that does not
// sleep both advance with CLOCK_MONOTONIC, to within the precision a test's timer needs.
static SWIFT_CALL void enqueue_at(
    long long seconds, long long nanoseconds, long long leeway_seconds, long long leeway_nanoseconds, int clock, SwiftJob *job,
    EnqueueDeadlineOriginal original) {
    (void)original;
    (void)leeway_seconds;
    (void)leeway_nanoseconds;
    (void)clock;
    add(job, seconds * 1000000000LL + nanoseconds);
}

static void report(void) {
    fprintf(stderr, "one-thread pool: %lu jobs ran, one at a time\n", crudkit_one_thread_pool_jobs());
}

__attribute__((constructor)) static void install(void) {
    if (&swift_task_enqueueGlobal_hook == NULL || &swift_task_enqueueGlobalWithDelay_hook == NULL
        || &swift_task_enqueueGlobalWithDeadline_hook == NULL || swift_job_run == NULL) {
        return;
    }
    pthread_t thread;
    if (pthread_create(&thread, NULL, serve, NULL) != 0) {
        fprintf(stderr, "one-thread pool: could not start its thread\n");
        return;
    }
    pthread_detach(thread);
    swift_task_enqueueGlobal_hook = enqueue;
    swift_task_enqueueGlobalWithDelay_hook = enqueue_after;
    swift_task_enqueueGlobalWithDeadline_hook = enqueue_at;
    atexit(report);
}
