#!/usr/bin/env python3
"""Replay a recorded FrameBench output stream through real terminal emulators.

FrameBench's renderer keeps its own model of what the terminal shows.  This
script is an independent judge of that model: it feeds the exact bytes the
renderer emitted (``DIR/stream.bin``) to an emulator and compares the screen
the emulator ends up with against the frames the renderer believed it drew
(``DIR/frames.jsonl``).  Two emulators are used because each has blind spots:

* pyte (pure Python, every frame, also compares colours and attributes).
  Stock pyte 0.8.2 gets several sequences wrong compared with xterm; the
  ``XtermScreen`` and ``XtermStream`` subclasses (replay/emulator.py) correct
  the ones a renderer is likely to emit.
* tmux (a real, widely deployed emulator, on a spread of frames because each
  check starts a pane; text, DEC line drawing read as its glyphs, and with
  ``--tmux-styles`` the styles of the cells its capture prints).

Recording format: see ``load_recording`` (replay/recording.py).  Run
``--self-test`` to see the checker pass correct recordings and catch a wrong
one (replay/selftest.py).  This file is the entry point; the checker is the
package beside it, scripts/replay/.

Exit status: 0 all checked frames match, 1 a mismatch, 2 bad input (or an
emulator that could not be run).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay.cli import main  # noqa: E402  (after the path is set)

if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:  # tmux servers are already killed by their context managers
        sys.exit(130)
