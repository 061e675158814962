#!/usr/bin/env bash
# Checks framebench's exports as their readers would take them: the
# github-benchmark and BMF JSON against the JSON schemas in
# Benchmarks/schemas/ (check-jsonschema, from PyPI, in the same virtual
# environment as scripts/lint-ci.sh), results files (schema 2: a run, a
# merge of rounds, a program run, a run past the 100,000 frames a run keeps
# one by one (its runs[].distributions and summarized_frames) and every
# committed baseline in Results/) against docs/results.schema.json, and the CSV with Python's csv module
# in strict mode (RFC 4180 quoting, the same number of fields in every row).
# Usage: scripts/check-exports.sh [path/to/framebench]
set -euo pipefail
cd "$(dirname "$0")/.."
framebench=${1:-.build/release/framebench}

venv=.build/ci-lint
if [ ! -x "$venv/bin/check-jsonschema" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'check-jsonschema==0.39.0' 'yamllint==1.38.0'
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run=(run plain-feed --frames 60 --size 40x10 --backend both --term xterm-256color)
"$framebench" "${run[@]}" --format github-benchmark --out "$out/chart.json"
"$framebench" "${run[@]}" --format bmf --out "$out/bmf.json"
"$framebench" "${run[@]}" --format csv --out "$out/results.csv"
"$framebench" "${run[@]}" --format json --out "$out/round1.json"
"$framebench" "${run[@]}" --format json --out "$out/round2.json"
"$framebench" merge "$out/round1.json" "$out/round2.json" --rounds --out "$out/merged.json" --quiet
# Past FrameSamples.exactFrameLimit (100,000) a run keeps distributions: a few seconds at 20x5 in release.
"$framebench" run plain-feed --size 20x5 --frames 100500 --term xterm-256color --format json --out "$out/summarized.json"
"$framebench" program --size 40x10 --keys 'wait 100ms; j x3' --format json --out "$out/program.json" \
    -- sh -c 'seq 1 100 | less' >/dev/null

"$venv/bin/check-jsonschema" --schemafile Benchmarks/schemas/github-benchmark.schema.json "$out/chart.json"
"$venv/bin/check-jsonschema" --schemafile Benchmarks/schemas/bmf.schema.json "$out/bmf.json"
"$venv/bin/check-jsonschema" --schemafile docs/results.schema.json \
    "$out/round1.json" "$out/merged.json" "$out/program.json" "$out/summarized.json" Results/*.json
python3 - "$out/summarized.json" <<'PY'
import json, sys
scenario = json.load(open(sys.argv[1]))["scenarios"][0]
note = scenario.get("summarized_frames")
assert note and note["frames"] > note["exact_frame_limit"], f"not summarized: {note}"
run = scenario["runs"][0]
assert run["distributions"]["frame_time_ns"]["count"] == note["frames"], run["distributions"].get("frame_time_ns", {}).get("count")
assert not run.get("frames"), "a summarized run kept its frames too"
tail = scenario.get("tail")
assert tail and tail["from_distribution"] and tail["measured_frames"] == note["frames"], tail
apart = tail.get("preempted", 0) + tail.get("resized", {}).get("count", 0)
assert tail["frames"] + apart == tail["measured_frames"], f"the tail's frames and those apart are not the run's: {tail}"
print(f"summarized: {note['frames']} frames past {note['exact_frame_limit']}, {len(run['distributions'])} distributions, "
      f"tail of {tail['frames']} frames (p99 {tail['p99_ns']:.0f} ns, met: {tail['p99_met']})")
PY
python3 - "$out/round1.json" <<'PY'
import json, sys
scenarios = {s["backend"]: s for s in json.load(open(sys.argv[1]))["scenarios"]}
tail = scenarios["framebench"].get("tail")
assert tail and not tail["from_distribution"] and "p50_ratio_met" in tail, f"our lane's tail, judged against ncurses: {tail}"
assert "tail" not in scenarios["ncurses"], "only our lane's tail is judged"
PY
# The schema must be able to fail: a results file with a misspelt backend is refused.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["scenarios"][0]["backend"] = "framebnech"; json.dump(d, open(sys.argv[2], "w"))' \
    "$out/round1.json" "$out/broken.json"
if "$venv/bin/check-jsonschema" --schemafile docs/results.schema.json "$out/broken.json" >/dev/null 2>&1; then
    echo "check-exports: results.schema.json accepted a results file with an unknown backend" >&2
    exit 1
fi
# ... and one whose distribution's buckets are misspelt.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); t = d["scenarios"][0]["runs"][0]["distributions"]["frame_time_ns"]; t["bukets"] = t.pop("buckets"); json.dump(d, open(sys.argv[2], "w"))' \
    "$out/summarized.json" "$out/broken-summarized.json"
if "$venv/bin/check-jsonschema" --schemafile docs/results.schema.json "$out/broken-summarized.json" >/dev/null 2>&1; then
    echo "check-exports: results.schema.json accepted a distribution without its buckets" >&2
    exit 1
fi
python3 - "$out/results.csv" <<'PY'
import csv, sys
with open(sys.argv[1], newline="") as handle:
    rows = list(csv.reader(handle, strict=True))
header = ["benchmark", "backend", "scenario", "script", "metric", "unit", "statistic", "value"]
assert rows[0] == header, rows[0]
assert len(rows) > 1, "no data rows"
for row in rows[1:]:
    assert len(row) == len(header), row
    float(row[7])
assert {row[1] for row in rows[1:]} == {"framebench", "ncurses"}
print(f"csv: {len(rows) - 1} rows, {len(header)} fields each")
PY
echo "check-exports: github-benchmark, bmf, csv and results files (schema 2, summarized runs too) are what their readers take"
