#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and ThreadSanitizer, each in
# its own build directory so the normal build stays untouched.
#
#   scripts/sanitizers.sh [address|thread|both] [TEST FILTER]
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-both}
filter=${2:-}
run() {
    local sanitizer=$1
    echo "== swift test --sanitize=$sanitizer"
    local args=(--sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer")
    [ -n "$filter" ] && args+=(--filter "$filter")
    # The sanitizers bring their own allocator, so the allocation counter is
    # compiled out and the tests of exact counts skip themselves.
    LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
        swift test "${args[@]}"
}
case "$which" in
    address) run address ;;
    thread) run thread ;;
    both) run address; run thread ;;
    *) echo "usage: scripts/sanitizers.sh [address|thread|both] [TEST FILTER]" >&2; exit 2 ;;
esac
