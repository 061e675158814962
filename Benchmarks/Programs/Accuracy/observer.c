/* The pty's own floor: the barest observer a program could have. It runs a command on a
 * pseudo-terminal, lets its start-up draw settle (300 ms), then writes one key at a time,
 * stamping the write on CLOCK_MONOTONIC just before it and every read just after it, with
 * 30-50 ms (seeded) between keys; no emulator, no threads, one poll and one read a wake-up.
 * Per key it prints a JSON line {"sent_ns": ..., "last_read_ns": ...} (the last read before
 * the next key: the frame complete, for a program that draws one frame a key).
 * scripts/program-accuracy.py runs it on the reference program beside framebench: what this
 * observer adds over the program's own time is what the pty and the scheduler cost on this
 * machine, which no observer can avoid; framebench's figure is judged against it.
 *
 *   observer KEYS COLSxROWS SEED -- COMMAND [ARGS...]
 */
#define _GNU_SOURCE
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Reads whatever the program writes until `until`; returns the stamp of the last read (0: none). */
static long long drain(int master, long long until) {
    static char buffer[1 << 16];
    long long last = 0;
    for (long long t = now_ns(); t < until; t = now_ns()) {
        struct pollfd p = {master, POLLIN, 0};
        int ready = poll(&p, 1, (int)((until - t) / 1000000) + 1);
        if (ready > 0) {
            ssize_t n = read(master, buffer, sizeof buffer);
            if (n <= 0) return last;  /* the program hung up */
            last = now_ns();
        }
    }
    return last;
}

int main(int argc, char **argv) {
    int keys, cols, rows;
    unsigned seed;
    if (argc < 6 || strcmp(argv[4], "--") != 0 || (keys = atoi(argv[1])) <= 0 ||
        sscanf(argv[2], "%dx%d", &cols, &rows) != 2 || cols <= 0 || rows <= 0 || sscanf(argv[3], "%u", &seed) != 1) {
        fprintf(stderr, "usage: observer KEYS COLSxROWS SEED -- COMMAND [ARGS...]\n");
        return 2;
    }
    struct winsize size = {(unsigned short)rows, (unsigned short)cols, 0, 0};
    int master;
    pid_t pid = forkpty(&master, NULL, NULL, &size);
    if (pid < 0) { perror("observer: forkpty"); return 2; }
    if (pid == 0) {
        execvp(argv[5], argv + 5);
        _exit(127);
    }
    srand(seed);
    drain(master, now_ns() + 300000000LL);
    for (int i = 0; i < keys; i++) {
        long long sent = now_ns();
        if (write(master, "j", 1) != 1) break;
        long long last = drain(master, sent + 30000000LL + (rand() % 21) * 1000000LL);
        printf("{\"sent_ns\": %lld, \"last_read_ns\": %lld}\n", sent, last);
    }
    kill(pid, SIGHUP);
    waitpid(pid, NULL, 0);
    return 0;
}
