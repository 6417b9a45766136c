#include "load_generator.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0 /* macOS: SO_NOSIGPIPE is set on the socket instead */
#endif

struct worker {
    uint16_t port;
    const char *request;
    size_t request_length;
    double seconds;
    int64_t responses;
    int failed;
};

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/// Reads one response; returns its status, or -1 when the connection failed.
static int read_response(int fd, char *buffer, size_t capacity, size_t *held) {
    for (;;) {
        char *end = NULL;
        if (*held >= 4) {
            for (size_t i = 0; i + 3 < *held; i++) {
                if (buffer[i] == '\r' && buffer[i + 1] == '\n' && buffer[i + 2] == '\r' && buffer[i + 3] == '\n') {
                    end = buffer + i;
                    break;
                }
            }
        }
        if (end != NULL) {
            size_t head = (size_t)(end - buffer) + 4;
            int status = atoi(buffer + 9);
            size_t length = 0;
            for (char *line = buffer; line < end; line++) {
                if ((line == buffer || line[-1] == '\n') && strncasecmp(line, "Content-Length:", 15) == 0) {
                    length = (size_t)strtoul(line + 15, NULL, 10);
                }
            }
            if (head + length > capacity) return -1;
            while (*held < head + length) {
                ssize_t got = recv(fd, buffer + *held, capacity - *held, 0);
                if (got <= 0) return -1;
                *held += (size_t)got;
            }
            memmove(buffer, buffer + head + length, *held - head - length);
            *held -= head + length;
            return status;
        }
        if (*held == capacity) return -1;
        ssize_t got = recv(fd, buffer + *held, capacity - *held, 0);
        if (got <= 0) return -1;
        *held += (size_t)got;
    }
}

static void *run_worker(void *argument) {
    struct worker *work = argument;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(work->port);
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        work->failed = 1;
        if (fd >= 0) close(fd);
        return NULL;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
#ifdef SO_NOSIGPIPE
    setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, sizeof one);
#endif
    static const size_t capacity = 1 << 20;
    char *buffer = malloc(capacity);
    size_t held = 0;
    double deadline = now_seconds() + work->seconds;
    while (buffer != NULL && now_seconds() < deadline) {
        size_t sent = 0;
        while (sent < work->request_length) {
            ssize_t n = send(fd, work->request + sent, work->request_length - sent, MSG_NOSIGNAL);
            if (n <= 0) goto done;
            sent += (size_t)n;
        }
        int status = read_response(fd, buffer, capacity, &held);
        if (status < 0) goto done;
        if (status == 200) work->responses += 1;
    }
done:
    free(buffer);
    close(fd);
    return NULL;
}

int64_t crudkit_load(uint16_t port, const char *request, int32_t connections, double seconds) {
    if (connections < 1) connections = 1;
    struct worker *workers = calloc((size_t)connections, sizeof *workers);
    pthread_t *threads = calloc((size_t)connections, sizeof *threads);
    if (workers == NULL || threads == NULL) {
        free(workers);
        free(threads);
        return -1;
    }
    for (int32_t i = 0; i < connections; i++) {
        workers[i] = (struct worker){port, request, strlen(request), seconds, 0, 0};
        pthread_create(&threads[i], NULL, run_worker, &workers[i]);
    }
    int64_t total = 0;
    int all_failed = 1;
    for (int32_t i = 0; i < connections; i++) {
        pthread_join(threads[i], NULL);
        total += workers[i].responses;
        if (!workers[i].failed) all_failed = 0;
    }
    free(workers);
    free(threads);
    return all_failed ? -1 : total;
}
