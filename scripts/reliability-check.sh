#!/usr/bin/env bash
# The reliability suite: framebench as a hostile user, a full disk, a closed
# pipe, a signal or a shrinking file would meet it. Nothing may be lost,
# nothing may crash. Every case runs in a temporary folder; no case writes to
# a real device or system file (the devices here are nodes made in the
# temporary folder).
#
#     scripts/reliability-check.sh [FRAMEBENCH]    (default .build/release/framebench)
#     RELIABILITY_ONLY=live scripts/reliability-check.sh    (only the cases matching a pattern)
#
# Prints each case, then cases tried, passed, failed, pending and skipped;
# exits 1 when any case that is not pending failed.

# Cases whose fix lives on another branch (owned by #10/#11 work: the lead's
# budgets and check rewrite, items 3 and 9; the layout work, item 7): they run
# and are reported, but do not fail the suite. Remove a name once its fix is
# merged; the suite says when a pending case already passes.
PENDING_CASES=(
)

set -uo pipefail
cd "$(dirname "$0")/.."
framebench=$(realpath "${1:-.build/release/framebench}")
[ -x "$framebench" ] || { echo "reliability-check: no framebench at $framebench" >&2; exit 2; }

work=$(mktemp -d /tmp/framebench-reliability.XXXXXX)
tmux_socket="framebench-reliability-$$"
cleanup() {
    tmux -L "$tmux_socket" kill-server >/dev/null 2>&1
    if mountpoint -q "$work/tiny" 2>/dev/null; then umount "$work/tiny"; fi
    rm -rf "$work"
}
trap cleanup EXIT

tried=0 passed=0 failed=0 pending=0 skipped=0
failures=() pending_failures=() pending_passing=()
log="$work/case.log"
start_time=$SECONDS

is_pending() {
    local name
    for name in "${PENDING_CASES[@]}"; do [ "$name" = "$1" ] && return 0; done
    return 1
}

# run_case NAME FUNCTION: the function returns 0 (pass), 1 (fail) or 77 (skipped: cannot run here).
run_case() {
    local name=$1 status
    : >"$log"
    ( cd "$work/sandbox" && "$2" ) >>"$log" 2>&1
    status=$?
    if [ $status -eq 77 ]; then
        skipped=$((skipped + 1))
        echo "  skip $name ($(tail -1 "$log"))"
        return
    fi
    tried=$((tried + 1))
    if is_pending "$name"; then
        pending=$((pending + 1))
        if [ $status -eq 0 ]; then
            pending_passing+=("$name")
            echo "  pend $name (passes already: remove it from PENDING_CASES)"
        else
            pending_failures+=("$name")
            echo "  pend $name (pending: owned by #10/#11 work)"
        fi
    elif [ $status -eq 0 ]; then
        passed=$((passed + 1))
        echo "  ok   $name"
    else
        failed=$((failed + 1))
        failures+=("$name")
        echo "  FAIL $name"
        sed 's/^/       | /' "$log" | grep -v '^       | *$' | head -12
    fi
}

# A fresh sandbox per case group: a folder with a Benchmarks/ and Results/ of its own.
fresh_sandbox() {
    rm -rf "$work/sandbox"
    mkdir -p "$work/sandbox/Benchmarks" "$work/sandbox/Results"
    cp Benchmarks/suites.json Benchmarks/budgets.json "$work/sandbox/Benchmarks/"
}

