#!/usr/bin/env bash
# End-to-end test of scripts/compare-branches.sh, on a throwaway repository
# holding a copy of this project (its working-tree files, so the current code
# is what is tested):
#
#   commit 1 (tag `base`)   the project as it is
#   commit 2 (`main`)       a regression a user would make: the renderer
#                           allocates once per frame while encoding
#   branch `broken`         base plus a syntax error (the build must fail)
#
# It checks that the regression is caught (exit 1, allocations_per_frame
# worse), that an A/A run passes (exit 0, no deterministic metric worse; tried
# up to three times when only frame times read worse, which load on a shared
# machine can cause), the errors (unknown ref, missing argument, not a
# repository, a failed build: exit 2 with a message naming the problem), that
# the working tree's uncommitted and untracked changes reach the candidate,
# and that no worktree, temporary directory or process is left behind, also
# after SIGINT while building and SIGTERM while running. Release builds make
# it take minutes (about four on two cores); CI runs it as its own step, not
# in `swift test`. The last line is `compare-branches: N passed, M failed`.
#
#   scripts/test-compare-branches.sh [PROJECT]
#
# PROJECT (default: the checkout this script is in) is the git checkout whose
# files are copied; the compare-branches.sh tested is always this one's sibling.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
project=$(cd "${1:-$here/..}" && pwd)
git -C "$project" rev-parse --show-toplevel >/dev/null 2>&1 || { echo "test-compare-branches: $project is not a git checkout" >&2; exit 2; }
script="$here/compare-branches.sh"
started=$SECONDS

work=$(mktemp -d "${TMPDIR:-/tmp}/test-compare-branches.XXXXXX")
repo="$work/repo"
scratch="$work/tmp"  # TMPDIR of compare-branches.sh: empty again after every run
mkdir -p "$repo" "$scratch"
child=

# shellcheck disable=SC2317  # the EXIT trap
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    if [ -n "$child" ]; then
        kill -TERM "$child" 2>/dev/null || true  # compare-branches.sh removes its own worktrees
        wait "$child" 2>/dev/null || true
    fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok    $*"; }
flunk() { failed=$((failed + 1)); echo "  FAIL  $*"; }
check() {  # description command...: passes when the command succeeds
    local description=$1
    shift
    if "$@"; then pass "$description"; else flunk "$description"; fi
}
exits() { [ "$status" -eq "$1" ]; }  # the last run's exit status
has() { grep -qE -- "$2" "$1" 2>/dev/null; }  # file extended-regex
lacks() { ! grep -qE -- "$2" "$1" 2>/dev/null; }
show() {  # file: the output of a failed check, indented
    sed 's/^/        | /' "$1"
}

git_() { git -C "$repo" -c user.name=test -c user.email=test@example.invalid -c commit.gpgsign=false "$@"; }

# Runs compare-branches.sh in the test repository; sets `status`, output in $work/NAME.out and .err.
compare() {  # name arguments...
    local name=$1
    shift
    status=0
    # Timing only: instruction counts (callgrind) have tests of their own and take minutes here.
    (cd "$repo" && TMPDIR="$scratch" NO_COLOR=1 exec "$script" --measure time "$@") >"$work/$name.out" 2>"$work/$name.err" &
    child=$!
    wait "$child" || status=$?
    child=
}

# Starts compare-branches.sh in the background with SIGINT at its default, so
# that it can be interrupted: a script's background jobs (and everything under
# nohup or a backgrounded test) start with SIGINT ignored, and bash cannot
# trap a signal ignored on entry.
launch() {  # name arguments...
    local name=$1
    shift
    (cd "$repo" && TMPDIR="$scratch" NO_COLOR=1 exec env --default-signal=INT "$script" --measure time "$@") \
        >"$work/$name.out" 2>"$work/$name.err" &
    child=$!
}

wait_for() {  # file extended-regex: until the launched run prints it, ends, or 2 minutes pass
    for _ in $(seq 1 600); do
        has "$1" "$2" && return 0
        kill -0 "$child" 2>/dev/null || return 1
        sleep 0.2
    done
    return 1
}

stop() {  # signal: sends it to the launched run and waits for it; sets `status`
    status=0
    kill "-$1" "$child" 2>/dev/null || true
    wait "$child" || status=$?
    child=
    for _ in $(seq 1 50); do  # the processes it stopped may take a moment to be gone
        no_process_left && break
        sleep 0.2
    done
}

