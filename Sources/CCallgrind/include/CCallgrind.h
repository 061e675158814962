// Valgrind/callgrind client requests and per-phase marker functions.
//
// Under callgrind, every phase of a frame runs through its own marker
// function (`fb_phase_ours_layout`, `fb_phase_ncurses_refresh`, ...), a
// never-inlined C function that calls back into Swift. Callgrind charges the
// marker with the inclusive cost of everything the phase executes, whatever
// the Swift optimizer did to the Swift code inside (inlining, specialised
// clones with new mangled names): the marker's name is fixed by C linkage
// and Swift cannot inline or clone a function compiled in another language.
//
// Outside valgrind every request is a no-op costing a few register moves
// (valgrind's magic instruction sequence), and the Swift side does not call
// the markers at all (it tests `fb_callgrind_markers_active` first).
//
// When <valgrind/callgrind.h> is not installed at build time, everything
// still compiles: requests do nothing, `fb_callgrind_compiled_in` returns 0
// and the markers are never activated.
#ifndef FRAMEBENCH_CCALLGRIND_H
#define FRAMEBENCH_CCALLGRIND_H

/// The Swift side of a phase: called once with the context it passed.
typedef void (*fb_phase_body)(void *context);

/// Lanes, in the order of `InstructionCounter.Lane`.
enum {
    FB_LANE_OURS = 0,
    FB_LANE_NCURSES = 1,
    FB_LANE_COUNT = 2,
};

/// Phases, in the order of `InstructionCounter.CountedPhase`.
enum {
    FB_PHASE_UPDATE = 0,
    FB_PHASE_LAYOUT = 1,
    FB_PHASE_DIFF = 2,
    FB_PHASE_ENCODE = 3,
    FB_PHASE_WRITE = 4,
    FB_PHASE_TRANSFER = 5,
    FB_PHASE_REFRESH = 6,
    FB_PHASE_COUNT = 7,
};

/// Environment variable that asks a process running under callgrind to
/// activate its markers and collection toggles (the counted child).
#define FB_CALLGRIND_CHILD_ENV "FRAMEBENCH_INSTRUCTION_COUNT"

/// Environment variable that asks the counted child to dump callgrind's
/// counts after every measured frame (one out-file part per frame).
#define FB_CALLGRIND_FRAMES_ENV "FRAMEBENCH_INSTRUCTION_FRAMES"

/// 1 in a process running under valgrind with `FB_CALLGRIND_CHILD_ENV` set,
/// 0 otherwise. Set once before `main` by a constructor and never changed,
/// so a read is one load and a well-predicted branch.
extern int fb_callgrind_markers_active;

/// `fb_callgrind_markers_active` through a function Swift inlines (Swift 6
/// language mode refuses to read a mutable C global directly).
static inline int fb_callgrind_is_active(void) { return fb_callgrind_markers_active; }

/// 1 when <valgrind/callgrind.h> was available at build time.
int fb_callgrind_compiled_in(void);

/// Nonzero when this process runs under valgrind (any tool).
unsigned fb_callgrind_running_on_valgrind(void);

/// Client requests; no-ops outside callgrind.
void fb_callgrind_start_instrumentation(void);
void fb_callgrind_stop_instrumentation(void);
void fb_callgrind_toggle_collect(void);
void fb_callgrind_zero_stats(void);
void fb_callgrind_dump_stats(void);
void fb_callgrind_dump_stats_at(const char *reason);

/// Turns collection on (`on` != 0) or off, toggling only when the state
/// changes, so it can be called before every frame. Assumes the process
/// started with collection off (`--collect-atstart=no`), as the runner
/// arranges. Does nothing unless the markers are active.
void fb_callgrind_set_collecting(int on);

/// 1 while collection is on (as set through `fb_callgrind_set_collecting`).
int fb_callgrind_collecting(void);

/// Ends a frame: when the markers are active, collection is on and
/// `FB_CALLGRIND_FRAMES_ENV` was set, dumps the counts since the last dump
/// (callgrind writes them as `<out-file>.<n>`) and zeroes them. Otherwise
/// does nothing.
void fb_callgrind_end_frame(void);

/// Runs `body(context)` through the marker of (`lane`, `phase`). A phase
/// entered while another is running (nesting) runs without a marker, so its
/// cost stays with the outer phase and nothing is counted twice. Lanes or
/// phases out of range also run without a marker.
void fb_callgrind_run_phase(int lane, int phase, fb_phase_body body, void *context);

/// The marker symbol of (`lane`, `phase`), e.g. "fb_phase_ours_layout", or
/// NULL when out of range. Static storage; never freed.
const char *fb_callgrind_marker_name(int lane, int phase);

#endif
