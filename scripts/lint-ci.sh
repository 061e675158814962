#!/usr/bin/env bash
# Lints the CI files users copy: the GitHub Actions workflow against the
# workflow schema and the GitLab example against GitLab's CI schema (both
# vendored by check-jsonschema, so no network at check time), and both with
# yamllint. The linters are installed from PyPI into a virtual environment
# under .build/ on first use, at pinned versions.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/ci-lint
if [ ! -x "$venv/bin/check-jsonschema" ] || [ ! -x "$venv/bin/yamllint" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet 'check-jsonschema==0.39.0' 'yamllint==1.38.0'
fi
"$venv/bin/check-jsonschema" --builtin-schema vendor.github-workflows .github/workflows/*.yml
"$venv/bin/check-jsonschema" --builtin-schema vendor.gitlab-ci Examples/ci/.gitlab-ci.yml
"$venv/bin/yamllint" --strict \
    -d '{extends: default, rules: {line-length: {max: 120}, document-start: disable, truthy: {check-keys: false}}}' \
    .github/workflows/*.yml Examples/ci/.gitlab-ci.yml
echo "lint-ci: the workflow files pass"
