#ifndef CRUDKIT_BENCH_IDS_H
#define CRUDKIT_BENCH_IDS_H

#include <stdint.h>

/// The ids the C baselines insert: random version-4 UUIDs in lowercase text, as the stores
/// make. Random ids land all over the id index; ids in order would only ever append to its
/// end, which is cheaper work than the stores do. The bits come from xorshift64* on `state`,
/// so a run that starts from the same state inserts the same ids. `out` gets 36 characters
/// and a terminating zero.
void crudkit_bench_random_uuid(char out[37], uint64_t *state);

/// The state every baseline run starts from.
#define CRUDKIT_BENCH_ID_SEED 0x9E3779B97F4A7C15u

#endif
