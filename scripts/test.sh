#!/usr/bin/env bash
# Quick start, command 2: the tests.
#
# Installs what is missing (jemalloc, which the gridbench binary links) and runs the root
# package's tests. Arguments are passed to `swift test` (for example --filter GridCoreTests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec swift test "$@"
