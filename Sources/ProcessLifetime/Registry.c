#define _GNU_SOURCE
#include "ProcessLifetime.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// Enough for a suite's counted children (one per processor), a program, a
// few scratch folders and every temporary output file at once.
#define CAPACITY 64
#define LABEL_SIZE 240
// How long a child has to end after SIGTERM or SIGHUP before SIGKILL.
#define GRACE_NS 1000000000LL

enum { FREE = 0, WRITING = 1, LIVE = 2 };

struct entry {
    _Atomic int state;
    int kind;
    pid_t pid;
    char label[LABEL_SIZE];
    char path[PATH_MAX];
};

static struct entry table[CAPACITY];
static char activity[LABEL_SIZE];
static atomic_flag installed = ATOMIC_FLAG_INIT;
static _Atomic int handling;

static void copy(char *to, size_t size, const char *from) {
    size_t length = from ? strnlen(from, size - 1) : 0;
    if (length) memcpy(to, from, length);
    to[length] = 0;
}

static int claim(int kind, const char *label) {
    for (int slot = 0; slot < CAPACITY; slot++) {
        int expected = FREE;
        if (atomic_compare_exchange_strong(&table[slot].state, &expected, WRITING)) {
            table[slot].kind = kind;
            table[slot].pid = 0;
            table[slot].path[0] = 0;
            copy(table[slot].label, LABEL_SIZE, label);
            return slot;
        }
    }
    return -1;
}

int framebench_lifetime_register_process(pid_t pid, int kind, const char *label) {
    int slot = claim(kind, label);
    if (slot < 0) return -1;
    table[slot].pid = pid;
    atomic_store(&table[slot].state, LIVE);
    return slot;
}

int framebench_lifetime_register_path(const char *path, int kind, const char *label) {
    if (strlen(path) >= PATH_MAX) return -1;
    int slot = claim(kind, label);
    if (slot < 0) return -1;
    copy(table[slot].path, PATH_MAX, path);
    atomic_store(&table[slot].state, LIVE);
    return slot;
}

void framebench_lifetime_unregister(int slot) {
    if (slot < 0 || slot >= CAPACITY) return;
    atomic_store(&table[slot].state, FREE);
}

// ---- removal without allocation (getdents64 and unlinkat are system calls)

