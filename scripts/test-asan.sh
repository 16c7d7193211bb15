#!/usr/bin/env bash
# The test suite under AddressSanitizer, in a build of its own (.build-asan): the core types,
# the layouts, the strategies (the cache writes through unsafe pointers), the viewport, the
# harness, the reports and the command line with its bad-input corpus. Measured one module
# at a time on two busy cores: core 72 s, viewport 33 s, strategies 57 s, layouts 92 s, and
# the harness, reports and command line about 8 minutes. Left out by default: the
# conformance suite's own tests (GridConformanceTests), which check every law over hundreds of
# layouts and strategies in child processes: 18 minutes under the sanitizer, too long for CI,
# and what they exercise of the layouts and strategies the modules above test directly.
# `--all` runs everything: 46 minutes on two shared cores (657 tests, no sanitizer report).
#
# Skipped there: the tests that count allocations or bytes (a sanitizer's runtime defines
# malloc, so the test counter is compiled out; their names say "Allocat…", "RetainsAtMost"…)
# and the gate's callgrind tests (valgrind cannot run a sanitized binary). Arguments are passed to `swift test` (for example --filter CorpusTests).
# Nothing in Sources runs concurrently (no threads, tasks or queues), so ThreadSanitizer
# would only watch Swift Testing's own parallelism; it is not run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
skip='Allocat|allocat|RetainsAtMost|MemoryDoesNotGrowWithItems|KeepsMemoryPerSection|aMillionRecordsOfTwentyFields|BeforeBuildingCounts|GateCommandTests'
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}  # the Swift runtime keeps its metadata caches to the end
filter=(--filter 'GridCoreTests|GridLayoutsTests|GridStrategiesTests|GridViewportTests|GridHarnessTests|GridReportsTests|GridBenchCLITests')
if [ "${1:-}" = "--all" ]; then filter=(); shift; fi
exec swift test --sanitize=address --scratch-path .build-asan --skip "$skip" "${filter[@]}" "$@"
