#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer (swiftc -sanitize=fuzzer) under
# AddressSanitizer, of one of two targets:
#   render  the render core: arbitrary bytes become writes of arbitrary text
#           into a small grid; every frame is replayed through the test
#           terminal model and must show exactly the intended frame.
#   driver  the program driver's byte path: arbitrary bytes are what a
#           program wrote, through TerminalScreen (sequence guard, libvterm,
#           answers); seeded with real programs' streams (scripts/fuzz/driver-corpus,
#           recorded by scripts/fuzz/record_streams.py).
#
#   scripts/fuzz.sh [SECONDS] [render|driver]   (default 60 render; crashes are kept in .build/fuzz/crashes,
#   printed in hex when found; past findings, replayed first, in scripts/fuzz/{render,driver}-regressions)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
target=${2:-render}
case "$target" in
    render | driver) ;;
    *) echo "fuzz.sh: unknown target '$target' (render or driver)" >&2; exit 2 ;;
esac
out=.build/fuzz
mkdir -p "$out/corpus" "$out/crashes"
flags=(-O -sanitize=fuzzer,address -parse-as-library -enable-testing)
ncurses=(-I Sources/CNcurses -Xcc -D_DEFAULT_SOURCE -Xcc -D_XOPEN_SOURCE=600)

# Runs a fuzzer; prints the end of its log when it passes, and on a finding
# the reason (the check that failed or the sanitizer's report) and each
# input it kept, in hex: a CI log then says what was found without the
# machine it ran on. The Swift backtracer is off: under AddressSanitizer its
# crash handler reports itself instead of the finding.
run_fuzzer() {
    local log status=0
    log=$(mktemp)
    SWIFT_BACKTRACE=enable=no "$@" > "$log" 2>&1 || status=$?
    if [ "$status" -eq 0 ]; then
        tail -n 5 "$log"
        rm -f "$log"
        return 0
    fi
    echo "fuzz: FOUND a failure (exit $status):"
    grep -a -E 'Fatal error|Precondition failed|ERROR: AddressSanitizer|ERROR: libFuzzer|SUMMARY' "$log" | head -n 20 || true
    grep -a -A 12 'ERROR: AddressSanitizer' "$log" | grep -a '^ *#' | head -n 12 || true
    for found in "$out"/crashes/*; do
        [ -f "$found" ] || continue
        echo "fuzz: input kept in $found ($(wc -c < "$found") bytes):"
        od -A d -t x1 "$found" | head -n 32 || true
    done
    echo "fuzz: replay with: SWIFT_BACKTRACE=enable=no $1 FILE; keep a fixed finding in scripts/fuzz/${target}-regressions"
    rm -f "$log"
    return "$status"
}

if [ "$target" = driver ]; then
    echo "fuzz: building the driver target"
    mkdir -p "$out/CPseudoTerminal" "$out/ProcessLifetime" "$out/driver-corpus"
    # The C targets as SwiftPM builds them: CPseudoTerminal includes ProcessLifetime's header,
    # and ProgramDriver imports both.
    for module in CPseudoTerminal ProcessLifetime; do
        printf 'module %s {\n    header "%s"\n    export *\n}\n' "$module" \
            "$PWD/Sources/$module/include/$module.h" > "$out/$module/module.modulemap"
    done
    c_objects=()
    for source in Sources/CPseudoTerminal/*.c Sources/ProcessLifetime/*.c; do
        object="$out/$(basename "$(dirname "$source")")-$(basename "$source" .c).o"
        clang -O1 -fsanitize=fuzzer-no-link,address -I Sources/CPseudoTerminal/include \
            -I Sources/ProcessLifetime/include -c "$source" -o "$object"
        c_objects+=("$object")
    done
    c_modules=(-I Sources/CVTerm -I "$out/CPseudoTerminal" -I "$out/ProcessLifetime")
    # The Swift targets ProgramDriver imports (JSONText: the frame log's string escaping).
    swiftc "${flags[@]}" -emit-module -emit-library -static \
        -module-name JSONText -emit-module-path "$out/JSONText.swiftmodule" -o "$out/libJSONText.a" \
        $(find Sources/JSONText -name '*.swift')
    swiftc "${flags[@]}" "${c_modules[@]}" -I "$out" -emit-module -emit-library -static \
        -module-name ProgramDriver -emit-module-path "$out/ProgramDriver.swiftmodule" -o "$out/libProgramDriver.a" \
        $(find Sources/ProgramDriver -name '*.swift')
    swiftc "${flags[@]}" "${c_modules[@]}" -I "$out" -module-name DriverFuzzer \
        scripts/fuzz/DriverFuzzer.swift "$out/libProgramDriver.a" "$out/libJSONText.a" "${c_objects[@]}" -lvterm -lutil \
        -o "$out/driver-fuzzer" 2> >(grep -v 'Cannot export local symbol' >&2)
    echo "fuzz: running the driver target for ${seconds}s"
    # The first folder collects what the run finds; the others hold the recorded seeds and
    # every past finding (read only), so each run replays them first.
    run_fuzzer "$out/driver-fuzzer" -max_total_time="$seconds" -max_len=8192 -artifact_prefix="$out/crashes/" \
        "$out/driver-corpus" scripts/fuzz/driver-corpus scripts/fuzz/driver-regressions
    exit 0
fi

echo "fuzz: building"
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name FrameGrid \
    -emit-module-path "$out/FrameGrid.swiftmodule" -o "$out/libFrameGrid.a" $(find Sources/FrameGrid -name '*.swift')
swiftc "${flags[@]}" "${ncurses[@]}" -I "$out" -emit-module -emit-library -static -module-name TerminalOutput \
    -emit-module-path "$out/TerminalOutput.swiftmodule" -o "$out/libTerminalOutput.a" $(find Sources/TerminalOutput -name '*.swift')
swiftc "${flags[@]}" "${ncurses[@]}" -I "$out" -module-name RenderFuzzer \
    scripts/fuzz/RenderFuzzer.swift Tests/TerminalOutputTests/Support/TestTerminal.swift \
    "$out/libTerminalOutput.a" "$out/libFrameGrid.a" -lncursesw -ltinfo -o "$out/render-fuzzer" 2> >(grep -v 'Cannot export local symbol' >&2)

echo "fuzz: running for ${seconds}s"
# The first folder collects what the run finds; scripts/fuzz/render-regressions
# holds every past finding (read only), so each run replays them first.
run_fuzzer "$out/render-fuzzer" -max_total_time="$seconds" -max_len=512 -artifact_prefix="$out/crashes/" \
    "$out/corpus" scripts/fuzz/render-regressions
