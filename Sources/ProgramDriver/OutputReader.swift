import CPseudoTerminal
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One read(2) of the program's output and when it returned.
public struct OutputChunk: Sendable {
    public var bytes: [UInt8]
    /// CLOCK_MONOTONIC, ns, taken as the read returned.
    public var time: UInt64

    public init(bytes: [UInt8], time: UInt64) {
        self.bytes = bytes
        self.time = time
    }
}

/// Reads the pty master on a thread of its own and stamps every read with
/// the time it returned, so what the harness does with the bytes (libvterm,
/// frame bookkeeping, the frame log) never delays the next read and never
/// shifts a frame's time.
///
/// Why a thread: read and emulation on one thread held the program's writes
/// back by about 46 ns a byte (a 112 KB frame took 7.85 ms under the old
/// loop where a reader that only reads saw 2.28 ms; issue 31).
///
/// Memory is bounded: past `capacity` unconsumed bytes the reader stops
/// reading (the program then blocks in write, as it would on a slow
/// terminal) and `fellBehind` says so, so the figures can be doubted.
/// The queue and the flags sit behind one lock; the consumer wakes on
/// `wakeDescriptor` becoming readable.
final class OutputReader: Sendable {
    private struct State: Sendable {
        var chunks: [OutputChunk] = []
        var queuedBytes = 0
        /// The pty gave EOF or EIO: every slave fd is closed.
        var ended = false
        var fellBehind = false
    }

    /// Becomes readable when chunks (or the end) are waiting.
    let wakeDescriptor: Int32
    private let wakeWrite: Int32
    private let stopRead: Int32
    private let stopWrite: Int32
    private let spaceRead: Int32
    private let spaceWrite: Int32
    private let master: Int32
    private let capacity: Int
    private let state = Mutex(State())
    private let thread = Mutex<pthread_t?>(nil)

    /// Starts reading `master` (which must stay open until `stop()` returns).
    init(master: Int32, capacity: Int = 16 << 20) throws(ProgramError) {
        func pipePair() throws(ProgramError) -> (Int32, Int32) {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw .io("creating the reader's pipe", errno: errno) }
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            return (fds[0], fds[1])
        }
        self.master = master
        self.capacity = capacity
        (wakeDescriptor, wakeWrite) = try pipePair()
        (stopRead, stopWrite) = try pipePair()
        (spaceRead, spaceWrite) = try pipePair()
        var handle = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let code = pthread_create(
            &handle, nil,
            { context in
                let reader = Unmanaged<OutputReader>.fromOpaque(context!).takeRetainedValue()
                reader.loop()
                return nil
            }, context)
        guard code == 0 else {
            Unmanaged<OutputReader>.fromOpaque(context).release()
            throw .io("starting the reader thread", errno: code)
        }
        thread.withLock { $0 = handle }
    }

    deinit {
        for fd in [wakeDescriptor, wakeWrite, stopRead, stopWrite, spaceRead, spaceWrite] { close(fd) }
    }

    /// What `take` returns.
    struct Taken {
        var chunks: [OutputChunk]
        /// Every read that returned before this time is in `chunks` (or an earlier take).
        var now: UInt64
        var ended: Bool
        var fellBehind: Bool
    }

    /// Everything read since the last call, whether the pty has ended, and
    /// whether the reader ever had to stop for a full queue.
    func take() -> Taken {
        Self.drain(wakeDescriptor)
        let taken = state.withLock { state -> Taken in
            let chunks = state.chunks
            state.chunks.removeAll(keepingCapacity: true)
            state.queuedBytes = 0
            return Taken(chunks: chunks, now: monotonicNanoseconds(), ended: state.ended, fellBehind: state.fellBehind)
        }
        Self.signal(spaceWrite)
        return taken
    }

    /// Stops the thread and waits for it; call before closing the master.
    func stop() {
        guard
            let handle = thread.withLock({ value -> pthread_t? in
                defer { value = nil }
                return value
            })
        else { return }
        Self.signal(stopWrite)
        pthread_join(handle, nil)
    }

    private func loop() {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var descriptors = [
            pollfd(fd: master, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if descriptors[1].revents != 0 { return }
            if descriptors[0].revents == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EAGAIN || errno == EINTR) { continue }
            let full = state.withLock { state -> Bool in
                // Stamped under the lock, so a consumer that takes at time T
                // holds every chunk stamped before T (gap cuts rely on it).
                let time = monotonicNanoseconds()
                if count > 0 {
                    state.chunks.append(OutputChunk(bytes: Array(buffer[0..<count]), time: time))
                    state.queuedBytes += count
                } else {
                    state.ended = true
                }
                if state.queuedBytes >= capacity { state.fellBehind = true }
                return state.queuedBytes >= capacity
            }
            Self.signal(wakeWrite)
            if count <= 0 { break }
            if full && !waitForSpace() { return }
        }
        state.withLock { $0.ended = true }
        Self.signal(wakeWrite)
    }

    /// Waits until the consumer has taken the queue; false when told to stop.
    private func waitForSpace() -> Bool {
        var descriptors = [
            pollfd(fd: spaceRead, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0),
        ]
        while state.withLock({ $0.queuedBytes >= capacity }) {
            let ready = poll(&descriptors, 2, 100)
            if ready < 0 && errno != EINTR { return false }
            if descriptors[1].revents != 0 { return false }
            Self.drain(spaceRead)
        }
        return true
    }

    private static func signal(_ fd: Int32) {
        var byte: UInt8 = 1
        _ = write(fd, &byte, 1)
    }

    private static func drain(_ fd: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
