// ncurses, wide-character build, with the terminfo level (term.h).
#ifndef FRAMEBENCH_CNCURSES_SHIM_H
#define FRAMEBENCH_CNCURSES_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <stdio.h>
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <term.h>

// Macros Swift cannot import, as functions.
static inline int framebench_color_pairs(void) { return COLOR_PAIRS; }
static inline int framebench_colors(void) { return COLORS; }
static inline WINDOW *framebench_stdscr(void) { return stdscr; }
static inline int framebench_lines(void) { return LINES; }
static inline int framebench_cols(void) { return COLS; }

// Attribute bits are macro expressions Swift cannot import.
static const attr_t framebench_attr_bold = A_BOLD;
static const attr_t framebench_attr_dim = A_DIM;
static const attr_t framebench_attr_italic = A_ITALIC;
static const attr_t framebench_attr_underline = A_UNDERLINE;
static const attr_t framebench_attr_reverse = A_REVERSE;
static const attr_t framebench_attr_normal = A_NORMAL;
#endif
