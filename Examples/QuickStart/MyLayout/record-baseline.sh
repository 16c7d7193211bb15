#!/usr/bin/env bash
# The README's record commands ("Gate your layout in CI"): a trace over the layout's own
# spec, made by the gate tool, and gate-baseline.json, which ci.sh checks against. Run it
# on the machine kind CI runs on, after an intended change.
set -euo pipefail
cd "$(dirname "$0")"

swift build -c release --product my-gate
.build/release/my-gate trace generate --spec my-grid.json --kind fling --seed 7 --out fling-120hz.json
.build/release/my-gate record --out gate-baseline.json   # again after an intended change
