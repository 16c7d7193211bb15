#!/usr/bin/env bash
# The README's CI for a third party's layout, run as written: the conformance test ("Check
# your own layout"), then the CI step of "Gate your layout in CI" against the committed baseline,
# which record-baseline.sh wrote. GridBench's .ci/run runs this.
set -euo pipefail
cd "$(dirname "$0")"

# The conformance test. `swift test` would also build the gate's modules in debug, which
# nothing here runs: build the test product alone (44 s instead of 126 s on two cores).
swift build --product MyLayoutPackageTests
swift test --skip-build

dpkg -s valgrind libjemalloc-dev >/dev/null 2>&1 || sudo apt-get install -y valgrind libjemalloc-dev
swift build -c release --product my-gate
.build/release/my-gate check --baseline gate-baseline.json --markdown gate.md
