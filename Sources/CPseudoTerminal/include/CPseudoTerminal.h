#ifndef FRAMEBENCH_CPSEUDOTERMINAL_H
#define FRAMEBENCH_CPSEUDOTERMINAL_H
#include <sys/types.h>

/// Starts `path` with `argv` and `envp` on a new pseudo-terminal of
/// `cols` x `rows`: the child is a session leader (and so leads its own
/// process group) whose controlling terminal is the pty's slave side. The
/// fork happens here, in C, because between fork and exec the child may only
/// call async-signal-safe functions, and on ProcessLifetime's spawning
/// thread, so the child dies with framebench (PDEATHSIG).
///
/// The program is registered (as `label`) in ProcessLifetime's registry as a
/// program group, so framebench's SIGINT, SIGTERM and SIGHUP end its group;
/// `*slot` is the registration. A guard process in the group watches
/// `*lifeline` (close-on-exec): closing it, or framebench's death, kills
/// every process left in the group.
///
/// On success returns 0, sets `*master` (non-blocking, close-on-exec),
/// `*pid`, `*lifeline` and `*slot`. When the exec itself fails, returns the
/// child's errno (the child is reaped); other failures return errno with
/// nothing left open.
int framebench_pty_spawn(const char *path, char *const argv[], char *const envp[], const char *label,
                         unsigned short cols, unsigned short rows, int *master, pid_t *pid, int *lifeline, int *slot);

/// Sets the pty's window size (the kernel sends SIGWINCH to its foreground group).
int framebench_pty_resize(int master, unsigned short cols, unsigned short rows);

/// poll(2) on one descriptor with a timeout in nanoseconds (ppoll, which
/// Swift's Glibc module does not export): the frame cutter's quiescence gap
/// is finer than poll's milliseconds. Returns poll's result; `*revents` set.
int framebench_poll_one(int fd, short events, short *revents, unsigned long long timeout_ns);
#endif