no_worktree_left() {
    [ "$(git -C "$repo" worktree list --porcelain | grep -c '^worktree ')" -eq 1 ] \
        && [ -z "$(ls -A "$scratch")" ]
}

# Who ran first in each round, from the progress lines: A B in odd rounds, B A in even ones.
rounds_alternate() {  # stderr file of a 2-round run
    [ "$(grep -oE 'round [0-9]+/[0-9]+: [AB]' "$1" | tr '\n' ' ')" = "round 1/2: A round 1/2: B round 2/2: B round 2/2: A " ]
}

no_process_left() {
    ! pgrep -f "$scratch/compare-branches" >/dev/null
}

# Rows of a text report whose verdict is `worse`, without the timing (_ns) metrics.
deterministic_worse() {  # file
    grep -E '  worse( |$)' "$1" | grep -vE '_ns\.[a-z0-9]+ ' || true
}

echo "compare-branches test: a copy of $project in $repo"

# ---- the repository: commit 1 = the project's working tree, commit 2 = a regression

(
    cd "$project"
    git ls-files -z --cached --others --exclude-standard \
        | while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done \
        | tar --null -T - -cf -
) | tar -xf - -C "$repo"
git_ init -q -b main
git_ add -A
git_ commit -q -m "The project as it is"
git_ tag base

renderer="$repo/Sources/TerminalOutput/TerminalRenderer.swift"
sed -i \
    -e '/^    public let differ = FrameDiffer()$/a\
    /// Scratch space rebuilt on every frame: the injected regression of scripts/test-compare-branches.sh.\
    private var scratch: [Int] = []' \
    -e '/^    public func encode(_ diff: FrameDiff, _ next: Grid) {$/,/^    }$/{/^        encoder.startFrame()$/a\
        scratch = [Int](repeating: 0, count: 8)  // one allocation per frame (stored, so the optimiser keeps it)
}' \
    "$renderer"
if [ "$(grep -c 'scratch' "$renderer")" -ne 2 ]; then
    echo "cannot inject the regression: $renderer no longer has 'public let differ = FrameDiffer()' and 'encoder.startFrame()' in 'encode(_ diff: FrameDiff, _ next: Grid)'" >&2
    exit 2
fi
git_ commit -q -am "Renderer: rebuild a scratch array per frame (injected regression)"

git_ checkout -q -b broken base
printf '\nthis is not Swift\n' >>"$repo/Sources/FrameGrid/Cells/Cell.swift"
git_ commit -q -am "A change that does not compile"
git_ checkout -q main
base_short=$(git_ rev-parse --short=12 base)
main_short=$(git_ rev-parse --short=12 main)

# ---- usage and input errors (fast: no build)

echo "errors:"
compare unknown-ref no-such-ref
check "an unknown BASE exits 2" exits 2
check "... naming the ref" has "$work/unknown-ref.err" "unknown ref 'no-such-ref'"
compare unknown-head base no-such-head
check "an unknown HEAD exits 2" exits 2
check "... naming the ref" has "$work/unknown-head.err" "unknown ref 'no-such-head'"
compare missing
check "a missing BASE exits 2" exits 2
check "... saying so" has "$work/missing.err" "missing BASE"
check "... with the usage" has "$work/missing.err" "^usage: "
compare bad-rounds --rounds 0 base
check "--rounds 0 exits 2" exits 2
compare bad-lanes --count-lanes ncurses base
check "--count-lanes ncurses exits 2" exits 2
check "... naming the choices" has "$work/bad-lanes.err" "--count-lanes must be framebench or all"
mkdir -p "$work/not-a-repository"
status=0
(cd "$work/not-a-repository" && GIT_CEILING_DIRECTORIES="$work" "$script" base) >/dev/null 2>"$work/not-a-repository.err" || status=$?
check "outside a repository exits 2" exits 2
check "... saying so" has "$work/not-a-repository.err" "not inside a git repository"
check "no worktree left after the errors" no_worktree_left

# ---- the regression is caught

