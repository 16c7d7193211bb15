#!/usr/bin/env bash
# The API documentation of GridCore and GridConformance, built with DocC (swift-docc-plugin).
# Warnings are errors: a broken ``symbol`` link, an unknown parameter or a topic that
# names nothing fails the build, so the documentation cannot rot silently.
#
#   bash scripts/docs.sh [OUT]     # OUT defaults to .build/docs; one archive per module:
#                                  # OUT/GridCore.doccarchive, OUT/GridConformance.doccarchive
#
# To read them in a browser while writing, serve one target's live:
#   swift package --disable-sandbox preview-documentation --target GridConformance
# (for a static site, swift-docc-plugin's --transform-for-static-hosting).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-.build/docs}
mkdir -p "$out"
out=$(cd "$out" && pwd)

failed=()
for target in GridCore GridConformance; do
    echo "=== $target → $out/$target.doccarchive"
    # --warnings-as-errors is DocC's own flag, passed through by the plugin. Both targets
    # are built even when the first fails, so that one run lists every problem.
    swift package --allow-writing-to-directory "$out" \
        generate-documentation --target "$target" \
        --warnings-as-errors \
        --output-path "$out/$target.doccarchive" || failed+=("$target")
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "docs.sh: DocC reported warnings or errors in ${failed[*]} (above); fix the doc comments or articles they name." >&2
    exit 1
fi
echo "docs.sh: GridCore and GridConformance documented, no warnings → $out"
