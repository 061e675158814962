#define _GNU_SOURCE
#include "CPseudoTerminal.h"
#include "ProcessLifetime.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

// The guard: a process in the program's group, but not its child (so no
// `wait` of the program ever sees it), that holds the read end of a pipe
// only framebench writes to. When framebench ends however it ends (SIGKILL
// included) or hangs up on the program, the pipe reads end-of-file and the
// guard kills the whole group: a background job or a child ignoring SIGHUP
// cannot run on under init. Async-signal-safe only (it runs in a fork of a
// threaded process).
static void start_guard(int lifeline_read, int lifeline_write) {
    pid_t middle = fork();
    if (middle != 0) {
        if (middle > 0) {
            int status;
            while (waitpid(middle, &status, 0) < 0 && errno == EINTR) {}
        }
        return;
    }
    if (fork() != 0) _exit(0);  // the guard is the grandchild: init (or a subreaper) reaps it
    // Its argv is still framebench's (no exec); its name says what it is in ps -o comm and top.
    prctl(PR_SET_NAME, "fb-pty-guard");  // at most 15 characters
    int ignored[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGWINCH};
    for (unsigned index = 0; index < sizeof ignored / sizeof ignored[0]; index++) signal(ignored[index], SIG_IGN);
    close(lifeline_write);
    // Nothing of the pty may stay open here: the program's exit must close the slave.
    for (int fd = 0; fd < 1024; fd++) {
        if (fd != lifeline_read) close(fd);
    }
    char byte;
    for (;;) {
        ssize_t got = read(lifeline_read, &byte, 1);
        if (got == 0 || (got < 0 && errno != EINTR)) break;
    }
    kill(0, SIGKILL);  // the program's group, the guard included
    _exit(0);
}

struct pty_spawn {
    const char *path;
    char *const *argv;
    char *const *envp;
    const char *label;
    struct winsize size;
    int master;
    pid_t pid;
    int lifeline;
    int slot;
};

static int pty_spawn_on_spawner(void *context) {
    struct pty_spawn *spawn = context;
    // The child reports a failed exec through this pipe; a successful exec closes it (O_CLOEXEC).
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    int lifeline[2];
    if (pipe2(lifeline, O_CLOEXEC) != 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        return error;
    }
    pid_t parent = getpid();
    int fd = -1;
    // forkpty: the child is a session leader (and so leads its process
    // group) with the pty's slave side as its controlling terminal.
    pid_t child = forkpty(&fd, NULL, NULL, &spawn->size);
    if (child < 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        close(lifeline[0]);
        close(lifeline[1]);
        return error;
    }
    if (child == 0) {
        close(report[0]);
        framebench_lifetime_child_dies_with(parent);
        start_guard(lifeline[0], lifeline[1]);
        // Signals the harness may ignore or block must reach the program as they would from a shell.
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        for (int signal = 1; signal < 32; signal++) {
            if (signal != SIGKILL && signal != SIGSTOP) (void)sigaction(signal, &(struct sigaction){.sa_handler = SIG_DFL}, NULL);
        }
        execve(spawn->path, spawn->argv, spawn->envp);
        int error = errno;
        ssize_t ignored = write(report[1], &error, sizeof error);
        (void)ignored;
        _exit(127);
    }
    spawn->slot = framebench_lifetime_register_process(child, FRAMEBENCH_LIFETIME_PROGRAM_GROUP, spawn->label);
    close(report[1]);
    close(lifeline[0]);
    int error = 0;
    ssize_t got;
    do { got = read(report[0], &error, sizeof error); } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof error) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        close(lifeline[1]);  // the guard ends the (now empty but for it) group
        close(fd);
        framebench_lifetime_unregister(spawn->slot);
        return error ? error : ENOEXEC;
    }
    int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    spawn->master = fd;
    spawn->pid = child;
    spawn->lifeline = lifeline[1];
    return 0;
}

int framebench_pty_spawn(const char *path, char *const argv[], char *const envp[], const char *label,
                         unsigned short cols, unsigned short rows, int *master, pid_t *pid, int *lifeline, int *slot) {
    struct pty_spawn spawn = {
        .path = path, .argv = argv, .envp = envp, .label = label,
        .size = {.ws_row = rows, .ws_col = cols}, .master = -1, .pid = 0, .lifeline = -1, .slot = -1,
    };
    int result = framebench_lifetime_on_spawner(pty_spawn_on_spawner, &spawn);
    if (result == 0) {
        *master = spawn.master;
        *pid = spawn.pid;
        *lifeline = spawn.lifeline;
        *slot = spawn.slot;
    }
    return result;
}

int framebench_pty_resize(int master, unsigned short cols, unsigned short rows) {
    struct winsize size = {.ws_row = rows, .ws_col = cols};
    return ioctl(master, TIOCSWINSZ, &size) == 0 ? 0 : errno;
}

int framebench_poll_one(int fd, short events, short *revents, unsigned long long timeout_ns) {
    struct pollfd descriptor = {.fd = fd, .events = events, .revents = 0};
    struct timespec timeout = {.tv_sec = (time_t)(timeout_ns / 1000000000ULL), .tv_nsec = (long)(timeout_ns % 1000000000ULL)};
    int ready = ppoll(&descriptor, 1, &timeout, NULL);
    *revents = descriptor.revents;
    return ready;
}
