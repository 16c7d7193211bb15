#!/usr/bin/env bash
# Fuzzes every reader of GridBench's files with libFuzzer (and AddressSanitizer).
#
#   bash scripts/fuzz.sh                 # every target, 100,000 runs each
#   bash scripts/fuzz.sh 2000000 spec    # one target, two million runs
#   RUNS=0 SECONDS_EACH=600 bash scripts/fuzz.sh   # every target for ten minutes each
#
# Targets: spec trace csv plan fixture results queries answers golden. The seed corpus is
# the bundled files of each kind (datasets/, Tests/Corpus/); inputs that reach new code
# are kept in .build-fuzz/corpus/<target>/ between runs. A crash is written to
# .build-fuzz/crashes/<target>/ and makes the script exit 1; reproduce it with a plain
# build: swift build --product gridbench-fuzz && .build/debug/gridbench-fuzz <target> FILE.
# Prints executions and crashes per target. Run long campaigns with nice.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-${RUNS:-100000}}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(spec trace csv plan fixture results queries answers golden)
scratch=.build-fuzz
swift build -c release --scratch-path "$scratch" --product gridbench-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DGRIDBENCH_LIBFUZZER \
    -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld 2>&1 | tail -3  # gold fails on libFuzzer beside a program main
binary="$scratch/release/gridbench-fuzz"

seeds() {
    case "$1" in
        spec) ls datasets/specs/*.json Tests/Corpus/base/spec-*.json Tests/Corpus/cases/findings/spec-*.json ;;
        trace) ls datasets/traces/scale-100/*.json datasets/traces/photos-2976/drag-60hz.json Tests/Corpus/base/trace.json ;;
        csv) ls Tests/Corpus/base/*.csv ;;
        plan) ls datasets/plan.json datasets/gate-plan.json Tests/Corpus/base/plan.json Tests/Corpus/cases/findings/plan-*.json ;;
        fixture) ls datasets/fixtures/replay/scale-100/*.json Tests/Corpus/base/replay-fixture.json ;;
        results) ls Tests/Corpus/base/results.json Tests/Corpus/cases/findings/results-*.json ;;
        queries) ls Tests/Corpus/base/queries.json Tests/Corpus/cases/findings/queries-*.json ;;
        answers) ls Tests/Corpus/base/answers.json ;;
        golden) ls datasets/fixtures/layouts/*.json | head -4 ;;
    esac
}

failed=0
total=0
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target" crashes="$scratch/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    for seed in $(seeds "$target"); do cp "$seed" "$corpus/seed-$(basename "$seed")"; done
    log="$scratch/fuzz-$target.log"
    limits=(-rss_limit_mb=2048 -timeout=10 -max_len=65536 -artifact_prefix="$crashes/" -print_final_stats=1)
    if [ "$runs" -gt 0 ]; then limits+=(-runs="$runs"); else limits+=(-max_total_time="${SECONDS_EACH:-60}"); fi
    status=0
    GRIDBENCH_FUZZ_TARGET=$target "$binary" "${limits[@]}" "$corpus" >"$log" 2>&1 || status=$?
    executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    found=$(find "$crashes" -type f | wc -l)
    total=$((total + executions))
    echo "$target: $executions executions, $found crashes$([ $status -ne 0 ] && echo " (exit $status, see $log)")"
    [ "$found" -eq 0 ] && [ $status -eq 0 ] || failed=1
done
echo "total: $total executions"
exit $failed
