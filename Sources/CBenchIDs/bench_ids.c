#include "bench_ids.h"

#include <stdio.h>

static uint64_t next(uint64_t *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Du;
}

void crudkit_bench_random_uuid(char out[37], uint64_t *state) {
    uint64_t high = next(state), low = next(state);
    snprintf(out, 37, "%08x-%04x-4%03x-%04x-%012llx", (unsigned)(high >> 32), (unsigned)(high >> 16) & 0xFFFF,
             (unsigned)high & 0x0FFF, (unsigned)(0x8000 | ((low >> 48) & 0x3FFF)), (unsigned long long)(low & 0xFFFFFFFFFFFFull));
}
