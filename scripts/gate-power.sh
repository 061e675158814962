#!/usr/bin/env bash
# The gate's power and false-alarm rate on this machine: see scripts/gate_power.py
# for what it measures and its options. A short run (CI's):
#   scripts/gate-power.sh --frames 150 --pool 8 --rounds 8 --trials 20 --slowdown 0.5
# The study behind the figures in docs/status.md:
#   scripts/gate-power.sh --pool 24 --rounds 10 --trials 200 --instructions
set -euo pipefail
exec python3 "$(dirname "$0")/gate_power.py" "$@"
