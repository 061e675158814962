#!/usr/bin/env bash
# A local rehearsal of the sharded CI flow (.github/workflows/benchmarks.yml):
# the suite run whole, then as N shards in N separate framebench processes at
# once (as N runners would), the shards merged with `framebench merge`, and
# the merged document checked against the whole run:
#
#   - every benchmark of the suite is in exactly one shard, and in the merge once;
#   - output counts (bytes, dirty cells, rows, rects, scrolls) are equal on
#     every frame of every run, and so are allocation counts (count and bytes,
#     whole frame and each phase: each run happens in a fresh framebench
#     process, so what else a shard runs cannot change them); instruction
#     counts, each benchmark counted
#     in a process of its own, agree within 0.1% of the frame (a tenth of the
#     gate's tolerance) with --measure instructions;
#   - merge refuses a missing shard and a shard given twice (exit 2).
#
#   scripts/ci-rehearsal.sh [--shards N] [--frames F] [--suite NAME]
#                           [--measure time|instructions|time,instructions]
#                           [--binary PATH]
#
#   --shards N    runners to rehearse (3)
#   --frames F    frames per benchmark (60: the flow, not the figures)
#   --suite NAME  the suite in Benchmarks/suites.json (default)
#   --measure M   passed to every run; with instructions, counts compare too
#   --binary PATH framebench to run (.build/release/framebench, built if missing)
#
# The last line is `ci-rehearsal: N passed, M failed`; the exit status is 0
# when nothing failed, 1 when a check failed, 2 for bad usage.
set -euo pipefail

program=ci-rehearsal
usage="usage: scripts/ci-rehearsal.sh [--shards N] [--frames F] [--suite NAME] [--measure time|instructions|time,instructions] [--binary PATH]"
fail() { printf '%s: %s\n' "$program" "$*" >&2; exit 2; }

shards=3
frames=60
suite=default
measure=time
binary=
while [ $# -gt 0 ]; do
    case "$1" in
        --shards | --frames | --suite | --measure | --binary)
            [ $# -ge 2 ] || fail "$1 needs a value"$'\n'"$usage"
            case "$1" in
                --shards) shards=$2 ;;
                --frames) frames=$2 ;;
                --suite) suite=$2 ;;
                --measure) measure=$2 ;;
                --binary) binary=$2 ;;
            esac
            shift 2
            ;;
        -h | --help) printf '%s\n' "$usage"; exit 0 ;;
        *) fail "unknown argument '$1'"$'\n'"$usage" ;;
    esac
done
[[ $shards =~ ^[1-9][0-9]*$ ]] && [ "$shards" -le 64 ] || fail "--shards must be a whole number 1...64, not '$shards'"
[[ $frames =~ ^[1-9][0-9]*$ ]] || fail "--frames must be a positive whole number, not '$frames'"
case "$measure" in
    time | instructions | time,instructions | instructions,time) ;;
    *) fail "--measure must be time, instructions or time,instructions, not '$measure'" ;;
esac

cd "$(dirname "$0")/.."
if [ -z "$binary" ]; then
    binary=.build/release/framebench
    if [ ! -x "$binary" ]; then
        echo "$program: building framebench (release) ..." >&2
        swift build -c release --product framebench >&2
    fi
fi
[ -x "$binary" ] || fail "--binary $binary is not an executable"
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")

