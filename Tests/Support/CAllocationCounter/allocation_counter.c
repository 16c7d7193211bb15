// Counts heap allocations per thread by defining malloc and its family in the test
// executable, which the dynamic linker then prefers over glibc's for every library in the
// process (libswiftCore included). Each definition forwards to glibc's __libc_* entry
// points. Thread-local counters make a count taken around synchronous code on one thread
// immune to tests running in parallel on others.
//
// Linux (glibc) only; elsewhere the counter reports itself inactive and tests that need
// it are skipped.
#include "allocation_counter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define GRIDBENCH_SANITIZED 1
#endif
#endif

// Under a sanitizer, whose runtime defines malloc itself, the counter is compiled out and
// reports itself inactive (the tests that need it are skipped in that build).
#if defined(__linux__) && defined(__GLIBC__) && !defined(GRIDBENCH_SANITIZED)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static __thread uint64_t t_allocations;
static __thread uint64_t t_allocated_bytes;
static __thread uint64_t t_freed_bytes;

static void *counted(void *p) {
    if (p) {
        t_allocations++;
        t_allocated_bytes += malloc_usable_size(p);
    }
    return p;
}

void *malloc(size_t n) { return counted(__libc_malloc(n)); }
void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }
void *memalign(size_t alignment, size_t n) { return counted(__libc_memalign(alignment, n)); }
void *aligned_alloc(size_t alignment, size_t n) { return counted(__libc_memalign(alignment, n)); }

void *realloc(void *old, size_t n) {
    size_t old_size = old ? malloc_usable_size(old) : 0;
    void *p = __libc_realloc(old, n);
    if (p || n == 0) t_freed_bytes += old_size;
    return counted(p);
}

int posix_memalign(void **out, size_t alignment, size_t n) {
    void *p = __libc_memalign(alignment, n);
    if (!p) return ENOMEM;
    *out = counted(p);
    return 0;
}

void free(void *p) {
    if (p) t_freed_bytes += malloc_usable_size(p);
    __libc_free(p);
}

uint64_t gridbench_thread_allocations(void) { return t_allocations; }
uint64_t gridbench_thread_allocated_bytes(void) { return t_allocated_bytes; }
uint64_t gridbench_thread_freed_bytes(void) { return t_freed_bytes; }

int gridbench_allocation_counter_is_active(void) {
    // Libraries bind to whatever the dynamic linker finds first for "malloc"; ours counts
    // only if that is this definition.
    return dlsym(RTLD_DEFAULT, "malloc") == (void *)&malloc;
}

#else
uint64_t gridbench_thread_allocations(void) { return 0; }
uint64_t gridbench_thread_allocated_bytes(void) { return 0; }
uint64_t gridbench_thread_freed_bytes(void) { return 0; }
int gridbench_allocation_counter_is_active(void) { return 0; }
#endif
