#!/usr/bin/env bash
# Quick start, command 1: the strategy comparison over the bundled data sets.
#
# Installs what is missing (jemalloc), builds gridbench in release (figures from a debug
# build mean nothing) and runs `gridbench report`, which writes reports/results.json,
# reports/strategy-comparison.md (with charts in reports/charts/) and the self-contained
# reports/strategy-comparison.html. Arguments are passed to `gridbench report`
# (try --help).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
echo "report: building gridbench (release)…" >&2
swift build -c release --product gridbench
exec .build/release/gridbench report "$@"
