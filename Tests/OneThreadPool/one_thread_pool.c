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

#include <limits.h>
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
/// The runtime's reading of a Swift clock (1: continuous, 2: suspending), as its deadlines use it.
extern SWIFT_CALL void swift_get_time(long long *seconds, long long *nanoseconds, int clock) __attribute__((weak));

/// A job and when it may run (nanoseconds of CLOCK_MONOTONIC; 0: now), in a list by that time.
typedef struct Entry {
    SwiftJob *job;
    long long due;
    struct Entry *next;
} Entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
// Waits on CLOCK_MONOTONIC (set up in install()), the clock the due times are on.
static pthread_cond_t changed;
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
        long long due = queued->due;
        if (due > now_ns()) {
            struct timespec until = {.tv_sec = due / 1000000000LL, .tv_nsec = due % 1000000000LL};
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

/// `now` plus `delay` nanoseconds, kept a year ahead at most (no overflow).
static long long later(long long now, long long delay) {
    const long long year = 365LL * 24 * 3600 * 1000000000LL;
    if (delay < 0) return now;
    return now + (delay > year ? year : delay);
}

// A job to run now goes after those already due, timers included: due now, not at 0, so a
// stream of immediate jobs cannot starve a timer that has come due.
static SWIFT_CALL void enqueue(SwiftJob *job, EnqueueOriginal original) {
    (void)original;
    add(job, now_ns());
}

static SWIFT_CALL void enqueue_after(unsigned long long nanoseconds, SwiftJob *job, EnqueueDelayOriginal original) {
    (void)original;
    add(job, later(now_ns(), nanoseconds > (unsigned long long)LLONG_MAX ? LLONG_MAX : (long long)nanoseconds));
}

// The deadline is on the job's own clock: how far ahead it is on that clock, read as the
// runtime reads it, is how far ahead it is on CLOCK_MONOTONIC.
static SWIFT_CALL void enqueue_at(
    long long seconds, long long nanoseconds, long long leeway_seconds, long long leeway_nanoseconds, int clock, SwiftJob *job,
    EnqueueDeadlineOriginal original) {
    (void)original;
    (void)leeway_seconds;
    (void)leeway_nanoseconds;
    long long now_seconds = 0, now_nanoseconds = 0;
    swift_get_time(&now_seconds, &now_nanoseconds, clock);
    long long ahead_seconds = seconds - now_seconds;
    if (ahead_seconds > 365LL * 24 * 3600) ahead_seconds = 365LL * 24 * 3600;
    add(job, later(now_ns(), ahead_seconds * 1000000000LL + (nanoseconds - now_nanoseconds)));
}

static void report(void) {
    fprintf(stderr, "one-thread pool: %lu jobs ran, one at a time\n", crudkit_one_thread_pool_jobs());
}

__attribute__((constructor)) static void install(void) {
    if (&swift_task_enqueueGlobal_hook == NULL || &swift_task_enqueueGlobalWithDelay_hook == NULL
        || &swift_task_enqueueGlobalWithDeadline_hook == NULL || swift_job_run == NULL || swift_get_time == NULL) {
        return;
    }
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&changed, &attributes);
    pthread_condattr_destroy(&attributes);
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
