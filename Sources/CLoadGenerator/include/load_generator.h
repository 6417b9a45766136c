#ifndef CRUDKIT_LOAD_GENERATOR_H
#define CRUDKIT_LOAD_GENERATOR_H

#include <stdint.h>

/// A small keep-alive HTTP load generator, to measure the mock server's own capacity
/// apart from any client library: `connections` threads, each with one connection to
/// 127.0.0.1:`port`, send `request` (a complete HTTP/1.1 request) again and again for
/// `seconds`, reading each response fully (by its Content-Length) before the next.
/// Returns the number of complete responses with status 200, or -1 if no connection
/// could be made.
int64_t crudkit_load(uint16_t port, const char *request, int32_t connections, double seconds);

#endif
