#ifndef GRIDBENCH_ALLOCATION_COUNTER_H
#define GRIDBENCH_ALLOCATION_COUNTER_H
#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign)
/// made by the calling thread since it started.
uint64_t gridbench_thread_allocations(void);
/// Bytes those allocations were given, as malloc_usable_size reports them.
uint64_t gridbench_thread_allocated_bytes(void);
/// Bytes the calling thread has freed, as malloc_usable_size reports them.
uint64_t gridbench_thread_freed_bytes(void);
/// 1 when this counter really interposes malloc in this process, 0 otherwise.
int gridbench_allocation_counter_is_active(void);

#endif