struct linux_dirent64 {
    ino64_t d_ino;
    off64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

static int remove_inside(int directory, int depth) {
    if (depth > 32) return ELOOP;
    char buffer[2048];
    int result = 0;
    for (;;) {
        long count = syscall(SYS_getdents64, directory, buffer, sizeof buffer);
        if (count < 0) return errno;
        if (count == 0) break;
        int removed = 0;
        for (long offset = 0; offset < count;) {
            struct linux_dirent64 *item = (struct linux_dirent64 *)(buffer + offset);
            offset += item->d_reclen;
            const char *name = item->d_name;
            if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
            if (unlinkat(directory, name, 0) == 0) {
                removed++;
                continue;
            }
            if (errno != EISDIR && errno != EPERM) {
                result = errno;
                continue;
            }
            int inner = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (inner < 0) {
                result = errno;
                continue;
            }
            int status = remove_inside(inner, depth + 1);
            close(inner);
            if (status) result = status;
            if (unlinkat(directory, name, AT_REMOVEDIR) == 0) removed++; else result = errno;
        }
        // Entries were removed while reading: start the listing again so none is skipped.
        if (removed) lseek(directory, 0, SEEK_SET);
        else if (result) break;
    }
    return result;
}

int framebench_lifetime_remove_tree(const char *path) {
    if (unlink(path) == 0) return 0;
    int directory = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (directory < 0) return errno == ENOENT ? 0 : errno;
    int result = remove_inside(directory, 0);
    close(directory);
    if (rmdir(path) != 0 && errno != ENOENT) return errno;
    return result;
}

// ---- the handler

static void say(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(STDERR_FILENO, text, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

static void say_number(long number) {
    char digits[24];
    int at = (int)sizeof digits - 1;
    digits[at] = 0;
    if (number == 0) digits[--at] = '0';
    while (number > 0 && at > 0) {
        digits[--at] = (char)('0' + number % 10);
        number /= 10;
    }
    say(digits + at);
}

static long long now_ns(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (long long)time.tv_sec * 1000000000LL + time.tv_nsec;
}

static int is_process(int kind) { return kind == FRAMEBENCH_LIFETIME_CHILD || kind == FRAMEBENCH_LIFETIME_PROGRAM_GROUP; }

// Reaps `pid` if it has ended; 1 when it is gone (also when someone else reaped it).
static int gone(pid_t pid) {
    int status;
    pid_t result = waitpid(pid, &status, WNOHANG);
    return result == pid || (result < 0 && errno == ECHILD);
}

static void end_everything(int number) {
    int reaped[CAPACITY] = {0};
    int any = 0;
    for (int slot = 0; slot < CAPACITY; slot++) {
        struct entry *entry = &table[slot];
        if (atomic_load(&entry->state) != LIVE || !is_process(entry->kind)) continue;
        any = 1;
        kill(-entry->pid, entry->kind == FRAMEBENCH_LIFETIME_PROGRAM_GROUP ? SIGHUP : SIGTERM);
        kill(-entry->pid, SIGCONT);
    }
    if (any) {
        long long deadline = now_ns() + GRACE_NS;
        for (;;) {
            int waiting = 0;
            for (int slot = 0; slot < CAPACITY; slot++) {
                struct entry *entry = &table[slot];
                if (atomic_load(&entry->state) != LIVE || !is_process(entry->kind) || reaped[slot]) continue;
                if (gone(entry->pid)) reaped[slot] = 1; else waiting = 1;
            }
            if (!waiting || now_ns() >= deadline) break;
            struct timespec pause = {.tv_sec = 0, .tv_nsec = 5000000};
            nanosleep(&pause, NULL);
        }
    }
    for (int slot = 0; slot < CAPACITY; slot++) {
        struct entry *entry = &table[slot];
        if (atomic_load(&entry->state) != LIVE) continue;
        if (is_process(entry->kind)) {
            // Also the group's members that outlived its leader (a background
            // job, a child that ignores SIGHUP).
            kill(-entry->pid, SIGKILL);
            if (!reaped[slot]) {
                int status;
                while (waitpid(entry->pid, &status, 0) < 0 && errno == EINTR) {}
            }
            say("framebench:   stopped ");
            say(entry->label);
            say(" (pid ");
            say_number(entry->pid);
            say(reaped[slot] ? ")\n" : ", killed after 1 s)\n");
        }
    }
    // Files first, then scratch folders, then output folders (empty only once the files inside are gone).
    int order[] = {FRAMEBENCH_LIFETIME_FILE, FRAMEBENCH_LIFETIME_TREE, FRAMEBENCH_LIFETIME_EMPTY_FOLDER};
    for (int pass = 0; pass < 3; pass++) {
        for (int slot = 0; slot < CAPACITY; slot++) {
            struct entry *entry = &table[slot];
            if (atomic_load(&entry->state) != LIVE || entry->kind != order[pass]) continue;
            int removed = 0;
            switch (entry->kind) {
            case FRAMEBENCH_LIFETIME_FILE: removed = unlink(entry->path) == 0; break;
            case FRAMEBENCH_LIFETIME_TREE: removed = framebench_lifetime_remove_tree(entry->path) == 0; break;
            case FRAMEBENCH_LIFETIME_EMPTY_FOLDER: removed = rmdir(entry->path) == 0; break;
            }
            // Temporary output files are not news; scratch folders and folders made for the run are.
            if (removed && entry->kind != FRAMEBENCH_LIFETIME_FILE) {
                say("framebench:   removed ");
                if (entry->label[0]) {
                    say(entry->label);
                    say(" ");
                }
                say(entry->path);
                say("\n");
            }
        }
    }
    (void)number;
}

static void on_signal(int number) {
    // One handler at a time: a second signal (on another thread) waits for the first to exit.
    if (atomic_exchange(&handling, 1)) {
        for (;;) pause();
    }
    const char *what = number == SIGINT ? "interrupted (SIGINT)" : number == SIGTERM ? "terminated (SIGTERM)" : "hung up (SIGHUP)";
    say("framebench: ");
    say(what);
    if (activity[0]) {
        say(": ");
        say(activity);
        say(" cut short");
    }
    say("\n");
    end_everything(number);
    _exit(128 + number);
}

void framebench_lifetime_install(const char *what) {
    if (atomic_flag_test_and_set(&installed)) return;
    copy(activity, LABEL_SIZE, what);
    int numbers[] = {SIGINT, SIGTERM, SIGHUP};
    for (int index = 0; index < 3; index++) {
        struct sigaction current;
        if (sigaction(numbers[index], NULL, &current) != 0) continue;
        if (current.sa_handler != SIG_DFL || (current.sa_flags & SA_SIGINFO)) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_signal;
        sigemptyset(&action.sa_mask);
        // The others wait while one is handled on this thread.
        for (int other = 0; other < 3; other++) sigaddset(&action.sa_mask, numbers[other]);
        action.sa_flags = SA_RESTART;
        sigaction(numbers[index], &action, NULL);
    }
}