# Helpers used inside cases (they run in the sandbox).
fb() { "$framebench" "$@"; }
small=(plain-feed --frames 20 --size 40x10 --term xterm-256color)
# Exit codes that mean a crash: SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV.
crashed() { case $1 in 132 | 133 | 134 | 135 | 136 | 139) return 0 ;; *) return 1 ;; esac }
expect_rc() {  # expect_rc WANT GOT WHAT
    if [ "$2" -ne "$1" ]; then echo "$3: exit $2, expected $1"; return 1; fi
}
is_kind() {  # is_kind PATH c|p|f|L
    case $2 in
        c) [ -c "$1" ] ;; p) [ -p "$1" ] ;; L) [ -L "$1" ] ;; f) [ -f "$1" ] && [ ! -L "$1" ] ;;
    esac || { echo "$1 is no longer of kind $2: $(ls -l "$1" 2>&1)"; return 1; }
}
no_temporaries() {  # no_temporaries DIR...
    local left
    left=$(find "$@" -name '.*.tmp-*' 2>/dev/null)
    [ -z "$left" ] || { echo "temporary files left behind: $left"; return 1; }
}
valid_json() { python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1" 2>/dev/null; }
results_file() {  # results_file PATH: a small real results file
    fb run "${small[@]}" --format json --out "$1" --force >/dev/null
}

# ---------------------------------------------------------------- --out targets

case_out_character_device() {
    mknod null c 1 3 || { echo "mknod is not permitted"; return 77; }
    fb run "${small[@]}" --out null; expect_rc 0 $? "run --out DEVICE" || return 1
    is_kind null c && no_temporaries .
}

case_out_full_device_fails_cleanly() {
    mknod full c 1 7 || { echo "mknod is not permitted"; return 77; }
    fb run "${small[@]}" --out full 2>err; local rc=$?
    cat err
    [ $rc -ne 0 ] && ! crashed $rc && grep -q "No space left" err && is_kind full c && no_temporaries .
}

case_out_fifo_written_through() {
    mkfifo fifo
    # Bounded: should framebench never open the FIFO (renaming a file over it), the reader gives up.
    timeout 20 cat fifo >received & local reader=$!
    fb run "${small[@]}" --format json --out fifo; local rc=$?
    is_kind fifo p || { kill $reader; return 1; }
    wait $reader
    expect_rc 0 $rc "run --out FIFO" && is_kind fifo p && valid_json received
}

case_out_symlink_follows_to_target() {
    ln -s target.json link.json
    fb run "${small[@]}" --format json --out link.json || return 1
    is_kind link.json L && is_kind target.json f && valid_json target.json || return 1
    fb run "${small[@]}" --format json --out link.json --force || return 1
    is_kind link.json L && valid_json target.json && no_temporaries .
}

case_out_existing_refused_before_the_run() {
    echo old >old.txt
    # 10 million frames would take hours: the refusal must come before the run.
    timeout 20 "$framebench" run plain-feed --frames 10000000 --size 40x10 --out old.txt 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "existing --out without --force" && grep -q "pass --force" err && [ "$(cat old.txt)" = old ]
}

case_out_force_replaces() {
    echo old >old.json
    fb run "${small[@]}" --format json --out old.json --force && valid_json old.json && no_temporaries .
}

case_out_dash_is_standard_output() {
    fb run "${small[@]}" --format json --out - >stdout.json && valid_json stdout.json && [ ! -e ./- ]
}

case_out_descriptor_link_written_directly() {
    # /dev/stdout is a link to /proc/self/fd/1; a link of our own stands in for
    # it, so a regression renames over this link, not over /dev/stdout.
    ln -s /proc/self/fd/1 stdout-link
    fb run "${small[@]}" --format json --out stdout-link >file.json || return 1
    fb run "${small[@]}" --format json --out stdout-link | cat >piped.json || return 1
    is_kind stdout-link L && valid_json file.json && valid_json piped.json && no_temporaries .
}

case_out_missing_folder_is_a_clear_error() {
    timeout 20 "$framebench" run plain-feed --frames 10000000 --out no/such/folder/x.json 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "--out in a missing folder" && grep -q "does not exist" err
}

case_out_directory_is_a_clear_error() {
    mkdir adir
    fb run "${small[@]}" --out adir 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "--out DIRECTORY" && grep -q "is a directory" err && [ -d adir ]
}

# ---------------------------------------------------------------- stdout and stderr

case_stdout_full_fails() {
    fb run "${small[@]}" --format json >/dev/full 2>err; local rc=$?
    cat err
    expect_rc 1 $rc "run > /dev/full" && grep -q "cannot write to standard output" err
}

case_stdout_full_text_and_list_fail() {
    fb list >/dev/full 2>/dev/null; expect_rc 1 $? "list > /dev/full" || return 1
    fb help >/dev/full 2>/dev/null; expect_rc 1 $? "help > /dev/full"
}

case_stdout_closed_pipe() {
    # The reader is gone before framebench writes: EPIPE, a message, exit 1 (not a silent SIGPIPE).
    (sleep 0.5; fb run "${small[@]}" --format json 2>err; echo $? >rc) | true
    cat err
    expect_rc 1 "$(cat rc)" "run | (closed)" && grep -q "Broken pipe" err
}

case_stdout_closed_descriptor() {
    fb run "${small[@]}" --format json >&- 2>err; local rc=$?
    cat err
    [ $rc -ne 0 ] && ! crashed $rc
}

case_stderr_full_usage_error() {
    fb bogus 2>/dev/full; expect_rc 2 $? "usage error with stderr full"
}

case_stderr_closed_usage_error() {
    fb bogus 2>&-; expect_rc 2 $? "usage error with stderr closed"
}

case_stderr_closed_progress_and_run() {
    fb run "${small[@]}" --format json --out r.json 2>&-; expect_rc 0 $? "run with stderr closed" && valid_json r.json
}

# ---------------------------------------------------------------- full disk

case_file_size_limit_keeps_old_file() {
    results_file old.json || return 1
    cp old.json before.json
    # 1 KiB: the JSON does not fit. SIGXFSZ is ignored, so this is an error, not a kill.
    (ulimit -f 1; "$framebench" run plain-feed --frames 200 --size 40x10 --format json --out old.json --force) 2>err
    local rc=$?
    cat err
    [ $rc -ne 0 ] && ! crashed $rc && [ $rc -lt 128 ] && cmp -s old.json before.json && no_temporaries .
}

case_tiny_tmpfs_full_keeps_old_file() {
    mkdir -p "$work/tiny"
    mount -t tmpfs -o size=64k tmpfs "$work/tiny" 2>/dev/null || { echo "cannot mount a tmpfs here"; return 77; }
    local ok=0
    results_file "$work/tiny/old.json" || ok=1
    cp "$work/tiny/old.json" before.json
    head -c 60000 /dev/zero >"$work/tiny/filler" 2>/dev/null
    fb run plain-feed --frames 400 --size 80x24 --format json --out "$work/tiny/old.json" --force 2>err
    local rc=$?
    cat err
    [ $rc -ne 0 ] && ! crashed $rc && grep -q "No space left" err || ok=1
    cmp -s "$work/tiny/old.json" before.json || { echo "old file changed"; ok=1; }
    no_temporaries "$work/tiny" || ok=1
    umount "$work/tiny"
    return $ok
}

# ---------------------------------------------------------------- signals during writes

# kill_during COUNT SIGNAL CHECK COMMAND...: runs COMMAND COUNT times, each
# killed after a different delay, then runs CHECK.
kill_during() {
    local count=$1 signal=$2 check=$3 i delay
    shift 3
    for i in $(seq 1 "$count"); do
        delay=$(awk -v i="$i" -v n="$count" 'BEGIN { printf "%.3f", 0.005 + 0.12 * i / n }')
        "$@" >/dev/null 2>&1 & local pid=$!
        sleep "$delay"
        kill "-$signal" $pid 2>/dev/null
        wait $pid 2>/dev/null
        "$check" || { echo "after SIG$signal at ${delay}s"; return 1; }
    done
}

baseline_is_old_or_new() {
    valid_json Results/kept.json || { echo "Results/kept.json is not complete JSON"; return 1; }
    cmp -s Results/kept.json old.json || cmp -s Results/kept.json new.json || { echo "neither old nor new"; return 1; }
}

case_baseline_save_killed_keeps_old_or_new() {
    results_file old.json && results_file new.json || return 1
    fb baseline save --name kept --from old.json >/dev/null || return 1
    cp Results/kept.json old.json  # as stored
    fb baseline save --name probe --from new.json >/dev/null && cp Results/probe.json new.json && rm Results/probe.json
    kill_during 10 TERM baseline_is_old_or_new "$framebench" baseline save --name kept --force --from new.json || return 1
    no_temporaries Results || return 1
    kill_during 6 KILL baseline_is_old_or_new "$framebench" baseline save --name kept --force --from new.json
}

out_is_old_or_new() {
    valid_json out.json || { echo "out.json is not complete JSON"; return 1; }
}

case_run_out_interrupted_leaves_no_temporary() {
    results_file out.json || return 1
    kill_during 8 INT out_is_old_or_new "$framebench" run plain-feed --frames 300 --size 80x24 --format json --out out.json --force \
        && no_temporaries .
}

case_concurrent_new_saves_one_wins() {
    results_file a.json || return 1
    local i
    for i in 1 2 3 4 5; do
        "$framebench" baseline save --name "race$i" --from a.json >/dev/null 2>&1 & local first=$!
        "$framebench" baseline save --name "race$i" --from a.json >/dev/null 2>&1 & local second=$!
        wait $first; local one=$?
        wait $second; local two=$?
        if [ $((one == 0 ? 1 : 0)) -eq $((two == 0 ? 1 : 0)) ]; then
            echo "race $i: exits $one and $two (exactly one save of a new name may succeed)"
            return 1
        fi
        valid_json "Results/race$i.json" || return 1
    done
    no_temporaries Results
}

case_baseline_name_stays_in_results() {
    results_file a.json || return 1
    fb baseline save --name mine.json --from a.json 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "--name mine.json" && [ ! -e mine.json ] && [ ! -e Results/mine.json.json ]
}

recording_is_consistent() {
    [ -f rec/stream.bin ] && [ -f rec/frames.jsonl ] || { echo "a recording file is missing"; return 1; }
    python3 - <<'EOF' || return 1
import json, os
lines = open("rec/frames.jsonl").read().splitlines()
end = json.loads(lines[-1])["end"]
size = os.path.getsize("rec/stream.bin")
if end != size:
    raise SystemExit(f"frames.jsonl ends at byte {end}, stream.bin has {size}: one old, one new")
EOF
}

case_record_force_interrupted_keeps_a_matching_pair() {
    fb record plain-feed --frames 5 --size 40x10 --out rec >/dev/null || return 1
    kill_during 10 TERM recording_is_consistent \
        "$framebench" record plain-feed --frames 400 --size 80x24 --out rec --force || return 1
    no_temporaries rec
}

case_record_refuses_existing_without_force() {
    fb record plain-feed --frames 5 --size 40x10 --out rec >/dev/null || return 1
    cp rec/stream.bin stream.before
    fb record plain-feed --frames 9 --size 40x10 --out rec 2>err; local rc=$?
    expect_rc 2 $rc "record into an existing recording" && cmp -s rec/stream.bin stream.before
}

# ---------------------------------------------------------------- feed files

case_feed_file_fifo_does_not_block() {
    mkfifo feed.fifo
    timeout 10 "$framebench" run "${small[@]}" --feed-file feed.fifo 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "--feed-file FIFO" && grep -q "not a regular file" err
}

case_feed_file_directory_and_missing() {
    fb run "${small[@]}" --feed-file . 2>/dev/null; expect_rc 2 $? "--feed-file DIR" || return 1
    fb run "${small[@]}" --feed-file no-such-file 2>/dev/null; expect_rc 2 $? "--feed-file missing"
}

truncated_during_run() {  # truncated_during_run SCENARIO SIZE FRAMES (enough to outlast the first 0.3 s)
    python3 -c '
import sys
with open("big.txt", "w") as f:
    for i in range(200000):
        f.write("item %d %s\n" % (i, "word " * 20))
'
    "$framebench" run "$1" --frames "$3" --size 80x24 --feed 200000 --feed-file big.txt --quiet & local pid=$!
    sleep 0.3
    kill -0 $pid 2>/dev/null || { echo "the run ended before the file was truncated: give it more frames"; return 1; }
    truncate -s "$2" big.txt
    sleep 0.2
    truncate -s 0 big.txt
    wait $pid; local rc=$?
    expect_rc 0 $rc "$1 with its feed file truncated mid-run"
}

case_feed_file_truncated_under_plain_feed() { truncated_during_run plain-feed 5000 60000; }
case_feed_file_truncated_under_profile_feed() { truncated_during_run profile-feed 100 3000; }

# Item 7 (frame cost grows with an item's length): only the visible part of
# an item may cost anything. 60 frames of a hostile item may take at most
# three times as long as 60 frames of ordinary items, plus 0.3 s (a
# ratio, not a time, so a slow or busy machine does not fail it; before the
# fixes they took 20 to 200 times as long).
long_item_runs_fast() {  # long_item_runs_fast WHAT [SCENARIO ARGS...]: big.txt is prepared
    local what=$1
    shift
    local scenario=("${@:-plain-feed}")
    python3 -c 'open("normal.txt", "w").write("".join("item %d some words here\n" % i for i in range(1000)))'
    local started ordinary hostile rc
    started=$(date +%s%N)
    fb run "${scenario[@]}" --frames 60 --size 40x10 --feed-file normal.txt --quiet || return 1
    ordinary=$(( $(date +%s%N) - started ))
    started=$(date +%s%N)
    timeout 60 "$framebench" run "${scenario[@]}" --frames 60 --size 40x10 --feed-file big.txt --quiet; rc=$?
    hostile=$(( $(date +%s%N) - started ))
    expect_rc 0 $rc "$what" || return 1
    echo "$what: $((hostile / 1000000)) ms for 60 frames; ordinary items $((ordinary / 1000000)) ms"
    [ $hostile -le $((3 * ordinary + 300000000)) ]
}
case_long_line_costs_its_visible_part() {
    python3 -c 'open("big.txt", "w").write("x" * 10_000_000 + "\n")'
    long_item_runs_fast "a 10 MB line"
}
case_combining_marks_cost_their_visible_part() {
    python3 -c 'open("big.txt", "w").write("e" + "\u0301" * 1_000_000 + "\n")'
    long_item_runs_fast "1,000,000 combining marks"
}
case_cr_only_line_ends_cost_their_visible_part() {
    python3 -c 'open("big.txt", "w").write("item\r" * 58_000)'
    long_item_runs_fast "290 KB of CR-only line ends"
}

# ---------------------------------------------------------------- hostile values and files

case_hostile_command_line_values() {
    local arguments bad=0 rc
    while IFS= read -r arguments; do
        eval "set -- $arguments"
        timeout 20 "$framebench" "$@" >/dev/null 2>err; rc=$?
        if [ $rc -ne 2 ]; then echo "framebench $arguments: exit $rc, expected 2"; cat err; bad=1; fi
    done <<'EOF'
run plain-feed --frames -1
run plain-feed --frames 99999999999999999999
run plain-feed --frames ""
run plain-feed --size 0x0
run plain-feed --size 4294967297x1
run plain-feed --size 10x
run plain-feed --seed -5
run plain-feed --feed 0
run plain-feed --repeat 1000
run plain-feed --backend nope
run plain-feed --term ../../../etc/passwd --frames 2
run plain-feed --script nope
run plain-feed --inject-delay-ns -1
run plain-feed --out ""
run plain-feed --format yaml
run --suite no-such-suite
record plain-feed --out ""
live plain-feed --frames 5
overhead plain-feed --frames 0
baseline save --name ../escape
baseline save --name ""
baseline show
compare only-one.json
check --budgets no-such-budgets.json
bogus
EOF
    return $bad
}

case_corrupt_results_files() {
    results_file good.json || return 1
    head -c 200 good.json >truncated.json
    head -c 4096 /dev/urandom >garbage.json
    python3 -c 'import json; d = json.load(open("good.json")); d["schema_version"] = 99; json.dump(d, open("version.json", "w"))'
    python3 -c 'import json; d = json.load(open("good.json")); d["scenarios"] = {"x": 1}; json.dump(d, open("wrongtype.json", "w"))'
    printf '' >empty.json
    local file bad=0 rc
    for file in truncated.json garbage.json version.json wrongtype.json empty.json missing.json; do
        for command in "baseline show $file" "compare good.json $file" "check --results $file" "baseline save --name c --from $file"; do
            $framebench $command >/dev/null 2>err; rc=$?
            if [ $rc -ne 2 ] || ! grep -q "$file" err || grep -q NSCocoaErrorDomain err; then
                echo "framebench $command: exit $rc"; cat err; bad=1
            fi
        done
    done
    no_temporaries Results && [ ! -e Results/c.json ] && return $bad
}

case_suites_file_out_of_range_number_is_named() {
    sed 's/"frames": *[0-9][0-9]*/"frames": 99999999999999999999/' Benchmarks/suites.json >s.json
    grep -q 99999999999999999999 s.json || { echo "no frames field to change in suites.json"; return 1; }
    cp s.json Benchmarks/suites.json
    timeout 20 "$framebench" run --frames 5 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "run with an out-of-range number in suites.json" && grep -q "\.frames: 99999999999999999999 is out of range for this field (line [0-9]*, column [0-9]*)" err \
        && ! grep -q "not valid JSON" err
}

case_list_fails_on_broken_suites_file() {
    echo '{"suites": {' >Benchmarks/suites.json
    fb list >out 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "list with a broken suites file" && grep -q "plain-feed" out
}

case_overhead_honours_frames() {
    fb overhead plain-feed --frames 80 --size 40x10 >out || return 1
    cat out
    grep -q "40 blocks of 2 frames" out
}

hostile_results() {
    results_file plain.json || return 1
    python3 - <<'EOF'
import json
d = json.load(open("plain.json"))
d["scenarios"][0]["name"] = "evil\u001b[2J\u001b]52;c;aGk=\u0007|cell\u009b31m`x`"
d["machine"]["cpu"] = "cpu\u001b[31m|"
json.dump(d, open("hostile.json", "w"))
EOF
}

case_hostile_names_escaped_in_text() {
    hostile_results || return 1
    fb baseline show hostile.json --format text >show.txt && fb compare hostile.json hostile.json >compare.txt || return 1
    fb baseline list >/dev/null || return 1
    cp hostile.json 'Results/bad'$'\033''[2J.json'
    fb baseline list >list.txt || return 1
    python3 -c '
import json; d = json.load(open("Benchmarks/suites.json"))
d["suites"]["default"][0]["name"] = "suite\u001b[2J\u009b31m"
json.dump(d, open("Benchmarks/suites.json", "w"))'
    fb list >suites.txt || return 1
    if grep -q $'\033' show.txt compare.txt list.txt suites.txt; then echo "raw ESC in text output"; return 1; fi
    if python3 -c 'import sys; sys.exit(0 if any("\x9b" in open(f, encoding="utf-8", errors="replace").read() for f in sys.argv[1:]) else 1)' show.txt compare.txt list.txt suites.txt; then
        echo "raw C1 CSI in text output"; return 1
    fi
    grep -q 'evil' show.txt
}

case_hostile_names_escaped_in_markdown() {
    hostile_results || return 1
    fb compare hostile.json hostile.json --format markdown >compare.md || return 1
    fb baseline show hostile.json --format markdown >show.md || return 1
    python3 - <<'EOF'
import re, sys
for name in ("compare.md", "show.md"):
    text = open(name, encoding="utf-8").read()
    if "\x1b" in text or "\x07" in text:
        sys.exit(f"{name}: raw control characters")
    header = None
    for line in text.splitlines():
        if line.startswith("| scenario"):
            header = len(re.findall(r"(?<!\\)\|", line))
        elif line.startswith("|") and "evil" in line:
            cells = len(re.findall(r"(?<!\\)\|", line))
            if cells != header:
                sys.exit(f"{name}: a row with {cells} separators under a header with {header}: {line}")
EOF
}

case_hostile_names_escaped_in_json_and_junit() {
    hostile_results || return 1
    fb compare hostile.json hostile.json --format json >compare.json || return 1
    valid_json compare.json || { echo "JSON report does not parse"; return 1; }
    fb compare hostile.json hostile.json --format junit >compare.xml || return 1
    python3 -c 'import sys, xml.etree.ElementTree as E; E.parse("compare.xml")' || { echo "JUnit report does not parse"; return 1; }
    ! grep -q $'\033' compare.json compare.xml
}

# Item 3: a frame budget of 0 or less is an error before any work, never a crash.
case_budget_zero_in_suites() {
    python3 -c '
import json; d = json.load(open("Benchmarks/suites.json")); d["frame_budget_ns"] = 0
json.dump(d, open("Benchmarks/suites.json", "w"))'
    timeout 60 "$framebench" run --frames 5 --size 20x5 >/dev/null 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "run with frame_budget_ns 0" && grep -q frame_budget_ns err
}

case_budget_negative_in_results() {
    results_file good.json || return 1
    python3 -c '
import json; d = json.load(open("good.json")); d["scenarios"][0]["frame_budget_ns"] = -1
json.dump(d, open("negative.json", "w"))'
    local bad=0 rc command
    for command in "compare good.json negative.json" "baseline show negative.json --format markdown" "baseline save --name neg --from negative.json"; do
        $framebench $command >/dev/null 2>err; rc=$?
        if [ $rc -ne 2 ]; then echo "framebench $command: exit $rc, expected 2"; cat err; bad=1; fi
    done
    [ ! -e Results/neg.json ] && return $bad
}

# Item 9: check must not pass when no budget applies.
case_check_fails_when_no_budget_applies() {
    results_file r.json || return 1
    echo '{"budgets": {"plain-fed-misspelt": {"bytes_per_frame.mean": 100}}}' >budgets.json
    fb check --results r.json --budgets budgets.json >out 2>err; local rc=$?
    cat out err
    [ $rc -ne 0 ] && ! crashed $rc
}

case_check_fails_on_results_without_metrics() {
    results_file r.json || return 1
    python3 -c '
import json; d = json.load(open("r.json")); d["scenarios"] = []
json.dump(d, open("empty-results.json", "w"))'
    fb check --results empty-results.json >out 2>err; local rc=$?
    cat out err
    [ $rc -ne 0 ] && ! crashed $rc
}

# ---------------------------------------------------------------- issue 34: outputs, numbers, gates, readers

# Item 2: two outputs naming one file (or one inside the other's folder) are
# refused before anything runs, naming both options.
names_both() {  # names_both FILE OPTION OPTION
    grep -q -- "$2" "$1" && grep -q -- "$3" "$1" || { echo "the error does not name $2 and $3"; return 1; }
}
case_outputs_naming_one_file_refused() {
    local bad=0 rc
    timeout 20 "$framebench" run plain-feed --frames 10000000 --size 40x10 --format json --out same.json --trace same.json --force 2>err; rc=$?
    cat err
    expect_rc 2 $rc "--out same.json --trace same.json --force" && names_both err --out --trace || bad=1
    [ ! -e same.json ] || { echo "same.json was written"; bad=1; }
    timeout 20 "$framebench" run plain-feed --frames 10000000 --size 40x10 --format json --out same.json --trace ./same.json 2>err; rc=$?
    cat err
    expect_rc 2 $rc "--out same.json --trace ./same.json (no --force)" || bad=1
    ln -s same.json link.json
    timeout 20 "$framebench" run plain-feed --frames 10000000 --size 40x10 --format json --out link.json --trace "$PWD/same.json" --force 2>err; rc=$?
    cat err
    expect_rc 2 $rc "--out LINK --trace its target" && names_both err --out --trace || bad=1
    mkdir sub
    timeout 20 "$framebench" run plain-feed --frames 10000000 --size 40x10 --format json --out sub/../r.json --trace r.json --force 2>err; rc=$?
    cat err
    expect_rc 2 $rc "--out sub/../r.json --trace r.json" || bad=1
    results_file a.json || return 1
    fb merge a.json --out m.json --github-benchmark ./m.json --force 2>err; rc=$?
    cat err
    expect_rc 2 $rc "merge --out m.json --github-benchmark ./m.json" && names_both err --out --github-benchmark || bad=1
    return $bad
}

case_record_trace_inside_its_folder_refused() {
    fb record plain-feed --frames 5 --size 40x10 --out rec >/dev/null || return 1
    fb record plain-feed --frames 5 --size 40x10 --out rec --trace rec/stream.bin --force >out 2>err; local rc=$?
    cat out err
    expect_rc 2 $rc "record --out rec --trace rec/stream.bin" && names_both err --out --trace || return 1
    grep -q recorded out && { echo "said recorded"; return 1; }
    fb record plain-feed --frames 5 --size 40x10 --out rec2 --trace rec2 --force 2>err; rc=$?
    cat err
    expect_rc 2 $rc "record --out rec2 --trace rec2"
}

# Item 3: every number from the command line or a file is range-checked where it is read.
case_huge_numbers_are_errors_not_crashes() {
    local bad=0 rc arguments
    while IFS= read -r arguments; do
        eval "set -- $arguments"
        timeout 20 "$framebench" "$@" >/dev/null 2>err; rc=$?
        if [ $rc -ne 2 ]; then echo "framebench $arguments: exit $rc, expected 2"; cat err; bad=1; fi
    done <<'LIST'
run plain-feed --frames 20 --size 20x5 --frame-budget 1e303
run plain-feed --frames 20 --size 20x5 --frame-budget 1e-320
record plain-feed --frames 20 --size 20x5 --out r --frame-budget 1e303
LIST
    cp Benchmarks/suites.json suites.orig
    python3 -c '
import json; d = json.load(open("Benchmarks/suites.json")); d["suites"]["default"][1]["frame_budget_ms"] = 1e303
json.dump(d, open("Benchmarks/suites.json", "w"))'
    timeout 60 "$framebench" run --frames 5 >/dev/null 2>err; rc=$?
    cat err
    expect_rc 2 $rc "frame_budget_ms 1e303 in suites.json" && grep -q frame_budget_ms err || bad=1
    cp suites.orig Benchmarks/suites.json
    python3 -c '
import json; d = json.load(open("Benchmarks/suites.json")); d["frame_budget_ns"] = 1e-320
json.dump(d, open("Benchmarks/suites.json", "w"))'
    timeout 60 "$framebench" run --frames 5 >/dev/null 2>err; rc=$?
    cat err
    expect_rc 2 $rc "frame_budget_ns 1e-320 in suites.json" && grep -q frame_budget_ns err || bad=1
    return $bad
}

case_budget_file_huge_number_is_named() {
    results_file r.json || return 1
    echo '{"budgets": {"plain-feed-40x10": {"bytes_per_frame.mean": 1e400}}}' >budgets.json
    fb check --results r.json --budgets budgets.json >out 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "a budget of 1e400" && grep -q "bytes_per_frame.mean" err && ! grep -q "Expected to decode" err || return 1
    echo '{"budgets": {"plain-feed-40x10": {"bytes_per_frame.mean": "+0x10%"}}}' >budgets.json
    fb check --results r.json --budgets budgets.json >out 2>err; rc=$?
    cat err
    expect_rc 2 $rc 'a budget of "+0x10%"' && grep -q "0x10" err
}

# Item 4: CSV on a terminal is escaped like the text report; in a file it stays CSV.
case_csv_to_a_terminal_is_escaped() {
    hostile_results || return 1
    python3 - "$framebench" <<'PY' || return 1
import os, pty, subprocess, sys
master, slave = pty.openpty()
child = subprocess.Popen([sys.argv[1], "baseline", "show", "hostile.json", "--format", "csv"], stdout=slave, stderr=subprocess.PIPE)
os.close(slave)
data = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    data += chunk
child.wait()
text = data.decode("utf-8", "replace")
if child.returncode != 0:
    sys.exit(f"exit {child.returncode}: {child.stderr.read()}")
if "\x1b" in text or "\x07" in text or "\x9b" in text:
    sys.exit("raw ESC, BEL or C1 on the terminal")
if "evil" not in text:
    sys.exit("the hostile name is missing")
PY
    fb baseline show hostile.json --format csv --out file.csv || return 1
    python3 - <<'PY'
import csv, sys
rows = list(csv.reader(open("file.csv", newline="", encoding="utf-8")))
names = {row[0] for row in rows[1:]}
if not any(name.startswith("evil\x1b[2J") for name in names):
    sys.exit(f"the file form changed the name: {names}")
if any(len(row) != len(rows[0]) for row in rows):
    sys.exit("rows of different widths")
PY
}

# Item 5: compare and check agree; comparing nothing fails; one file twice on a side is refused.
case_compare_of_nothing_fails() {
    results_file a.json || return 1
    python3 -c '
import json; d = json.load(open("a.json"))
for s in d["scenarios"]: s["name"] = "other-" + s["name"]
json.dump(d, open("other.json", "w"))
d["scenarios"] = []
json.dump(d, open("none.json", "w"))'
    local bad=0 rc
    fb compare a.json other.json >out 2>err; rc=$?
    cat err
    [ $rc -ne 0 ] && ! crashed $rc && grep -qi "no scenario\|share no\|nothing" err || { echo "compare of files sharing no scenario: exit $rc"; bad=1; }
    fb compare a.json none.json >out 2>err; rc=$?
    cat err
    [ $rc -ne 0 ] && ! crashed $rc && grep -q "none.json" err || { echo "compare with a side of none: exit $rc"; bad=1; }
    fb compare a.json none.json --format junit >out 2>err; rc=$?
    [ $rc -ne 0 ] || { echo "compare --format junit with a side of none: exit 0"; bad=1; }
    return $bad
}

case_compare_same_file_twice_refused() {
    results_file g.json && results_file h.json || return 1
    fb compare g.json,g.json,g.json,g.json,g.json h.json,h.json,h.json,h.json,h.json >out 2>err; local rc=$?
    cat err
    expect_rc 2 $rc "compare g.json x5 h.json x5" && grep -q "g.json" err || return 1
    cp g.json g2.json
    fb compare g.json,g2.json h.json >out 2>err; rc=$?
    cat err
    expect_rc 2 $rc "compare g.json,COPY-OF-g.json h.json" || return 1
    ln -s g.json glink.json
    fb compare g.json,glink.json h.json >out 2>err; rc=$?
    expect_rc 2 $rc "compare g.json,LINK-TO-g.json h.json"
}

case_merge_rounds_refuses_duplicates() {
    results_file g.json || return 1
    cp g.json copy.json
    local rc
    fb merge --rounds g.json g.json g.json --out m.json 2>err; rc=$?
    cat err
    expect_rc 2 $rc "merge --rounds of one file three times" && grep -q g.json err && [ ! -e m.json ] || return 1
    fb merge --rounds g.json copy.json --out m.json 2>err; rc=$?
    cat err
    expect_rc 2 $rc "merge --rounds of a file and its copy" && [ ! -e m.json ]
}

# Item 6: a results reader that names the key path and the value.
case_results_reader_names_what_is_wrong() {
    results_file good.json || return 1
    python3 - <<'PY'
import json, re
text = open("good.json").read()
d = json.loads(text)
frames = '"frames":%d' % d["scenarios"][0]["settings"]["frames"]
def sub(name, old, new):
    assert old in text, old
    open(name, "w").write(text.replace(old, new, 1))
sub("nan.json", frames, '"frames":NaN')
sub("inf.json", frames, '"frames":Infinity')
sub("digits.json", frames, '"frames":99999999999999999999')
sub("fraction.json", frames, '"frames":20.5')
open("trailing.json", "w").write(text + " trailing")
def alter(name, change):
    e = json.loads(text); change(e); json.dump(e, open(name, "w"))
alter("negcount.json", lambda e: e["scenarios"][0]["settings"].__setitem__("frames", -20))
alter("negmem.json", lambda e: e["scenarios"][0].__setitem__("peak_rss_bytes", -1))
alter("backend.json", lambda e: e["scenarios"][0].__setitem__("backend", "nope"))
alter("dup.json", lambda e: e["scenarios"].append(e["scenarios"][0]))
PY
    local bad=0 file want rc
    while read -r file want; do
        fb baseline show "$file" >/dev/null 2>err; rc=$?
        if [ $rc -ne 2 ] || ! grep -q -- "$file" err || ! grep -q -- "$want" err || grep -q "number e on line" err; then
            echo "baseline show $file: exit $rc, expected 2 naming '$want':"; cat err; bad=1
        fi
    done <<'LIST'
nan.json NaN
inf.json Infinity
digits.json 99999999999999999999
fraction.json 20.5
trailing.json trailing
negcount.json -20
negmem.json peak_rss_bytes
backend.json nope
dup.json twice
LIST
    printf '{"schema_version": 2,\n "x": [1, 2,, 3]}' >syntax.json
    fb baseline show syntax.json >/dev/null 2>err; rc=$?
    cat err
    expect_rc 2 $rc "a syntax error" && grep -q "line 2" err || bad=1
    return $bad
}

# peak_rss_mb FILE COMMAND...: runs COMMAND; writes the largest resident set
# (MB) of it or any process it waited for (an isolated child) to FILE.
peak_rss_mb() {
    python3 -c 'import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:])
open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024))
sys.exit(rc)' "$@"
}