echo "regression (base $base_short against main $main_short, 2 rounds of 300 frames; two release builds) ..."
compare regression --rounds 2 --frames 300 --out "$work/regression.md" --html "$work/regression.html" base main
check "exit code 1 (something regressed)" exits 1
check "the report names allocations_per_frame as worse" \
    has "$work/regression.out" 'allocations_per_frame\.(mean|max) .*  worse'
check "the Markdown report marks allocations_per_frame **worse**" \
    has "$work/regression.md" 'allocations_per_frame\.(mean|max) .*\*\*worse\*\*'
check "the HTML report highlights the encode phase's allocations as moved" \
    has "$work/regression.html" 'class="moved">Moved: [^<]*encode_allocations'
check "... and fetches nothing (no http, https or src=)" \
    test -z "$(grep -oiE 'https?:|src=' "$work/regression.html")"
check "the header names the base commit" has "$work/regression.out" "A \(baseline\): +base @ $base_short"
check "the header names the candidate commit" has "$work/regression.out" "B \(candidate\): +main @ $main_short"
check "the header names the machine" has "$work/regression.out" "machine: [0-9]+ cores"
check "the rounds alternate who goes first (A B, then B A)" rounds_alternate "$work/regression.err"
check "no worktree left after the regression run" no_worktree_left
if ! exits 1; then show "$work/regression.out"; show "$work/regression.err"; fi

# ---- the same commit twice passes

echo "A/A (base against base, kept build; retried when only frame times flake) ..."
attempts=0
while :; do
    attempts=$((attempts + 1))
    compare same --rounds 2 --frames 300 --keep-builds --out "$work/same.md" base base
    deterministic_worse "$work/same.out" >"$work/same.deterministic"
    if exits 1 && [ ! -s "$work/same.deterministic" ] && [ "$attempts" -lt 3 ]; then
        echo "  note  attempt $attempts: only frame times read worse on the same build (machine load); retrying. Rows:"
        grep -E '  worse( |$)' "$work/same.out" | sed 's/^/        | /'
        continue
    fi
    break
done
check "exit code 0 (nothing regressed)$([ "$attempts" -eq 1 ] || echo ", after $attempts attempts")" exits 0
check "no deterministic metric is worse" test ! -s "$work/same.deterministic"
check "one build serves both sides of the same commit" has "$work/same.err" "one build serves both sides"
check "no worktree left after the A/A run" no_worktree_left
if ! exits 0; then show "$work/same.out"; show "$work/same.err"; fi

compare reuse --rounds 1 --frames 50 --keep-builds --out "$work/reuse.md" base base
check "--keep-builds reuses the kept binary on the next run" has "$work/reuse.err" "reusing the kept build"

# ---- one shard of the suite (the kept build again)

compare bad-shard --shard 3/2 base
check "--shard 3/2 exits 2" exits 2
check "... naming --shard" has "$work/bad-shard.err" "--shard takes I/N"
compare shard --rounds 1 --frames 30 --keep-builds --shard 2/3 --results-dir "$work/shard-results" --out "$work/shard.md" base base
check "a shard of the suite runs (exit 0)" exits 0
check "... the header names the shard" has "$work/shard.out" "shard 2/3"
check "... --results-dir keeps both sides' rounds" test -s "$work/shard-results/round-1-A.json" -a -s "$work/shard-results/round-1-B.json"
check "... each recording shard 2 of 3" has "$work/shard-results/round-1-B.json" '"shard":\{"count":3,"index":2,'
if ! exits 0; then show "$work/shard.out"; show "$work/shard.err"; fi

# ---- a suite of program entries (a UI that is any program): each side's {bin}

# The command a program entry ran in a results file (`{bin}` replaced).
program_command() {  # results.json name
    python3 -c 'import json, sys
for s in json.load(open(sys.argv[1]))["scenarios"]:
    if s["name"] == sys.argv[2] and s.get("program"): print(" ".join(s["program"]["command"]))' "$1" "$2"
}

echo "program entries (suite programs-short: our live mode, ncurses, Textual, less; A/A, 2 rounds, kept build) ..."
base_commit=$(git_ rev-parse base)
compare programs --rounds 2 --keep-builds --suite programs-short --results-dir "$work/program-results" \
    --out "$work/programs.md" base base
