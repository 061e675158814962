// The shootout's ncurses peer (C, ncursesw) and its reference: the other
// peers' list rows are checked against this one's after every key.
// Pattern: the ncurses programming HOWTO's way of showing a long list -
// keep the first visible item and the cursor, draw only the visible rows
// with mvaddstr/attron, clrtoeol, refresh() (ncurses' own diff and idlok
// scrolling decide what is sent). The item text, styles, keys and
// scrolling rule are Benchmarks/Peers/README.md's. Usage: list [ITEMS [JUMP]]
// (1,000,000 items: ncurses draws only the window, so any count works),
// list --version.
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *words[] = {"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"};
static const char *korean[] = {"가나다", "한국어", "서울", "안녕하세요"};
static const char *emoji[] = {"🍎", "🚀", "🎉"};

static void draw(long items, long top, long cursor, int rows) {
    attron(A_REVERSE);
    mvprintw(0, 0, " %s: %ld items", curses_version(), items);
    clrtoeol();
    attroff(A_REVERSE);
    for (int row = 0; row < rows; row++) {
        long item = top + row + 1;
        move(row + 1, 0);
        if (item <= items) {
            attr_t style = COLOR_PAIR(1 + item % 4) | (item % 5 == 0 ? A_BOLD : 0) | (item - 1 == cursor ? A_REVERSE : 0);
            attron(style);
            printw("%7ld %s %s %s item %ld", item, words[item % 8], korean[item % 4], emoji[item % 3], item);
            attroff(style);
        }
        clrtoeol();
    }
    mvprintw(LINES - 1, 0, " item %ld of %ld", cursor + 1, items);
    clrtoeol();
    refresh();
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("%s\n", curses_version());
        return 0;
    }
    long items = argc > 1 ? atol(argv[1]) : 1000000;
    long jump = argc > 2 ? atol(argv[2]) : items / 2;
    if (items < 1 || jump < 1 || jump > items) {
        fprintf(stderr, "list: ITEMS must be a positive number and JUMP an item number up to ITEMS\n");
        return 2;
    }
    setlocale(LC_ALL, "");
    initscr();
    raw();
    noecho();
    keypad(stdscr, TRUE);
    idlok(stdscr, TRUE);
    curs_set(0);
    start_color();
    use_default_colors();
    init_pair(1, COLOR_RED, -1);
    init_pair(2, COLOR_GREEN, -1);
    init_pair(3, COLOR_YELLOW, -1);
    init_pair(4, COLOR_BLUE, -1);
    long top = 0, cursor = 0;
    for (;;) {
        int rows = LINES - 2 > 0 ? LINES - 2 : 1;
        if (cursor >= items) cursor = items - 1;
        if (cursor < 0) cursor = 0;
        if (top > items - rows) top = items - rows;
        if (top < 0) top = 0;
        if (cursor < top) top = cursor;
        if (cursor >= top + rows) top = cursor - rows + 1;
        draw(items, top, cursor, rows);
        int key = getch();
        if (key == 'q' || key == ERR) break;
        switch (key) {
        case 'j': case KEY_DOWN: cursor++; break;
        case 'k': case KEY_UP: cursor--; break;
        case KEY_NPAGE: cursor += rows; top += rows; break;
        case KEY_PPAGE: cursor -= rows; top -= rows; break;
        case 'g': case KEY_HOME: cursor = 0; break;
        case 'G': case KEY_END: cursor = items - 1; break;
        case 'n': cursor = jump - 1; break;
        case KEY_RESIZE: break;
        default: continue;
        }
    }
    endwin();
    return 0;
}
