/* A reference program for the accuracy suite (scripts/program-accuracy.py).
 *
 * It runs on a tty in raw mode, reads keys one byte at a time, draws a frame
 * per key in the way the case (MODE) says, and logs on CLOCK_MONOTONIC when
 * it read each key and when each of its frame's writes returned, one JSON
 * line per key to LOG:
 *   {"key":K,"byte":106,"read_ns":R,"written_ns":[W1,...],"bytes":[N1,...]}
 * written_ns is empty for a key that changes nothing (no output).  Every
 * part of a frame ends with the text "@kKKKK.P" on the bottom row (K the
 * key, 0 the start-up frame with K = -1 shown as "@k----.1"), so an
 * independent reader can tell from the byte stream alone when each part
 * arrived.  The Python twin (reference.py) speaks the same protocol.
 *
 * Usage: reference MODE LOG   (MODE: plain sync after-sync big timer two
 * pause nochange openloop).  Exits on EOF/EIO (the pty hung up) or SIGHUP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static int log_fd = -1;
static int cols = 80, rows = 24;
static const char *mode;

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void sleep_ns(uint64_t ns) {
    struct timespec t = {(time_t)(ns / 1000000000u), (long)(ns % 1000000000u)};
    while (nanosleep(&t, &t) != 0 && errno == EINTR) {}
}

/* A growable frame buffer; one frame part is built, then written at once. */
static char *buf;
static size_t len, cap;

static void put(const char *fmt, ...) {
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(buf + len, cap - len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < cap - len) { len += (size_t)n; return; }
        cap = cap * 2 + (size_t)n + 64;
        buf = realloc(buf, cap);
        if (!buf) _exit(3);
    }
}

/* Writes the part and returns when write(2) returned for all of it. */
static uint64_t flush_part(size_t *bytes) {
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(STDOUT_FILENO, buf + done, len - done);
        if (n < 0) { if (errno == EINTR) continue; _exit(0); }
        done += (size_t)n;
    }
    *bytes = len;
    len = 0;
    return now_ns();
}

static void marker(int key, int part) {
    if (key < 0) put("\033[%d;1H@k----.%d\033[K", rows, part);
    else put("\033[%d;1H@k%04d.%d\033[K", rows, key, part);
}

/* About 1 KB: twelve rows of text that change with the key. */
static void list_rows(int key) {
    for (int r = 0; r < 12; r++)
        put("\033[%d;1H%c row %02d of the list, key %5d: the quick brown fox jumps over the lazy dog.%s\033[K",
            r + 1, r == (key + 12) % 12 ? '>' : ' ', r, key, r % 2 ? "" : "..");
}

/* About 100 KB: every cell of a cols x (rows-1) screen with its own 24-bit colours. */
static void big_rows(int key) {
    for (int r = 0; r < rows - 1; r++) {
        put("\033[%d;1H", r + 1);
        for (int c = 0; c < cols; c++)
            put("\033[38;2;%d;%d;%dm%c", (r * 7 + key) & 255, (c * 5) & 255, (key * 3 + r + c) & 255,
                'a' + (r + c + key) % 26);
        put("\033[0m");
    }
}

static int synced(void) {
    return strcmp(mode, "sync") == 0 || strcmp(mode, "after-sync") == 0 || strcmp(mode, "big") == 0 ||
           strcmp(mode, "two") == 0 || strcmp(mode, "openloop") == 0;
}

/* One frame part for `key`; returns how many parts this key draws (0: none). */
static void build(int key, int part) {
    int sync = synced();
    if (sync) put("\033[?2026h");
    if (part == 2) {
        put("\033[%d;1Hstatus: key %d handled", rows - 1, key);  /* the status line, later */
    } else if (strcmp(mode, "big") == 0) {
        big_rows(key);
    } else {
        list_rows(key);
    }
    marker(key, part);
    if (sync) put("\033[?2026l");
    if (strcmp(mode, "after-sync") == 0) put("\033[?25l\033]0;reference key %d\007", key);
}

static void log_key(int key, int byte, uint64_t read_ns, int parts, const uint64_t *written, const size_t *bytes) {
    char line[512];
    int n = snprintf(line, sizeof line, "{\"key\":%d,\"byte\":%d,\"read_ns\":%llu,\"written_ns\":[", key, byte,
                     (unsigned long long)read_ns);
    for (int i = 0; i < parts; i++) n += snprintf(line + n, sizeof line - n, "%s%llu", i ? "," : "", (unsigned long long)written[i]);
    n += snprintf(line + n, sizeof line - n, "],\"bytes\":[");
    for (int i = 0; i < parts; i++) n += snprintf(line + n, sizeof line - n, "%s%zu", i ? "," : "", bytes[i]);
    n += snprintf(line + n, sizeof line - n, "]}\n");
    if (write(log_fd, line, (size_t)n) < 0) _exit(3);
}

