#define _GNU_SOURCE
#include "ProcessLifetime.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

// ---- the spawning thread: PDEATHSIG follows the thread that forked, so
// forks happen on one that lives as long as the process.

static pthread_once_t started = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;   // one request at a time
static pthread_mutex_t state = PTHREAD_MUTEX_INITIALIZER;  // guards the fields below
static pthread_cond_t posted = PTHREAD_COND_INITIALIZER;
static pthread_cond_t done = PTHREAD_COND_INITIALIZER;
static int (*request)(void *);
static void *request_context;
static int request_result;
static int request_done;
static int spawner_running;

static void *spawner(void *unused) {
    (void)unused;
    pthread_mutex_lock(&state);
    for (;;) {
        while (request == NULL) pthread_cond_wait(&posted, &state);
        int (*body)(void *) = request;
        void *context = request_context;
        pthread_mutex_unlock(&state);
        int result = body(context);
        pthread_mutex_lock(&state);
        request = NULL;
        request_result = result;
        request_done = 1;
        pthread_cond_broadcast(&done);
    }
    return NULL;
}

static void start(void) {
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    // Signals are handled on other threads: this one only forks.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    spawner_running = pthread_create(&thread, &attributes, spawner, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    pthread_attr_destroy(&attributes);
}

int framebench_lifetime_on_spawner(int (*body)(void *), void *context) {
    pthread_once(&started, start);
    if (!spawner_running) return EAGAIN;
    pthread_mutex_lock(&lock);
    pthread_mutex_lock(&state);
    request_context = context;
    request_done = 0;
    request = body;
    pthread_cond_signal(&posted);
    while (!request_done) pthread_cond_wait(&done, &state);
    int result = request_result;
    pthread_mutex_unlock(&state);
    pthread_mutex_unlock(&lock);
    return result;
}

void framebench_lifetime_child_dies_with(pid_t parent) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    // The parent may have died between fork and prctl: then nothing would signal us.
    if (getppid() != parent) _exit(127);
}

// ---- spawning a child

struct spawn {
    const char *path;
    char *const *argv;
    char *const *envp;
    const char *directory;
    int input, output, error;
    const char *label;
    pid_t pid;
    int slot;
};

static void reset_signals(void) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int number = 1; number < NSIG; number++) {
        if (number != SIGKILL && number != SIGSTOP) signal(number, SIG_DFL);
    }
}

static int spawn_on_spawner(void *context) {
    struct spawn *spawn = context;
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        return error;
    }
    if (child == 0) {
        close(report[0]);
        reset_signals();
        // A group of its own: framebench alone decides when it ends (the
        // terminal's Ctrl-C reaches framebench, which ends the group).
        setpgid(0, 0);
        framebench_lifetime_child_dies_with(parent);
        int input = spawn->input >= 0 ? spawn->input : open("/dev/null", O_RDONLY);
        int error = 0;
        if (input < 0 || dup2(input, 0) < 0 || dup2(spawn->output, 1) < 0 || dup2(spawn->error, 2) < 0) error = errno;
        if (!error && spawn->directory && chdir(spawn->directory) != 0) error = errno;
        if (!error) {
            execve(spawn->path, spawn->argv, spawn->envp);
            error = errno;
        }
        ssize_t ignored = write(report[1], &error, sizeof error);
        (void)ignored;
        _exit(127);
    }
    // Also set here, so a signal to the group right after fork reaches it.
    setpgid(child, child);
    spawn->slot = framebench_lifetime_register_process(child, FRAMEBENCH_LIFETIME_CHILD, spawn->label);
    close(report[1]);
    int error = 0;
    ssize_t got;
    do { got = read(report[0], &error, sizeof error); } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof error) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        framebench_lifetime_unregister(spawn->slot);
        return error ? error : ENOEXEC;
    }
    spawn->pid = child;
    return 0;
}

int framebench_lifetime_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                              int input, int output, int error, const char *label, pid_t *pid, int *slot) {
    struct spawn spawn = {
        .path = path, .argv = argv, .envp = envp, .directory = directory,
        .input = input, .output = output, .error = error, .label = label, .pid = 0, .slot = -1,
    };
    int result = framebench_lifetime_on_spawner(spawn_on_spawner, &spawn);
    if (result == 0) {
        *pid = spawn.pid;
        *slot = spawn.slot;
    }
    return result;
}

int framebench_lifetime_wait(pid_t pid, int slot, int *status, struct rusage *usage) {
    for (;;) {
        pid_t result = wait4(pid, status, 0, usage);
        if (result == pid) break;
        if (result < 0 && errno == EINTR) continue;
        int error = errno;
        framebench_lifetime_unregister(slot);
        return error;
    }
    framebench_lifetime_unregister(slot);
    return 0;
}