work=$(mktemp -d "${TMPDIR:-/tmp}/ci-rehearsal.XXXXXX")
pids=()
cleanup() {
    local pid
    for pid in ${pids[@]+"${pids[@]}"}; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

passed=0
failed=0
check() {  # description command...
    local description=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "  ok    $description"
    else
        failed=$((failed + 1))
        echo "  FAIL  $description"
    fi
}
started=$SECONDS
# Swift seeds its hash tables per process, and the order a scene walks a
# dictionary changes a few frames' allocation counts from run to run; a fixed
# seed makes every run of one build count the same (as the workflow does).
export SWIFT_DETERMINISTIC_HASHING=1
options=(run --suite "$suite" --frames "$frames" --measure "$measure" --format json --quiet)

echo "$program: suite $suite, $frames frames, measuring $measure: whole, then $shards shards in parallel"
whole_status=0
"$binary" "${options[@]}" --out "$work/whole.json" 2>"$work/whole.err" || whole_status=$?
check "the whole suite runs (exit $whole_status)" test "$whole_status" -eq 0

for ((index = 1; index <= shards; index++)); do
    "$binary" "${options[@]}" --shard "$index/$shards" --out "$work/shard-$index.json" 2>"$work/shard-$index.err" &
    pids+=($!)
done
for ((index = 1; index <= shards; index++)); do
    status=0
    wait "${pids[index - 1]}" || status=$?
    check "shard $index/$shards runs in its own process (exit $status)" test "$status" -eq 0
    [ "$status" -eq 0 ] || sed 's/^/        | /' "$work/shard-$index.err"
done
pids=()

shard_files=()
for ((index = 1; index <= shards; index++)); do shard_files+=("$work/shard-$index.json"); done
merge_status=0
"$binary" merge "${shard_files[@]}" --out "$work/merged.json" --quiet 2>"$work/merge.err" || merge_status=$?
check "framebench merge accepts the $shards shards (exit $merge_status)" test "$merge_status" -eq 0
[ "$merge_status" -eq 0 ] || sed 's/^/        | /' "$work/merge.err"

# The documents are compared by framebench itself (results-diff), which
# knows which metric is of which kind; its lines are shown under the check.
differ() {  # all|differences results-diff-arguments...: exit 0 when the documents agree
    local shown=$1 status=0
    shift
    "$binary" results-diff "$@" >"$work/diff.out" 2>&1 || status=$?
    if [ "$shown" = all ]; then cat "$work/diff.out"; else grep -v '^  same ' "$work/diff.out" || true; fi \
        | head -n 40 | sed 's/^/        | /'
    return "$status"
}
shards_list=$(IFS=,; echo "${shard_files[*]}")
if [ "$whole_status" -eq 0 ] && [ "$merge_status" -eq 0 ]; then
    check "every benchmark runs in exactly one shard, with the whole run's settings" \
        differ all "$work/whole.json" "$shards_list" --any-order
    check "the merge holds every benchmark once, in suite order" differ differences "$work/whole.json" "$work/merged.json"
    check "output counts (bytes, dirty cells, rows, rects, scrolls) of the merge equal the whole run's, frame by frame" \
        differ differences "$work/whole.json" "$work/merged.json" --exact output
    # Exact on every frame: each run is a process of its own (IsolatedRun),
    # so a shard's other benchmarks cannot change a count.
    check "allocation counts (count and bytes, every phase) of the merge equal the whole run's, frame by frame" \
        differ differences "$work/whole.json" "$work/merged.json" --exact allocation
    # Two counted runs of one build differ by a few hundred instructions a
    # frame (system calls under valgrind); the gate allows 1% of the whole
    # frame, this allows a tenth of that.
    if [[ $measure == *instructions* ]]; then
        check "instruction counts of the merge agree with the whole run's within 0.1% of the frame" \
            differ differences "$work/whole.json" "$work/merged.json" --within instructions=0.1%
    fi
fi

refused() {  # expected-message arguments...: merge exits 2 saying so
    local expected=$1 status=0
    shift
    "$binary" merge "$@" --out "$work/refused.json" --quiet 2>"$work/refused.err" || status=$?
    [ "$status" -eq 2 ] && grep -q -- "$expected" "$work/refused.err" && [ ! -e "$work/refused.json" ]
}
if [ "$shards" -ge 2 ]; then
    check "merge refuses a missing shard (exit 2)" refused "missing shard 2/$shards" "${shard_files[@]:0:1}" "${shard_files[@]:2}"
    check "merge refuses a shard given twice (exit 2)" refused "is the same file as" "${shard_files[@]}" "${shard_files[0]}"
fi
check "merge refuses the whole run mixed with shards (exit 2)" refused "a whole run" "$work/whole.json" "${shard_files[@]}"

echo "$program: $((SECONDS - started)) s"
echo "$program: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