# Issue 34 item 7: a run of 400,000 frames (4x the frames a run keeps one by
# one) stays in bounded memory, says its figures come from distributions, and
# writes a small results file. 988f008 kept every frame: 400k frames took
# several hundred MB and a results file of tens of MB.
case_long_run_keeps_memory_bounded() {
    peak_rss_mb rss "$framebench" run plain-feed --size 20x5 --frames 400000 --backend framebench --format json --out long.json >/dev/null 2>err
    local rc=$? mb size
    mb=$(cat rss) size=$(stat -c %s long.json 2>/dev/null || echo 0)
    echo "exit $rc, peak RSS $mb MB, results file $size bytes"
    expect_rc 0 $rc "run of 400000 frames" || { cat err; return 1; }
    [ "$mb" -lt 120 ] || { echo "peak RSS $mb MB: expected under 120 MB"; return 1; }
    [ "$size" -lt 2000000 ] || { echo "results file of $size bytes: expected under 2 MB"; return 1; }
    grep -q '"summarized_frames"' long.json || { echo "long.json does not say its figures come from distributions"; return 1; }
    fb baseline show long.json >show.txt 2>&1 || { echo "baseline show long.json:"; cat show.txt; return 1; }
    grep -q "percentiles from a log-bucketed distribution, within 0.39%" show.txt || { echo "the report does not say so:"; cat show.txt; return 1; }
}

