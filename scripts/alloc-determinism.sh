#!/usr/bin/env bash
# Allocation counts must depend only on the scene and its script, not on the
# process: runs each scene alone, then all of them in one process (each after
# the others, in reverse order) with a long dummy environment variable and a
# longer --out path, so memory lies elsewhere and the Swift runtime's shared
# metadata pools and caches were filled by other work first; compares the
# per-frame allocation arrays of every phase exactly.
#
# usage: scripts/alloc-determinism.sh [--frames N] [--size COLSxROWS] [SCENARIO...]
# Needs a release build (`swift build -c release`). Exit 0: identical; 1: a frame differs.
set -euo pipefail
cd "$(dirname "$0")/.."
frames=1500
size=120x40
scenes=()
while [ $# -gt 0 ]; do
    case "$1" in
        --frames) frames="$2"; shift 2 ;;
        --size) size="$2"; shift 2 ;;
        -*) echo "alloc-determinism: unknown option $1" >&2; exit 2 ;;
        *) scenes+=("$1"); shift ;;
    esac
done
[ ${#scenes[@]} -gt 0 ] || scenes=(profile-feed watcha-home safari-reader)
binary=.build/release/framebench
[ -x "$binary" ] || { echo "alloc-determinism: $binary missing: run swift build -c release" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
common=(--backend both --frames "$frames" --size "$size" --seed 1 --term xterm-256color --format json --quiet --force)
for scene in "${scenes[@]}"; do
    "$binary" run "$scene" "${common[@]}" --out "$work/$scene.json"
done
reversed=()
for ((i = ${#scenes[@]} - 1; i >= 0; i--)); do reversed+=("${scenes[$i]}"); done
together="$work/a/much/longer/path/so/that/the/arguments/differ/in/length/together.json"
mkdir -p "$(dirname "$together")"
FB_DETERMINISM_PADDING="$(head -c 20000 /dev/zero | tr '\0' x)" \
    "$binary" run "${reversed[@]}" "${common[@]}" --out "$together"
# framebench compares them (results-diff: every allocation metric, as
# Metric's kinds say, summaries and every frame), in our lane.
alone=()
for scene in "${scenes[@]}"; do alone+=("$work/$scene.json"); done
"$binary" results-diff "$(IFS=,; echo "${alone[*]}")" "$together" --any-order --backend framebench --exact allocation
