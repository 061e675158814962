#!/usr/bin/env bash
# The README's install line against the packages .ci/run installs: the two
# lists must name the same Debian packages, so the README's line is everything
# CI (and `swift test`) needs on a fresh machine and nothing CI lacks.
#
#   scripts/check-install-list.sh [README] [CI-SCRIPT]
#
# README: every line that starts with `apt-get install` or `sudo apt-get
# install` (options such as -y left out, a trailing `# comment` ignored). CI-SCRIPT: every
# `missing+=(PACKAGE)`. Exit 0 when they agree, 1 naming what differs, 2 when
# a file is missing or lists nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
readme=${1:-README.md}
ci=${2:-.ci/run}
for file in "$readme" "$ci"; do
    [ -f "$file" ] || { echo "check-install-list: no such file: $file" >&2; exit 2; }
done

readme_packages=$(sed -n 's/#.*//; s/^[[:space:]]*\(sudo[[:space:]]\+\)\?apt-get install\(.*\)/\2/p' "$readme" \
    | tr ' ' '\n' | grep -v '^-' | grep -v '^$' | sort -u || true)
ci_packages=$(grep -o 'missing+=([^)]*)' "$ci" | sed 's/missing+=(\(.*\))/\1/' \
    | tr ' ' '\n' | grep -v '^$' | sort -u || true)

[ -n "$readme_packages" ] || { echo "check-install-list: $readme has no 'apt-get install' line" >&2; exit 2; }
[ -n "$ci_packages" ] || { echo "check-install-list: $ci has no 'missing+=(...)' package" >&2; exit 2; }

only_readme=$(comm -23 <(echo "$readme_packages") <(echo "$ci_packages"))
only_ci=$(comm -13 <(echo "$readme_packages") <(echo "$ci_packages"))
if [ -n "$only_readme$only_ci" ]; then
    [ -z "$only_ci" ] || echo "in $ci but not in $readme's apt-get install lines: $(echo $only_ci)" >&2
    [ -z "$only_readme" ] || echo "in $readme's apt-get install lines but not in $ci: $(echo $only_readme)" >&2
    exit 1
fi
echo "install lists agree: $(echo $ci_packages)"
