#!/usr/bin/env bash
# The tests of everything that reads input or writes output under AddressSanitizer, in a
# build of its own (.build-asan): the harness, the reports and the command line, the bad-input
# corpus among them (about 3 minutes on two busy cores). `--all` runs the whole suite, whose
# scale tests (ten million tiles, twenty million cells) make it long under the sanitizer:
# 46 minutes on two cores shared with another build (657 tests, no sanitizer report).
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
filter=(--filter 'GridHarnessTests|GridReportsTests|GridBenchCLITests')
if [ "${1:-}" = "--all" ]; then filter=(); shift; fi
exec swift test --sanitize=address --scratch-path .build-asan --skip "$skip" "${filter[@]}" "$@"
