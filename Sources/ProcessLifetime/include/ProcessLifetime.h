#ifndef FRAMEBENCH_PROCESS_LIFETIME_H
#define FRAMEBENCH_PROCESS_LIFETIME_H
#include <sys/resource.h>
#include <sys/types.h>

/// The one registry of what framebench must not leave behind: the children
/// it started (each in a process group of its own) and its scratch files and
/// folders. On SIGINT, SIGTERM or SIGHUP the handler ends every registered
/// child's group (SIGTERM, or SIGHUP for a program on a pty; SIGKILL after a
/// grace period), reaps the children, removes the paths, says on standard
/// error what was cut short and exits 128 + the signal (130, 143, 129).
/// When framebench is killed outright (SIGKILL), its children still end:
/// each gets PR_SET_PDEATHSIG(SIGKILL) between fork and exec, and every fork
/// happens on one thread that lives as long as the process (PDEATHSIG fires
/// when the parent *thread* ends, and a worker thread may end at any time).
///
/// The table is fixed (no allocation) and its entries are published with
/// atomics, so the handler only reads it and calls async-signal-safe
/// functions (kill, waitpid, nanosleep, unlinkat, getdents64, write).

/// What an entry is, and so how the handler ends or removes it.
enum {
    /// A child in a process group of its own: SIGTERM to the group, SIGKILL after the grace period.
    FRAMEBENCH_LIFETIME_CHILD = 1,
    /// A program on a pty, leader of its own session and group: SIGHUP (and
    /// SIGCONT) to the group, SIGKILL to the group after the grace period,
    /// also to members that outlive the leader.
    FRAMEBENCH_LIFETIME_PROGRAM_GROUP = 2,
    /// A file: unlinked.
    FRAMEBENCH_LIFETIME_FILE = 3,
    /// A scratch folder: removed with everything in it.
    FRAMEBENCH_LIFETIME_TREE = 4,
    /// An output folder made for this run: removed only if still empty.
    FRAMEBENCH_LIFETIME_EMPTY_FOLDER = 5,
};

/// Installs the handlers for SIGINT, SIGTERM and SIGHUP where the signal
/// still has its default action (a signal the shell set to be ignored, as
/// `nohup` does, stays ignored; live mode installs its own later). `activity`
/// (copied) names what this process does, for the message. Idempotent.
void framebench_lifetime_install(const char *activity);

/// Registers a child (`kind` CHILD or PROGRAM_GROUP); returns the slot, or
/// -1 when the table is full (the child then still ends through PDEATHSIG
/// when framebench ends, only not on a signal handled here).
int framebench_lifetime_register_process(pid_t pid, int kind, const char *label);

/// Registers a path (`kind` FILE, TREE or EMPTY_FOLDER); slot or -1.
int framebench_lifetime_register_path(const char *path, int kind, const char *label);

/// Forgets a slot (a negative slot is ignored).
void framebench_lifetime_unregister(int slot);

/// Runs `body(context)` on the spawning thread (started on first use, never
/// ending) and returns its result. Every fork of a child that must die with
/// framebench goes through here.
int framebench_lifetime_on_spawner(int (*body)(void *), void *context);

/// In a freshly forked child, before exec: asks for SIGKILL when the parent
/// dies, and exits at once if it already has (`parent` is getpid() before the
/// fork). Async-signal-safe. Note: a set-user-ID or file-capability exec
/// clears PDEATHSIG.
void framebench_lifetime_child_dies_with(pid_t parent);

/// Starts `path` (exec'd with `argv`, `envp`) in a process group of its own,
/// standard input from `input` (negative: /dev/null), output and error to
/// `output` and `error`, in `directory` (NULL: ours), dying with framebench,
/// and registered as a CHILD under `label`. Returns 0 and sets `*pid` and
/// `*slot`, or the errno of what failed (the exec's own errno when the exec
/// failed; nothing is then left running).
int framebench_lifetime_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                              int input, int output, int error, const char *label, pid_t *pid, int *slot);

/// Waits for `pid` (retrying on EINTR), fills `*status` and `*usage`, then
/// unregisters `slot`. Returns 0 or errno.
int framebench_lifetime_wait(pid_t pid, int slot, int *status, struct rusage *usage);

/// Removes `path` and everything under it (the handler's own removal,
/// async-signal-safe). Returns 0 or errno.
int framebench_lifetime_remove_tree(const char *path);
#endif
