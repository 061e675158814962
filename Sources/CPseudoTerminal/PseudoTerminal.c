#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

int framebench_pty_spawn(const char *path, char *const argv[], char *const envp[], unsigned short cols,
                         unsigned short rows, int *master, pid_t *pid) {
    // The child reports a failed exec through this pipe; a successful exec closes it (O_CLOEXEC).
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    struct winsize size = {.ws_row = rows, .ws_col = cols};
    int fd = -1;
    pid_t child = forkpty(&fd, NULL, NULL, &size);
    if (child < 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        return error;
    }
    if (child == 0) {
        close(report[0]);
        // Signals the harness may ignore or block must reach the program as they would from a shell.
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        for (int signal = 1; signal < 32; signal++) {
            if (signal != SIGKILL && signal != SIGSTOP) (void)sigaction(signal, &(struct sigaction){.sa_handler = SIG_DFL}, NULL);
        }
        execve(path, argv, envp);
        int error = errno;
        ssize_t ignored = write(report[1], &error, sizeof error);
        (void)ignored;
        _exit(127);
    }
    close(report[1]);
    int error = 0;
    ssize_t got;
    do { got = read(report[0], &error, sizeof error); } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof error) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        close(fd);
        return error ? error : ENOEXEC;
    }
    int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    *master = fd;
    *pid = child;
    return 0;
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