check "a program suite runs in paired rounds (exit 0)" exits 0
check "... each program is compared" has "$work/programs.out" 'ncurses-list \[program\] +frame_time_ns\.p50'
check "... its allocations read 'not measured', never 0" \
    has "$work/programs.out" 'less \[program\] +allocations_per_frame\.mean +not measured +not measured'
check "... no instruction rows for programs" lacks "$work/programs.out" '\[program\] +[a-z_]*instructions'
check "... {bin} is the side's own build (ncurses-list built and kept beside its framebench)" \
    test "$(program_command "$work/program-results/round-1-A.json" ncurses-list)" \
    = "$repo/.build/compare-branches/$base_commit/ncurses-list 10000"
check "... and our live mode ran that build's framebench" \
    test "$(program_command "$work/program-results/round-2-B.json" live-profile-feed)" \
    = "$repo/.build/compare-branches/$base_commit/framebench live profile-feed --no-hud"
check "no worktree left after the program run" no_worktree_left
if ! exits 0; then show "$work/programs.out"; show "$work/programs.err"; fi

# ---- a failed build

echo "build failure (base kept, broken does not compile) ..."
compare broken --rounds 1 --frames 50 --keep-builds base broken
check "a failed build exits 2" exits 2
check "... naming the side and ref" has "$work/broken.err" "build of side B \(broken @"
check "... showing the end of the build log" has "$work/broken.err" "this is not Swift"
check "no worktree left after the failed build" no_worktree_left
if ! exits 2; then show "$work/broken.out"; show "$work/broken.err"; fi

# ---- interrupts: the working tree while building (SIGINT), a round while running (SIGTERM)

interrupt=INT interrupt_status=130
if ! env --default-signal=INT true 2>/dev/null; then  # coreutils before 8.31
    interrupt=TERM interrupt_status=143
    echo "  note  env has no --default-signal: SIGTERM stands in for SIGINT"
fi
echo "working tree with uncommitted changes, interrupted (SIG$interrupt) while building ..."
git_ checkout -q base
printf '// an uncommitted edit\n' >>"$repo/Sources/Workloads/Workload.swift"
printf 'untracked\n' >"$repo/Sources/untracked-note.txt"
launch interrupt --keep-builds base
wait_for "$work/interrupt.err" "B \(working tree @ .*building"
tree_b=$(find "$scratch" -mindepth 2 -maxdepth 2 -name B -type d | head -n 1)
check "the candidate worktree has the untracked file" test -f "${tree_b:-/nonexistent}/Sources/untracked-note.txt"
check "the candidate worktree has the uncommitted edit" \
    has "${tree_b:-/nonexistent}/Sources/Workloads/Workload.swift" "// an uncommitted edit"
check "the header says the candidate has uncommitted changes" \
    has "$work/interrupt.out" "working tree @ .*\+ uncommitted changes"
sleep 3  # the compilers are running now
stop "$interrupt"
check "SIG$interrupt while building exits $interrupt_status" exits "$interrupt_status"
check "no worktree and no temporary directory left" no_worktree_left
check "no process of the stopped build still running" no_process_left
if ! exits "$interrupt_status"; then show "$work/interrupt.err"; fi
git_ checkout -q -- .
rm "$repo/Sources/untracked-note.txt"
git_ checkout -q main

echo "stopped (SIGTERM) while running a round ..."
launch terminate --keep-builds --frames 20000 base base
wait_for "$work/terminate.err" "one build serves both sides"
sleep 1  # round 1 of A is running now
stop TERM
check "SIGTERM while running exits 143" exits 143
check "it stopped during the first run" lacks "$work/terminate.err" "round 1/10: A done"
check "no worktree and no temporary directory left" no_worktree_left
check "no framebench process still running" no_process_left
if ! exits 143; then show "$work/terminate.err"; fi

echo "killed outright (SIGKILL) while building ..."
launch killed --keep-builds base
wait_for "$work/killed.err" "B \(working tree @ .*building"
sleep 3  # the compilers are running now
stop KILL  # no trap runs: the script's watchdog stops the build and removes the worktrees
for _ in $(seq 1 50); do
    no_worktree_left && break
    sleep 0.2
done
check "SIGKILL while building exits 137" exits 137
check "no worktree and no temporary directory left" no_worktree_left
check "no process of the killed build still running" no_process_left

echo "time: $((SECONDS - started)) s"
echo "compare-branches: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
