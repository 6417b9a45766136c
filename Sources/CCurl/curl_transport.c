#include "curl_transport.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libcurl's types and the few constants used, declared here (their values are part of
// libcurl's ABI): the kit builds on a machine without libcurl's headers.
typedef void CURL;
struct curl_slist;
enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_POSTFIELDS = 10015,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_COPYPOSTFIELDS = 10165,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_XFERINFOFUNCTION = 20219,
    CURLOPT_XFERINFODATA = 10057,
    CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CURLOPT_POST = 47,
    CURLOPT_NOPROGRESS = 43,
    CURLOPT_HTTPGET = 80,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_TIMEOUT_MS = 155,
    CURLINFO_RESPONSE_CODE = 0x200000 + 2,
    CURLE_OK = 0,
    CURLE_WRITE_ERROR = 23,
    CURL_GLOBAL_ALL = 3,
};

static struct {
    int loaded;
    char error[200];
    int (*global_init)(long);
    CURL *(*init)(void);
    void (*reset)(CURL *);
    void (*cleanup)(CURL *);
    int (*setopt)(CURL *, int, ...);
    int (*perform)(CURL *);
    int (*getinfo)(CURL *, int, ...);
    const char *(*strerror)(int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_once(void) {
    const char *names[] = {getenv("CRUDKIT_LIBCURL"), "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.4.dylib"};
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        if (names[i] && names[i][0]) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        const char *why = dlerror();
        snprintf(curl.error, sizeof curl.error, "libcurl was not found (libcurl.so.4): %s", why ? why : "no reason given");
        return;
    }
    curl.global_init = (int (*)(long))dlsym(library, "curl_global_init");
    curl.init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
    curl.reset = (void (*)(CURL *))dlsym(library, "curl_easy_reset");
    curl.cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
    curl.setopt = (int (*)(CURL *, int, ...))dlsym(library, "curl_easy_setopt");
    curl.perform = (int (*)(CURL *))dlsym(library, "curl_easy_perform");
    curl.getinfo = (int (*)(CURL *, int, ...))dlsym(library, "curl_easy_getinfo");
    curl.strerror = (const char *(*)(int))dlsym(library, "curl_easy_strerror");
    curl.slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append");
    curl.slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
    if (!curl.global_init || !curl.init || !curl.reset || !curl.cleanup || !curl.setopt || !curl.perform || !curl.getinfo ||
        !curl.strerror || !curl.slist_append || !curl.slist_free_all) {
        snprintf(curl.error, sizeof curl.error, "libcurl was found but lacks the easy interface");
        return;
    }
    // Once, before any handle; FoundationNetworking may have done it already, which is harmless.
    if (curl.global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
        snprintf(curl.error, sizeof curl.error, "libcurl could not be initialised");
        return;
    }
    curl.loaded = 1;
}

int crudkit_curl_load(char *error, int32_t error_size) {
    pthread_once(&once, load_once);
    if (!curl.loaded && error && error_size > 0) snprintf(error, (size_t)error_size, "%s", curl.error);
    return curl.loaded;
}

void *crudkit_curl_open(void) {
    if (!crudkit_curl_load(NULL, 0)) return NULL;
    return curl.init();
}

void crudkit_curl_close(void *handle) {
    if (handle && curl.loaded) curl.cleanup(handle);
}

typedef struct {
    crudkit_curl_answer *answer;
    size_t capacity;
    size_t max_length;
} sink;

void crudkit_curl_abort(int32_t *flag) { __atomic_store_n(flag, 1, __ATOMIC_SEQ_CST); }

// Called by libcurl during a transfer, and at least once a second while it waits: a nonzero
// answer stops the transfer (CURLE_ABORTED_BY_CALLBACK).
static int progress(void *flag, long long total_down, long long now_down, long long total_up, long long now_up) {
    (void)total_down, (void)now_down, (void)total_up, (void)now_up;
    return flag && __atomic_load_n((int32_t *)flag, __ATOMIC_SEQ_CST) ? 1 : 0;
}

static size_t collect(char *data, size_t size, size_t count, void *user) {
    sink *into = user;
    crudkit_curl_answer *answer = into->answer;
    size_t bytes = size * count;
    if (bytes > into->max_length - answer->length) {
        answer->too_large = 1;
        return 0;  // libcurl stops with CURLE_WRITE_ERROR
    }
    if (answer->length + bytes > into->capacity) {
        size_t capacity = into->capacity ? into->capacity : 4096;
        while (capacity < answer->length + bytes) capacity *= 2;
        uint8_t *grown = realloc(answer->body, capacity);
        if (!grown) return 0;
        answer->body = grown;
        into->capacity = capacity;
    }
    memcpy(answer->body + answer->length, data, bytes);
    answer->length += bytes;
    return bytes;
}

void crudkit_curl_perform(
    void *handle, const char *url, const char *method, const char *const *headers, int32_t count, const uint8_t *body,
    size_t body_length, int64_t timeout_ms, size_t max_length, int32_t *abort_flag, crudkit_curl_answer *answer) {
    memset(answer, 0, sizeof *answer);
    if (!handle || !curl.loaded) {
        answer->code = -1;
        snprintf(answer->error, sizeof answer->error, "libcurl is not loaded");
        return;
    }
    // A reset keeps the handle's live connection: the next request goes out on it.
    curl.reset(handle);
    struct curl_slist *list = NULL;
    for (int32_t i = 0; i < count; i++) list = curl.slist_append(list, headers[i]);
    // No "Expect: 100-continue" wait before a larger body: the kit's server answers at once.
    list = curl.slist_append(list, "Expect:");
    sink into = {answer, 0, max_length};
    char error[256] = "";
    curl.setopt(handle, CURLOPT_URL, url);
    curl.setopt(handle, CURLOPT_HTTPHEADER, list);
    curl.setopt(handle, CURLOPT_WRITEFUNCTION, collect);
    curl.setopt(handle, CURLOPT_WRITEDATA, &into);
    curl.setopt(handle, CURLOPT_ERRORBUFFER, error);
    curl.setopt(handle, CURLOPT_NOSIGNAL, 1L);
    // 0 is libcurl's "no limit"; a caller's limit is at least a millisecond.
    curl.setopt(handle, CURLOPT_TIMEOUT_MS, (long)(timeout_ms > 0 ? timeout_ms : 1));
    // No redirect is followed (CURLOPT_FOLLOWLOCATION stays off): the API answers where it is
    // asked, and a redirect would carry the keys' headers to wherever it points. A 3xx is an
    // answer like any other.
    // The transfer watches its abort flag.
    curl.setopt(handle, CURLOPT_NOPROGRESS, 0L);
    curl.setopt(handle, CURLOPT_XFERINFOFUNCTION, progress);
    curl.setopt(handle, CURLOPT_XFERINFODATA, (void *)abort_flag);
    if (body) {
        curl.setopt(handle, CURLOPT_POST, 1L);
        curl.setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (long long)body_length);
        curl.setopt(handle, CURLOPT_COPYPOSTFIELDS, (const char *)body);
        if (strcmp(method, "POST") != 0) curl.setopt(handle, CURLOPT_CUSTOMREQUEST, method);
    } else if (strcmp(method, "GET") == 0) {
        curl.setopt(handle, CURLOPT_HTTPGET, 1L);
    } else {
        curl.setopt(handle, CURLOPT_CUSTOMREQUEST, method);
    }
    int code = curl.perform(handle);
    // The handle outlives this call's buffers: it must not point into them.
    curl.setopt(handle, CURLOPT_ERRORBUFFER, NULL);
    curl.setopt(handle, CURLOPT_HTTPHEADER, NULL);
    curl.setopt(handle, CURLOPT_WRITEDATA, NULL);
    curl.setopt(handle, CURLOPT_XFERINFODATA, NULL);
    curl.slist_free_all(list);
    answer->code = code;
    if (code == CURLE_OK) {
        long status = 0;
        curl.getinfo(handle, CURLINFO_RESPONSE_CODE, &status);
        answer->status = (int32_t)status;
    } else {
        snprintf(answer->error, sizeof answer->error, "%s", error[0] ? error : curl.strerror(code));
        free(answer->body);
        answer->body = NULL;
        answer->length = 0;
    }
}

void crudkit_curl_free(crudkit_curl_answer *answer) {
    free(answer->body);
    answer->body = NULL;
    answer->length = 0;
}
