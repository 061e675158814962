"""The replay check of scripts/replay_check.py, as a package: the recording
(`recording`), pyte corrected towards xterm (`emulator`), the checks and their
report (`checks`), tmux (`tmux`), the command line (`cli`) and the checker's
own test (`selftest`, run by `replay_check.py --self-test`)."""
