#!/usr/bin/env bash
# Records framebench output for several scenarios, terminals and sizes, and
# replays every recording through independent terminal emulators (pyte and
# tmux) with scripts/replay_check.py. Exit status is non-zero on any mismatch.
#
#   scripts/replay-check.sh [FRAMEBENCH]     (default: .build/release/framebench)
set -euo pipefail
cd "$(dirname "$0")/.."
framebench=${1:-.build/release/framebench}
[ -x "$framebench" ] || { echo "replay-check: $framebench not built (swift build -c release)" >&2; exit 2; }
if [ -n "${REPLAY_HASHES:-}" ]; then
    # The digests must not depend on the temporary folder: plain-feed's header shows the feed
    # file's path, so the recordings are made in one fixed folder (removed before and after).
    work=/tmp/framebench-replay-hashes
    rm -rf "$work"
    mkdir "$work"
else
    work=$(mktemp -d)
fi
trap 'rm -rf "$work"' EXIT

python3 scripts/replay_check.py --self-test

count=0
run() {  # scenario term size frames backend extra...
    count=$((count + 1))
    local dir="$work/$count-$1-$2-$3-$5"
    "$framebench" record "$1" --term "$2" --size "$3" --frames "$4" --backend "$5" --out "$dir" "${@:6}" >/dev/null
    if [ -n "${REPLAY_HASHES:-}" ]; then  # scripts/refactor-invariants.sh: the streams' digests, no replay
        (cd "$work" && find "$(basename "$dir")" -type f | LC_ALL=C sort | xargs sha256sum) >>"$REPLAY_HASHES"
        return
    fi
    local emulator=${EMULATOR:-pyte}
    case "$2" in tmux*|screen*) emulator=both ;; esac
    python3 scripts/replay_check.py --emulator "$emulator" "$dir"
}

# The peer-comparison workload, ours and the ncurses reference, at several sizes (odd ones too).
for size in 80x24 200x50 37x11 1x1 3x2 133x7; do
    run plain-feed xterm-256color "$size" 150 framebench --styles
done
run plain-feed tmux-256color 120x40 150 framebench
run plain-feed xterm-256color 80x24 150 ncurses
run plain-feed xterm-256color 80x24 150 framebench --sync
run plain-feed vt100 80x24 100 framebench
# Seeded random edits: style-only changes, wide characters at the edges,
# block scrolls up and down under a fixed header and footer.
for seed in 1 2 3; do
    run random-edits xterm-256color 61x17 2000 framebench --styles --seed "$seed"
done
run random-edits tmux-256color 45x13 1000 framebench --seed 4
run random-edits xterm-256color 9x5 1000 framebench --styles --seed 5
# Hostile feed content: escape sequences, controls, invalid UTF-8, bidi
# overrides, ZWJ chains and thousands of combining marks as data.
run hostile-feed xterm-256color 90x20 60 framebench --styles
run hostile-feed tmux-256color 70x14 60 framebench
# The worst case: every cell changes every frame.
run full-churn xterm-256color 40x12 100 framebench --styles
# The app scenes (still being written: some may be skeletons), each with its
# default script, and with the resize script, which shrinks the terminal to
# 3/4 of its size and grows it back mid-run (each frame line of frames.jsonl
# carries its size; the replay resizes the emulator before that frame's bytes).
for scene in profile-feed watcha-home safari-reader; do
    run "$scene" xterm-256color 80x24 300 framebench --styles
    run "$scene" tmux-256color 100x30 200 framebench
    run "$scene" xterm-256color 80x24 200 framebench --styles --script resize
done
run profile-feed tmux-256color 61x17 200 framebench --script resize
# Back-colour erase: on terminals whose terminfo has bce, coloured blank runs
# are erased with el (and ech where it is shorter: st-256color has no rep).
# tmux, which erases in the pen's background too, replays the xterm-256color text.
for scene in watcha-home safari-reader profile-feed; do
    run "$scene" st-256color 80x24 200 framebench --styles
    EMULATOR=both run "$scene" xterm-256color 100x30 150 framebench
done
# A feed read from a file: plain lines, JSON lines, invalid UTF-8 and escapes.
feed="$work/feed.txt"
{
    for i in $(seq 1 100); do echo "line $i 한글 text 😀 from a file"; done
    echo '{"author": "ada", "text": "json line with \u001b[31m an escape"}'
    printf 'bad utf-8 \xff\xfe here \033]52;c;eA==\007 end\n'
} > "$feed"
run plain-feed xterm-256color 80x24 150 framebench --styles --feed-file "$feed"
# The scenes show file items too (tweets, poster titles, paragraphs): still
# data. Hostile lines first, so the first screens show them.
hostile="$work/hostile.txt"
{
    echo '{"author": "eve\u001b[2J", "handle": "@x\u0007", "title": "\u001b]52;c;eA==\u0007title", "text": "json \u001b[31m escape"}'
    printf 'bad utf-8 \xff\xfe here \033]52;c;eA==\007 end \033[H\033[2J\r\n\n'
    printf 'bidi \xe2\x80\xaeevil\xe2\x80\xac tab\there C1 \xc2\x9b31m\n'
    cat "$feed"
} > "$hostile"
for scene in profile-feed watcha-home safari-reader; do
    run "$scene" xterm-256color 80x24 150 framebench --styles --feed-file "$hostile"
done
echo "replay-check: all recordings match"
