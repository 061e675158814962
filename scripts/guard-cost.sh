#!/usr/bin/env bash
# What TerminalScreen (the sequence guard, libvterm, the answers) costs a
# byte, release build, here against a baseline commit: both versions of
# Sources/ProgramDriver are compiled alone with swiftc -O and fed the same
# stream files in 4 KB writes (a frame every 64 KB), rounds interleaved.
# Prints ns/byte (median and min of REPEATS passes) per version and file.
#
#   scripts/guard-cost.sh BASELINE_REV ROUNDS REPEATS STREAM...
#   e.g. scripts/guard-cost.sh main 3 5 /tmp/textual-full.bin
# Streams: scripts/fuzz/record_streams.py with RECORD_FULL=1 writes NAME-full.bin.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || { echo "usage: scripts/guard-cost.sh BASELINE_REV ROUNDS REPEATS STREAM..." >&2; exit 2; }
baseline=$1 rounds=$2 repeats=$3
shift 3
out=.build/guard-cost
rm -rf "$out" && mkdir -p "$out/base/Sources" "$out/CPseudoTerminal"
git archive "$baseline" Sources/ProgramDriver | tar -x -C "$out/base"
printf 'module CPseudoTerminal {\n    header "%s"\n    export *\n}\n' \
    "$PWD/Sources/CPseudoTerminal/include/CPseudoTerminal.h" > "$out/CPseudoTerminal/module.modulemap"
clang -O2 -I Sources/CPseudoTerminal/include -c Sources/CPseudoTerminal/PseudoTerminal.c -o "$out/PseudoTerminal.o"
build() {  # build NAME SOURCE_FOLDER
    mkdir -p "$out/$1" && cp scripts/guard-cost/ScreenCost.swift "$out/$1/main.swift"
    swiftc -O -wmo -I Sources/CVTerm -I "$out/CPseudoTerminal" -module-name ScreenCost "$out/$1/main.swift" \
        "$2"/*.swift "$out/PseudoTerminal.o" -lvterm -lutil -o "$out/$1/screen-cost"
}
build base "$out/base/Sources/ProgramDriver"
build head Sources/ProgramDriver
for round in $(seq "$rounds"); do
    for version in base head; do
        for stream in "$@"; do
            echo "round $round $version: $("$out/$version/screen-cost" "$stream" 120 40 "$repeats")"
        done
    done
done
