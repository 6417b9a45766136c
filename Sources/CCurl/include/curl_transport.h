#ifndef CRUDKIT_CURL_TRANSPORT_H
#define CRUDKIT_CURL_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

/// libcurl's easy interface, loaded at run time (dlopen), for the kit's HTTP client: nothing
/// links to libcurl or needs its headers. One handle is one kept-alive connection, used by one
/// request at a time.

/// Loads libcurl once; 1 when it is there, else 0 with the reason in `error`.
int crudkit_curl_load(char *error, int32_t error_size);

/// A new handle, or NULL when libcurl is not loaded or has no memory.
void *crudkit_curl_open(void);

/// Closes a handle and its connection.
void crudkit_curl_close(void *handle);

/// What `crudkit_curl_perform` answers: the status and the body of the answer (malloc'ed; free
/// it with `crudkit_curl_free`), or the failure.
typedef struct {
    /// libcurl's result code: 0 on an answer, of any status.
    int32_t code;
    /// The HTTP status of the answer.
    int32_t status;
    /// The body of the answer; NULL when it is empty.
    uint8_t *body;
    size_t length;
    /// 1 when the answer was longer than the limit and was cut off (then `code` is not 0).
    int32_t too_large;
    /// libcurl's words for a failure.
    char error[256];
} crudkit_curl_answer;

/// Sends one request on `handle` and waits for its answer, at most `timeout_ms` (at least 1).
/// `method` is GET, POST, PUT or DELETE; `headers` are `count` lines "Name: value"; `body` may
/// be NULL. The body is libcurl's own copy, so a request re-sent on a fresh connection goes out
/// whole. An answer longer than `max_length` bytes is a failure. No redirect is followed. The
/// transfer stops, within about a second, once `crudkit_curl_abort(abort_flag)` is called.
void crudkit_curl_perform(
    void *handle, const char *url, const char *method, const char *const *headers, int32_t count, const uint8_t *body,
    size_t body_length, int64_t timeout_ms, size_t max_length, int32_t *abort_flag, crudkit_curl_answer *answer);

/// Asks the transfer that watches `flag` to stop (from any thread).
void crudkit_curl_abort(int32_t *flag);

/// Frees an answer's body.
void crudkit_curl_free(crudkit_curl_answer *answer);

#endif
