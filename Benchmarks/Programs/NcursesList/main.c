// ncurses-list: a small ncurses program for `framebench program` - a
// header, a long list with a highlighted cursor row, and a status line.
// j/Down and k/Up move the cursor, PageDown/PageUp (and space/b) move a
// page, g/G jump to the ends, q quits. Usage: ncurses-list [ITEMS]
// (default 10000). Every key redraws the visible rows; ncurses' own
// update (line hashing, idlok scrolls) decides what reaches the terminal.
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <stdio.h>
#include <stdlib.h>

static void draw(int items, int top, int cursor) {
    int rows = LINES - 2;
    attron(A_REVERSE);
    mvprintw(0, 0, " ncurses-list: %d items", items);
    clrtoeol();
    attroff(A_REVERSE);
    for (int row = 0; row < rows; row++) {
        int item = top + row;
        move(row + 1, 0);
        if (item < items) {
            if (item == cursor) attron(A_BOLD | A_REVERSE);
            printw("%6d  item %d: the quick brown fox jumps over the lazy dog", item + 1, item + 1);
            if (item == cursor) attroff(A_BOLD | A_REVERSE);
        }
        clrtoeol();
    }
    mvprintw(LINES - 1, 0, " row %d of %d   j/k move  PgDn/PgUp page  q quit", cursor + 1, items);
    clrtoeol();
    refresh();
}

int main(int argc, char **argv) {
    int items = argc > 1 ? atoi(argv[1]) : 10000;
    if (items < 1) {
        fprintf(stderr, "ncurses-list: ITEMS must be a positive number\n");
        return 2;
    }
    setlocale(LC_ALL, "");
    initscr();
    raw();
    noecho();
    keypad(stdscr, TRUE);
    idlok(stdscr, TRUE);
    curs_set(0);
    int top = 0, cursor = 0;
    for (;;) {
        int rows = LINES - 2 > 0 ? LINES - 2 : 1;
        if (cursor < top) top = cursor;
        if (cursor >= top + rows) top = cursor - rows + 1;
        draw(items, top, cursor);
        int key = getch();
        if (key == 'q' || key == ERR) break;
        switch (key) {
        case 'j': case KEY_DOWN: cursor++; break;
        case 'k': case KEY_UP: cursor--; break;
        case ' ': case KEY_NPAGE: cursor += rows; top += rows; break;
        case 'b': case KEY_PPAGE: cursor -= rows; top -= rows; break;
        case 'g': case KEY_HOME: cursor = 0; break;
        case 'G': case KEY_END: cursor = items - 1; break;
        case KEY_RESIZE: break;
        default: continue;
        }
        if (cursor < 0) cursor = 0;
        if (cursor >= items) cursor = items - 1;
        if (top > items - rows) top = items - rows;
        if (top < 0) top = 0;
    }
    endwin();
    return 0;
}
