#!/usr/bin/env bash
# What a restructuring of the harness must not change (issue "One measured
# path, typed all the way"), captured from one build and compared with another:
#
#   - recorded streams byte for byte: the sha256 of every file `framebench
#     record` writes, for every scene, size and terminal the replay check uses
#     (scripts/replay-check.sh with REPLAY_HASHES set: it records, no replay);
#   - instruction counts of every phase, both lanes, five scenes (callgrind):
#     within 0.1% of the phase (at least 50 instructions: two counted runs of
#     one build differ by a few instructions of system calls a frame);
#   - allocation counts and bytes of every phase, every frame: exactly equal.
#
#   scripts/refactor-invariants.sh capture BINARY DIR   # DIR must not exist
#   scripts/refactor-invariants.sh compare BEFORE_DIR AFTER_DIR
#
# BINARY: a release build of framebench. Exit 0: unchanged; 1: a difference
# (each one listed); 2: bad arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: $0 capture BINARY DIR | compare BEFORE_DIR AFTER_DIR" >&2; exit 2; }
[ $# -eq 3 ] || usage
case "$1" in
capture)
    binary=$(realpath "$2") dir=$3
    [ -x "$binary" ] || { echo "refactor-invariants: $2 is not an executable" >&2; exit 2; }
    [ ! -e "$dir" ] || { echo "refactor-invariants: $dir exists; give a new folder" >&2; exit 2; }
    mkdir -p "$dir"
    dir=$(realpath "$dir")
    REPLAY_HASHES="$dir/streams.sha256" scripts/replay-check.sh "$binary" >/dev/null
    echo "refactor-invariants: $(wc -l <"$dir/streams.sha256") recorded files hashed"
    common=(--backend both --frames 300 --seed 1 --term xterm-256color --format json --quiet)
    "$binary" run plain-feed random-edits profile-feed watcha-home safari-reader --size 120x40 \
        "${common[@]}" --measure instructions --out "$dir/instructions.json"
    "$binary" run plain-feed random-edits profile-feed watcha-home safari-reader --size 120x40 \
        "${common[@]}" --out "$dir/allocations.json"
    "$binary" overhead >"$dir/overhead.txt" 2>&1 || true
    echo "refactor-invariants: captured in $dir"
    ;;
compare)
    before=$2 after=$3
    for d in "$before" "$after"; do
        [ -f "$d/streams.sha256" ] || { echo "refactor-invariants: $d holds no capture" >&2; exit 2; }
    done
    status=0
    if ! diff -u "$before/streams.sha256" "$after/streams.sha256" >"$after/streams.diff"; then
        echo "FAIL  recorded streams differ:"
        head -40 "$after/streams.diff"
        status=1
    else
        echo "ok    recorded streams byte-identical ($(wc -l <"$after/streams.sha256") files)"
    fi
    python3 - "$before" "$after" <<'PYTHON' || status=1
import json, sys
before, after = sys.argv[1], sys.argv[2]
def load(folder, name):
    document = json.load(open(f"{folder}/{name}"))
    return {(s["name"], s["backend"]): s for s in document["scenarios"]}
problems, compared, worst = [], 0, 0.0
a, b = load(before, "instructions.json"), load(after, "instructions.json")
if sorted(a) != sorted(b):
    problems.append(f"benchmarks differ: {sorted(a)} vs {sorted(b)}")
for key in sorted(set(a) & set(b)):
    x, y = a[key].get("instructions") or {}, b[key].get("instructions") or {}
    frame = x.get("instructions_per_frame", 0)
    if not x:
        problems.append(f"{key}: no instruction counts")
    if sorted(x) != sorted(y):
        problems.append(f"{key}: instruction metrics {sorted(x)} vs {sorted(y)}")
    for metric in sorted(set(x) & set(y)):
        compared += 1
        difference = abs(x[metric] - y[metric])
        allowed = max(0.001 * x[metric], 50)  # a phase of a few thousand instructions: 50 of system-call noise
        worst = max(worst, difference / x[metric] if x[metric] else 0)
        if difference > allowed:
            problems.append(f"{key}: {metric} {x[metric]:.0f} vs {y[metric]:.0f} ({difference / x[metric] * 100 if x[metric] else 0:.3f}%)")
print(f"{'ok  ' if not problems else 'FAIL'}  instruction counts per phase within 0.1% ({compared} compared; largest difference {worst * 100:.4f}%)")
instruction_problems = len(problems)
a, b = load(before, "allocations.json"), load(after, "allocations.json")
frames_compared = 0
for key in sorted(set(a) & set(b)):
    fa, fb = a[key]["runs"][0]["frames"], b[key]["runs"][0]["frames"]
    metrics = sorted(k for k in fa if "alloc" in k)
    if not metrics:
        problems.append(f"{key}: no allocation counts")
    for metric in metrics:
        if fa[metric] != fb.get(metric):
            differing = [i for i, (p, q) in enumerate(zip(fa[metric], fb.get(metric, []))) if p != q]
            problems.append(f"{key}: {metric} differs in {len(differing)} frames (first {differing[:3]})")
        frames_compared += len(fa[metric])
print(f"{'ok  ' if len(problems) == instruction_problems else 'FAIL'}  allocation counts exactly equal ({frames_compared} frame values compared)")
for line in problems[:30]:
    print(f"        | {line}")
sys.exit(1 if problems else 0)
PYTHON
    echo "overhead before:"; sed 's/^/  /' "$before/overhead.txt" | tail -8
    echo "overhead after:"; sed 's/^/  /' "$after/overhead.txt" | tail -8
    exit $status
    ;;
*) usage ;;
esac
