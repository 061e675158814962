#!/usr/bin/env python3
"""The longest Swift functions of the harness, and a check that none is too long.

    scripts/function-lengths.py [--top N] [--max LINES] [FOLDER...]
    scripts/function-lengths.py --self-test

Lists the N longest functions (default 10) of the folders (default: the
harness, its reports and its command line: Sources/Harness, Sources/Reports,
Sources/FrameBenchCLI, Sources/framebench) as `LINES  FILE:LINE  NAME`. With
--max, exits 1 when any function is longer than LINES, naming each.

A function is a `func`, `init`, `deinit` or `subscript` with a body; its
length is its lines from the one holding the keyword to the one holding
the closing `}`, both counted (a one-line function is 1; a signature spread
over several lines counts, its doc comment and attributes on lines of their
own do not: the figures issue 33 quotes). A nested function counts in its
outer function and is also listed on its own, named `outer.inner`.
Braces inside strings (interpolations included), characters and comments
are not braces. Reads the text only: no build, well under a second.

Exit 0: listed (and within --max); 1: a function over --max; 2: bad arguments
or a file it cannot read.
"""
import os
import re
import sys

DEFAULT_FOLDERS = ["Sources/Harness", "Sources/Reports", "Sources/FrameBenchCLI", "Sources/framebench"]
DECLARATIONS = {"func", "init", "deinit", "subscript"}
# Keywords that start a new declaration: met before a `{` at the signature's own
# depth, they mean the function had no body (a protocol requirement).
ENDS_SIGNATURE = {"func", "init", "deinit", "subscript", "var", "let", "case", "struct", "class", "enum",
                  "protocol", "extension", "typealias", "static", "public", "private", "internal", "fileprivate",
                  "mutating", "override", "associatedtype"}


def tokens(text):
    """(kind, value, line) for the braces, parentheses, brackets and words of
    Swift source; strings, characters and comments are skipped whole (an
    interpolation's code inside a string is skipped with it)."""
    i, line, n = 0, 1, len(text)
    out = []
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            depth = 0  # Swift's block comments nest
            while i < n:
                if text.startswith("/*", i):
                    depth += 1
                    i += 2
                elif text.startswith("*/", i):
                    depth -= 1
                    i += 2
                    if depth == 0:
                        break
                else:
                    if text[i] == "\n":
                        line += 1
                    i += 1
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            i, line = skip_string(text, i, line)
        elif c in "{}()[]":
            out.append((c, c, line))
            i += 1
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            out.append(("word", text[i:j], line))
            i = j
        elif c == "@":
            out.append(("word", "@", line))
            i += 1
        elif c == ".":
            out.append((".", ".", line))
            i += 1
        else:
            i += 1
    return out


def skip_string(text, i, line):
    """Past the string literal starting at `i` (raw `#"…"#`, multi-line
    `\"\"\"…\"\"\"`, interpolations `\\( … )` with strings of their own)."""
    hashes = 0
    while text[i] == "#":
        hashes += 1
        i += 1
    multi = text.startswith('"""', i)
    quote = '"""' if multi else '"'
    i += len(quote)
    close = quote + "#" * hashes
    escape = "\\" + "#" * hashes
    n = len(text)
    while i < n:
        if text.startswith(escape, i):
            i += len(escape)
            if i < n and text[i] == "(":
                i, line = skip_interpolation(text, i + 1, line)
            elif i < n:
                if text[i] == "\n":
                    line += 1
                i += 1
        elif text.startswith(close, i):
            return i + len(close), line
        else:
            if text[i] == "\n":
                line += 1
            i += 1
    return i, line


def skip_interpolation(text, i, line):
    depth = 1
    n = len(text)
    while i < n and depth > 0:
        c = text[i]
        if c == '"' or (c == "#" and re.match(r'#+"', text[i:])):
            i, line = skip_string(text, i, line)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "\n":
            line += 1
        i += 1
    return i, line


def functions(text):
    """(name, declaration line, length) of every function with a body, the
    name qualified by the types (or extensions) around it."""
    toks = tokens(text)
    owners = type_spans(toks)
    found = []
    for index, (kind, value, line) in enumerate(toks):
        if kind != "word" or value not in DECLARATIONS:
            continue
        # `Foo.init(…)`, `self.init(…)`, `.init(…)` call an initializer; they declare none.
        if index > 0 and toks[index - 1][0] == ".":
            continue
        name = value
        j = index + 1
        if value == "func" and j < len(toks) and toks[j][0] == "word":
            name = toks[j][1]
        depth = 0
        opened = None
        while j < len(toks):
            k, v, _ = toks[j]
            if k in "([":
                depth += 1
            elif k in ")]":
                depth -= 1
                if depth < 0:  # a reference such as `map(Foo.init)`, not a declaration
                    break
            elif k == "{" and depth == 0:
                opened = j
                break
            elif k == "}" and depth == 0:
                break
            elif k == "word" and depth == 0 and v in ENDS_SIGNATURE and j > index + 1:
                break
            j += 1
        if opened is None:
            continue
        closed = matching(toks, opened)
        if closed is None:
            continue
        owners.append((name, opened, closed))
        found.append((index, line, toks[closed][2] - line + 1))
    # Qualified by every type, extension and function whose body holds the declaration, outermost first.
    owners.sort(key=lambda span: span[1])
    return [(".".join([n for n, start, end in owners if start < index < end] + [owners_name(owners, index, toks)]), line, length)
            for index, line, length in found]


