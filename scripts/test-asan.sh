#!/usr/bin/env bash
# The test suite under AddressSanitizer, in a build of its own (.build-asan).
#
# Skipped there: the tests that count allocations (a sanitizer's runtime defines malloc, so
# the test counter is compiled out) and the gate's callgrind tests (valgrind cannot run a
# sanitized binary). Arguments are passed to `swift test` (for example --filter CorpusTests).
# Nothing in Sources runs concurrently (no threads, tasks or queues), so ThreadSanitizer
# would only watch Swift Testing's own parallelism; it is not run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
skip='allocationCounterIsActive|AllocatesNothing|DoNotAllocate|allocatesNothing|RetainsAtMost56BytesPerElement|MemoryDoesNotGrowWithItems|KeepsMemoryPerSection|aMillionRecordsOfTwentyFields|BeforeAllocating|BeforeBuildingCounts|GateCommandTests'
exec swift test --sanitize=address --scratch-path .build-asan --skip "$skip" "$@"
