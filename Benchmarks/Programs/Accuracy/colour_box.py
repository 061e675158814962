#!/usr/bin/env python3
"""A small ncurses program (Python's curses) for the colour replay check:
a box in DEC line drawing (ACS), text in the 8 colours, bold, reverse,
underline and a 256-colour pair, a highlighted row that moves with j/k, and
q to quit.  `framebench program --record` records it; scripts/replay_check.py
replays the recording through pyte and tmux, styles included."""
import curses


def main(screen) -> None:
    curses.curs_set(0)
    curses.start_color()
    curses.use_default_colors()
    for index in range(1, 8):
        curses.init_pair(index, index, -1)
    curses.init_pair(8, curses.COLOR_WHITE, curses.COLOR_BLUE)
    if curses.COLORS >= 256:
        curses.init_pair(9, 208, 236)
    selected = 0
    names = ["red", "green", "yellow", "blue", "magenta", "cyan", "white"]
    while True:
        screen.erase()
        screen.attron(curses.color_pair(4) | curses.A_BOLD)
        screen.box()
        screen.attroff(curses.color_pair(4) | curses.A_BOLD)
        screen.addstr(0, 2, " colours ", curses.A_REVERSE)
        for row, name in enumerate(names):
            attributes = curses.color_pair(row + 1)
            if row == selected:
                attributes = curses.color_pair(8) | curses.A_BOLD
            screen.addstr(row + 1, 2, f"{row + 1} {name:<10}", attributes)
        screen.addstr(9, 2, "underline", curses.A_UNDERLINE)
        screen.addstr(9, 12, "bold", curses.A_BOLD)
        if curses.COLORS >= 256:
            screen.addstr(10, 2, "orange on grey", curses.color_pair(9))
        screen.hline(11, 1, curses.ACS_HLINE, 20)
        screen.addch(11, 21, curses.ACS_PLUS)
        screen.refresh()
        key = screen.getch()
        if key == ord("q"):
            break
        if key == ord("j"):
            selected = (selected + 1) % len(names)
        elif key == ord("k"):
            selected = (selected - 1) % len(names)


if __name__ == "__main__":
    curses.wrapper(main)