# Outputs that need every frame refuse more than a run keeps, before running.
case_long_run_outputs_of_every_frame_refused() {
    local bad=0 rc
    fb run plain-feed --size 20x5 --frames 300000 --backend framebench --trace t.json >/dev/null 2>err; rc=$?
    cat err
    { expect_rc 2 $rc "run --trace of 300000 frames" && grep -q -- "--trace needs every frame" err && grep -q "100000" err; } || bad=1
    [ ! -e t.json ] || { echo "t.json written"; bad=1; }
    fb record plain-feed --size 20x5 --frames 300000 --out rec >/dev/null 2>err; rc=$?
    cat err
    { expect_rc 2 $rc "record of 300000 frames" && grep -q "record needs every frame" err && grep -q "100000" err; } || bad=1
    return $bad
}

# Issue 34 item 6: a ~100 MB results file (10 runs of 99,000 frames) is read
# as it streams, in memory about that of its numbers (2.2 s, 225 MB): the
# reader before read it whole (10.4 s, 980 MB with FRAMEBENCH_MAX_JSON_MB
# raised) and refused it unread by default (64 MiB limit). The same file with NaN as its last frame is refused naming the key
# path, line and column, in the same bounded memory; a limit set by
# FRAMEBENCH_MAX_JSON_MB is still kept, before reading.
case_results_reader_streams_a_huge_file() {
    results_file good.json || return 1
    python3 - <<'PY'
import copy, json
d = json.load(open("good.json"))
run = d["scenarios"][0]["runs"][0]
for metric, values in run["frames"].items():
    run["frames"][metric] = (values * (99_000 // len(values) + 1))[:99_000]
d["scenarios"][0]["runs"] = [copy.deepcopy(run) for _ in range(10)]
json.dump(d, open("huge.json", "w"))
text = open("huge.json").read()
last = text.rindex("frame_time_ns")
end = text.index("]", last)
start = text.rindex(",", 0, end) + 2
open("nan.json", "w").write(text[:start] + "NaN" + text[end:])
PY
    local rc mb start=$SECONDS bad=0
    peak_rss_mb rss "$framebench" baseline show huge.json >out 2>err; rc=$?
    mb=$(cat rss)
    echo "huge.json ($(stat -c %s huge.json) bytes): exit $rc, peak RSS $mb MB, $((SECONDS - start)) s: $(head -c 300 err)"
    { expect_rc 0 $rc "baseline show of a $(stat -c %s huge.json)-byte file" && grep -q "plain-feed" out; } || bad=1
    [ "$mb" -lt 400 ] || { echo "peak RSS $mb MB: expected under 400 MB"; bad=1; }
    start=$SECONDS
    peak_rss_mb rss "$framebench" baseline show nan.json >/dev/null 2>err; rc=$?
    mb=$(cat rss)
    echo "nan.json: exit $rc, peak RSS $mb MB, $((SECONDS - start)) s: $(cat err)"
    { expect_rc 2 $rc "baseline show of a file with NaN" \
        && grep -q "nan.json: scenarios\[0\].runs\[9\].frames.frame_time_ns\[98999\]: NaN is not a JSON number.*(line 1, column [0-9]*)" err; } || bad=1
    [ "$mb" -lt 400 ] || { echo "peak RSS $mb MB: expected under 400 MB"; bad=1; }
    FRAMEBENCH_MAX_JSON_MB=10 "$framebench" baseline show huge.json >/dev/null 2>err; rc=$?
    cat err
    { expect_rc 2 $rc "baseline show past FRAMEBENCH_MAX_JSON_MB=10" \
        && grep -q "huge.json is [0-9]* bytes, more than framebench reads (10485760 bytes" err && grep -q FRAMEBENCH_MAX_JSON_MB err; } || bad=1
    return $bad
}

case_paths_of_the_wrong_kind_are_named() {
    local bad=0 rc
    # A program entry's key script that is a folder.
    python3 -c '
import json; d = json.load(open("Benchmarks/suites.json"))
entry = d["suites"]["programs-short"][0]; del entry["keys"]; entry["script"] = "Benchmarks"
json.dump(d, open("Benchmarks/suites.json", "w"))'
    timeout 20 "$framebench" run --suite programs-short >/dev/null 2>err; rc=$?
    cat err
    [ $rc -eq 2 ] && grep -q "folder\|directory" err && ! grep -q NSCocoaErrorDomain err || { echo "a key script that is a folder: exit $rc"; bad=1; }
    mkfifo results.fifo
    timeout 10 "$framebench" baseline show ./results.fifo >/dev/null 2>err; rc=$?
    cat err
    [ $rc -eq 2 ] && grep -qi "fifo\|not a regular file" err && ! grep -qi permission err || { echo "results file FIFO: exit $rc"; bad=1; }
    timeout 10 "$framebench" check --results ./results.fifo >/dev/null 2>err; rc=$?
    [ $rc -eq 2 ] && ! grep -qi permission err || { echo "check --results FIFO: exit $rc"; cat err; bad=1; }
    return $bad
}

# Item 8: results record the package's commit, wherever framebench is run from.
case_git_identity_from_package_path() {
    command -v git >/dev/null || { echo "no git"; return 77; }
    mkdir pkg && cp -r Benchmarks pkg/ && touch pkg/Package.swift
    git -C pkg init -q && git -C pkg -c user.name=t -c user.email=t@t add -A && git -C pkg -c user.name=t -c user.email=t@t commit -qm x || return 1
    local commit
    commit=$(git -C pkg rev-parse HEAD)
    mkdir elsewhere && cd elsewhere || return 1
    "$framebench" --package-path ../pkg run "${small[@]}" --format json --out r.json || return 1
    python3 -c 'import json,sys; g = json.load(open("r.json"))["git"]; sys.exit(0 if g.get("commit") == sys.argv[1] and g.get("dirty") is False else f"git is {g}, expected {sys.argv[1]}")' "$commit"
}

# ---------------------------------------------------------------- live mode in a tmux pane

tm() { tmux -L "$tmux_socket" "$@"; }
pane_flags() { tm display -p '#{alternate_on} #{cursor_flag}'; }
wait_flags() {  # wait_flags "A C": alternate screen and cursor flags
    local i
    for i in $(seq 1 50); do [ "$(pane_flags)" = "$1" ] && return 0; sleep 0.1; done
    echo "pane flags $(pane_flags), expected $1"; tm capture-pane -p; return 1
}
wait_screen() {  # wait_screen PATTERN
    local i
    for i in $(seq 1 50); do tm capture-pane -p | grep -q -- "$1" && return 0; sleep 0.1; done
    echo "the pane never showed '$1':"; tm capture-pane -p; return 1
}
live_pid() { pgrep -P "$(tm display -p '#{pane_pid}')" -x framebench; }
start_live_shell() {
    command -v tmux >/dev/null || { echo "no tmux"; return 77; }
    # A server of its own per case (cases run in subshells), gone when the case ends.
    tmux_socket="framebench-reliability-$$-$BASHPID"
    trap 'tmux -L "$tmux_socket" kill-server >/dev/null 2>&1' EXIT
    tm -f /dev/null new-session -d -x 80 -y 24 "env -i PATH=$PATH HOME=$work TERM=tmux-256color PS1='shell\$ ' bash --norc --noprofile -i"
    tm set -g status off
    wait_screen 'shell\$' || return 1
    # The command alone, not in a list: bash goes on with the rest of a list when its job stops.
    tm send-keys "$framebench live plain-feed --no-hud --term tmux-256color" Enter
    wait_flags "1 0"
}
wait_exit() {  # wait_exit CODE: the live process ended (the prompt is back) with CODE
    wait_screen 'shell\$ *$' >/dev/null || true
    tm send-keys 'echo exit=$?' Enter
    wait_screen "exit=$1"
}

case_live_ctrl_z_restores_and_fg_redraws() {
    start_live_shell || return $?
    local before
    wait_screen 'footer do not scroll' || return 1
    before=$(tm capture-pane -p)
    tm send-keys C-z
    wait_flags "0 1" || return 1
    wait_screen 'Stopped' || return 1
    tm send-keys 'fg' Enter
    wait_flags "1 0" || return 1
    local i
    for i in $(seq 1 30); do [ "$(tm capture-pane -p)" = "$before" ] && break; sleep 0.1; done
    [ "$(tm capture-pane -p)" = "$before" ] || { echo "not redrawn after fg:"; tm capture-pane -p; return 1; }
    # Raw mode again: a single key acts without Enter.
    tm send-keys j
    sleep 0.3
    [ "$(tm capture-pane -p)" != "$before" ] || { echo "j did nothing after fg: not in raw mode"; return 1; }
    tm send-keys q
    wait_flags "0 1" && wait_exit 0
}

case_live_sigtstp_and_sigstop_from_outside() {
    start_live_shell || return $?
    local pid before
    pid=$(live_pid) || { echo "no live process"; return 1; }
    wait_screen 'footer do not scroll' || return 1
    before=$(tm capture-pane -p)
    kill -TSTP "$pid"
    wait_flags "0 1" || return 1
    tm send-keys 'fg' Enter
    wait_flags "1 0" || return 1
    # SIGSTOP cannot be caught: nothing is restored, and the shell takes the
    # terminal back in its own line mode. After fg (SIGCONT) the session must
    # be raw again and repaint what the shell wrote over it.
    kill -STOP "$pid"
    wait_screen 'Stopped' || return 1
    tm send-keys 'fg' Enter
    local i
    for i in $(seq 1 30); do [ "$(tm capture-pane -p)" = "$before" ] && break; sleep 0.1; done
    [ "$(tm capture-pane -p)" = "$before" ] || { echo "not repainted after SIGSTOP and fg:"; tm capture-pane -p; return 1; }
    tm send-keys j
    sleep 0.3
    [ "$(tm capture-pane -p)" != "$before" ] || { echo "j did nothing after fg: not in raw mode"; return 1; }
    tm send-keys q
    wait_flags "0 1" && wait_exit 0
}

case_live_sigquit_restores_and_quits_without_backtrace() {
    start_live_shell || return $?
    local pid
    pid=$(live_pid) || { echo "no live process"; return 1; }
    kill -QUIT "$pid"
    wait_flags "0 1" || return 1
    wait_exit 131 || return 1
    if tm capture-pane -p -S -100 | grep -qi -e 'backtrace' -e 'crash'; then echo "a backtrace was printed"; tm capture-pane -p; return 1; fi
}

case_live_lone_esc_then_q_quits() {
    start_live_shell || return $?
    tm send-keys Escape
    sleep 0.3
    tm send-keys q
    wait_flags "0 1" && wait_exit 0
}

# ================================================================ process lifetime
# (issue 34 item 1, issue 31 item 5; one block, to merge apart from the rest.)
# Nothing framebench starts outlives it, however it ends. Each case gives the
# processes it makes a unique marker in their argv (--seed N for an isolated
# or counted child, `sleep N.x` inside a program), ends framebench one way,
# then asserts the process table holds nothing live with the marker and
# framebench's scratch folders (under its own TMPDIR) are gone. Leftovers of
# a failing case are killed by pid (they are ours).

lifetime_marker() { echo $(((RANDOM << 15 | RANDOM) + 100000000)); }
lifetime_live() {  # lifetime_live MARKER: live processes with MARKER in their argv (not this pipeline's)
    ps -e -o pid=,stat=,args= | awk -v m="$1" 'index($0, m) && $2 !~ /^Z/ && !/ awk /'
}
lifetime_nothing_left() {  # lifetime_nothing_left MARKER: waits up to 3 s for every marked process to end
    local left
    for _ in $(seq 1 30); do
        left=$(lifetime_live "$1")
        [ -n "$left" ] || return 0
        sleep 0.1
    done
    echo "still running after framebench ended:"
    echo "$left" | cut -c1-160
    echo "$left" | awk '{ print $1 }' | xargs -r kill -KILL 2>/dev/null
    return 1
}
lifetime_tmp="$work/lifetime-tmp"
lifetime_no_scratch() {
    local left
    left=$(find "$lifetime_tmp" -mindepth 1 -maxdepth 1 -name 'framebench-*' ! -name framebench-callgrind 2>/dev/null)  # the stripped-binary cache stays by design
    [ -z "$left" ] || { echo "scratch left behind: $left"; rm -rf "$lifetime_tmp"/framebench-isolated-* "$lifetime_tmp"/framebench-callgrind-run-*; return 1; }
}
# lifetime_start WAIT_FOR COMMAND...: starts framebench (SIGINT, SIGTERM and
# SIGHUP at their defaults, as from a terminal) with TMPDIR=$lifetime_tmp and
# waits up to 20 s until a process other than framebench matches WAIT_FOR
# (an awk pattern); sets lifetime_pid.
lifetime_start() {
    local wait_for=$1
    shift
    mkdir -p "$lifetime_tmp"
    TMPDIR="$lifetime_tmp" env --default-signal=INT,TERM,HUP "$@" >"$work/lifetime.out" 2>"$work/lifetime.err" &
    lifetime_pid=$!
    for _ in $(seq 1 200); do
        ps -e -o pid=,stat=,args= | awk -v p="$lifetime_pid" "\$1 != p && \$2 !~ /^Z/ && !/ awk / && /$wait_for/ { found = 1 } END { exit !found }" && return 0
        kill -0 "$lifetime_pid" 2>/dev/null || { echo "framebench ended before its child started: $(cat "$work/lifetime.err")"; return 1; }
        sleep 0.1
    done
    echo "no process matching $wait_for within 20 s"
    kill -KILL "$lifetime_pid"
    wait "$lifetime_pid" 2>/dev/null
    # SIGKILL runs no handler: remove what it left, so the next case starts clean.
    rm -rf "$lifetime_tmp"/framebench-isolated-* "$lifetime_tmp"/framebench-callgrind-run-*
    return 1
}
# lifetime_end SIGNAL: signals framebench, waits for it and checks its exit
# status (128 + the signal) and, but for SIGKILL, that it said what it cut short.
lifetime_end() {
    local signal=$1 status=0 want
    kill "-$signal" "$lifetime_pid"
    wait "$lifetime_pid" || status=$?
    want=$((128 + $(kill -l "$signal")))
    expect_rc "$want" "$status" "framebench after SIG$signal" || { cat "$work/lifetime.err"; return 1; }
    [ "$signal" = KILL ] || grep -q "cut short" "$work/lifetime.err" \
        || { echo "SIG$signal: no word of what was cut short: $(cat "$work/lifetime.err")"; return 1; }
}

# An isolated run (run, run --suite, baseline save all start one) ended by a signal.
lifetime_isolated_run_signal() {
    local signal=$1 marker
    marker=$(lifetime_marker)
    # The child's only argument is its settings file, in the parent's scratch folder under $lifetime_tmp.
    local child="$lifetime_tmp/framebench-isolated-pid"
    lifetime_start "isolated-child --settings-file ${child//\//\\/}" "$framebench" run plain-feed --size 20x5 \
        --frames 10000000 --seed "$marker" --format json --out out.json || return 1
    sleep 0.3
    lifetime_end "$signal"
    local ended=$?
    lifetime_nothing_left "$marker" && lifetime_nothing_left "$child" || return 1
    [ $ended -eq 0 ] || return 1
    if [ "$signal" = KILL ]; then
        # No handler runs on SIGKILL: the next run removes the scratch folder of a framebench that is gone.
        TMPDIR="$lifetime_tmp" "$framebench" run plain-feed --size 20x5 --frames 20 --format json --out next.json >/dev/null 2>&1
    fi
    lifetime_no_scratch && [ ! -e out.json ] || { [ ! -e out.json ] || echo "out.json written by a cut-short run"; return 1; }
}
case_lifetime_isolated_run_sigint() { lifetime_isolated_run_signal INT; }
case_lifetime_isolated_run_sigterm() { lifetime_isolated_run_signal TERM; }
case_lifetime_isolated_run_sighup() { lifetime_isolated_run_signal HUP; }
case_lifetime_isolated_run_sigkill() { lifetime_isolated_run_signal KILL; }

# The isolated child itself killed (not framebench): framebench's own failure,
# exit 3 (not 2, which is bad input), naming the run; no results, no scratch.
case_lifetime_isolated_child_killed_exits_3() {
    local marker child status=0
    marker=$(lifetime_marker)
    # The child's only argument is its settings file, in the parent's scratch folder (named with its pid).
    local folder="$lifetime_tmp/framebench-isolated-pid"
    lifetime_start "isolated-child --settings-file ${folder//\//\\/}" "$framebench" run plain-feed --size 20x5 \
        --frames 10000000 --seed "$marker" --format json --out out.json || return 1
    child=$(ps -e -o pid=,args= | awk -v p="$lifetime_pid" -v m="$folder$lifetime_pid-" '$1 != p && /isolated-child/ && index($0, m) && !/ awk / { print $1; exit }')
    [ -n "$child" ] || { echo "no isolated child to kill"; kill -KILL "$lifetime_pid"; return 1; }
    kill -KILL "$child"
    wait "$lifetime_pid" || status=$?
    lifetime_nothing_left "$marker" || return 1
    expect_rc 3 "$status" "run whose isolated child was killed" || { cat "$work/lifetime.err"; return 1; }
    grep -q "failed in its own process (exit 137)" "$work/lifetime.err" || { cat "$work/lifetime.err"; return 1; }
    lifetime_no_scratch && [ ! -e out.json ]
}

# A program with a background job that ignores SIGHUP (nohup), ended by a signal.
lifetime_program_signal() {
    local signal=$1 marker
    marker=$(lifetime_marker)
    lifetime_start "^ *[0-9]+ +[^ ]+ +sleep $marker\\.2" "$framebench" program --keys 'wait 30s' -- \
        sh -c "nohup sleep $marker.1 >/dev/null 2>&1 & printf 'ready\n'; exec sleep $marker.2" || return 1
    lifetime_end "$signal"
    local ended=$?
    lifetime_nothing_left "$marker" && [ $ended -eq 0 ]
}
case_lifetime_program_sigint() { lifetime_program_signal INT; }
case_lifetime_program_sigterm() { lifetime_program_signal TERM; }
case_lifetime_program_sighup() { lifetime_program_signal HUP; }
case_lifetime_program_sigkill() { lifetime_program_signal KILL; }

# Normal ends: the program's whole group goes with it.
case_lifetime_program_background_job_ends_with_it() {
    local marker status=0
    marker=$(lifetime_marker)
    fb program --keys 'Enter x2' -- sh -c "nohup sleep $marker.1 >/dev/null 2>&1 & printf 'ready\n'; while read -r l; do printf 'got\n'; done" \
        >/dev/null 2>&1 || status=$?
    lifetime_nothing_left "$marker" && expect_rc 0 $status "program with a background job"
}
case_lifetime_program_ignoring_sighup_ends_with_its_child() {
    local marker status=0
    marker=$(lifetime_marker)
    fb program --keys 'wait 300ms' -- sh -c "trap '' HUP; printf 'ready\n'; sleep $marker.1; sleep $marker.2" \
        >/dev/null 2>&1 || status=$?
    lifetime_nothing_left "$marker" && expect_rc 0 $status "program ignoring SIGHUP"
}

# A program that stops itself, or exits while a child holds the pty, is
# reported as such (exit 1), never "completed" with frames of our keys' echo.
case_lifetime_program_stopping_itself_is_reported_stopped() {
    local marker status=0
    marker=$(lifetime_marker)
    fb program --keys 'Enter x4' -- sh -c ": $marker; printf 'ready\n'; read -r l; printf 'got\n'; kill -STOP \$\$" \
        >out.txt 2>&1 || status=$?
    lifetime_nothing_left "$marker" || return 1
    grep -q "stopped (signal 19)" out.txt || { echo "not reported stopped:"; grep -i "run 1\|framebench:" out.txt; return 1; }
    expect_rc 1 $status "program stopping itself"
}
case_lifetime_program_exiting_with_a_child_on_the_pty_is_reported_exited() {
    local marker status=0
    marker=$(lifetime_marker)
    fb program --keys 'Enter x4' -- sh -c "printf 'ready\n'; read -r l; printf 'got\n'; trap '' HUP; sleep $marker & exit 0" \
        >out.txt 2>&1 || status=$?
    lifetime_nothing_left "$marker" || return 1
    grep -q "exited before the script ended" out.txt || { echo "not reported exited:"; grep -i "run 1\|framebench:" out.txt; return 1; }
    expect_rc 1 $status "program exiting while a child holds the pty"
}

# valgrind under `profile`, cut short: no valgrind, no callgrind scratch, no empty output folder.
case_lifetime_profile_sigint() {
    command -v valgrind >/dev/null || { echo "valgrind not installed"; return 77; }
    local marker
    marker=$(lifetime_marker)
    # The counted child's only argument is its settings file, in a scratch folder under $lifetime_tmp.
    local child="$lifetime_tmp/framebench-settings-pid"
    lifetime_start "valgrind.*counted-child --settings-file ${child//\//\\/}" "$framebench" profile plain-feed \
        --size 20x5 --frames 2000000 --seed "$marker" --out prof || return 1
    sleep 0.5
    lifetime_end INT
    local ended=$?
    lifetime_nothing_left "$marker" && lifetime_nothing_left "$child" || return 1
    [ $ended -eq 0 ] && lifetime_no_scratch || return 1
    [ ! -e prof ] || { echo "output folder prof left: $(ls -A prof)"; return 1; }
}
# ================================================================ end of process lifetime

# ---------------------------------------------------------------- run

# RELIABILITY_ONLY=PATTERN runs only the cases whose names match (grep -E), for working on one.
cases=$(declare -F | awk '{ print $3 }' | grep '^case_' | grep -E -- "${RELIABILITY_ONLY:-.}")
echo "== reliability: $(echo "$cases" | wc -l) cases against $framebench"
for function in $cases; do
    fresh_sandbox
    run_case "$(echo "${function#case_}" | tr '_' '-')" "$function"
done

echo
echo "reliability: $tried cases tried, $passed passed, $failed failed, $pending pending, $skipped skipped ($((SECONDS - start_time)) s)"
[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
[ ${#pending_failures[@]} -eq 0 ] || echo "pending (owned by #10/#11 work): ${pending_failures[*]}"
[ ${#pending_passing[@]} -eq 0 ] || echo "pending but passing (remove from PENDING_CASES): ${pending_passing[*]}"
[ $failed -eq 0 ]
