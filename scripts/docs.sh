#!/usr/bin/env bash
# The API documentation of every library product, built with DocC (swift-docc-plugin): one
# archive per module, each from its catalog in Sources/<Module>/<Module>.docc.
# Warnings are errors: a broken ``symbol`` link, an undocumented or unknown parameter or a
# topic that names nothing fails the build, so the documentation cannot rot silently. A
# module's archive cannot link into another module's: name another module's symbols, and
# internal or package ones, in plain code (`GridError`), not as ``GridCore/GridError``.
#
#   bash scripts/docs.sh [OUT] [TARGET…]   # OUT defaults to .build/docs; one archive per
#                                          # module, OUT/<Module>.doccarchive; every module
#                                          # below unless TARGETs are named
#
# To read them in a browser while writing, serve one target's live:
#   swift package --disable-sandbox preview-documentation --target GridConformance
# (for a static site, swift-docc-plugin's --transform-for-static-hosting).
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-.build/docs}
mkdir -p "$out"
out=$(cd "$out" && pwd)

# Every library product's modules, bottom layer first (the GridGate product is two modules,
# GridGate and GridGateTool). A new library product adds its module here and a catalog.
all_targets=(
    GridCore GridLayouts GridStrategies GridViewport GridHarness GridReports
    GridConformance GridConformanceTesting GridConformanceXCTest GridGate GridGateTool
)
shift || true
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all_targets[@]}"); fi

failed=()
for target in "${targets[@]}"; do
    if [ ! -d "Sources/$target/$target.docc" ]; then
        echo "docs.sh: Sources/$target/$target.docc is missing: every documented module has a catalog." >&2
        failed+=("$target"); continue
    fi
    echo "=== $target → $out/$target.doccarchive"
    # DocC's own --warnings-as-errors: any warning in the module's doc comments or catalog
    # fails its build. Every target is built even when one fails, so that one run lists
    # every problem.
    if ! swift package --allow-writing-to-directory "$out" \
        generate-documentation --target "$target" \
        --output-path "$out/$target.doccarchive" --warnings-as-errors; then
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "docs.sh: DocC reported warnings or errors in ${failed[*]} (above): fix the doc comment or article named." >&2
    exit 1
fi
echo "docs.sh: ${targets[*]} documented without warnings → $out"
