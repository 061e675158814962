#!/usr/bin/env bash
# Compares the benchmark suite of two revisions on this machine: builds each
# side in its own git worktree (release), runs the two binaries in paired
# rounds (A B, B A, A B, ...) so that both sides of a round see the same
# machine load, and judges B against A with `framebench compare --paired`:
# every phase's time by the rounds' ratios (sign-flip test and a 5% minimum
# effect), every allocation count exactly, and instruction counts (callgrind)
# within 1% of the frame when valgrind is installed.
#
#   scripts/compare-branches.sh [--rounds K] [--frames N] [--suite NAME]
#                               [--measure time|instructions|time,instructions]
#                               [--count-lanes framebench|all] [--out FILE.md] [--html FILE.html] [--keep-builds] [--shard I/N]
#                               [--results-dir DIR] BASE [HEAD]
#
# BASE and HEAD are any commit-ish (branch, tag, hash, HEAD~2). Without HEAD
# the candidate is the working tree as it is: HEAD's commit plus the staged,
# unstaged and untracked (not ignored) changes.
#
#   --rounds K      paired rounds; each round runs every side once (10: a
#                   round's ratio is one observation, and p <= 0.01 needs at
#                   least 8; timings do not gate with fewer)
#   --measure M     time, instructions or both (the default: both when
#                   valgrind is installed, else time with a note). Instruction
#                   counts are deterministic, so they are taken in round 1 only.
#   --count-lanes L framebench (the default): instructions of our lane only;
#                   all: the ncurses lane's too (about four times the
#                   callgrind time of a suite with ncurses lanes)
#   --frames N      frames per benchmark, instead of each benchmark's own
#   --suite NAME    the suite in Benchmarks/suites.json (framebench's default).
#                   Its program entries run too: each side builds what they
#                   run from {bin} (`{bin}/ncurses-list`), so {bin} is that
#                   side's build and `{bin}/framebench` its own framebench
#   --out FILE.md   where the Markdown report goes (compare-BASE-HEAD.md here)
#   --html FILE.html  also an HTML report (`framebench compare --format html`:
#                   one self-contained page with the charts, baseline and
#                   candidate side by side); needs HEAD's framebench to know it
#   --shard I/N     run only shard I of N of the suite on both sides (the
#                   split of `framebench run --shard`, Benchmarks/SHARDING.md):
#                   N runners, one shard each, compare the whole suite.
#                   Both revisions must know --shard.
#   --results-dir DIR  also keep every round's results there
#                   (round-K-A.json, round-K-B.json), for `framebench merge`
#   --keep-builds   keep each committed side's binary in
#                   <repository>/.build/compare-branches/COMMIT/ and reuse it
#                   on later runs (the working tree's changes are never reused)
#
# The text report goes to stdout, progress to stderr. Exit codes, as
# `framebench check`: 0 nothing regressed, 1 something regressed (or a run
# failed), 2 bad usage or input: not a repository, an unknown ref, a failed
# build (the message names the side and ref and shows the build log's end).
# The worktrees live in a temporary directory that is removed on every exit,
# interrupts included; a build or run in progress is stopped first.
set -euo pipefail

program=compare-branches
usage="usage: scripts/compare-branches.sh [--rounds K] [--frames N] [--suite NAME] [--measure time|instructions|time,instructions] [--count-lanes framebench|all] [--out FILE.md] [--html FILE.html] [--keep-builds] [--shard I/N] [--results-dir DIR] BASE [HEAD]"

fail() {  # message...: a usage or input error
    printf '%s: %s\n' "$program" "$*" >&2
    exit 2
}

note() {  # progress, on stderr so stdout stays the report
    printf '%s: %s\n' "$program" "$*" >&2
}

# ---- arguments

