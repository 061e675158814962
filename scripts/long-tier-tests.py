#!/usr/bin/env python3
"""Prints the `swift test --filter` pattern of the long tier: every test method
whose body guards itself with FRAMEBENCH_LONG_TESTS (the long tier's switch,
README "Tests"), as `Class/testMethod`, joined with `|`.

    FRAMEBENCH_LONG_TESTS=1 swift test -c release --filter "$(scripts/long-tier-tests.py)"

Found from the sources, so a long test someone adds is run by `.ci/run`
without a list to keep. Exit 2 with a message when no test is guarded (the
filter would then match nothing, and `swift test` would run nothing).
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
class_line = re.compile(r'^\s*(?:final\s+|public\s+|internal\s+|@\w+\s+)*class\s+(\w+)\s*:')
func_line = re.compile(r'^\s*(?:@\w+\s+)*func\s+(test\w*)\s*\(')

names = []
for path in sorted((root / 'Tests').rglob('*.swift')):
    current_class, current_test = None, None
    for line in path.read_text(encoding='utf-8').splitlines():
        if (match := class_line.match(line)):
            current_class, current_test = match.group(1), None
        elif (match := func_line.match(line)):
            current_test = match.group(1)
        elif 'FRAMEBENCH_LONG_TESTS' in line and current_class and current_test:
            name = f'{current_class}/{current_test}'
            if name not in names:
                names.append(name)

if not names:
    print('long-tier-tests: no test under Tests/ checks FRAMEBENCH_LONG_TESTS', file=sys.stderr)
    sys.exit(2)
print('|'.join(f'{name}$' for name in names))
