#!/usr/bin/env bash
# The API documentation of every library product, built with DocC (swift-docc-plugin): one
# archive per module, each from its catalog in Sources/<Module>/<Module>.docc.
# Warnings are errors: a broken ``symbol`` link, an unknown parameter or a topic that
# names nothing fails the build, so the documentation cannot rot silently (except the known
# ones listed in scripts/docs-known-warnings.txt, each to be fixed and deleted there).
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

# Broken links in doc comments of .swift files that predate these modules' catalogs, one per
# line: "Target | file | message". Each is a known debt, to be fixed in the source and then
# deleted here; any diagnostic not listed fails the build, and so does a listed one that no
# longer occurs (delete it). Catalog articles (.md) may have none.
known="scripts/docs-known-warnings.txt"
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

failed=()
for target in "${targets[@]}"; do
    if [ ! -d "Sources/$target/$target.docc" ]; then
        echo "docs.sh: Sources/$target/$target.docc is missing: every documented module has a catalog." >&2
        failed+=("$target"); continue
    fi
    echo "=== $target → $out/$target.doccarchive"
    # DocC's own --warnings-as-errors would also fail on the known debts above, so warnings
    # are collected here and judged against the list instead. Every target is built even
    # when one fails, so that one run lists every problem.
    if ! swift package --allow-writing-to-directory "$out" \
        generate-documentation --target "$target" \
        --output-path "$out/$target.doccarchive" 2>&1 | tee "$logs/$target.log"; then
        failed+=("$target"); continue
    fi
    # "warning: MESSAGE" then "  --> PATH:LINE:COL": keyed by target, path and message, so
    # that a line number moving does not matter.
    awk -v target="$target" '
        function flush() { if (msg != "") print target " | " (file == "" ? "-" : file) " | " msg; msg = ""; file = "" }
        /^(warning|error): / { flush(); msg = $0; sub(/^(warning|error): /, "", msg); next }
        /^ *--> / && msg != "" { file = $2; sub(/:[0-9].*$/, "", file); sub(/^(\.\.\/)+/, "", file); flush(); next }
        END { flush() }
    ' "$logs/$target.log" | grep -v "^$target | - | 'docc convert' invocation failed" | sort -u > "$logs/$target.found" || true
    grep -v '^#' "$known" 2>/dev/null | grep "^$target | " | sort -u > "$logs/$target.known" || true
    new=$(comm -23 "$logs/$target.found" "$logs/$target.known")
    gone=$(comm -13 "$logs/$target.found" "$logs/$target.known")
    if [ -n "$new" ]; then
        echo "docs.sh: $target: DocC warnings (fix the doc comment or article named):" >&2
        echo "$new" | sed 's/^/  /' >&2
        failed+=("$target")
    fi
    if [ -n "$gone" ]; then
        echo "docs.sh: $target: fixed, so delete these lines from $known:" >&2
        echo "$gone" | sed 's/^/  /' >&2
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "docs.sh: DocC reported warnings or errors in ${failed[*]} (above)." >&2
    exit 1
fi
echo "docs.sh: ${targets[*]} documented, no warnings but the known ones in $known → $out"