def owners_name(owners, index, toks):
    value = toks[index][1]
    return toks[index + 1][1] if value == "func" and toks[index + 1][0] == "word" else value


def matching(toks, opened):
    """The index of the `}` closing the `{` at `opened`."""
    braces = 0
    for k in range(opened, len(toks)):
        if toks[k][0] == "{":
            braces += 1
        elif toks[k][0] == "}":
            braces -= 1
            if braces == 0:
                return k
    return None


def type_spans(toks):
    """(name, first token, last token) of each type and extension body, outermost first."""
    spans = []
    for index, (kind, value, _) in enumerate(toks):
        if kind != "word" or value not in ("struct", "class", "enum", "extension", "actor", "protocol"):
            continue
        if index + 1 >= len(toks) or toks[index + 1][0] != "word":
            continue
        name = toks[index + 1][1]
        j = index + 2
        while j < len(toks) and toks[j][0] == ".":  # extension Outer.Inner
            name += "." + toks[j + 1][1]
            j += 2
        while j < len(toks) and toks[j][0] not in "{}":
            j += 1
        if j < len(toks) and toks[j][0] == "{":
            closed = matching(toks, j)
            if closed is not None:
                spans.append((name, j, closed))
    return spans


def measure(folders):
    rows = []
    for folder in folders:
        if not os.path.isdir(folder):
            print(f"function-lengths: {folder} is not a folder", file=sys.stderr)
            sys.exit(2)
        for root, _, files in os.walk(folder):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(root, file)
                try:
                    text = open(path, encoding="utf-8").read()
                except OSError as error:
                    print(f"function-lengths: cannot read {path}: {error.strerror}", file=sys.stderr)
                    sys.exit(2)
                for name, line, length in functions(text):
                    rows.append((length, path, line, name))
    return sorted(rows, key=lambda row: (-row[0], row[1], row[2]))


def self_test():
    """The counter against Swift that would fool a naive brace count."""
    sample = '''
struct S {
    func one() { let x = 1 }
    func three() -> String {
        let a = "{ not a brace"
        let b = "\\(a.map { "}" + $0 })"
        /* { nested /* comment */ { */
        return a + b
    }
    init(x: (Int) -> Int = { $0 }) {
        // }
        let s = """
            }}}
            """
        func inner() {
            print(#"raw "}" \\(x)"#)
        }
    }
    func requirement()
    var property: Int { 1 }
    subscript(i: Int) -> Int {
        i
    }
}
protocol P { func a(); func b() }
protocol Q {
    func c()
    @discardableResult func d() -> Int
}
func handler() -> @Sendable () -> Void {
    { }
}
'''
    got = [(name, length) for name, _, length in functions(sample)]
    want = [("S.one", 1), ("S.three", 6), ("S.init", 9), ("S.init.inner", 3), ("S.subscript", 3), ("handler", 3)]
    if got != want:
        print(f"function-lengths self-test: FAIL: counted {got}, expected {want}", file=sys.stderr)
        return 1
    print(f"function-lengths self-test: ok ({len(want)} functions counted as expected)")
    return 0


def main(arguments):
    top, limit, folders = 10, None, []
    i = 0
    while i < len(arguments):
        argument = arguments[i]
        if argument == "--self-test":
            return self_test()
        if argument in ("--top", "--max"):
            if i + 1 >= len(arguments) or not arguments[i + 1].isdigit():
                print(f"function-lengths: {argument} takes a whole number", file=sys.stderr)
                return 2
            if argument == "--top":
                top = int(arguments[i + 1])
            else:
                limit = int(arguments[i + 1])
            i += 2
            continue
        if argument.startswith("-"):
            print(f"function-lengths: unknown option {argument} (known: --top N, --max LINES, --self-test)", file=sys.stderr)
            return 2
        folders.append(argument)
        i += 1
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")) if not folders else None
    rows = measure(folders or DEFAULT_FOLDERS)
    print(f"{len(rows)} functions; the {min(top, len(rows))} longest (lines, declaration to closing brace):")
    for length, path, line, name in rows[:top]:
        print(f"{length:5d}  {path}:{line}  {name}")
    if limit is not None:
        over = [row for row in rows if row[0] > limit]
        for length, path, line, name in over:
            print(f"function-lengths: {path}:{line} {name} has {length} lines, over {limit}", file=sys.stderr)
        if over:
            return 1
        print(f"function-lengths: no function over {limit} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