rounds=10
frames=
suite=
measure=
out=
html=
keep_builds=false
shard=
results_dir=
count_lanes=
refs=()
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds | --frames | --suite | --out | --html | --measure | --shard | --results-dir | --count-lanes)
            [ $# -ge 2 ] || fail "$1 needs a value"$'\n'"$usage"
            value=$2
            case "$1" in
                --rounds) rounds=$value ;;
                --frames) frames=$value ;;
                --suite) suite=$value ;;
                --out) out=$value ;;
                --html) html=$value ;;
                --measure) measure=$value ;;
                --shard) shard=$value ;;
                --results-dir) results_dir=$value ;;
                --count-lanes) count_lanes=$value ;;
            esac
            shift 2
            ;;
        --rounds=* | --frames=* | --suite=* | --out=* | --html=* | --measure=* | --shard=* | --results-dir=* | --count-lanes=*)
            value=${1#*=}
            case "$1" in
                --rounds=*) rounds=$value ;;
                --frames=*) frames=$value ;;
                --suite=*) suite=$value ;;
                --out=*) out=$value ;;
                --html=*) html=$value ;;
                --measure=*) measure=$value ;;
                --shard=*) shard=$value ;;
                --results-dir=*) results_dir=$value ;;
                --count-lanes=*) count_lanes=$value ;;
            esac
            shift
            ;;
        --keep-builds) keep_builds=true; shift ;;
        -h | --help) printf '%s\n' "$usage"; exit 0 ;;
        --) shift; refs+=("$@"); break ;;
        -*) fail "unknown option '$1'"$'\n'"$usage" ;;
        *) refs+=("$1"); shift ;;
    esac
done
case ${#refs[@]} in
    0) fail "missing BASE (the revision to compare against)"$'\n'"$usage" ;;
    1 | 2) ;;
    *) fail "too many arguments: ${refs[*]}"$'\n'"$usage" ;;
esac
if [[ ! $rounds =~ ^[1-9][0-9]*$ ]] || [ "$rounds" -gt 100 ]; then
    fail "--rounds must be a whole number 1...100, not '$rounds'"
fi
case "$count_lanes" in '' | framebench | all) ;; *) fail "--count-lanes must be framebench or all, not '$count_lanes'" ;; esac
[ -z "$frames" ] || [[ $frames =~ ^[1-9][0-9]*$ ]] || fail "--frames must be a positive whole number, not '$frames'"
if [ -n "$suite" ] && [[ ! $suite =~ ^[A-Za-z0-9._-]+$ ]]; then
    fail "--suite must be a suite name (letters, digits, '.', '_', '-'), not '$suite'"
fi
if [ -n "$shard" ]; then
    if [[ ! $shard =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] || [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ] \
        || [ "${BASH_REMATCH[2]}" -gt 256 ]; then
        fail "--shard takes I/N with 1 <= I <= N <= 256 (this runner's shard I of N, such as 2/3), not '$shard'"
    fi
fi
if [ -n "$results_dir" ]; then
    mkdir -p -- "$results_dir" 2>/dev/null || fail "--results-dir $results_dir: cannot create the directory"
    [ -w "$results_dir" ] || fail "--results-dir $results_dir is not writable"
    results_dir=$(cd "$results_dir" && pwd)
fi
case "$measure" in
    "")
        if command -v valgrind >/dev/null 2>&1; then
            measure=time,instructions
        else
            measure=time
            note "valgrind is not installed: timing only (apt-get install valgrind adds instruction counts, the noise-free gate)"
        fi
        ;;
    time | instructions | time,instructions | instructions,time) ;;
    *) fail "--measure must be time, instructions or time,instructions, not '$measure'" ;;
esac
if [[ $measure == *instructions* ]] && ! command -v valgrind >/dev/null 2>&1; then
    fail "--measure $measure needs valgrind: install it (apt-get install valgrind)"
fi
base_ref=${refs[0]}
head_ref=${refs[1]-}  # empty: the working tree

# ---- the repository and the two sides

command -v git >/dev/null 2>&1 || fail "git is not installed"
command -v swift >/dev/null 2>&1 || fail "swift is not on PATH (needed to build each side)"
root=$(git rev-parse --show-toplevel 2>/dev/null) || fail "not inside a git repository (run it from the framebench checkout)"

