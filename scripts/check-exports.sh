#!/usr/bin/env bash
# Checks framebench's exports as their readers would take them: the
# github-benchmark and BMF JSON against the JSON schemas in
# Benchmarks/schemas/ (check-jsonschema, from PyPI, in the same virtual
# environment as scripts/lint-ci.sh), results files (schema 2: a run, a
# merge of rounds, a program run and every committed baseline in Results/)
# against docs/results.schema.json, and the CSV with Python's csv module
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
"$framebench" program --size 40x10 --keys 'wait 100ms; j x3' --format json --out "$out/program.json" \
    -- sh -c 'seq 1 100 | less' >/dev/null

"$venv/bin/check-jsonschema" --schemafile Benchmarks/schemas/github-benchmark.schema.json "$out/chart.json"
"$venv/bin/check-jsonschema" --schemafile Benchmarks/schemas/bmf.schema.json "$out/bmf.json"
"$venv/bin/check-jsonschema" --schemafile docs/results.schema.json \
    "$out/round1.json" "$out/merged.json" "$out/program.json" Results/*.json
# The schema must be able to fail: a results file with a misspelt backend is refused.
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["scenarios"][0]["backend"] = "framebnech"; json.dump(d, open(sys.argv[2], "w"))' \
    "$out/round1.json" "$out/broken.json"
if "$venv/bin/check-jsonschema" --schemafile docs/results.schema.json "$out/broken.json" >/dev/null 2>&1; then
    echo "check-exports: results.schema.json accepted a results file with an unknown backend" >&2
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
echo "check-exports: github-benchmark, bmf, csv and results files (schema 2) are what their readers take"
