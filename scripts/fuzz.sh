#!/usr/bin/env bash
# Coverage-guided fuzzing of the render core with libFuzzer (swiftc
# -sanitize=fuzzer) under AddressSanitizer. Arbitrary bytes become writes of
# arbitrary text into a small grid; every frame is replayed through the test
# terminal model and must show exactly the intended frame.
#
#   scripts/fuzz.sh [SECONDS]      (default 60; crashes are kept in .build/fuzz/crashes)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=.build/fuzz
mkdir -p "$out/corpus" "$out/crashes"
flags=(-O -sanitize=fuzzer,address -parse-as-library -enable-testing)
ncurses=(-I Sources/CNcurses -Xcc -D_DEFAULT_SOURCE -Xcc -D_XOPEN_SOURCE=600)

echo "fuzz: building"
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name FrameGrid \
    -emit-module-path "$out/FrameGrid.swiftmodule" -o "$out/libFrameGrid.a" $(find Sources/FrameGrid -name '*.swift')
swiftc "${flags[@]}" "${ncurses[@]}" -I "$out" -emit-module -emit-library -static -module-name TerminalOutput \
    -emit-module-path "$out/TerminalOutput.swiftmodule" -o "$out/libTerminalOutput.a" $(find Sources/TerminalOutput -name '*.swift')
swiftc "${flags[@]}" "${ncurses[@]}" -I "$out" -module-name RenderFuzzer \
    scripts/fuzz/RenderFuzzer.swift Tests/TerminalOutputTests/Support/TestTerminal.swift \
    "$out/libTerminalOutput.a" "$out/libFrameGrid.a" -lncursesw -ltinfo -o "$out/render-fuzzer" 2> >(grep -v 'Cannot export local symbol' >&2)

echo "fuzz: running for ${seconds}s"
"$out/render-fuzzer" -max_total_time="$seconds" -max_len=512 -artifact_prefix="$out/crashes/" "$out/corpus" 2>&1 | tail -n 5
