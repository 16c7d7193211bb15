#!/usr/bin/env bash
# The README's record command ("Gate your layout in CI"): writes gate-baseline.json, which
# ci.sh checks against. Run it on the machine kind CI runs on, after an intended change.
set -euo pipefail
cd "$(dirname "$0")"

swift build -c release --product my-gate
.build/release/my-gate record --out gate-baseline.json   # again after an intended change