/* Draws key's frame now (all modes but timer); logs it. */
static void answer(int key, int byte, uint64_t read_ns) {
    uint64_t written[2];
    size_t bytes[2];
    int parts = 1;
    if (strcmp(mode, "nochange") == 0 && byte == 'n') {
        log_key(key, byte, read_ns, 0, written, bytes);
        return;
    }
    if (strcmp(mode, "openloop") == 0) sleep_ns(3000000);  /* 3 ms of work a frame */
    if (strcmp(mode, "pause") == 0) {
        /* half the frame, 40 ms of work, the other half: one frame, two writes */
        put("\033[1;1Hfirst half, key %d\033[K", key);
        size_t first;
        flush_part(&first);
        sleep_ns(40000000);
        build(key, 1);
        written[0] = flush_part(&bytes[0]);
        bytes[0] += first;
    } else {
        build(key, 1);
        written[0] = flush_part(&bytes[0]);
    }
    if (strcmp(mode, "two") == 0) {
        sleep_ns(5000000);  /* the status line comes 5 ms after the list */
        build(key, 2);
        written[1] = flush_part(&bytes[1]);
        parts = 2;
    }
    log_key(key, byte, read_ns, parts, written, bytes);
}

static void hangup(int signo) { (void)signo; _exit(0); }

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: reference MODE LOG\n");
        return 2;
    }
    mode = argv[1];
    const char *modes[] = {"plain", "sync", "after-sync", "big", "timer", "two", "pause", "nochange", "openloop"};
    int known = 0;
    for (size_t i = 0; i < sizeof modes / sizeof *modes; i++) known |= strcmp(mode, modes[i]) == 0;
    if (!known) {
        fprintf(stderr, "reference: unknown mode '%s'\n", mode);
        return 2;
    }
    log_fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0) {
        fprintf(stderr, "reference: cannot open log '%s': %s\n", argv[2], strerror(errno));
        return 2;
    }
    struct winsize size;
    if (ioctl(STDIN_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) { cols = size.ws_col; rows = size.ws_row; }
    struct termios raw;
    if (tcgetattr(STDIN_FILENO, &raw) != 0) {
        fprintf(stderr, "reference: stdin is not a terminal\n");
        return 2;
    }
    cfmakeraw(&raw);
    tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    signal(SIGHUP, hangup);
    signal(SIGTERM, hangup);
    cap = 1 << 16;
    buf = malloc(cap);

    size_t ignored;
    put("\033[2J");
    build(-1, 1);
    flush_part(&ignored);

    int timer = strcmp(mode, "timer") == 0;
    uint64_t period = 1000000000u / 60, next_tick = now_ns() + period;
    int key = 0, pending = -1, pending_byte = 0;
    uint64_t pending_read = 0;
    for (;;) {
        if (timer) {
            uint64_t t = now_ns();
            if (t >= next_tick) {
                /* A tick: redraw only if a key changed the state since the last one. */
                if (pending >= 0) {
                    uint64_t written[1];
                    size_t bytes[1];
                    build(pending, 1);
                    written[0] = flush_part(&bytes[0]);
                    log_key(pending, pending_byte, pending_read, 1, written, bytes);
                    pending = -1;
                }
                while (next_tick <= t) next_tick += period;
            }
            struct pollfd p = {STDIN_FILENO, POLLIN, 0};
            uint64_t left = next_tick > now_ns() ? next_tick - now_ns() : 0;
            struct timespec wait = {(time_t)(left / 1000000000u), (long)(left % 1000000000u)};
            if (ppoll(&p, 1, &wait, NULL) <= 0) continue;  /* ns precision: ticks on time */
        }
        unsigned char c;
        ssize_t n = read(STDIN_FILENO, &c, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        uint64_t read_ns = now_ns();
        if (timer) {
            if (pending >= 0) log_key(pending, pending_byte, pending_read, 0, NULL, NULL);  /* merged into the next */
            pending = key++;
            pending_byte = c;
            pending_read = read_ns;
        } else {
            answer(key++, c, read_ns);
        }
    }
    return 0;
}
