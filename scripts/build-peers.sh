#!/usr/bin/env bash
# Builds the shootout's peers (Benchmarks/Peers/) into .build/peers/, offline,
# from Debian packages and pinned PyPI packages only (and FrameBench's own
# peer, a product of this package, into .build/release/). Installing them is not
# this script's job (.ci/run does it): a missing toolchain or library stops
# it with the Debian or PyPI package to install.
#   scripts/build-peers.sh            build everything
#   scripts/build-peers.sh --check    only say what is missing
set -euo pipefail
cd "$(dirname "$0")/.."
peers=Benchmarks/Peers
out=.build/peers
mkdir -p "$out"
check_only=0
[ "${1:-}" = "--check" ] && check_only=1
[ $# -gt 0 ] && [ "$1" != "--check" ] && { echo "build-peers: unknown argument '$1' (only --check)" >&2; exit 2; }

missing=()
need() { # need TEST... -- WHAT: WHAT is missing unless TEST succeeds
    local what="${*: -1}"
    "${@:1:$#-1}" >/dev/null 2>&1 || missing+=("$what")
}
need command -v swift "the Swift toolchain (swift.org; it builds framebench too)"
need command -v gcc "Debian gcc"
need pkg-config --exists ncursesw "Debian libncurses-dev"
# Debian's cargo (1.65) is the one a fresh CI machine has; a rustup cargo works too.
cargo=/usr/bin/cargo
[ -x "$cargo" ] || cargo=$(command -v cargo || true)
need test -n "$cargo" "Debian cargo"
need test -d /usr/share/cargo/registry/tui-0.19.0 "Debian librust-tui-dev"
need test -d /usr/share/cargo/registry/crossterm-0.25.0 "Debian librust-crossterm-dev"
need command -v go "Debian golang-go"
need test -d /usr/share/gocode/src/github.com/charmbracelet/bubbletea "Debian golang-github-charmbracelet-bubbletea-dev"
need test -d /usr/share/gocode/src/github.com/charmbracelet/bubbles "Debian golang-github-charmbracelet-bubbles-dev"
pinned() { python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('$1') != '$2')"; }
need pinned textual 8.2.8 "PyPI textual==8.2.8"
need pinned urwid 5.0.1 "PyPI urwid==5.0.1"
need pinned prompt_toolkit 3.0.52 "PyPI prompt_toolkit==3.0.52"
need pinned blessed 1.52.0 "PyPI blessed==1.52.0"
if [ ${#missing[@]} -gt 0 ]; then
    echo "build-peers: missing (install these, as .ci/run does):" >&2
    printf '  %s\n' "${missing[@]}" >&2
    exit 1
fi
[ $check_only = 1 ] && { echo "build-peers: every toolchain and package is there"; exit 0; }

echo "build-peers: ncurses (gcc)"
gcc -O2 -Wall -o "$out/ncurses" "$peers/ncurses/list.c" $(pkg-config --cflags --libs ncursesw)

echo "build-peers: tui-rs (cargo, offline from /usr/share/cargo/registry)"
(cd "$peers/tui-rs" && CARGO_TARGET_DIR="$PWD/../../../$out/tui-rs-target" "$cargo" build --release --quiet)
cp "$out/tui-rs-target/release/list" "$out/tui-rs"

echo "build-peers: bubbletea (go, GOPATH=/usr/share/gocode, no modules, no proxy)"
(cd "$peers/bubbletea" && GOPATH=/usr/share/gocode GO111MODULE=off GOPROXY=off GOFLAGS= \
    GOCACHE="$PWD/../../../$out/gocache" go build -o "../../../$out/bubbletea" .)

echo "build-peers: framebench (swift build -c release --product framebench-list-peer)"
swift build -c release --product framebench-list-peer

for peer in ncurses tui-rs bubbletea; do
    echo "  $peer: $("$out/$peer" --version)"
done
echo "  framebench: $(.build/release/framebench-list-peer --version)"
for peer in textual urwid prompt_toolkit blessed; do
    echo "  $peer: $(python3 "$peers/$peer/list.py" --version)"
done
echo "build-peers: done ($out)"
