// Client requests and the per-(lane, phase) marker functions.
#include "CCallgrind.h"
#include <stddef.h>
#include <stdlib.h>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define FB_HAVE_CALLGRIND 1
#endif
#endif

#ifndef FB_HAVE_CALLGRIND
#define FB_HAVE_CALLGRIND 0
#define RUNNING_ON_VALGRIND 0
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#define CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_DUMP_STATS
#define CALLGRIND_DUMP_STATS_AT(reason) ((void)(reason))
#endif

int fb_callgrind_markers_active = 0;
static int dump_every_frame = 0;
static int collecting = 0;
// Per thread: a phase on one thread does not hide markers on another.
static __thread int phase_depth = 0;

// Written by each marker: gives every marker a distinct body, so a linker's
// identical-code folding cannot merge them into one symbol, and shows the
// running phase in a debugger.
volatile int fb_callgrind_current_marker = -1;

__attribute__((constructor)) static void fb_callgrind_detect(void) {
    fb_callgrind_markers_active = FB_HAVE_CALLGRIND && RUNNING_ON_VALGRIND && getenv(FB_CALLGRIND_CHILD_ENV) != NULL;
    dump_every_frame = fb_callgrind_markers_active && getenv(FB_CALLGRIND_FRAMES_ENV) != NULL;
}

int fb_callgrind_compiled_in(void) { return FB_HAVE_CALLGRIND; }

unsigned fb_callgrind_running_on_valgrind(void) { return (unsigned)RUNNING_ON_VALGRIND; }

void fb_callgrind_start_instrumentation(void) { CALLGRIND_START_INSTRUMENTATION; }
void fb_callgrind_stop_instrumentation(void) { CALLGRIND_STOP_INSTRUMENTATION; }
void fb_callgrind_toggle_collect(void) { CALLGRIND_TOGGLE_COLLECT; }
void fb_callgrind_zero_stats(void) { CALLGRIND_ZERO_STATS; }
void fb_callgrind_dump_stats(void) { CALLGRIND_DUMP_STATS; }
void fb_callgrind_dump_stats_at(const char *reason) { CALLGRIND_DUMP_STATS_AT(reason); }

void fb_callgrind_set_collecting(int on) {
    on = on != 0;
    if (!fb_callgrind_markers_active || on == collecting) return;
    CALLGRIND_TOGGLE_COLLECT;
    collecting = on;
}

int fb_callgrind_collecting(void) { return collecting; }

void fb_callgrind_end_frame(void) {
    if (dump_every_frame && collecting) CALLGRIND_DUMP_STATS;
}

// noinline keeps each marker a function of its own; disable_tail_calls keeps
// the call to the body a real call (a tail jump would leave the marker with
// no frame for callgrind to charge). The write after the call also prevents
// a tail call with compilers that lack the attribute.
#if defined(__clang__)
#define FB_MARKER_ATTRIBUTES __attribute__((noinline, used, disable_tail_calls))
#else
#define FB_MARKER_ATTRIBUTES __attribute__((noinline, used, optimize("no-optimize-sibling-calls")))
#endif

#define FB_MARKER(lane, phase, id)                                                                      \
    FB_MARKER_ATTRIBUTES void fb_phase_##lane##_##phase(fb_phase_body body, void *context);            \
    FB_MARKER_ATTRIBUTES void fb_phase_##lane##_##phase(fb_phase_body body, void *context) {           \
        fb_callgrind_current_marker = (id);                                                             \
        body(context);                                                                                  \
        fb_callgrind_current_marker = -1;                                                               \
    }

#define FB_LANE_MARKERS(lane, base)                \
    FB_MARKER(lane, update, (base) + FB_PHASE_UPDATE)     \
    FB_MARKER(lane, layout, (base) + FB_PHASE_LAYOUT)     \
    FB_MARKER(lane, diff, (base) + FB_PHASE_DIFF)         \
    FB_MARKER(lane, encode, (base) + FB_PHASE_ENCODE)     \
    FB_MARKER(lane, write, (base) + FB_PHASE_WRITE)       \
    FB_MARKER(lane, transfer, (base) + FB_PHASE_TRANSFER) \
    FB_MARKER(lane, refresh, (base) + FB_PHASE_REFRESH)

FB_LANE_MARKERS(ours, FB_LANE_OURS * FB_PHASE_COUNT)
FB_LANE_MARKERS(ncurses, FB_LANE_NCURSES * FB_PHASE_COUNT)

typedef void (*fb_marker)(fb_phase_body, void *);

#define FB_LANE_TABLE(lane)                                                                             \
    {fb_phase_##lane##_update, fb_phase_##lane##_layout,   fb_phase_##lane##_diff,                      \
     fb_phase_##lane##_encode, fb_phase_##lane##_write,    fb_phase_##lane##_transfer,                  \
     fb_phase_##lane##_refresh}
#define FB_LANE_NAMES(lane)                                                                             \
    {"fb_phase_" #lane "_update", "fb_phase_" #lane "_layout",   "fb_phase_" #lane "_diff",             \
     "fb_phase_" #lane "_encode", "fb_phase_" #lane "_write",    "fb_phase_" #lane "_transfer",         \
     "fb_phase_" #lane "_refresh"}

static const fb_marker markers[FB_LANE_COUNT][FB_PHASE_COUNT] = {FB_LANE_TABLE(ours), FB_LANE_TABLE(ncurses)};
static const char *const marker_names[FB_LANE_COUNT][FB_PHASE_COUNT] = {FB_LANE_NAMES(ours), FB_LANE_NAMES(ncurses)};

static int in_range(int lane, int phase) {
    return lane >= 0 && lane < FB_LANE_COUNT && phase >= 0 && phase < FB_PHASE_COUNT;
}

void fb_callgrind_run_phase(int lane, int phase, fb_phase_body body, void *context) {
    if (phase_depth > 0 || !in_range(lane, phase)) {
        body(context);
        return;
    }
    phase_depth += 1;
    markers[lane][phase](body, context);
    phase_depth -= 1;
}

const char *fb_callgrind_marker_name(int lane, int phase) {
    return in_range(lane, phase) ? marker_names[lane][phase] : NULL;
}
