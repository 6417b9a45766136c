#define _GNU_SOURCE
#include "process_control.h"

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/mount.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#endif

int crudkit_become_subreaper(void) {
#ifdef __linux__
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
    return -1;
#endif
}

int crudkit_die_with_parent(void) {
#ifdef __linux__
    pid_t parent = getppid();
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    return getppid() != parent;
#else
    return 0;
#endif
}

void crudkit_name_this_thread(const char *name) {
#ifdef __linux__
    prctl(PR_SET_NAME, name, 0, 0, 0);
#elif defined(__APPLE__)
    pthread_setname_np(name);
#endif
}

int crudkit_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions;
    (void)lowest;
    return -1;
#endif
}

int crudkit_spawn_change_directory(posix_spawn_file_actions_t *actions, const char *path) {
#if (defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 29))) || defined(__APPLE__)
    return posix_spawn_file_actions_addchdir_np(actions, path);
#else
    (void)actions;
    (void)path;
    return -1;
#endif
}

#ifdef __linux__
static int write_text(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t written = write(fd, text, strlen(text));
    int saved = errno;
    close(fd);
    errno = saved;
    return written == (ssize_t)strlen(text) ? 0 : -1;
}

/// Writes why `step` failed; -2: the process is in new namespaces, half set up.
static int failed(char *reason, unsigned long size, const char *step, const char *detail) {
    snprintf(reason, size, "%s%s%s: %s", step, detail ? " " : "", detail ? detail : "", strerror(errno));
    return -2;
}

#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif

static int set_mount_attributes(const char *path, unsigned long long set, unsigned long long clear) {
    struct mount_attr attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.attr_set = set;
    attributes.attr_clr = clear;
    return (int)syscall(SYS_mount_setattr, AT_FDCWD, path, AT_RECURSIVE, &attributes, sizeof attributes);
}
#endif

int crudkit_enter_sandbox(const char *const *writable, int count, char *reason, unsigned long reason_size) {
#ifdef __linux__
    uid_t uid = getuid();
    gid_t gid = getgid();
    char map[64];
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET) != 0) {
        failed(reason, reason_size, "unshare (user, mount and network namespaces)", NULL);
        return -1;
    }
    // Keep the same ids inside, so files keep their owners and permissions.
    if (write_text("/proc/self/setgroups", "deny") != 0) return failed(reason, reason_size, "setgroups", NULL);
    snprintf(map, sizeof map, "%u %u 1", (unsigned)uid, (unsigned)uid);
    if (write_text("/proc/self/uid_map", map) != 0) return failed(reason, reason_size, "uid_map", NULL);
    snprintf(map, sizeof map, "%u %u 1", (unsigned)gid, (unsigned)gid);
    if (write_text("/proc/self/gid_map", map) != 0) return failed(reason, reason_size, "gid_map", NULL);
    // Nothing done to mounts here reaches the rest of the system.
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return failed(reason, reason_size, "make mounts private", NULL);
    // Each writable folder becomes a mount of its own, then everything is made read-only,
    // then those mounts writable again.
    for (int index = 0; index < count; index++) {
        if (mount(writable[index], writable[index], NULL, MS_BIND | MS_REC, NULL) != 0) {
            return failed(reason, reason_size, "bind", writable[index]);
        }
    }
    if (set_mount_attributes("/", MOUNT_ATTR_RDONLY, 0) != 0) return failed(reason, reason_size, "make / read-only", NULL);
    for (int index = 0; index < count; index++) {
        if (set_mount_attributes(writable[index], 0, MOUNT_ATTR_RDONLY) != 0) {
            return failed(reason, reason_size, "make writable", writable[index]);
        }
    }
    return 0;
#else
    (void)writable;
    (void)count;
    snprintf(reason, reason_size, "sandboxes are made with Linux namespaces; this system has none");
    return -1;
#endif
}

int crudkit_sandbox_available(char *reason, unsigned long reason_size) {
#ifdef __linux__
    int pipe_ends[2];
    if (pipe(pipe_ends) != 0) return 0;
    pid_t child = fork();
    if (child == 0) {
        // Only async-signal-safe calls between fork and _exit.
        int error = unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET) == 0 ? 0 : errno;
        ssize_t ignored = write(pipe_ends[1], &error, sizeof error);
        (void)ignored;
        _exit(0);
    }
    close(pipe_ends[1]);
    int error = -1;
    if (child > 0) {
        if (read(pipe_ends[0], &error, sizeof error) != sizeof error) error = -1;
        waitpid(child, NULL, 0);
    }
    close(pipe_ends[0]);
    if (error == 0) return 1;
    snprintf(reason, reason_size, "unshare (user, mount and network namespaces): %s",
             error > 0 ? strerror(error) : "no answer from the probe");
    return 0;
#else
    snprintf(reason, reason_size, "sandboxes are made with Linux namespaces; this system has none");
    return 0;
#endif
}

static int sandbox_status = 1;
static char sandbox_reason[512];

/// Before main, while the process has one thread: enter the sandbox when asked to.
__attribute__((constructor)) static void crudkit_sandbox_before_main(void) {
    const char *listed = getenv("CRUDKIT_HOST_WRITABLE");
    if (listed == NULL) return;
    const char *off = getenv("CRUDKIT_HOST_SANDBOX");
    if (off != NULL && strcmp(off, "off") == 0) {
        sandbox_status = -1;
        snprintf(sandbox_reason, sizeof sandbox_reason, "CRUDKIT_HOST_SANDBOX=off");
        return;
    }
    char *copy = strdup(listed);
    const char *folders[16];
    int count = 0;
    for (char *line = strtok(copy, "\n"); line != NULL && count < 16; line = strtok(NULL, "\n")) folders[count++] = line;
    sandbox_status = crudkit_enter_sandbox(folders, count, sandbox_reason, sizeof sandbox_reason);
    free(copy);
    // Programs the host starts are not hosts.
    unsetenv("CRUDKIT_HOST_WRITABLE");
}

int crudkit_sandbox_status(char *reason, unsigned long reason_size) {
    snprintf(reason, reason_size, "%s", sandbox_reason);
    return sandbox_status;
}
