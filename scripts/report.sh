#!/usr/bin/env bash
# Quick start, command 1: the strategy comparison over the bundled data sets.
#
# Installs what is missing (jemalloc), builds gridbench in release (figures from a debug
# build mean nothing) and runs `gridbench report`, which writes reports/latest/results.json,
# reports/latest/strategy-comparison.md (with charts in reports/latest/charts/) and the
# self-contained reports/latest/strategy-comparison.html. reports/latest/ is ignored by git,
# so the checkout stays clean. Arguments are passed to `gridbench report` (try --help).
#
# The committed reference report in reports/ is updated on purpose, from a quiet machine:
#   scripts/report.sh --repeat 5 --out reports
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
echo "report: building gridbench (release)…" >&2
swift build -c release --product gridbench
exec .build/release/gridbench report "$@"