resolve() {  # ref -> full commit hash, or exit 2 naming the ref
    git -C "$root" rev-parse --verify --quiet --end-of-options "$1^{commit}" 2>/dev/null \
        || fail "unknown ref '$1': not a commit in $root"
}
base_commit=$(resolve "$base_ref")

sanitise() {  # a ref as a file-name part: origin/main -> origin-main
    local name
    name=$(printf '%s' "$1" | tr -c 'A-Za-z0-9._-' '-' | tr -s '-')
    name=${name#-}
    name=${name%-}
    printf '%s' "${name:-ref}"
}
if [ -z "$out" ]; then
    head_part=working-tree
    [ -z "$head_ref" ] || head_part=$(sanitise "$head_ref")
    out="compare-$(sanitise "$base_ref")-$head_part.md"
fi
out_dir=$(dirname -- "$out")
[ -d "$out_dir" ] || fail "--out $out: the directory $out_dir does not exist"
[ -w "$out_dir" ] || fail "--out $out: the directory $out_dir is not writable"
[ ! -d "$out" ] || fail "--out $out is a directory"
out_path="$(cd "$out_dir" && pwd)/$(basename -- "$out")"
html_path=
if [ -n "$html" ]; then
    html_dir=$(dirname -- "$html")
    [ -d "$html_dir" ] && [ -w "$html_dir" ] || fail "--html $html: the directory $html_dir does not exist or is not writable"
    [ ! -d "$html" ] || fail "--html $html is a directory"
    html_path="$(cd "$html_dir" && pwd)/$(basename -- "$html")"
fi

# Untracked files that are not ignored, except this script's own reports in the
# repository (a report from an earlier run does not make the tree "changed").
untracked_files() {  # NUL-separated, relative to the repository root
    git -C "$root" ls-files -z --others --exclude-standard \
        | { grep -zvE '^compare-[^/]*\.(md|html)$' || true; } | { grep -zvxF -e "${out_path#"$root"/}" || true; } \
        | { if [ -z "$html_path" ]; then cat; else grep -zvxF -e "${html_path#"$root"/}" || true; fi; }
}

if [ -n "$head_ref" ]; then
    head_commit=$(resolve "$head_ref")
    head_label=$head_ref
    head_dirty=false
else
    head_commit=$(git -C "$root" rev-parse --verify --quiet "HEAD^{commit}") \
        || fail "the repository has no commit yet: nothing to build the working tree on"
    head_label="working tree"
    # Tracked changes (staged or not) against HEAD, and untracked files that are not ignored.
    if git -C "$root" diff --quiet HEAD -- && [ -z "$(untracked_files | tr -d '\0')" ]; then
        head_dirty=false
    else
        head_dirty=true
    fi
fi
# The same source twice (an A/A run): one worktree and one build serve both sides.
same_source=false
if [ "$base_commit" = "$head_commit" ] && [ "$head_dirty" = false ]; then same_source=true; fi

# ---- the temporary directory, and cleaning up on every exit

work=
worktrees=()
child=
watchdog=

# Children start a session of their own (setsid), so that stopping one stops
# everything it started: swift build puts its compilers in process groups of
# their own, but they stay in its session, also when it exits before them.
detach=()
if command -v setsid >/dev/null 2>&1; then detach=(setsid -w); fi

# shellcheck disable=SC2317  # called from the EXIT trap
session_members() {  # session id -> the live processes in it, one a line
    ps -e -o pid=,sid=,stat= | awk -v sid="$1" '$2 == sid && $3 !~ /^Z/ { print $1 }'
}

# shellcheck disable=SC2317  # called from the EXIT trap
stop_child() {
    [ -n "$child" ] || return 0
    if [ ${#detach[@]} -eq 0 ]; then
        kill -TERM "$child" 2>/dev/null || true
    else
        local members=() signal
        for signal in TERM KILL; do
            mapfile -t members < <(session_members "$child")
            [ ${#members[@]} -gt 0 ] || break
            kill "-$signal" "${members[@]}" 2>/dev/null || true
            for _ in $(seq 1 50); do  # up to 10 s to stop after TERM, to be gone after KILL
                [ -n "$(session_members "$child")" ] || break
                sleep 0.2
            done
        done
    fi
    wait "$child" 2>/dev/null || true
    child=
}

# shellcheck disable=SC2317  # the EXIT trap
cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    if [ -n "$watchdog" ]; then kill -KILL "$watchdog" 2>/dev/null || true; wait "$watchdog" 2>/dev/null || true; fi
    stop_child
    local tree
    for tree in ${worktrees[@]+"${worktrees[@]}"}; do
        git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true
    done
    [ -z "$work" ] || rm -rf "$work"
    git -C "$root" worktree prune >/dev/null 2>&1 || true
    if [ -n "$work" ] && git -C "$root" worktree list --porcelain 2>/dev/null | grep -qF "$work"; then
        note "warning: a worktree under $work is still registered; remove it with: git worktree prune"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'note "interrupted; stopping and removing the worktrees"; exit 130' INT
trap 'note "terminated; stopping and removing the worktrees"; exit 143' TERM
trap 'exit 129' HUP

work=$(mktemp -d "${TMPDIR:-/tmp}/compare-branches.XXXXXX")

# The watchdog: when this script is killed outright (SIGKILL, so no trap
# runs), it stops the build or run in progress (the session named in
# $work/child.session) and removes the worktrees (listed in $work/worktrees)
# and $work. It checks every half second; the EXIT trap ends it first.
(
    trap '' INT TERM HUP
    script=$$
    while kill -0 "$script" 2>/dev/null; do sleep 0.5; done
    if [ -s "$work/child.session" ]; then
        child=$(cat "$work/child.session")
        stop_child
    fi
    if [ -s "$work/worktrees" ]; then
        while IFS= read -r tree; do
            git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true
        done <"$work/worktrees"
    fi
    rm -rf "$work"
    git -C "$root" worktree prune >/dev/null 2>&1 || true
) </dev/null >/dev/null 2>&1 &
watchdog=$!
# The children's temporary files go here too (swift build leaves lock files
# and TemporaryDirectory.* behind), so removing $work removes everything.
mkdir "$work/tmp"

# Runs a command in the background (so a signal is handled at once, not after
# the command ends) with its output in a log file; returns its exit status.
run_logged() {  # log directory command...
    local log=$1 directory=$2 status=0
    shift 2
    (cd "$directory" && TMPDIR="$work/tmp" exec ${detach[@]+"${detach[@]}"} "$@") >"$log" 2>&1 </dev/null &
    child=$!
    printf '%s\n' "$child" >"$work/child.session"
    wait "$child" || status=$?
    child=
    rm -f "$work/child.session"
    return "$status"
}

# ---- the header

short() { git -C "$root" rev-parse --short=12 "$1"; }
subject() { git -C "$root" log -1 --format=%s "$1"; }
cell() { sed 's/|/\\|/g'; }  # a Markdown table cell
cpu=$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*:[[:space:]]*//') || true
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)
base_desc="$base_ref @ $(short "$base_commit") ($(subject "$base_commit"))"
head_desc="$head_label @ $(short "$head_commit") ($(subject "$head_commit"))"
[ "$head_dirty" = false ] || head_desc+=" + uncommitted changes"
if [ -n "$frames" ]; then frames_desc="$frames frames per benchmark"; else frames_desc="each benchmark's own frame count"; fi
echo "compare-branches"
echo "  A (baseline):  $base_desc"
echo "  B (candidate): $head_desc"
echo "  $rounds paired round(s) (A B, then B A, ...), suite ${suite:-default}${shard:+, shard $shard}, $frames_desc; measuring $measure"
echo "  machine: $cores cores (nproc), ${cpu:-unknown CPU}, $(uname -sr)"
echo

# ---- building the sides

cache_root="$root/.build/compare-branches"
toolchain=$(TMPDIR="$work/tmp" swift --version 2>/dev/null | head -n 1)

# Makes the worktree for a side: the commit, plus the working tree's changes for a dirty HEAD.
make_worktree() {  # directory commit dirty
    local directory=$1 commit=$2 dirty=$3
    worktrees+=("$directory")
    printf '%s\n' "$directory" >>"$work/worktrees"
    git -C "$root" worktree add --detach --quiet "$directory" "$commit" >"$work/worktree.log" 2>&1 \
        || fail "cannot create a worktree of $commit in $directory: $(cat "$work/worktree.log")"
    [ "$dirty" = true ] || return 0
    local patch="$work/working-tree.patch"
    git -C "$root" diff --binary --no-color --no-ext-diff --no-textconv --src-prefix=a/ --dst-prefix=b/ HEAD -- >"$patch"
    if [ -s "$patch" ]; then
        git -C "$directory" apply --binary --whitespace=nowarn "$patch" \
            || fail "cannot apply the working tree's changes to a worktree of HEAD ($patch)"
    fi
    # Untracked files that are not ignored, copied with their paths.
    (cd "$root" && untracked_files | tar --null -T - -cf - | tar -xf - -C "$directory") \
        || fail "cannot copy the working tree's untracked files to $directory"
}

# The other executables the suite's program entries run from the build
# (`{bin}/NAME` in a "program" entry, such as {bin}/ncurses-list): each side
# builds its own, so every program entry measures that side's build.
# framebench says which (`list --format json`: each benchmark's
# bin_executables, from the side's own suites file): the side's framebench,
# else (a revision from before that option) B's. Without python3 to read the
# answer, or no framebench that gives it: every {bin}/NAME in the suites file.
bin_products() {  # tree framebench...: product names, one a line (framebench excluded)
    local tree=$1 binary listing
    shift
    if command -v python3 >/dev/null 2>&1; then
        for binary in "$@"; do
            listing=$(cd "$tree" && "$binary" list --format json --package-path "$tree" 2>/dev/null) || continue
            python3 -c 'import json, sys
for name in sorted({name for entry in json.load(sys.stdin)["suites"].get(sys.argv[1], []) for name in entry["bin_executables"]}):
    print(name)' "${suite:-default}" <<<"$listing"
            return
        done
    fi
    { grep -oE '\{bin\}/[A-Za-z0-9._-]+' "$tree/Benchmarks/suites.json" 2>/dev/null || true; } \
        | sed 's|^{bin}/||' | grep -vx framebench | sort -u
}

# Builds one product of a side in release mode; exit 2 naming the side and ref when it fails.
build_product() {  # side label commit directory product
    local side=$1 label=$2 commit=$3 directory=$4 product=$5 log="$work/build-$1.log"
    if ! run_logged "$log" "$directory" swift build -c release --product "$product" --package-path "$directory"; then
        {
            echo "$program: the build of side $side ($label @ $(short "$commit")) failed ($product); the end of its log:"
            tail -n 40 "$log" | sed 's/^/    /'
        } >&2
        exit 2
    fi
    [ -x "$directory/.build/release/$product" ] || fail "the build of side $side ($label) produced no $directory/.build/release/$product"
}

# Builds a side; sets `binary` (its framebench; `{bin}` is its folder, which
# also holds the other products the suite's programs run): framebench first,
# then what framebench says the suite's programs run. Exit 2 naming the side and ref
# when a build fails.
build_side() {  # side label commit directory dirty [B's framebench]
    local side=$1 label=$2 commit=$3 directory=$4 dirty=$5 other=${6-}
    local cached="$cache_root/$commit" products=() built=() product started=$SECONDS kept=false
    if [ "$keep_builds" = true ] && [ "$dirty" = false ] && [ -x "$cached/framebench" ] \
        && [ "$(cat "$cached/toolchain" 2>/dev/null)" = "$toolchain" ]; then
        kept=true
        binary="$cached/framebench"
    else
        note "$side ($label @ $(short "$commit")): building framebench in release mode (the first build takes minutes) ..."
        build_product "$side" "$label" "$commit" "$directory" framebench
        built=(framebench)
        binary="$directory/.build/release/framebench"
    fi
    mapfile -t products < <(bin_products "$directory" "$binary" ${other:+"$other"} | { grep -v '^$' || true; })
    for product in ${products[@]+"${products[@]}"}; do
        # A kept build: only what is not kept beside its framebench.
        if [ "$kept" = false ] || [ ! -x "$cached/$product" ]; then
            note "$side ($label @ $(short "$commit")): building $product in release mode ..."
            build_product "$side" "$label" "$commit" "$directory" "$product"
            built+=("$product")
        fi
    done
    if [ ${#built[@]} -eq 0 ]; then
        note "$side ($label @ $(short "$commit")): reusing the kept build in $cached"
        return 0
    fi
    note "$side: built in $((SECONDS - started)) s"
    if [ "$keep_builds" = true ] && [ "$dirty" = false ]; then
        mkdir -p "$cached"
        for product in "${built[@]}"; do
            cp "$directory/.build/release/$product" "$cached/$product.tmp" && mv "$cached/$product.tmp" "$cached/$product"
        done
        printf '%s\n' "$toolchain" >"$cached/toolchain"
        binary="$cached/framebench"
        note "$side: kept ${built[*]} in $cached"
    fi
}

# Each side runs in its own tree: framebench reads Benchmarks/suites.json from the current directory.
tree_a="$work/A"
make_worktree "$tree_a" "$base_commit" false
if [ "$same_source" = true ]; then
    tree_b=$tree_a
else
    tree_b="$work/B"
    make_worktree "$tree_b" "$head_commit" "$head_dirty"
fi

for tree in "$tree_a" "$tree_b"; do
    [ -f "$tree/Benchmarks/suites.json" ] || fail "$tree has no Benchmarks/suites.json: this revision has no suites to run"
    if [ -n "$suite" ] && ! grep -q "\"$suite\"[[:space:]]*:" "$tree/Benchmarks/suites.json"; then
        fail "suite '$suite' is not in Benchmarks/suites.json of $([ "$tree" = "$tree_a" ] && echo "A ($base_ref)" || echo "B ($head_label)")"
    fi
done

# B first: its framebench also lists what A's programs run when A's is too old to.
if [ "$same_source" = true ]; then
    build_side A "$base_ref" "$base_commit" "$tree_a" false
    binary_a=$binary
    binary_b=$binary_a
    note "B is the same source as A: one build serves both sides"
else
    build_side B "$head_label" "$head_commit" "$tree_b" "$head_dirty"
    binary_b=$binary
    build_side A "$base_ref" "$base_commit" "$tree_a" false "$binary_b"
    binary_a=$binary
fi

# ---- interleaved rounds

if [ -n "$shard" ]; then
    for side in A B; do
        if [ "$side" = A ]; then binary=$binary_a; else binary=$binary_b; fi
        # `run --help` lists run's options; older builds list them in `help` (or in
        # run's unknown-option error, on standard error, exiting 2).
        options_text=$({ "$binary" help; "$binary" run --help; } 2>&1 || true)
        grep -q -- '--shard' <<<"$options_text" \
            || fail "side $side's framebench does not know --shard (a revision before sharding): compare without --shard"
    done
fi

# Our lane alone is counted unless --count-lanes all: the ncurses lane is
# three quarters of a counted suite's callgrind time and no change of ours
# is in its code. A revision from before --count-lanes counts every lane, so
# then both sides do.
count_options=()
if [[ $measure == *instructions* ]]; then
    lanes_known=true
    for binary in "$binary_a" "$binary_b"; do
        grep -q -- '--count-lanes' <<<"$({ "$binary" run --help; } 2>&1 || true)" || lanes_known=false
    done
    if [ "$lanes_known" = true ]; then
        count_options=(--count-lanes "${count_lanes:-framebench}")
    elif [ "${count_lanes:-}" = framebench ]; then
        note "one side's framebench does not know --count-lanes: both count every lane"
    fi
fi

run_options=(run --format json --quiet)
[ -z "$shard" ] || run_options+=(--shard "$shard")
[ -z "$suite" ] || run_options+=(--suite "$suite")
[ -z "$frames" ] || run_options+=(--frames "$frames")

run_side() {  # side round
    local side=$1 round=$2 binary directory label status=0
    if [ "$side" = A ]; then binary=$binary_a directory=$tree_a label=$base_ref; else binary=$binary_b directory=$tree_b label=$head_label; fi
    local result="round-$round-$side.json" log="$work/round-$round-$side.log" started=$SECONDS
    local options=("${run_options[@]}")
    # Instruction counts are the same in every round: round 1 takes them.
    if [ "$round" -eq 1 ] && [[ $measure == *instructions* ]]; then
        options+=(--measure time,instructions ${count_options[@]+"${count_options[@]}"})
    fi
    # A fixed hash seed: with Swift's per-process seed, the order a scene walks
    # a dictionary changes a few frames' allocation counts from run to run.
    run_logged "$log" "$directory" env SWIFT_DETERMINISTIC_HASHING=1 "$binary" "${options[@]}" --out "$work/$result" || status=$?
    if [ "$status" -ne 0 ]; then
        {
            echo "$program: round $round of side $side ($label) failed (framebench exit $status); its output:"
            tail -n 40 "$log" | sed 's/^/    /'
        } >&2
        # framebench's own exit code: 2 bad usage or input, anything else a failed run (1, like check).
        [ "$status" -eq 2 ] && exit 2
        exit 1
    fi
    note "round $round/$rounds: $side done in $((SECONDS - started)) s"
}

list_a=
list_b=
for ((round = 1; round <= rounds; round++)); do
    if ((round % 2 == 1)); then order=(A B); else order=(B A); fi
    for side in "${order[@]}"; do run_side "$side" "$round"; done
    list_a+="${list_a:+,}round-$round-A.json"
    list_b+="${list_b:+,}round-$round-B.json"
done

if [ -n "$results_dir" ]; then
    cp -- "$work"/round-*-[AB].json "$results_dir"/ || fail "cannot copy the rounds' results to --results-dir $results_dir"
    note "kept every round's results in $results_dir"
fi

# ---- the comparison (B's framebench judges: it is the version under review)

compare_status=0
(cd "$work" && "$binary_b" compare --paired "$list_a" "$list_b" --format text) || compare_status=$?
if [ "$compare_status" -ge 2 ]; then
    fail "framebench compare failed (exit $compare_status) on $list_a against $list_b"
fi
markdown_status=0
(cd "$work" && "$binary_b" compare --paired "$list_a" "$list_b" --format markdown --out "$work/compare.md") || markdown_status=$?
if [ "$markdown_status" -ge 2 ] || [ ! -f "$work/compare.md" ]; then
    fail "framebench compare --format markdown failed (exit $markdown_status)"
fi
if [ -n "$html_path" ]; then
    html_status=0
    (cd "$work" && "$binary_b" compare --paired "$list_a" "$list_b" --format html --out "$work/compare.html") || html_status=$?
    if [ "$html_status" -ge 2 ] || [ ! -f "$work/compare.html" ]; then
        fail "framebench compare --format html failed (exit $html_status): does $head_label's framebench know --format html?"
    fi
    mv "$work/compare.html" "$html_path.tmp.$$"
    mv "$html_path.tmp.$$" "$html_path"
fi

{
    echo "# Benchmark comparison: \`$base_ref\` against \`$head_label\`"
    echo
    echo "| side | revision | commit |"
    echo "|---|---|---|"
    echo "| A (baseline) | \`$base_ref\` | \`$(short "$base_commit")\` $(subject "$base_commit" | cell) |"
    echo "| B (candidate) | \`$head_label\` | \`$(short "$head_commit")\` $(subject "$head_commit" | cell)$([ "$head_dirty" = false ] || echo " + uncommitted changes") |"
    echo
    echo "$rounds paired round(s) on one machine (A B, then B A, ...), suite \`${suite:-default}\`${shard:+ (shard $shard)}, $frames_desc; measured: $measure."
    echo "Machine: $cores cores (nproc), ${cpu:-unknown CPU}, $(uname -sr)."
    echo
    cat "$work/compare.md"
} >"$out_path.tmp.$$"
mv "$out_path.tmp.$$" "$out_path"
echo
echo "markdown report: $out"
[ -z "$html_path" ] || echo "html report: $html"
exit "$compare_status"
